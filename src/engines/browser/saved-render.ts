import { chromium } from "playwright-core";
import { findChromium } from "./executable.js";
import { LOCKED_DOWN_SWITCHES } from "./launch.js";

/**
 * A saved page rendered offline, for `domainlens analyze --html FILE` without `--screenshot`: headless
 * Chromium loads the file's HTML with every request refused (subresources, navigations, fetches: nothing
 * leaves the process, and the host resolver answers "not found" for every name besides), runs the page's
 * inline scripts, and takes the viewport screenshot a live scan would take, so the vision agent judges a
 * saved page as it judges a live one. Bounded: the whole render stops after `timeoutMs`.
 */

export interface SavedRenderOptions {
  /** Chromium to run (default: `findChromium`, which honours CHROMIUM_PATH). */
  executablePath?: string;
  /** For the whole render, launch included (default 10 s). */
  timeoutMs?: number;
}

/** The live scan's viewport (docs/scan-analysis.md). */
export const SAVED_RENDER_VIEWPORT = { width: 1280, height: 800 } as const;

/** A browser that reaches nothing: no proxy is needed when no name resolves and no request is let out. */
const OFFLINE_ARGS = [...LOCKED_DOWN_SWITCHES, "--host-resolver-rules=MAP * ~NOTFOUND"];

export async function renderSavedHtml(html: string, options: SavedRenderOptions = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const executablePath = options.executablePath ?? findChromium({ override: process.env.CHROMIUM_PATH });
  const browser = await chromium.launch({ executablePath, args: OFFLINE_ARGS, timeout: left() });
  try {
    const context = await browser.newContext({
      viewport: SAVED_RENDER_VIEWPORT,
      locale: "en-US",
      javaScriptEnabled: true,
      serviceWorkers: "block",
    });
    await context.route("**/*", (route) => route.abort("blockedbyclient"));
    const tab = await context.newPage();
    // A page that never finishes loading is still shown as far as it got.
    await tab.setContent(html, { waitUntil: "load", timeout: left() }).catch(() => undefined);
    return await tab.screenshot({ type: "png", timeout: left() });
  } finally {
    await browser.close();
  }
}
