import { readFileSync, statSync } from "node:fs";
import type { Device } from "../engines/browser/devices.js";
import type { SavedRender, SavedRenderOptions } from "../engines/browser/saved-render.js";
import { decodeBody } from "../engines/classify/crawl/index.js";
import { MAX_HTML_CHARS } from "../engines/html/index.js";
import { analyzeScan } from "../engines/scan/analyze.js";
import { normalizeScanUrl } from "../engines/scan/capture/index.js";
import { phoneShowsMore, worthPhoneView } from "../engines/scan/capture/phone.js";
import {
  type DomSnapshot,
  frameExpressions,
  readSnapshot,
  snapshotExpression,
  withFrames,
} from "../engines/scan/capture/snapshot.js";
import { savedCapture } from "../engines/scan/saved.js";
import type { ScanArtifacts, ScanReport } from "../engines/scan/types.js";

/** A problem with what was given on the command line (exit code 2). */
export class AnalyzeInputError extends Error {
  override name = "AnalyzeInputError";
}

export interface AnalyzeArgs {
  url: string;
  html: string;
  screenshot?: string | undefined;
  /**
   * Without `screenshot`, render the saved page in headless Chromium (every request refused) for the vision
   * agent (default true; `--no-render` makes it false).
   */
  render?: boolean;
  /** Where a render that could not be made is reported (default: standard error). */
  warn?: (message: string) => void;
  /** A Chromium already launched with `SAVED_RENDER_ARGS` to render in (batch runs); default: one per page. */
  browser?: SavedRenderOptions["browser"];
  /** Told what is being done now (`rendering the page in Chromium`…), for progress on a terminal. */
  onStage?: (stage: string) => void;
}

/** The whole offline render of a saved page, Chromium's launch included. */
export const RENDER_TIMEOUT_MS = 10_000;

/** Files larger than this are refused: a saved page is a few MB at most. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readInput(file: string, what: string): Buffer {
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new AnalyzeInputError(`${what} ${file} is a directory, not a file`);
    size = stat.size;
  } catch (err) {
    if (err instanceof AnalyzeInputError) throw err;
    throw new AnalyzeInputError(`cannot read ${what} ${file}: ${describeFsError(err)}`);
  }
  if (size > MAX_FILE_BYTES) {
    throw new AnalyzeInputError(`${what} ${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  }
  try {
    return readFileSync(file);
  } catch (err) {
    throw new AnalyzeInputError(`cannot read ${what} ${file}: ${describeFsError(err)}`);
  }
}

function describeFsError(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a directory";
  return err instanceof Error ? err.message : String(err);
}

export interface SavedPage {
  /** The URL the page was saved from (the capture's request and final URL). */
  url: string;
  /** The page's HTML, decoded. */
  html: string;
  /** A screenshot of the page (PNG), for the vision agent. */
  screenshot?: Buffer | null;
  /** The document after the page's scripts ran, from an offline render (`renderSavedHtml`). */
  rendered?: DomSnapshot | null;
  /** `phone`: `rendered` and `screenshot` are what the page showed a phone (`ScanCapture.shownTo`). */
  shownTo?: "phone";
}

/**
 * The scan report (SPEC §2.6, with site_context) of a saved page: the content and vision agents, and what
 * the URL itself says (the network agent without any network evidence). Never touches the network.
 * Throws AnalyzeInputError for a URL that is not a full http(s) URL.
 */
export async function analyzeSavedPage(page: SavedPage): Promise<ScanReport> {
  const input = page.url.trim();
  if (!/^https?:\/\//i.test(input)) {
    throw new AnalyzeInputError("--url must be a full http(s) URL, e.g. https://example.com/login");
  }
  const target = normalizeScanUrl(input);
  if (!target.ok) throw new AnalyzeInputError(`--url: ${target.message}`);
  const truncated = page.html.length > MAX_HTML_CHARS;
  const html = truncated ? page.html.slice(0, MAX_HTML_CHARS) : page.html;
  const viewport = page.screenshot ?? null;
  const capture = savedCapture(target.url, html, {
    truncated,
    hasScreenshot: viewport !== null,
    rendered: page.rendered ?? null,
    ...(page.shownTo ? { shownTo: page.shownTo } : {}),
  });
  const artifacts: ScanArtifacts = { viewport, fullPage: null };
  return analyzeScan({ capture, artifacts });
}

/** `domainlens analyze`: reads the files, checks them, and analyzes the saved page. */
export async function runAnalyze(args: AnalyzeArgs): Promise<ScanReport> {
  if (!/^https?:\/\//i.test(args.url.trim())) {
    throw new AnalyzeInputError("--url must be a full http(s) URL, e.g. https://example.com/login");
  }
  const target = normalizeScanUrl(args.url);
  if (!target.ok) throw new AnalyzeInputError(`--url: ${target.message}`);
  const bytes = readInput(args.html, "--html");
  if (bytes.length === 0) throw new AnalyzeInputError(`--html ${args.html} is empty`);
  const html = decodeBody(bytes, "text/html", MAX_HTML_CHARS + 1);
  if (html === "") throw new AnalyzeInputError(`--html ${args.html} is not a text (HTML) file`);
  let screenshot: Buffer | null = null;
  let rendered: DomSnapshot | null = null;
  let shownTo: "phone" | undefined;
  if (args.screenshot !== undefined) {
    screenshot = readInput(args.screenshot, "--screenshot");
    if (!screenshot.subarray(0, 8).equals(PNG_SIGNATURE)) {
      throw new AnalyzeInputError(`--screenshot ${args.screenshot} is not a PNG image`);
    }
  } else if (args.render !== false) {
    args.onStage?.("rendering the page in Chromium (every request refused)");
    const { renderSavedHtml } = await import("../engines/browser/saved-render.js");
    const render = (device: Device) =>
      renderSavedHtml(html.slice(0, MAX_HTML_CHARS), target.url, {
        timeoutMs: RENDER_TIMEOUT_MS,
        evaluate: snapshotExpression(),
        frames: frameExpressions(),
        device,
        ...(args.browser ? { browser: args.browser } : {}),
      });
    try {
      const desktop = await render("desktop");
      screenshot = desktop.screenshot;
      const read = (render: SavedRender): DomSnapshot | null => {
        const snapshot = readSnapshot(render.evaluated);
        return snapshot && withFrames(snapshot, render.frames);
      };
      rendered = read(desktop);
      // A page that showed the desktop nothing, and tests for a phone, is shown to a phone as a live scan does.
      if (rendered && worthPhoneView(rendered)) {
        args.onStage?.("rendering the page again as a phone");
        const phone = await render("phone");
        const phoneView = read(phone);
        if (phoneShowsMore(rendered, phoneView)) {
          screenshot = phone.screenshot;
          rendered = phoneView;
          shownTo = "phone";
        }
      }
    } catch (err) {
      const warn = args.warn ?? ((message: string) => process.stderr.write(`${message}\n`));
      warn(
        `domainlens analyze: could not render the page (${err instanceof Error ? err.message.split("\n")[0] : String(err)}); analysed without a screenshot. --no-render skips the render.`,
      );
    }
  }
  args.onStage?.("analysing the page");
  return analyzeSavedPage({ url: args.url, html, screenshot, rendered, ...(shownTo ? { shownTo } : {}) });
}
