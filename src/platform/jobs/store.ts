import { type Kysely, type RawBuilder, sql, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import type { DB, JobRow } from "../db/schema.js";
import { plainJobError } from "./errors.js";
import type { JobError } from "./types.js";

/*
 * The queue's SQL. Every time comes from the database clock, so workers on several machines agree.
 * A claim is fenced by (lease_owner, attempts): a worker whose lease passed to another claim can no
 * longer change the job, even if it later claims the same job again.
 */

/** now() plus a duration in milliseconds. */
function nowPlus(ms: number): RawBuilder<Date> {
  return sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;
}

type JobUpdate = UpdateQueryBuilder<DB, "jobs", "jobs", UpdateResult>;

/** Restricts an update to the claim `job` describes, still held by `owner`. */
function fenced(query: JobUpdate, job: JobRow, owner: string): JobUpdate {
  return query
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("lease_owner", "=", owner)
    .where("attempts", "=", job.attempts);
}

export interface ClaimRequest {
  owner: string;
  kinds: string[];
  limit: number;
  leaseMs: number;
  /** Handler overrides of max_attempts, by kind. */
  maxAttempts: Map<string, number>;
  /** Recorded as last_error on jobs taken over from a worker whose lease expired. */
  lostError: JobError;
}

/**
 * Claims up to `limit` jobs of the given kinds: queued ones that are due, and running ones whose
 * lease expired with attempts left (their worker is gone). Each claim consumes an attempt.
 */
export async function claimJobs(tx: Kysely<DB>, request: ClaimRequest): Promise<JobRow[]> {
  if (request.kinds.length === 0 || request.limit <= 0) return [];
  const overrides = [...request.maxAttempts].map(([kind, max]) => sql`WHEN ${kind} THEN ${max}::int`);
  const maxAttempts =
    overrides.length === 0
      ? sql`max_attempts`
      : sql`CASE kind ${sql.join(overrides, sql` `)} ELSE max_attempts END`;
  const lostError = JSON.stringify(plainJobError(request.lostError));
  const result = await sql<JobRow>`
    UPDATE jobs SET
      status = 'running',
      attempts = attempts + 1,
      max_attempts = ${maxAttempts},
      last_error = CASE WHEN status = 'running' THEN ${lostError}::jsonb ELSE last_error END,
      lease_owner = ${request.owner},
      lease_expires_at = ${nowPlus(request.leaseMs)},
      updated_at = now()
    WHERE id IN (
      SELECT id FROM jobs
      WHERE kind IN (${sql.join(request.kinds)})
        AND ((status = 'queued' AND run_at <= now())
          OR (status = 'running' AND lease_expires_at < now() AND attempts < max_attempts))
      ORDER BY coalesce(fair_at, run_at), created_at
      LIMIT ${request.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(tx);
  return result.rows;
}

/** Running jobs whose lease expired with no attempt left, locked for the caller's transaction. */
export async function lockLostJobs(tx: Kysely<DB>, kinds: string[], limit: number): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const result = await sql<JobRow>`
    SELECT * FROM jobs
    WHERE status = 'running' AND lease_expires_at < now() AND attempts >= max_attempts
      AND kind IN (${sql.join(kinds)})
    ORDER BY lease_expires_at
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`.execute(tx);
  return result.rows;
}

/** Extends the leases `owner` still holds among `ids`; returns the claims it still holds. */
export async function renewLeases(
  db: Kysely<DB>,
  owner: string,
  ids: string[],
  leaseMs: number,
): Promise<{ id: string; attempts: number }[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable("jobs")
    .set({ lease_expires_at: nowPlus(leaseMs), updated_at: sql`now()` })
    .where("id", "in", ids)
    .where("status", "=", "running")
    .where("lease_owner", "=", owner)
    .returning(["id", "attempts"])
    .execute();
}

export async function markComplete(tx: Kysely<DB>, job: JobRow, owner: string): Promise<JobRow | undefined> {
  const query = tx.updateTable("jobs").set({
    status: "complete",
    finished_at: sql`now()`,
    lease_owner: null,
    lease_expires_at: null,
    updated_at: sql`now()`,
  });
  return fenced(query, job, owner).returningAll().executeTakeFirst();
}

export async function markFailed(
  tx: Kysely<DB>,
  job: JobRow,
  owner: string,
  error: JobError,
): Promise<JobRow | undefined> {
  const query = tx.updateTable("jobs").set({
    status: "failed",
    finished_at: sql`now()`,
    lease_owner: null,
    lease_expires_at: null,
    last_error: JSON.stringify(plainJobError(error)),
    updated_at: sql`now()`,
  });
  return fenced(query, job, owner).returningAll().executeTakeFirst();
}

/** Queues the job again after `delayMs`, recording the error; false when the claim was lost. */
export async function requeueJob(
  db: Kysely<DB>,
  job: JobRow,
  owner: string,
  error: JobError,
  delayMs: number,
): Promise<boolean> {
  const query = db.updateTable("jobs").set({
    status: "queued",
    run_at: nowPlus(delayMs),
    lease_owner: null,
    lease_expires_at: null,
    last_error: JSON.stringify(plainJobError(error)),
    updated_at: sql`now()`,
  });
  const row = await fenced(query, job, owner).returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Returns an interrupted job to the queue and gives back the attempt its claim consumed. */
export async function releaseJob(db: Kysely<DB>, job: JobRow, owner: string): Promise<boolean> {
  const query = db.updateTable("jobs").set({
    status: "queued",
    attempts: sql`greatest(attempts - 1, 0)`,
    lease_owner: null,
    lease_expires_at: null,
    updated_at: sql`now()`,
  });
  const row = await fenced(query, job, owner).returning("id").executeTakeFirst();
  return row !== undefined;
}
