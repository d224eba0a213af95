import { type Kysely, sql } from "kysely";
import type { DB, JobRow } from "../db/schema.js";
import { toJobError } from "./errors.js";
import { claimJobs, lockLostJobs, markFailed } from "./store.js";
import type { AnyJobHandler, JobError, JobLogger } from "./types.js";

/** Lost workers' jobs closed per claim round. */
const LOST_JOBS_PER_ROUND = 10;

export const WORKER_LOST: JobError = {
  code: "worker_lost",
  message: "the worker running the job stopped renewing its lease",
};

export interface ClaimRound {
  owner: string;
  handlers: ReadonlyMap<string, AnyJobHandler>;
  /** Handler overrides of max_attempts, by kind. */
  maxAttempts: Map<string, number>;
  limit: number;
  leaseMs: number;
  log: JobLogger;
}

export interface ClaimedJob {
  job: JobRow;
  handler: AnyJobHandler;
  /** Set when onStart threw: the attempt failed before it ran. */
  startError: JobError | undefined;
}

/**
 * One claim transaction: fails (with onFailed) the jobs of lost workers that have no attempt left,
 * claims up to `limit` jobs, and runs each claimed job's onStart. A hook that throws is rolled back
 * alone, under a savepoint, without undoing the rest of the round.
 */
export async function claimRound(
  db: Kysely<DB>,
  round: ClaimRound,
): Promise<{ closed: JobRow[]; claimed: ClaimedJob[] }> {
  const kinds = [...round.handlers.keys()];
  if (kinds.length === 0) return { closed: [], claimed: [] };
  return db.transaction().execute(async (tx) => {
    const closed: JobRow[] = [];
    for (const job of await lockLostJobs(tx, kinds, LOST_JOBS_PER_ROUND)) {
      const handler = round.handlers.get(job.kind);
      const owner = job.lease_owner;
      if (!handler || !owner) continue;
      const error = await savepoint(tx, async () => {
        const row = await markFailed(tx, job, owner, WORKER_LOST);
        if (!row) return;
        await handler.onFailed?.(tx, row, WORKER_LOST);
        closed.push(row);
      });
      if (error) {
        round.log.error(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, error },
          "closing a lost worker's job failed; retrying on a later round",
        );
      }
    }
    const jobs = await claimJobs(tx, {
      owner: round.owner,
      kinds,
      limit: round.limit,
      leaseMs: round.leaseMs,
      maxAttempts: round.maxAttempts,
      lostError: WORKER_LOST,
    });
    const claimed: ClaimedJob[] = [];
    for (const job of jobs) {
      const handler = round.handlers.get(job.kind);
      if (!handler) continue;
      const startError = handler.onStart
        ? await savepoint(tx, () => handler.onStart?.(tx, job) ?? Promise.resolve())
        : undefined;
      claimed.push({ job, handler, startError });
    }
    return { closed, claimed };
  });
}

/** Runs `fn` under a savepoint of `tx`; on a throw, rolls back to it and returns the error. */
async function savepoint(tx: Kysely<DB>, fn: () => Promise<void>): Promise<JobError | undefined> {
  await sql`SAVEPOINT job_hook`.execute(tx);
  try {
    await fn();
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT job_hook`.execute(tx);
    return toJobError(err);
  }
  await sql`RELEASE SAVEPOINT job_hook`.execute(tx);
  return undefined;
}
