import type { Kysely } from "kysely";
import { z } from "zod";
import type { ClassificationEvidence } from "../../engines/classify/types.js";
import type { DB } from "../../platform/db/schema.js";
import type { AnyJobHandler, JobError } from "../../platform/jobs/index.js";
import { JobFailure } from "../../platform/jobs/index.js";
import type { Classifier } from "./classify.js";
import {
  CRAWL_JOB_KIND,
  completeCallerJobs,
  type FinishedCaller,
  failCallerJobs,
  finishCrawl,
} from "./crawl-store.js";
import { upsertStored } from "./records.js";
import {
  type ClassificationJobError,
  type StoredClassification,
  storedClassificationSchema,
} from "./schemas.js";

/** Attempts of one crawl before its callers' jobs fail (and are refunded). */
export const CRAWL_MAX_ATTEMPTS = 2;

const REFUNDED = "The $0.01 charge has been refunded.";

/**
 * The error a caller sees for a crawl that failed for good. Only the classifier's own messages (about the
 * domain) are passed through; anything else is described, never quoted (it may carry internals).
 */
export function toCrawlError(error: JobError): ClassificationJobError {
  switch (error.code) {
    case "domain_unresolvable":
      return { code: error.code, message: `${error.message} ${REFUNDED}`, retryable: false };
    case "blocked_by_policy":
      return { code: error.code, message: `${error.message} ${REFUNDED}`, retryable: false };
    case "timeout":
      return {
        code: "crawl_timeout",
        message: `The crawl did not finish within its time limit. ${REFUNDED}`,
        retryable: true,
      };
    case "worker_lost":
      return {
        code: "crawl_interrupted",
        message: `The worker running the crawl stopped before it finished. ${REFUNDED}`,
        retryable: true,
      };
    case "crawl_failed":
      return { code: "crawl_failed", message: `${error.message} ${REFUNDED}`, retryable: true };
    default:
      return { code: "crawl_failed", message: `The crawl failed on our side. ${REFUNDED}`, retryable: true };
  }
}

export interface CrawlJobOptions {
  classify: Classifier;
  /** Called inside the completing transaction once the domain's classification is written. */
  written(root: string): void;
  /** Called inside the finishing transaction with the caller jobs the crawl completed or failed. */
  finished?(tx: Kysely<DB>, callers: FinishedCaller[], outcome: "completed" | "failed"): Promise<void>;
  timeoutMs: number;
  maxAttempts?: number;
}

interface Outcome {
  root: string;
  record: StoredClassification;
  evidence: ClassificationEvidence;
}

const payloadSchema = z.object({ domain: z.string().min(1).max(253) });

/** How long an attempt's outcome waits for its completion before it is dropped (a stale attempt). */
const OUTCOME_TTL_MS = 60_000;

/**
 * The job handler of a crawl (`classification.crawl`, payload `{domain}`): `run` crawls and analyzes,
 * outside any transaction; `onComplete` writes the classification with its evidence and completes every
 * caller waiting for it, in the transaction that marks the job complete; `onFailed` fails and refunds them
 * in the transaction that marks it failed. Both are fenced by the runtime on the attempt that holds the
 * lease, so the outcome of an attempt that lost its job (timed out, worker presumed lost) changes nothing.
 */
export function crawlJobHandler(options: CrawlJobOptions): AnyJobHandler {
  /** Outcomes of attempts that ran here, by `jobId:attempt`, until their completion reads them. */
  const outcomes = new Map<string, Outcome>();
  const key = (jobId: string, attempt: number) => `${jobId}:${attempt}`;

  return {
    kind: CRAWL_JOB_KIND,
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts ?? CRAWL_MAX_ATTEMPTS,

    async run(payload, ctx) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) {
        throw new JobFailure("invalid_payload", "a crawl job needs {domain}", { retryable: false });
      }
      const root = parsed.data.domain;
      const result = await options.classify(root, ctx.signal);
      if (!result.ok) throw new JobFailure(result.code, result.message, { retryable: result.retryable });
      const record = storedClassificationSchema.safeParse({ ...result.outcome.record, domain: root });
      if (!record.success) {
        throw new JobFailure(
          "invalid_classification",
          `the analysis of ${root} produced a record that does not validate: ${z.prettifyError(record.error)}`,
          { retryable: false },
        );
      }
      if (ctx.signal.aborted) return;
      const k = key(ctx.jobId, ctx.attempt);
      outcomes.set(k, { root, record: record.data, evidence: result.outcome.evidence });
      setTimeout(() => outcomes.delete(k), OUTCOME_TTL_MS).unref();
    },

    async onComplete(tx, job) {
      const k = key(job.id, job.attempts);
      const outcome = outcomes.get(k);
      // Not here: the completion is retried as a failed attempt (complete_failed).
      if (!outcome) throw new JobFailure("outcome_lost", "the crawl's outcome is not held by this process");
      await finishCrawl(tx, job.id);
      await upsertStored(tx, outcome.root, outcome.record, outcome.evidence, new Date());
      const callers = await completeCallerJobs(tx, job.id);
      await options.finished?.(tx, callers, "completed");
      outcomes.delete(k);
      options.written(outcome.root);
    },

    async onFailed(tx, job, error) {
      await finishCrawl(tx, job.id);
      const callers = await failCallerJobs(tx, job.id, toCrawlError(error));
      await options.finished?.(tx, callers, "failed");
    },
  };
}
