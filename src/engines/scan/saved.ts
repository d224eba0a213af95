import { extractPage } from "../html/index.js";
import type { DomSnapshot } from "./capture/snapshot.js";
import type { ScanCapture, ScanForm } from "./types.js";

export interface SavedCaptureOptions {
  truncated?: boolean;
  hasScreenshot?: boolean;
  at?: Date;
  /**
   * The document as the page's scripts left it, read by the scan's DOM snapshot in an offline render of the
   * saved page at its URL (`renderSavedHtml`): used instead of the saved markup, as a live capture uses the
   * final DOM, when it read a document.
   */
  rendered?: DomSnapshot | null;
  /** `phone`: `rendered` is what the page showed a phone (`ScanCapture.shownTo`). */
  shownTo?: "phone";
}

/** Inputs a person can type into, as markup declares them. */
const TYPED_INPUT =
  /<(?:input\b(?![^>]*\btype\s*=\s*["']?(?:hidden|submit|button|image|reset|checkbox|radio)\b)|textarea\b)/gi;

/**
 * The rendered document (with the frames the page wrote itself, `withFrames`), unless the page's scripts
 * took away every field its markup offers (a kit that replaces itself with "404 Not Found" outside phones,
 * or that clears itself for a browser it distrusts): then the markup is what the page is, and the render
 * only what it showed this browser.
 */
function renderedView(html: string, rendered: DomSnapshot | null | undefined): DomSnapshot | null {
  if (!rendered?.html) return null;
  const declared = html.match(TYPED_INPUT)?.length ?? 0;
  const shown = rendered.html.match(TYPED_INPUT)?.length ?? 0;
  return declared > 0 && shown === 0 ? null : rendered;
}

/**
 * What a browser capture would hold for a page saved to disk: `source: "saved"`, the final URL `url`, the
 * page's title, visible text and forms — as the offline render's DOM shows them when there is one, else as
 * the HTML declares them (no scripts run) — no requests, no TLS and no network checks. Nothing is fetched.
 */
export function savedCapture(url: string, html: string, options: SavedCaptureOptions = {}): ScanCapture {
  const rendered = renderedView(html, options.rendered);
  const page = extractPage(rendered?.html ?? html, url);
  // The rendered forms as a live capture records them (the formless pseudo-form's action is null).
  const forms: ScanForm[] = rendered
    ? rendered.forms
    : page.forms.map((form) => ({
        action: form.action ?? url,
        method: form.method,
        inputs: form.inputs.map((i) => ({ type: i.type, name: i.name, autocomplete: i.autocomplete })),
        visible: true,
      }));
  const now = (options.at ?? new Date()).toISOString();
  return {
    version: 1,
    requestUrl: url,
    startedAt: now,
    finishedAt: now,
    source: "saved",
    ...(rendered && options.shownTo ? { shownTo: options.shownTo } : {}),
    outcome: "ok",
    reason: null,
    message: null,
    chain: [],
    finalUrl: url,
    status: null,
    headers: {},
    title: rendered ? rendered.title || page.title : page.title,
    html: rendered?.html ?? html,
    htmlTruncated:
      (options.truncated ?? false) || (rendered !== null && rendered.htmlLength > rendered.html.length),
    text: rendered ? rendered.text : page.text,
    favicon: null,
    requests: [],
    forms,
    cookies: [],
    tls: null,
    console: [],
    downloads: [],
    dialogs: [],
    network: null,
    screenshots: { viewport: options.hasScreenshot ?? false, fullPage: false },
    durationMs: 0,
  };
}
