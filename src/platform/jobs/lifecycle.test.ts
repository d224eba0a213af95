import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  captureLogger,
  jobRow,
  jobStatus,
  jobTestKit,
  sleep,
  uniqueKind,
  waitFor,
} from "../../../test/fixtures/jobs/support.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { enqueueJob, type JobError, JobFailure, type JobHandler } from "./index.js";

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

describe("job runtime lifecycle", () => {
  it("survives hostile handlers and payloads, and never claims a kind it has no handler for", async () => {
    const kind = uniqueKind("hostile");
    const unknownKind = uniqueKind("unknown");
    const hostile: JobHandler<unknown> = {
      kind,
      timeoutMs: 2000,
      maxAttempts: 1,
      run(payload) {
        const mode =
          typeof payload === "object" && payload !== null && "mode" in payload ? String(payload.mode) : "ok";
        switch (mode) {
          case "sync":
            throw new Error("thrown synchronously");
          case "null":
            return Promise.reject(null);
          case "string":
            return Promise.reject("just a string");
          case "getters":
            return Promise.reject({
              get code(): string {
                throw new Error("getter");
              },
            });
          case "proxy":
            return Promise.reject(
              new Proxy(
                {},
                {
                  get() {
                    throw new Error("trap");
                  },
                },
              ),
            );
          case "huge":
            return Promise.reject({ code: "x".repeat(5000), message: "m".repeat(100_000) });
          case "thenable":
            return {
              // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point of this case
              then() {
                throw new Error("hostile then");
              },
            } as unknown as Promise<void>;
          case "start":
            return Promise.resolve();
          default:
            return Promise.resolve();
        }
      },
      onStart: async (tx, job) => {
        if ((job.payload as { mode?: unknown } | null)?.mode !== "start") return;
        await tx
          .insertInto("classifications")
          .values({
            domain: `${job.id}.example`,
            result: "{}",
            classified_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
        throw new JobFailure("start_refused", "the resource is gone");
      },
    };
    const logger = captureLogger();
    kit.start([hostile], { concurrency: 4, logger });
    const unknownId = await kit.enqueue(unknownKind);
    const failing = ["sync", "null", "string", "getters", "proxy", "huge", "thenable", "start"];
    const failingIds = new Map<string, string>();
    for (const mode of failing) failingIds.set(mode, await kit.enqueue(kind, { mode }));
    const oddIds: string[] = [];
    for (const raw of ["null", '"a string"', "[1, 2, 3]", '{"mode": {"deep": [[[[{}]]]]}}']) {
      const id = randomUUID();
      await sql`INSERT INTO jobs (id, kind, payload) VALUES (${id}, ${kind}, ${raw}::jsonb)`.execute(
        database.db,
      );
      oddIds.push(id);
    }

    for (const [mode, id] of failingIds) {
      const row = await kit.waitForStatus(id, "failed");
      const error = row.last_error as unknown as JobError;
      expect(error.code, mode).toBe(mode === "start" ? "start_refused" : "handler_error");
      expect(error.message.length, mode).toBeLessThanOrEqual(1001);
    }
    const startRows = await database.db
      .selectFrom("classifications")
      .select("domain")
      .where("domain", "=", `${failingIds.get("start")}.example`)
      .execute();
    expect(startRows).toEqual([]);
    for (const id of oddIds) await kit.waitForStatus(id, "complete");

    const afterwards = await kit.enqueue(kind);
    await kit.waitForStatus(afterwards, "complete");
    expect(await jobRow(database.db, unknownId)).toMatchObject({
      status: "queued",
      attempts: 0,
      lease_owner: null,
    });
  });

  it("claims at once on notify() instead of waiting for the next poll", async () => {
    const kind = uniqueKind("notify");
    const runtime = kit.start([{ kind, timeoutMs: 5000, run: async () => {} }], {
      pollIntervalMs: 60_000,
    });
    await sleep(200);
    const id = await kit.enqueue(kind);
    runtime.notify();
    await kit.waitForStatus(id, "complete", 5000);
  });

  it("does not claim a job before its run_at", async () => {
    const kind = uniqueKind("run-at");
    kit.start([{ kind, timeoutMs: 5000, run: async () => {} }]);
    const runAt = new Date(Date.now() + 800);
    const id = await database.db.transaction().execute((tx) => enqueueJob(tx, { kind, payload: {}, runAt }));
    await sleep(300);
    expect(await jobStatus(database.db, id)).toBe("queued");
    await kit.waitForStatus(id, "complete");
  });

  it("enqueues inside the caller's transaction: a rollback leaves no job", async () => {
    const kind = uniqueKind("rollback");
    const id = randomUUID();
    await expect(
      database.db.transaction().execute(async (tx) => {
        await enqueueJob(tx, { kind, payload: {}, id });
        throw new Error("insufficient balance");
      }),
    ).rejects.toThrow("insufficient balance");
    expect(await jobStatus(database.db, id)).toBeUndefined();
  });

  it("on stop, finishes jobs within the grace period and returns the rest to the queue without using an attempt", async () => {
    const long = uniqueKind("stop-long");
    const short = uniqueKind("stop-short");
    const started = new Set<string>();
    let abortReason: unknown;
    const runtime = kit.start(
      [
        {
          kind: long,
          timeoutMs: 60_000,
          // Resolves (as if done) once aborted: the runtime must still not record it as complete.
          run: (_payload, ctx) =>
            new Promise<void>((resolve) => {
              started.add(long);
              ctx.signal.addEventListener("abort", () => {
                abortReason = ctx.signal.reason;
                resolve();
              });
            }),
        },
        {
          kind: short,
          timeoutMs: 60_000,
          run: async () => {
            started.add(short);
            await sleep(150);
          },
        },
      ],
      { concurrency: 2 },
    );
    const longId = await kit.enqueue(long);
    const shortId = await kit.enqueue(short);
    await waitFor(() => started.size === 2, "both jobs to start");

    const stopAt = Date.now();
    await runtime.stop(600);
    const took = Date.now() - stopAt;
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(5000);
    expect(abortReason).toMatchObject({ name: "AbortError" });
    expect(await jobRow(database.db, shortId)).toMatchObject({ status: "complete", attempts: 1 });
    expect(await jobRow(database.db, longId)).toMatchObject({
      status: "queued",
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
    });
    expect(runtime.stats()).toEqual({ running: 0, completed: 1, failed: 0 });

    let attempt = 0;
    kit.start([
      {
        kind: long,
        timeoutMs: 5000,
        run: async (_payload, ctx) => {
          attempt = ctx.attempt;
        },
      },
    ]);
    expect(await kit.waitForStatus(longId, "complete")).toMatchObject({ attempts: 1 });
    expect(attempt).toBe(1);
  });
});
