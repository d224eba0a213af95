import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/*
 * Periodic work on the job runtime: one job per kind and period ("slot"), whose id is derived from the kind
 * and the slot's start, so every process that schedules the same slot inserts the same row and the
 * database keeps one (ON CONFLICT DO NOTHING). A periodic handler schedules the next slot in the
 * transaction that records its outcome; a worker schedules the current slot when it starts, so the chain
 * resumes after any downtime. Whatever number of workers run, each slot runs once.
 */

/** The start of the slot of `every` milliseconds that `at` falls in (slots are aligned on the epoch). */
export function slotStart(at: Date, everyMs: number): Date {
  return new Date(Math.floor(at.getTime() / everyMs) * everyMs);
}

/** The id of a periodic job's run for the slot starting at `start`: the same in every process. */
export function periodicJobId(kind: string, start: Date): string {
  const hex = createHash("sha256").update(`${kind}\n${start.toISOString()}`).digest("hex");
  // UUID-shaped (version 8: custom), as every job id is.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface PeriodicJob {
  kind: string;
  /** Length of a slot: the job runs about once per slot. */
  everyMs: number;
}

/**
 * Queues the run of `job` for the slot `at` falls in, due at `at` (or at the slot's start when that is
 * later), unless that slot's run exists already. Inside the caller's transaction when given one.
 * Returns whether a row was inserted.
 */
export async function schedulePeriodicJob(
  db: Kysely<DB>,
  job: PeriodicJob,
  at: Date = new Date(),
): Promise<boolean> {
  const start = slotStart(at, job.everyMs);
  const runAt = at.getTime() > start.getTime() ? at : start;
  const inserted = await db
    .insertInto("jobs")
    .values({
      id: periodicJobId(job.kind, start),
      kind: job.kind,
      payload: JSON.stringify({ slot: start.toISOString() }),
      max_attempts: 1,
      run_at: runAt.toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Queues the run of the slot after the one `at` falls in, due at that slot's start. */
export async function scheduleNextPeriodicJob(
  db: Kysely<DB>,
  job: PeriodicJob,
  at: Date = new Date(),
): Promise<boolean> {
  const next = new Date(slotStart(at, job.everyMs).getTime() + job.everyMs);
  return schedulePeriodicJob(db, job, next);
}
