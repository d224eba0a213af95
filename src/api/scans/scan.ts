import type { ScanArtifacts, ScanCapture, ScanReport } from "../../engines/scan/types.js";

/**
 * Why a scan produced no report, as the scanner reports it. Both are failures on DomainLens's side (the
 * scan is failed and refunded); a site that is down, unresolvable or has a broken certificate is not one:
 * its capture says so and the report is the analysis of that (`Unknown` with SYS findings).
 * - `browser_error`: the browser crashed, could not start, or broke down mid-page;
 * - `scan_failed`: anything else on our side.
 */
export type ScanFailureCode = "browser_error" | "scan_failed";

export type ScanResult =
  | { ok: true; capture: ScanCapture; artifacts: ScanArtifacts; report: ScanReport }
  | {
      ok: false;
      code: ScanFailureCode;
      /** For the logs; never shown to the caller (it may carry internals). */
      message: string;
      /** false: another attempt cannot help (the scan fails at once). */
      retryable: boolean;
    };

/**
 * Captures a URL in the browser and analyzes what it saw. `url` is the URL as submitted, already accepted
 * by `normalizeScanUrl` (the capture normalizes it again). Honours
 * `signal` (attempt time limit, scan deadline, shutdown, lost lease). May throw: a throw is a failed attempt,
 * retried while attempts remain.
 */
export type Scanner = (url: string, signal: AbortSignal) => Promise<ScanResult>;
