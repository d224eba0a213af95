import type { ScanCapture } from "../../engines/scan/types.js";
import { maskOptionalUrl, maskText, maskUrl } from "./mask.js";
import type { ScanError, ScanReportBody } from "./schemas.js";
import type { SharedScan } from "./share-schemas.js";
import type { SharedScanRow } from "./sharing-store.js";

/** The path of a shared scan's viewport screenshot. */
export function sharedScreenshotPath(token: string): string {
  return `/s/${token}/screenshot`;
}

/** A report as a share link shows it: every URL and e-mail address in its text masked (docs/sharing.md). */
export function maskReport(report: ScanReportBody): ScanReportBody {
  return {
    ...report,
    request_url: maskUrl(report.request_url),
    executive_summary: maskText(report.executive_summary),
    evidence_findings: report.evidence_findings.map((f) => ({
      ...f,
      description: maskText(f.description),
      details: maskText(f.details),
    })),
    site_context: report.site_context
      ? {
          ...report.site_context,
          apparent_purpose: maskText(report.site_context.apparent_purpose),
          page_title: maskText(report.site_context.page_title),
        }
      : null,
  };
}

/** What the browser saw, masked: the final URL and title, the redirect chain, the requests and the forms. */
function maskedPage(capture: ScanCapture): NonNullable<SharedScan["page"]> {
  return {
    final_url: maskOptionalUrl(capture.finalUrl),
    status: capture.status,
    title: capture.title === null ? null : maskText(capture.title),
    redirect_chain: capture.chain.map((h) => ({
      url: maskUrl(h.url),
      status: h.status,
      location: maskOptionalUrl(h.location),
      kind: h.kind,
      address: h.address,
    })),
    requests: capture.requests.map((r) => ({
      url: maskUrl(r.url),
      method: r.method,
      resource_type: r.resourceType,
      status: r.status,
      address: r.address,
      outcome: r.outcome,
    })),
    forms: capture.forms.map((f) => ({
      action: maskOptionalUrl(f.action),
      method: f.method,
      inputs: f.inputs.map((i) => ({ type: i.type, name: i.name })),
      visible: f.visible,
    })),
  };
}

/**
 * The shared view of an unlisted scan: no id, tags or organization; every URL masked; the page's capture
 * reduced to what a reader of the verdict needs (no DOM, headers, cookies or console).
 */
export function toSharedView(row: SharedScanRow, token: string, error: ScanError | null): SharedScan {
  const completed = row.status === "completed";
  const finished = completed || row.status === "failed";
  const report = completed && row.report ? (row.report as unknown as ScanReportBody) : null;
  const capture = completed && row.capture ? (row.capture as unknown as ScanCapture) : null;
  return {
    url: maskUrl(row.url),
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: finished ? (row.completed_at?.toISOString() ?? null) : null,
    report: report ? maskReport(report) : null,
    error: row.status === "failed" ? error : null,
    page: capture ? maskedPage(capture) : null,
    screenshot_url: completed && row.has_viewport ? sharedScreenshotPath(token) : null,
    artifacts_expired: row.artifacts_purged_at !== null,
  };
}
