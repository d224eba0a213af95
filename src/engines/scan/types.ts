import type { Finding } from "../findings/types.js";
import type { NetworkChecks } from "../risk/network/types.js";
import type { Assessment } from "../verdict/index.js";

/**
 * What a URL scan's browser capture recorded (src/engines/scan/capture, the only part of a scan that touches
 * the network, through the egress gate) and what the agents read (src/engines/scan/agents, no network).
 * Plain JSON so a capture can be stored, served (`GET /v1/scans/{id}/capture`) and analysed again offline;
 * the screenshots travel beside it as PNG bytes (`ScanArtifacts`). Everything in it came from the scanned
 * site and is untrusted: capped by the capture, escaped wherever it is shown.
 */
export interface ScanCapture {
  /** Capture format version (bumped on incompatible changes). */
  version: 1;
  /** The URL as submitted (normalized). */
  requestUrl: string;
  startedAt: string;
  finishedAt: string;
  /** `saved` for a page analysed offline (`domainlens analyze`): nothing was fetched. */
  source: "browser" | "saved";
  /**
   * `phone`: the page showed a desktop browser nothing to type into and little to read, and what is recorded
   * here (document, forms, screenshots) is what it showed a phone (docs/scan-analysis.md, "Pages shown only
   * to phones"). Absent: a desktop browser's view.
   */
  shownTo?: "phone";
  outcome: ScanOutcome;
  /** Stable reason code when not ok (egress reasons such as `dns_nxdomain`, `connection_refused`, `timeout`). */
  reason: string | null;
  message: string | null;
  /** Every navigation in order: HTTP redirects, meta refresh, script and client navigations. */
  chain: ScanHop[];
  finalUrl: string | null;
  status: number | null;
  /** Final document response headers, lower-case names. */
  headers: Record<string, string>;
  title: string | null;
  /** Final DOM serialized (document.documentElement.outerHTML), capped. */
  html: string;
  htmlTruncated: boolean;
  /** Visible text of the final page (innerText), capped. */
  text: string;
  /** The favicon the page used, fetched through the gate. */
  favicon: { url: string; contentType: string | null; base64: string | null } | null;
  /** Every request the page made, with where it went and what the egress gate said. */
  requests: ScanRequest[];
  /** Forms of the final DOM (live, after scripts ran). */
  forms: ScanForm[];
  cookies: Array<{
    name: string;
    domain: string;
    secure: boolean;
    httpOnly: boolean;
    sameSite: string | null;
  }>;
  /** TLS of the final document's origin. */
  tls: {
    protocol: string | null;
    subject: string | null;
    issuer: string | null;
    validFrom: string | null;
    validTo: string | null;
  } | null;
  console: Array<{ type: string; text: string }>;
  /** Downloads the page started (always refused). */
  downloads: Array<{ url: string; suggestedFilename: string | null }>;
  /** alert/confirm/prompt/beforeunload dialogs (always dismissed). */
  dialogs: Array<{ type: string; message: string }>;
  /** DNS, RDAP, TLS and hosting checks of the final host (the risk engine's checks); null offline. */
  network: NetworkChecks | null;
  /** Which screenshots exist in the artifacts. */
  screenshots: { viewport: boolean; fullPage: boolean };
  durationMs: number;
}

export type ScanOutcome =
  | "ok"
  | "dns_failure"
  | "tls_failure"
  | "http_error"
  | "timeout"
  | "unreachable"
  | "blocked"
  /** The browser itself failed (crash, launch failure): a service-side failure, not a site finding. */
  | "browser_error";

export interface ScanHop {
  url: string;
  status: number | null;
  location: string | null;
  kind: "http" | "meta_refresh" | "script" | "navigation";
  /** Address the egress gate connected to for this hop. */
  address: string | null;
}

export interface ScanRequest {
  url: string;
  method: string;
  /** Playwright resource type: document, script, xhr, fetch, image, stylesheet, websocket, … */
  resourceType: string;
  status: number | null;
  /** Address that passed the egress policy and was connected to. */
  address: string | null;
  outcome: "ok" | "blocked" | "failed";
  /** Egress reason when blocked or failed. */
  reason: string | null;
}

export interface ScanForm {
  /** Absolute action URL (the page URL when the form has none). */
  action: string | null;
  method: string;
  inputs: Array<{ type: string; name: string | null; autocomplete: string | null }>;
  visible: boolean;
}

export interface ScanArtifacts {
  /** Viewport screenshot (1280×800), PNG. */
  viewport: Buffer | null;
  /** Full-page screenshot (height capped), PNG. */
  fullPage: Buffer | null;
}

/** SPEC §2.6 site context of a scan. */
export interface SiteContext {
  apparent_purpose: string;
  /** ISO 639-1 code of the visible text, or "und" when it cannot be told. */
  primary_language: string;
  detected_brand: string | null;
  page_title: string;
}

/** SPEC §2.6 report of a scan. */
export interface ScanReport {
  request_url: string;
  final_assessment: Assessment;
  threat_type: string;
  confidence_score: number;
  executive_summary: string;
  evidence_findings: Finding[];
  site_context: SiteContext | null;
}

/** What the vision agent hands to the verdict besides its findings. */
export interface VisionResult {
  findings: Finding[];
  /** Brands whose marks or names were seen in the screenshot or favicon, best first. */
  brands: Array<{ brand: string; source: "logo" | "favicon" | "ocr"; score: number }>;
  /** Text read from the screenshot by OCR (capped). */
  ocrText: string;
  durationMs: number;
}
