// The browser capture of a URL scan: the only part of a scan that touches the network (through the egress gate).
export { CAPTURE_DEFAULTS, type CaptureDeps, type CaptureOptions, captureUrl } from "./capture.js";
export { type Favicon, faviconCandidates, fetchFavicon, looksLikeImage } from "./favicon.js";
export { decideOutcome, type Outcome, type OutcomeFacts, outcomeForReason, showsPage } from "./outcome.js";
export type {
  BrowserCapture,
  CapturedCookie,
  CapturedForm,
  CapturedHop,
  CapturedInput,
  CaptureResult,
  CaptureTimings,
} from "./types.js";
export { InvalidScanUrlError, normalizeScanUrl, plainHttp, type ScanUrl, type ScanUrlError } from "./url.js";
