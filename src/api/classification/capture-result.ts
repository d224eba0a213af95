import type { CrawlCapture } from "../../engines/classify/capture.js";
import type { ClassificationOutcome } from "../../engines/classify/types.js";
import type { ClassifyResult } from "./classify.js";

/**
 * What a crawl means for the caller's job. A name that does not exist (NXDOMAIN) or that only leads to
 * addresses the egress policy refuses is a failure (refunded, not retried); a DNS timeout or error is a
 * failure worth another attempt; everything else — including a domain that resolves but does not answer,
 * which the analysis classifies as `unreachable` — is analyzed into a classification.
 */
export function resultOfCapture(
  capture: CrawlCapture,
  analyze: (capture: CrawlCapture) => ClassificationOutcome,
): ClassifyResult {
  const { domain, root } = capture;
  if (root.outcome === "dns_failure") {
    if (root.reason === "dns_nxdomain") {
      return {
        ok: false,
        code: "domain_unresolvable",
        message: `${domain} does not exist in DNS (NXDOMAIN): there is nothing to classify.`,
        retryable: false,
      };
    }
    if (root.reason === "dns_timeout" || root.reason === "dns_error") {
      return {
        ok: false,
        code: "crawl_failed",
        message: `DNS did not answer for ${domain}.`,
        retryable: true,
      };
    }
  }
  if (root.outcome === "blocked") {
    return {
      ok: false,
      code: "blocked_by_policy",
      message: `${domain} leads only to addresses DomainLens does not connect to (private, loopback or reserved networks).`,
      retryable: false,
    };
  }
  return { ok: true, outcome: analyze(capture) };
}
