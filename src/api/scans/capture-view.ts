import type { ScanCapture } from "../../engines/scan/types.js";
import type { ScanCaptureView } from "./schemas.js";

/** Paths of a scan's screenshots (relative to the API base URL). */
export function screenshotPaths(scanId: string): { viewport: string; fullPage: string } {
  return { viewport: `/v1/scans/${scanId}/screenshot`, fullPage: `/v1/scans/${scanId}/screenshot?full=1` };
}

/**
 * The API view of a stored capture: snake_case, the DOM's size instead of the DOM (unless asked for),
 * screenshot paths instead of flags, the favicon without its bytes. Everything in it came from the scanned
 * site: it is served as JSON only.
 */
export function toCaptureView(
  scanId: string,
  capture: ScanCapture,
  options: { html: boolean; screenshots: { viewport: boolean; fullPage: boolean } },
): ScanCaptureView {
  const paths = screenshotPaths(scanId);
  const view: ScanCaptureView = {
    scan_id: scanId,
    request_url: capture.requestUrl,
    final_url: capture.finalUrl,
    status: capture.status,
    outcome: capture.outcome,
    reason: capture.reason,
    message: capture.message,
    started_at: capture.startedAt,
    finished_at: capture.finishedAt,
    duration_ms: capture.durationMs,
    redirect_chain: capture.chain.map((h) => ({
      url: h.url,
      status: h.status,
      location: h.location,
      kind: h.kind,
      address: h.address,
    })),
    requests: capture.requests.map((r) => ({
      url: r.url,
      method: r.method,
      resource_type: r.resourceType,
      status: r.status,
      address: r.address,
      outcome: r.outcome,
      reason: r.reason,
    })),
    title: capture.title,
    headers: capture.headers,
    dom: { size: capture.html.length, truncated: capture.htmlTruncated },
    text_length: capture.text.length,
    tls: capture.tls
      ? {
          protocol: capture.tls.protocol,
          subject: capture.tls.subject,
          issuer: capture.tls.issuer,
          valid_from: capture.tls.validFrom,
          valid_to: capture.tls.validTo,
        }
      : null,
    forms: capture.forms.map((f) => ({
      action: f.action,
      method: f.method,
      inputs: f.inputs.map((i) => ({ type: i.type, name: i.name, autocomplete: i.autocomplete })),
      visible: f.visible,
    })),
    cookies: capture.cookies.map((c) => ({
      name: c.name,
      domain: c.domain,
      secure: c.secure,
      http_only: c.httpOnly,
      same_site: c.sameSite,
    })),
    console: capture.console.map((c) => ({ type: c.type, text: c.text })),
    downloads: capture.downloads.map((d) => ({ url: d.url, suggested_filename: d.suggestedFilename })),
    dialogs: capture.dialogs.map((d) => ({ type: d.type, message: d.message })),
    favicon: capture.favicon ? { url: capture.favicon.url, content_type: capture.favicon.contentType } : null,
    screenshots: {
      viewport: options.screenshots.viewport ? paths.viewport : null,
      full_page: options.screenshots.fullPage ? paths.fullPage : null,
    },
  };
  if (options.html) view.html = capture.html;
  return view;
}
