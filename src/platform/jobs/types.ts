import type { Kysely } from "kysely";
import type { DB, JobRow } from "../db/schema.js";

/** Why an attempt failed. Stored in jobs.last_error and handed to onFailed. */
export interface JobError {
  /** Stable code: "timeout", "worker_lost", "handler_error", or the code a handler threw. */
  code: string;
  message: string;
  /** false stops retries at once; absent or true retries while attempts remain. */
  retryable?: boolean;
}

export interface JobContext {
  /** Aborts on timeout, on shutdown, and when the lease passed to another worker. */
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
  jobId: string;
}

export interface JobHandler<P = Record<string, unknown>> {
  kind: string;
  /** Per-attempt time budget; on expiry the signal aborts and the attempt fails with code "timeout". */
  timeoutMs: number;
  /**
   * Attempts before the job fails for good (default 3). When set, it replaces the value given at
   * enqueue for every job of this kind, from its next claim on.
   */
  maxAttempts?: number;
  /**
   * Delay before the next attempt after attempt number `attempt` failed, for this kind only (replaces the
   * runtime's `backoffMs`), e.g. a schedule of hours for webhook deliveries.
   */
  backoffMs?: (attempt: number) => number;
  /**
   * Does the work. The payload is whatever was stored at enqueue, unchecked: validate it. Honour
   * ctx.signal: after an abort the runtime no longer waits for this promise.
   */
  run(payload: P, ctx: JobContext): Promise<void>;
  /*
   * The hooks below run inside the runtime's transaction: write through `tx` only. On PGlite (one
   * connection) a query on any other handle would wait for that transaction forever.
   */
  /** Called inside the transaction that marks the job complete (resource updates go here). Optional. */
  onComplete?(tx: Kysely<DB>, job: JobRow): Promise<void>;
  /** Called inside the transaction that marks the job failed for good (refunds go here). */
  onFailed?(tx: Kysely<DB>, job: JobRow, error: JobError): Promise<void>;
  /** Called inside the transaction that moves the job to running (e.g. resource status -> processing). Optional. */
  onStart?(tx: Kysely<DB>, job: JobRow): Promise<void>;
}

/** A handler of any payload type: the runtime passes each stored payload through unchanged. */
export type AnyJobHandler = JobHandler<never>;

/** The subset of a pino logger the runtime writes to. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobRuntimeOptions {
  db: Kysely<DB>;
  handlers: AnyJobHandler[];
  /** Jobs run at once by this runtime. */
  concurrency: number;
  /** How long a claim holds a job without renewal (default 30000); renewed every leaseMs / 3. */
  leaseMs?: number;
  /** Idle wait between claims (default 500); notify() cuts it short. */
  pollIntervalMs?: number;
  /** Lease owner written on claimed jobs; unique per runtime by default. */
  owner?: string;
  /** Delay before the next attempt after attempt number `attempt` failed (default exponential with jitter, capped). */
  backoffMs?: (attempt: number) => number;
  logger?: JobLogger;
}

export interface JobRuntimeStats {
  /** Jobs currently held by this runtime. */
  running: number;
  /** Jobs this runtime marked complete. */
  completed: number;
  /** Jobs this runtime marked failed for good (including lost workers' jobs it closed). */
  failed: number;
}
