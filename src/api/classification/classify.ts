import type { ClassificationOutcome } from "../../engines/classify/types.js";

/**
 * Why a crawl produced no classification, as the classifier reports it:
 * - `domain_unresolvable`: DNS says the name does not exist or has no address (NXDOMAIN, no data);
 * - `blocked_by_policy`: the name resolves only to addresses the egress policy refuses (private, loopback…);
 * - `crawl_failed`: anything else that may pass on a later attempt (DNS timeout or SERVFAIL, …).
 * A domain that resolves but does not answer is not a failure: it is classified with state `unreachable`.
 */
export type ClassifyFailureCode = "domain_unresolvable" | "blocked_by_policy" | "crawl_failed";

export type ClassifyResult =
  | { ok: true; outcome: ClassificationOutcome }
  | {
      ok: false;
      code: ClassifyFailureCode;
      /** One sentence about the domain, shown to the caller in the job's `error.message`. */
      message: string;
      /** false: another attempt cannot help (the job fails at once, without retry). */
      retryable: boolean;
    };

/**
 * Crawls a root domain and analyzes what it saw. Honours `signal` (job timeout, shutdown, lost lease).
 * May throw: a throw is a failed attempt (`crawl_failed`), retried while attempts remain.
 */
export type Classifier = (domain: string, signal: AbortSignal) => Promise<ClassifyResult>;
