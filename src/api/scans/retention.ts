import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import {
  type AnyJobHandler,
  type PeriodicJob,
  scheduleNextPeriodicJob,
  schedulePeriodicJob,
} from "../../platform/jobs/index.js";
import { purgeArtifactsBatch, retentionPolicies } from "./sharing-store.js";

/*
 * Artifact retention (docs/sharing.md, "Retention"): each organization keeps its scans' screenshots and
 * captures for `artifact_retention_days` (null: for good). A periodic job on the job runtime deletes what
 * is older, in small transactions; the records keep their reports and verdicts.
 */

/** The job kind of the purge. */
export const ARTIFACT_PURGE_JOB_KIND = "scans.artifact_purge";
/** The purge runs once an hour. */
export const ARTIFACT_PURGE_EVERY_MS = 60 * 60 * 1000;
/** Time budget of one run; what is left is purged by the next run. */
const PURGE_TIMEOUT_MS = 10 * 60 * 1000;
/** Scans purged per transaction. */
const PURGE_BATCH = 200;

const PURGE_JOB: PeriodicJob = { kind: ARTIFACT_PURGE_JOB_KIND, everyMs: ARTIFACT_PURGE_EVERY_MS };

export interface PurgeResult {
  /** Scans whose artifacts were deleted. */
  scans: number;
  /** False when the run stopped (its signal) before everything due was purged. */
  complete: boolean;
}

export class ArtifactRetention {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { batchSize?: number } = {},
  ) {}

  /** Deletes the screenshots and captures every organization's retention has passed. */
  async purgeExpired(signal?: AbortSignal): Promise<PurgeResult> {
    const batch = this.options.batchSize ?? PURGE_BATCH;
    let scans = 0;
    for (const { orgId, days } of await retentionPolicies(this.db)) {
      for (;;) {
        if (signal?.aborted) return { scans, complete: false };
        const purged = await purgeArtifactsBatch(this.db, orgId, days, batch);
        scans += purged;
        if (purged < batch) break;
      }
    }
    return { scans, complete: true };
  }

  /**
   * Queues this hour's purge unless it is queued or ran already; a worker calls it when it starts. Each
   * run queues the next hour's, whatever its outcome.
   */
  async schedule(at: Date = new Date()): Promise<void> {
    await schedulePeriodicJob(this.db, PURGE_JOB, at);
  }

  /** The handler of `scans.artifact_purge` jobs, for the job runtime. */
  jobHandler(): AnyJobHandler {
    return {
      kind: ARTIFACT_PURGE_JOB_KIND,
      timeoutMs: PURGE_TIMEOUT_MS,
      maxAttempts: 1,
      run: async (_payload, ctx) => {
        await this.purgeExpired(ctx.signal);
      },
      onComplete: async (tx) => {
        await scheduleNextPeriodicJob(tx, PURGE_JOB);
      },
      onFailed: async (tx) => {
        await scheduleNextPeriodicJob(tx, PURGE_JOB);
      },
    };
  }
}
