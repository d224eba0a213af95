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

/** How a page's URLs and texts are written: masked for a share link, as they were for the organization. */
export interface PageMasking {
  url(value: string): string;
  optionalUrl(value: string | null): string | null;
  text(value: string): string;
}

export const MASKED: PageMasking = { url: maskUrl, optionalUrl: maskOptionalUrl, text: maskText };
export const UNMASKED: PageMasking = { url: (v) => v, optionalUrl: (v) => v, text: (v) => v };

export type PageView = NonNullable<SharedScan["page"]>;

/** The final host's registration and hosting, from the capture's network checks; null without them. */
function networkOf(capture: ScanCapture): PageView["network"] {
  const checks = capture.network;
  if (!checks) return null;
  const { rdap, asn } = checks;
  return {
    domain: rdap.domain,
    registered_at: rdap.registeredAt,
    age_days: rdap.ageDays,
    registrar: rdap.registrar,
    address: asn.hosts[0]?.address ?? checks.dns.addresses[0]?.address ?? null,
    asn: asn.asn,
    as_org: asn.org,
  };
}

/**
 * What the browser saw: the final URL and title, the redirect chain, the requests, the forms, the
 * certificate and the final host's registration — masked for a share link (`MASKED`).
 */
export function pageOf(capture: ScanCapture, m: PageMasking): PageView {
  return {
    final_url: m.optionalUrl(capture.finalUrl),
    status: capture.status,
    title: capture.title === null ? null : m.text(capture.title),
    redirect_chain: capture.chain.map((h) => ({
      url: m.url(h.url),
      status: h.status,
      location: m.optionalUrl(h.location),
      kind: h.kind,
      address: h.address,
    })),
    requests: capture.requests.map((r) => ({
      url: m.url(r.url),
      method: r.method,
      resource_type: r.resourceType,
      status: r.status,
      address: r.address,
      outcome: r.outcome,
    })),
    forms: capture.forms.map((f) => ({
      action: m.optionalUrl(f.action),
      method: f.method,
      inputs: f.inputs.map((i) => ({ type: i.type, name: i.name })),
      visible: f.visible,
    })),
    tls: capture.tls
      ? {
          protocol: capture.tls.protocol,
          subject: capture.tls.subject === null ? null : m.text(capture.tls.subject),
          issuer: capture.tls.issuer === null ? null : m.text(capture.tls.issuer),
          valid_from: capture.tls.validFrom,
          valid_to: capture.tls.validTo,
        }
      : null,
    network: networkOf(capture),
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
    page: capture ? pageOf(capture, MASKED) : null,
    screenshot_url: completed && row.has_viewport ? sharedScreenshotPath(token) : null,
    full_screenshot_url: completed && row.has_full_page ? `${sharedScreenshotPath(token)}?full=1` : null,
    artifacts_expired: row.artifacts_purged_at !== null,
  };
}
