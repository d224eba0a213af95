import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { settleWithin } from "../../util/within.js";
import type { DB, JobRow } from "../db/schema.js";
import { runAttempt } from "./attempt.js";
import { claimRound, WORKER_LOST } from "./claim.js";
import { defaultBackoffMs, safeBackoffMs, toJobError } from "./errors.js";
import { markComplete, markFailed, releaseJob, renewLeases, requeueJob } from "./store.js";
import type { AnyJobHandler, JobError, JobLogger, JobRuntimeOptions, JobRuntimeStats } from "./types.js";

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 500;
const DEFAULT_GRACE_MS = 10_000;

/** A claimed job this runtime holds. */
interface ActiveRun {
  readonly job: JobRow;
  readonly handler: AnyJobHandler;
  readonly controller: AbortController;
  /** running → finishing (writing its outcome) | released (shutdown) | lost (lease gone). */
  state: "running" | "finishing" | "released" | "lost";
  done: Promise<void>;
}

/**
 * Claims jobs from the jobs table and runs them with their handlers, holding a renewed lease on
 * each. Several runtimes, in one process or many, can share a database.
 */
export class JobRuntime {
  readonly owner: string;
  private readonly db: Kysely<DB>;
  private readonly handlers = new Map<string, AnyJobHandler>();
  private readonly maxAttempts = new Map<string, number>();
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: (attempt: number) => number;
  private readonly log: JobLogger;
  private readonly active = new Map<string, ActiveRun>();
  private readonly counts = { completed: 0, failed: 0 };
  private claiming = false;
  private loopDone: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private renewal: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private wakePending = false;

  constructor(options: JobRuntimeOptions) {
    this.db = options.db;
    this.concurrency = positive("concurrency", options.concurrency, true);
    this.leaseMs = positive("leaseMs", options.leaseMs ?? DEFAULT_LEASE_MS, false);
    this.pollIntervalMs = positive(
      "pollIntervalMs",
      options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      false,
    );
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.backoff = options.backoffMs ?? defaultBackoffMs;
    this.log = guardLogger(options.logger);
    for (const handler of options.handlers) {
      if (typeof handler.kind !== "string" || handler.kind === "") {
        throw new TypeError("a job handler needs a kind");
      }
      if (this.handlers.has(handler.kind)) throw new TypeError(`two handlers for job kind "${handler.kind}"`);
      positive(`timeoutMs of "${handler.kind}"`, handler.timeoutMs, false);
      if (handler.maxAttempts !== undefined) {
        this.maxAttempts.set(
          handler.kind,
          positive(`maxAttempts of "${handler.kind}"`, handler.maxAttempts, true),
        );
      }
      this.handlers.set(handler.kind, handler);
    }
  }

  start(): void {
    if (this.stopping) throw new Error("the job runtime is stopping");
    if (this.loopDone) return;
    this.claiming = true;
    this.wakePending = false;
    this.renewTimer = setInterval(() => this.renew(), Math.max(10, Math.floor(this.leaseMs / 3)));
    this.loopDone = this.loop();
  }

  /** Stop claiming, wait up to graceMs for running jobs, then abort them and return them to the queue without consuming an attempt. */
  stop(graceMs = DEFAULT_GRACE_MS): Promise<void> {
    if (!this.stopping) {
      this.stopping = this.shutdown(graceMs).finally(() => {
        this.stopping = undefined;
      });
    }
    return this.stopping;
  }

  /** Wakes the poller now (called after enqueue in the same process). */
  notify(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wakePending = true;
  }

  stats(): JobRuntimeStats {
    return { running: this.active.size, ...this.counts };
  }

  private async loop(): Promise<void> {
    while (this.claiming) {
      const free = this.concurrency - this.active.size;
      let claimed = 0;
      if (free > 0) {
        try {
          claimed = await this.poll(free);
        } catch (err) {
          this.log.error(
            { owner: this.owner, error: toJobError(err, "poll_failed") },
            "claiming jobs failed",
          );
        }
      }
      if (!this.claiming) break;
      if (free <= 0 || claimed < free) await this.sleep(this.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Claims up to `limit` jobs and starts them; returns how many were claimed. */
  private async poll(limit: number): Promise<number> {
    const { closed, claimed } = await claimRound(this.db, {
      owner: this.owner,
      handlers: this.handlers,
      maxAttempts: this.maxAttempts,
      limit,
      leaseMs: this.leaseMs,
      log: this.log,
    });
    for (const job of closed) {
      this.counts.failed += 1;
      this.log.error({ ...describe(job), error: WORKER_LOST }, "job failed: its worker was lost");
    }
    for (const { job, handler, startError } of claimed) this.begin(job, handler, startError);
    return claimed.length;
  }

  private begin(job: JobRow, handler: AnyJobHandler, startError: JobError | undefined): void {
    const previous = this.active.get(job.id);
    if (previous) this.abandon(previous, "lost");
    const run: ActiveRun = {
      job,
      handler,
      controller: new AbortController(),
      state: "running",
      done: Promise.resolve(),
    };
    this.active.set(job.id, run);
    run.done = this.drive(run, startError)
      .catch((err: unknown) => {
        this.log.error(
          { ...describe(job), error: toJobError(err, "runtime_error") },
          "job run failed unexpectedly",
        );
      })
      .finally(() => {
        if (this.active.get(job.id) === run) this.active.delete(job.id);
        if (this.claiming) this.notify();
      });
  }

  private async drive(run: ActiveRun, startError: JobError | undefined): Promise<void> {
    this.log.info(describe(run.job), "job started");
    const error = startError ?? (await runAttempt(run.handler, run.job, run.controller));
    if (run.state !== "running") return;
    run.state = "finishing";
    if (error) await this.fail(run, error);
    else await this.complete(run);
  }

  private async complete(run: ActiveRun): Promise<void> {
    const { job, handler } = run;
    let recorded: boolean;
    try {
      recorded = await this.db.transaction().execute(async (tx) => {
        const row = await markComplete(tx, job, this.owner);
        if (!row) return false;
        await handler.onComplete?.(tx, row);
        return true;
      });
    } catch (err) {
      // The completion rolled back (onComplete threw or the database failed): the attempt failed.
      await this.fail(run, toJobError(err, "complete_failed"));
      return;
    }
    if (!recorded) return this.lostBeforeOutcome(job);
    this.counts.completed += 1;
    this.log.info(describe(job), "job complete");
  }

  private async fail(run: ActiveRun, error: JobError): Promise<void> {
    const { job, handler } = run;
    try {
      if (error.retryable !== false && job.attempts < job.max_attempts) {
        const delayMs = safeBackoffMs(handler.backoffMs ?? this.backoff, job.attempts);
        if (!(await requeueJob(this.db, job, this.owner, error, delayMs))) return this.lostBeforeOutcome(job);
        this.log.warn({ ...describe(job), error, retryInMs: delayMs }, "job attempt failed; retrying");
        return;
      }
      const recorded = await this.db.transaction().execute(async (tx) => {
        const row = await markFailed(tx, job, this.owner, error);
        if (!row) return false;
        await handler.onFailed?.(tx, row, error);
        return true;
      });
      if (!recorded) return this.lostBeforeOutcome(job);
      this.counts.failed += 1;
      this.log.error({ ...describe(job), error }, "job failed");
    } catch (err) {
      this.log.error(
        { ...describe(job), error, writeError: toJobError(err, "record_failed") },
        "could not record the job's failure; it is retried when its lease expires",
      );
    }
  }

  private lostBeforeOutcome(job: JobRow): void {
    this.log.warn(describe(job), "job outcome not recorded: the lease passed to another worker");
  }

  /** Extends the lease of every held job; aborts runs whose job is no longer held by this runtime. */
  private renew(): void {
    if (this.renewal || this.active.size === 0) return;
    const runs = [...this.active.values()];
    this.renewal = renewLeases(
      this.db,
      this.owner,
      runs.map((r) => r.job.id),
      this.leaseMs,
    )
      .then((held) => {
        const attempts = new Map(held.map((h) => [h.id, h.attempts]));
        for (const run of runs) {
          if (attempts.get(run.job.id) !== run.job.attempts) this.abandon(run, "lost");
        }
      })
      .catch((err: unknown) => {
        this.log.warn(
          { owner: this.owner, error: toJobError(err, "renew_failed") },
          "renewing job leases failed",
        );
      })
      .finally(() => {
        this.renewal = undefined;
      });
  }

  private abandon(run: ActiveRun, state: "lost" | "released"): void {
    if (run.state !== "running") return;
    run.state = state;
    const message =
      state === "lost"
        ? "the job's lease passed to another worker"
        : "the worker is shutting down; the job returns to the queue";
    run.controller.abort(new DOMException(message, "AbortError"));
    if (state === "lost") this.log.warn(describe(run.job), "job lease lost; attempt abandoned");
  }

  private async shutdown(graceMs: number): Promise<void> {
    if (!this.loopDone) return;
    this.claiming = false;
    this.notify();
    await this.loopDone;
    await settleWithin(Promise.all([...this.active.values()].map((r) => r.done)), graceMs);
    const releases: Promise<void>[] = [];
    for (const run of this.active.values()) {
      if (run.state !== "running") continue;
      this.abandon(run, "released");
      releases.push(this.release(run.job));
    }
    await Promise.all(releases);
    await Promise.all([...this.active.values()].map((r) => r.done));
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    await this.renewal;
    this.loopDone = undefined;
    this.wakePending = false;
  }

  private async release(job: JobRow): Promise<void> {
    try {
      if (await releaseJob(this.db, job, this.owner)) {
        this.log.info(describe(job), "job returned to the queue");
      }
    } catch (err) {
      this.log.warn(
        { ...describe(job), error: toJobError(err, "release_failed") },
        "could not return the job to the queue; it is retried when its lease expires",
      );
    }
  }
}

/** The given logger, made unable to throw into the runtime; silent when absent. */
function guardLogger(logger: JobLogger | undefined): JobLogger {
  const write = (level: keyof JobLogger, obj: object, msg: string | undefined): void => {
    try {
      logger?.[level](obj, msg);
    } catch {
      // A broken logger must not stop jobs.
    }
  };
  return {
    info: (obj, msg) => write("info", obj, msg),
    warn: (obj, msg) => write("warn", obj, msg),
    error: (obj, msg) => write("error", obj, msg),
  };
}

function describe(job: JobRow): { jobId: string; kind: string; attempt: number } {
  return { jobId: job.id, kind: job.kind, attempt: job.attempts };
}

function positive(name: string, value: number, integer: boolean): number {
  const valid = typeof value === "number" && Number.isFinite(value) && value > 0;
  if (!valid || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a positive ${integer ? "integer" : "number"}, got ${value}`);
  }
  return value;
}
