import type { BrowserPool } from "../../engines/browser/index.js";
import type { Egress } from "../../engines/net/index.js";
import { analyzeScan } from "../../engines/scan/analyze.js";
import { captureUrl, InvalidScanUrlError } from "../../engines/scan/capture/index.js";
import type { Scanner } from "./scan.js";

/**
 * Time the browser may spend on a page (navigation, settling, reading, screenshots), within a scan
 * attempt's 60 s: a site slower than this is a finding of a completed scan (outcome `timeout`), not a failed
 * scan. The rest of the attempt covers the network checks' tail and the analysis (vision: at most 8 s).
 */
export const SCAN_CAPTURE_TIMEOUT_MS = 30_000;

export interface EngineScannerDeps {
  egress: Egress;
  browser: BrowserPool;
}

/**
 * The server's scanner: the scan engine's browser capture (through the pool, behind the egress gate), then
 * its analysis. A site that is down or broken is a capture outcome, analyzed like any other page; the
 * browser's own failure (outcome `browser_error`: a crash, a launch failure, the pool closing) fails the
 * attempt, retried unless Chromium is missing altogether.
 */
export function engineScanner(deps: EngineScannerDeps, options: { captureTimeoutMs?: number } = {}): Scanner {
  const timeoutMs = options.captureTimeoutMs ?? SCAN_CAPTURE_TIMEOUT_MS;
  return async (url, signal) => {
    let captured: Awaited<ReturnType<typeof captureUrl>>;
    try {
      captured = await captureUrl(deps, url, { signal, timeoutMs });
    } catch (err) {
      if (err instanceof InvalidScanUrlError) {
        return { ok: false, code: "scan_failed", message: `invalid URL: ${err.message}`, retryable: false };
      }
      throw err;
    }
    const { capture, artifacts } = captured;
    if (capture.outcome === "browser_error") {
      return {
        ok: false,
        code: "browser_error",
        message: `${capture.reason ?? "browser_error"}: ${capture.message ?? "the browser failed"}`,
        retryable: capture.reason !== "browser_unavailable",
      };
    }
    const report = await analyzeScan({ capture, artifacts });
    return { ok: true, capture, artifacts, report };
  };
}
