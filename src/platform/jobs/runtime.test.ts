import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobTestKit, sleep, uniqueKind } from "../../../test/fixtures/jobs/support.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import type { JobRow } from "../db/schema.js";
import { type AnyJobHandler, type JobError, JobFailure, type JobHandler, JobRuntime } from "./index.js";

let database: TestDatabase;
const kit = jobTestKit(() => database.db);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await kit.stopAll();
});
afterAll(async () => {
  await database?.close();
});

describe("job outcomes", () => {
  it("runs a job and marks it complete in the same transaction as onComplete", async () => {
    const kind = uniqueKind("complete");
    const seen: { payload: unknown; attempt: number; jobId: string }[] = [];
    const completed: { job: JobRow; statusInTx: string }[] = [];
    const runtime = kit.start([
      {
        kind,
        timeoutMs: 5000,
        run: async (payload, ctx) => {
          seen.push({ payload, attempt: ctx.attempt, jobId: ctx.jobId });
        },
        onComplete: async (tx, job) => {
          const row = await tx
            .selectFrom("jobs")
            .select("status")
            .where("id", "=", job.id)
            .executeTakeFirstOrThrow();
          completed.push({ job, statusInTx: row.status });
        },
      } satisfies JobHandler<{ url: string }>,
    ]);
    const id = await kit.enqueue(kind, { url: "https://example.com/" });
    runtime.notify();

    const row = await kit.waitForStatus(id, "complete");
    expect(seen).toEqual([{ payload: { url: "https://example.com/" }, attempt: 1, jobId: id }]);
    expect(completed).toHaveLength(1);
    expect(completed[0]?.statusInTx).toBe("complete");
    expect(completed[0]?.job).toMatchObject({ id, status: "complete", attempts: 1, lease_owner: null });
    expect(row).toMatchObject({ attempts: 1, lease_owner: null, lease_expires_at: null, last_error: null });
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(runtime.stats()).toEqual({ running: 0, completed: 1, failed: 0 });
  });

  it("rolls the completion back with onComplete's writes when onComplete throws, and retries", async () => {
    const kind = uniqueKind("complete-rollback");
    let calls = 0;
    kit.start([
      {
        kind,
        timeoutMs: 5000,
        run: async () => {},
        onComplete: async (tx, job) => {
          calls += 1;
          await tx
            .insertInto("classifications")
            .values({
              domain: `${job.id}.example`,
              result: JSON.stringify({ call: calls }),
              classified_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
            })
            .execute();
          if (calls === 1) throw new Error("resource update failed");
        },
      },
    ]);
    const id = await kit.enqueue(kind);
    const row = await kit.waitForStatus(id, "complete");
    expect(row.attempts).toBe(2);
    expect(row.last_error).toEqual({ code: "complete_failed", message: "resource update failed" });
    const saved = await database.db
      .selectFrom("classifications")
      .select("result")
      .where("domain", "=", `${id}.example`)
      .execute();
    expect(saved).toEqual([{ result: { call: 2 } }]);
  });

  it("retries a failed attempt after the backoff, by the database clock, then succeeds", async () => {
    const kind = uniqueKind("retry");
    const startedAt: number[] = [];
    const backoffFor: number[] = [];
    let failedCalls = 0;
    kit.start(
      [
        {
          kind,
          timeoutMs: 5000,
          run: async (_payload, ctx) => {
            startedAt.push(Date.now());
            if (ctx.attempt < 3) throw new Error(`flaky ${ctx.attempt}`);
          },
          onFailed: async () => {
            failedCalls += 1;
          },
        },
      ],
      {
        backoffMs: (attempt) => {
          backoffFor.push(attempt);
          return 300;
        },
      },
    );
    const id = await kit.enqueue(kind);
    const row = await kit.waitForStatus(id, "complete");
    expect(row.attempts).toBe(3);
    expect(backoffFor).toEqual([1, 2]);
    expect(failedCalls).toBe(0);
    expect(row.last_error).toEqual({ code: "handler_error", message: "flaky 2" });
    expect(row.run_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(580);
    const [first = 0, second = 0, third = 0] = startedAt;
    expect(second - first).toBeGreaterThanOrEqual(250);
    expect(third - second).toBeGreaterThanOrEqual(250);
  });

  it("fails a job for good once its attempts are used up, calling onFailed exactly once", async () => {
    const kind = uniqueKind("exhausted");
    const failures: { job: JobRow; error: JobError; statusInTx: string }[] = [];
    let runs = 0;
    const runtime = kit.start([
      {
        kind,
        timeoutMs: 5000,
        maxAttempts: 2,
        run: async () => {
          runs += 1;
          throw new JobFailure("upstream_down", "the upstream is down");
        },
        onFailed: async (tx, job, error) => {
          const row = await tx
            .selectFrom("jobs")
            .select("status")
            .where("id", "=", job.id)
            .executeTakeFirstOrThrow();
          failures.push({ job, error, statusInTx: row.status });
        },
      },
    ]);
    // The handler's maxAttempts replaces the one given at enqueue.
    const id = await kit.enqueue(kind, {}, 5);
    const row = await kit.waitForStatus(id, "failed");
    await sleep(200);
    expect(runs).toBe(2);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.error).toEqual({ code: "upstream_down", message: "the upstream is down" });
    expect(failures[0]?.statusInTx).toBe("failed");
    expect(failures[0]?.job).toMatchObject({ id, status: "failed", attempts: 2 });
    expect(row).toMatchObject({ attempts: 2, max_attempts: 2, lease_owner: null });
    expect(row.last_error).toEqual({ code: "upstream_down", message: "the upstream is down" });
    expect(runtime.stats().failed).toBe(1);
  });

  it("does not retry an error marked retryable: false", async () => {
    const kind = uniqueKind("not-retryable");
    let runs = 0;
    kit.start([
      {
        kind,
        timeoutMs: 5000,
        run: async () => {
          runs += 1;
          throw new JobFailure("bad_payload", "the payload can never succeed", { retryable: false });
        },
      },
    ]);
    const id = await kit.enqueue(kind);
    const row = await kit.waitForStatus(id, "failed");
    expect(runs).toBe(1);
    expect(row.last_error).toEqual({
      code: "bad_payload",
      message: "the payload can never succeed",
      retryable: false,
    });
  });

  it("fails an attempt that outlives its budget with code timeout, whether or not it heeds the signal", async () => {
    const heeding = uniqueKind("timeout-heeds");
    const ignoring = uniqueKind("timeout-ignores");
    const reasons: unknown[] = [];
    const errors: JobError[] = [];
    const onFailed = async (_tx: unknown, _job: JobRow, error: JobError): Promise<void> => {
      errors.push(error);
    };
    const runtime = kit.start([
      {
        kind: heeding,
        timeoutMs: 150,
        maxAttempts: 1,
        run: (_payload, ctx) =>
          new Promise<void>((_resolve, reject) => {
            ctx.signal.addEventListener("abort", () => {
              reasons.push(ctx.signal.reason);
              reject(ctx.signal.reason);
            });
          }),
        onFailed,
      },
      { kind: ignoring, timeoutMs: 150, maxAttempts: 1, run: () => new Promise<void>(() => {}), onFailed },
    ]);
    const ids = [await kit.enqueue(heeding), await kit.enqueue(ignoring)];
    for (const id of ids) {
      const row = await kit.waitForStatus(id, "failed");
      expect(row.last_error).toMatchObject({ code: "timeout" });
    }
    expect(errors.map((e) => e.code)).toEqual(["timeout", "timeout"]);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatchObject({ name: "TimeoutError" });
    expect(runtime.stats().running).toBe(0);
  });

  it("rejects invalid options", () => {
    const handler: AnyJobHandler = { kind: "x", timeoutMs: 1000, run: async () => {} };
    const db = database.db;
    expect(() => new JobRuntime({ db, handlers: [handler], concurrency: 0 })).toThrow(RangeError);
    expect(() => new JobRuntime({ db, handlers: [handler, handler], concurrency: 1 })).toThrow(TypeError);
    expect(() => new JobRuntime({ db, handlers: [{ ...handler, timeoutMs: 0 }], concurrency: 1 })).toThrow(
      RangeError,
    );
    expect(
      () => new JobRuntime({ db, handlers: [{ ...handler, maxAttempts: 1.5 }], concurrency: 1 }),
    ).toThrow(RangeError);
  });
});
