import type { Kysely } from "kysely";
import { z } from "zod";
import type { ScanArtifacts, ScanCapture } from "../../engines/scan/types.js";
import type { DB } from "../../platform/db/schema.js";
import type { AnyJobHandler, JobError } from "../../platform/jobs/index.js";
import { JobFailure } from "../../platform/jobs/index.js";
import { raceAbort } from "../../util/abort.js";
import type { Scanner } from "./scan.js";
import { type ScanError, type ScanReportBody, scanReportSchema } from "./schemas.js";
import { similarityTerms } from "./similar-terms.js";
import { completeScan, failScan, markProcessing, SCAN_JOB_KIND, type StoredArtifact } from "./store.js";
import { type AsnOf, captureTerms, reportTerms, type ScanTerm } from "./terms.js";

/** Attempts of one scan before it fails (and is refunded). */
export const SCAN_MAX_ATTEMPTS = 2;
/** Screenshots larger than this are not kept (the capture caps them well below). */
export const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;

const REFUNDED = "The $0.05 charge has been refunded.";

/**
 * The error a caller sees on a failed scan: a stable code and a sentence of ours. What a scanner or the
 * runtime said is never quoted (it may carry internals); it stays in the job's `last_error` and the logs.
 */
export function toScanError(error: JobError): ScanError {
  switch (error.code) {
    case "timeout":
    case "scan_timeout":
      return {
        code: "scan_timeout",
        message: `The scan did not finish within its time limit. ${REFUNDED}`,
      };
    case "worker_lost":
      return {
        code: "scan_interrupted",
        message: `The worker running the scan stopped before it finished. ${REFUNDED}`,
      };
    case "browser_error":
      return {
        code: "browser_error",
        message: `The browser failed while loading the page; this is a fault on our side, not a finding about the site. ${REFUNDED}`,
      };
    default:
      return { code: "scan_failed", message: `The scan failed on our side. ${REFUNDED}` };
  }
}

export interface ScanJobOptions {
  scan: Scanner;
  /** The autonomous system of an address the browser connected to, for search (null: not indexed by ASN). */
  asnOf?: AsnOf | null;
  /** Time budget of one attempt. */
  timeoutMs: number;
  /** Called inside the transaction that completed or failed the scan (webhook events). */
  finished?(tx: Kysely<DB>, scanId: string, outcome: "completed" | "failed"): Promise<void>;
  maxAttempts?: number;
}

const payloadSchema = z.object({
  scan_id: z.uuid(),
  url: z.string().min(1).max(4096),
  /** No attempt runs past this time: the scan then fails as `scan_timeout`. */
  deadline_at: z.iso.datetime({ offset: true }),
});

export type ScanJobPayload = z.infer<typeof payloadSchema>;

interface Outcome {
  report: ScanReportBody;
  capture: ScanCapture;
  finalUrl: string | null;
  artifacts: StoredArtifact[];
  /** What the scan can be found by once completed (docs/scan-search.md). */
  terms: ScanTerm[];
}

/** How long an attempt's outcome waits for its completion before it is dropped (a stale attempt). */
const OUTCOME_TTL_MS = 60_000;

class DeadlineExceeded extends JobFailure {
  constructor() {
    super("scan_timeout", "the scan passed its deadline", { retryable: false });
  }
}

function storedArtifacts(artifacts: ScanArtifacts): StoredArtifact[] {
  const out: StoredArtifact[] = [];
  const add = (kind: StoredArtifact["kind"], data: Buffer | null) => {
    if (data && data.length > 0 && data.length <= MAX_SCREENSHOT_BYTES) out.push({ kind, data });
  };
  add("viewport", artifacts.viewport);
  add("full_page", artifacts.fullPage);
  return out;
}

/**
 * The job handler of a scan (`scan.url`, payload `{scan_id, url, deadline_at}`): `onStart` moves the scan to
 * `processing`; `run` captures and analyzes, outside any transaction, within the attempt's time limit and the
 * scan's deadline; `onComplete` stores the report, capture and screenshots in the transaction that marks the
 * job complete; `onFailed` fails the scan and refunds it in the transaction that marks the job failed. Both
 * are fenced by the runtime on the attempt holding the lease, so a stale attempt's outcome changes nothing.
 */
export function scanJobHandler(options: ScanJobOptions): AnyJobHandler {
  const outcomes = new Map<string, Outcome>();
  const key = (jobId: string, attempt: number) => `${jobId}:${attempt}`;

  return {
    kind: SCAN_JOB_KIND,
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts ?? SCAN_MAX_ATTEMPTS,

    async onStart(tx, job) {
      await markProcessing(tx, job.id);
    },

    async run(payload, ctx) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) {
        throw new JobFailure("invalid_payload", "a scan job needs {scan_id, url, deadline_at}", {
          retryable: false,
        });
      }
      const { url, deadline_at } = parsed.data;
      const left = Date.parse(deadline_at) - Date.now();
      if (left <= 0) throw new DeadlineExceeded();
      const deadline = AbortSignal.timeout(left);
      const signal = AbortSignal.any([ctx.signal, deadline]);
      let result: Awaited<ReturnType<Scanner>>;
      try {
        result = await raceAbort(options.scan(url, signal), signal, (s) => s.reason);
      } catch (err) {
        if (deadline.aborted && !ctx.signal.aborted) throw new DeadlineExceeded();
        throw err;
      }
      if (!result.ok) throw new JobFailure(result.code, result.message, { retryable: result.retryable });
      const report = scanReportSchema.safeParse(result.report);
      if (!report.success) {
        throw new JobFailure(
          "invalid_report",
          `the analysis of ${url} produced a report that does not validate: ${z.prettifyError(report.error)}`,
          { retryable: false },
        );
      }
      const terms = [
        ...reportTerms(report.data),
        ...(await captureTerms(result.capture, options.asnOf ?? null)),
        ...(await similarityTerms(result.capture, result.artifacts.viewport)),
      ];
      if (ctx.signal.aborted) return;
      const k = key(ctx.jobId, ctx.attempt);
      outcomes.set(k, {
        report: report.data,
        capture: result.capture,
        finalUrl: result.capture.finalUrl,
        artifacts: storedArtifacts(result.artifacts),
        terms,
      });
      setTimeout(() => outcomes.delete(k), OUTCOME_TTL_MS).unref();
    },

    async onComplete(tx, job) {
      const k = key(job.id, job.attempts);
      const outcome = outcomes.get(k);
      // Not here: the completion is retried as a failed attempt (complete_failed).
      if (!outcome) throw new JobFailure("outcome_lost", "the scan's outcome is not held by this process");
      if (await completeScan(tx, job.id, outcome)) await options.finished?.(tx, job.id, "completed");
      outcomes.delete(k);
    },

    async onFailed(tx, job, error) {
      if (await failScan(tx, job.id, toScanError(error))) await options.finished?.(tx, job.id, "failed");
    },
  };
}
