import { type Browser, chromium } from "playwright-core";
import { within } from "../../util/within.js";
import { DEVICE_PROFILES, type Device } from "./devices.js";
import { findChromium } from "./executable.js";
import { type FrameExpressions, type FrameReading, readChildFrames } from "./frames.js";
import { awaitLateContent, LATE_CONTENT_MS, TIMER_WATCH } from "./late-content.js";
import { LOCKED_DOWN_SWITCHES } from "./launch.js";

/**
 * A saved page rendered offline, for `domainlens analyze --html FILE` without `--screenshot`: headless
 * Chromium opens the page's own URL, answers that one navigation with the saved HTML and refuses every
 * other request (subresources, further navigations, fetches: nothing leaves the process, and the host
 * resolver answers "not found" for every name besides), runs the page's inline scripts, and takes the
 * viewport screenshot a live scan would take. The page runs at its address (`location`, relative form
 * actions and `document.baseURI` are what they were live), so a kit that builds its form with script
 * shows it, and `evaluate` (the scan's DOM snapshot expression) reads the document as a live capture
 * would. Bounded: the whole render stops after `timeoutMs`.
 */

export interface SavedRenderOptions {
  /** Chromium to run (default: `findChromium`, which honours CHROMIUM_PATH). */
  executablePath?: string;
  /** For the whole render, launch included (default 10 s). */
  timeoutMs?: number;
  /** An expression evaluated in the page once it has loaded; its value is returned as `evaluated`. */
  evaluate?: string;
  /** Expressions evaluated in the page's child frames once it has loaded (`readChildFrames`). */
  frames?: FrameExpressions;
  /** A browser already launched (with `SAVED_RENDER_ARGS`) to render in; it is left open. */
  browser?: Browser;
  /** The browser the page is shown to (default `desktop`; `phone`: `DEVICE_PROFILES.phone`). */
  device?: Device;
}

export interface SavedRender {
  /** The viewport screenshot (PNG). */
  screenshot: Buffer;
  /** The value of `evaluate`, or null (none asked, or the page's scripts broke it). */
  evaluated: unknown;
  /** What the child frames' expressions returned (none when `frames` was not given). */
  frames: FrameReading[];
}

/** The live scan's viewport (docs/scan-analysis.md). */
export const SAVED_RENDER_VIEWPORT = DEVICE_PROFILES.desktop.viewport;

/** A browser that reaches nothing: no proxy is needed when no name resolves and no request is let out. */
export const SAVED_RENDER_ARGS = [...LOCKED_DOWN_SWITCHES, "--host-resolver-rules=MAP * ~NOTFOUND"];

/** Where a page with no usable URL is opened (nothing is ever fetched from it). */
const PLACEHOLDER_URL = "https://saved-page.invalid/";

function pageAddress(url: string | undefined): string {
  if (!url) return PLACEHOLDER_URL;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return PLACEHOLDER_URL;
    parsed.hash = "";
    return parsed.href;
  } catch {
    return PLACEHOLDER_URL;
  }
}

export async function renderSavedHtml(
  html: string,
  url?: string,
  options: SavedRenderOptions = {},
): Promise<SavedRender> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const own = options.browser === undefined;
  const browser =
    options.browser ??
    (await chromium.launch({
      executablePath: options.executablePath ?? findChromium({ override: process.env.CHROMIUM_PATH }),
      args: SAVED_RENDER_ARGS,
      timeout: left(),
    }));
  const context = await browser.newContext({
    locale: "en-US",
    // The live scan's user agent and screen: a kit that hides from "HeadlessChrome" hides from neither.
    ...DEVICE_PROFILES[options.device ?? "desktop"],
    javaScriptEnabled: true,
    serviceWorkers: "block",
  });
  try {
    const address = pageAddress(url);
    let served = false;
    // The saved document answers the first navigation to its own address; everything else is refused.
    await context.route("**/*", (route) => {
      const request = route.request();
      if (!served && request.isNavigationRequest() && request.url() === address) {
        served = true;
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      }
      return route.abort("blockedbyclient");
    });
    await context.addInitScript({ content: TIMER_WATCH });
    const tab = await context.newPage();
    // A page that never finishes loading is still shown as far as it got.
    await tab.goto(address, { waitUntil: "load", timeout: left() }).catch(() => undefined);
    // A form written by a timer after load is waited for, as a live capture does.
    await awaitLateContent(tab, Math.min(LATE_CONTENT_MS, left() - 2_000));
    const evaluated =
      options.evaluate === undefined
        ? null
        : await within(tab.evaluate(options.evaluate), left()).catch(() => null);
    const frames = options.frames ? await readChildFrames(tab, options.frames, Math.min(1_500, left())) : [];
    const screenshot = await tab.screenshot({ type: "png", timeout: left() });
    return { screenshot, evaluated, frames };
  } finally {
    await context.close().catch(() => undefined);
    if (own) await browser.close();
  }
}
