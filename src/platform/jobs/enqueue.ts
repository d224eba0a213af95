import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB, NewJob } from "../db/schema.js";

export interface EnqueueJobInput {
  kind: string;
  payload: Record<string, unknown>;
  /** Attempts before the job fails for good (default 3; a handler's maxAttempts replaces it). */
  maxAttempts?: number;
  /** Not before this time (default: now, by the database clock). */
  runAt?: Date;
  /** The job id (default: a new UUID), e.g. to store it on the resource first. */
  id?: string;
  /**
   * Its place in the queue, when not its run_at: workers take due jobs in order of `fairAt ?? runAt`. A
   * batch spreads its items over time with it (`fairTimes`), so other callers' jobs are not held back.
   */
  fairAt?: Date;
}

/** Inserts a queued job inside the caller's transaction (so a resource, its charge and its job commit together). */
export async function enqueueJob(tx: Kysely<DB>, job: EnqueueJobInput): Promise<string> {
  if (typeof job.kind !== "string" || job.kind === "") throw new TypeError("a job needs a kind");
  if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts >= 1)) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${job.maxAttempts}`);
  }
  if (job.runAt !== undefined && Number.isNaN(job.runAt.getTime()))
    throw new RangeError("runAt is not a valid date");
  const id = job.id ?? randomUUID();
  const row: NewJob = { id, kind: job.kind, payload: JSON.stringify(job.payload) };
  if (job.maxAttempts !== undefined) row.max_attempts = job.maxAttempts;
  if (job.runAt !== undefined) row.run_at = job.runAt.toISOString();
  if (job.fairAt !== undefined) row.fair_at = job.fairAt.toISOString();
  await tx.insertInto("jobs").values(row).execute();
  return id;
}
