import { extractPage } from "../html/index.js";
import type { ScanCapture } from "./types.js";

/**
 * What a browser capture would hold for a page saved to disk: `source: "saved"`, the final URL `url`, the
 * page's title, visible text and forms as the HTML declares them (no scripts run), no requests, no TLS and
 * no network checks. Nothing is fetched.
 */
export function savedCapture(
  url: string,
  html: string,
  options: { truncated?: boolean; hasScreenshot?: boolean; at?: Date } = {},
): ScanCapture {
  const page = extractPage(html, url);
  const now = (options.at ?? new Date()).toISOString();
  return {
    version: 1,
    requestUrl: url,
    startedAt: now,
    finishedAt: now,
    source: "saved",
    outcome: "ok",
    reason: null,
    message: null,
    chain: [],
    finalUrl: url,
    status: null,
    headers: {},
    title: page.title,
    html,
    htmlTruncated: options.truncated ?? false,
    text: page.text,
    favicon: null,
    requests: [],
    forms: page.forms.map((form) => ({
      action: form.action ?? url,
      method: form.method,
      inputs: form.inputs.map((i) => ({ type: i.type, name: i.name, autocomplete: i.autocomplete })),
      visible: true,
    })),
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
