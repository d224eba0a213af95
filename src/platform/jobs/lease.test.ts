import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  captureLogger,
  jobRow,
  jobTestKit,
  Severance,
  sleep,
  uniqueKind,
  waitFor,
} from "../../../test/fixtures/jobs/support.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { repoRoot, tmpRoot } from "../../../test/support/paths.js";
import { type Database, openDatabase } from "../db/database.js";
import type { DB, JobRow } from "../db/schema.js";
import { type AnyJobHandler, enqueueJob, type JobError } from "./index.js";

const LEASE_MS = 900;

let database: TestDatabase;
/** A second connection pool on Postgres, as another worker host would have; the same handle on PGlite. */
let second: Database | undefined;
const kit = jobTestKit(() => database.db);
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.url) {
    second = await openDatabase({ databaseUrl: database.url, dataDir: tmpRoot, migrate: false });
  }
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await kit.stopAll();
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});

/** The handle a second worker host would use: its own pool on Postgres, the one handle on PGlite. */
function otherHost(): Kysely<DB> {
  return second?.db ?? database.db;
}

describe("job leases", () => {
  it("never runs a job twice when two runtimes share the queue", async () => {
    const kind = uniqueKind("shared");
    const inFlight = new Set<string>();
    const runs = new Map<string, number>();
    const completions = new Map<string, number>();
    let overlaps = 0;
    const handler: AnyJobHandler = {
      kind,
      timeoutMs: 10_000,
      run: async (_payload, ctx) => {
        if (inFlight.has(ctx.jobId)) overlaps += 1;
        inFlight.add(ctx.jobId);
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
        await sleep(5 + Math.random() * 25);
        inFlight.delete(ctx.jobId);
      },
      onComplete: async (_tx, job) => {
        completions.set(job.id, (completions.get(job.id) ?? 0) + 1);
      },
    };
    const ids = await database.db.transaction().execute(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 40; i += 1) out.push(await enqueueJob(tx, { kind, payload: { n: i } }));
      return out;
    });
    const options = { concurrency: 4, leaseMs: 5000, pollIntervalMs: 10 };
    const a = kit.start([handler], options);
    const b = kit.start([handler], { ...options, db: otherHost() });

    await waitFor(async () => {
      const row = await database.db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", kind)
        .where("status", "=", "complete")
        .executeTakeFirstOrThrow();
      return Number(row.n) === ids.length;
    }, "all 40 jobs to complete");

    expect(overlaps).toBe(0);
    for (const id of ids) {
      expect(runs.get(id), id).toBe(1);
      expect(completions.get(id), id).toBe(1);
    }
    const attempts = await database.db
      .selectFrom("jobs")
      .select("attempts")
      .where("kind", "=", kind)
      .execute();
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
    expect(a.stats().completed + b.stats().completed).toBe(40);
  });

  it("keeps renewing the lease of a job that runs longer than the lease", async () => {
    const kind = uniqueKind("long");
    let runs = 0;
    const handler: AnyJobHandler = {
      kind,
      timeoutMs: 20_000,
      run: async () => {
        runs += 1;
        await sleep(LEASE_MS * 3);
      },
    };
    kit.start([handler], { leaseMs: LEASE_MS });
    kit.start([handler], { leaseMs: LEASE_MS, db: otherHost() });
    const id = await kit.enqueue(kind);
    const row = await kit.waitForStatus(id, "complete");
    expect(row.attempts).toBe(1);
    expect(runs).toBe(1);
  });

  it("lets another runtime finish a job once the lease of a dead worker expires", async () => {
    const kind = uniqueKind("recover");
    const severance = new Severance();
    const completions: JobRow[] = [];
    const onComplete = async (_tx: Kysely<DB>, job: JobRow): Promise<void> => {
      completions.push(job);
    };
    let deadSignal: AbortSignal | undefined;
    let finishDead: (() => void) | undefined;
    const deadLog = captureLogger();
    const dead = kit.start(
      [
        {
          kind,
          timeoutMs: 60_000,
          run: (_payload, ctx) =>
            new Promise<void>((resolve) => {
              deadSignal = ctx.signal;
              finishDead = resolve;
            }),
          onComplete,
        },
      ],
      { leaseMs: LEASE_MS, logger: deadLog, db: database.db.withPlugin(severance) },
    );
    const id = await kit.enqueue(kind);
    await waitFor(() => finishDead !== undefined, "the first worker to claim the job");
    expect(await jobRow(database.db, id)).toMatchObject({
      status: "running",
      attempts: 1,
      lease_owner: dead.owner,
    });
    severance.cut = true;

    const rescuer = kit.start([{ kind, timeoutMs: 5000, run: async () => {}, onComplete }], {
      leaseMs: LEASE_MS,
      db: otherHost(),
    });
    const row = await kit.waitForStatus(id, "complete");
    expect(row.attempts).toBe(2);
    expect(row.last_error).toMatchObject({ code: "worker_lost" });
    expect(completions).toHaveLength(1);
    expect(completions[0]?.attempts).toBe(2);
    expect(rescuer.stats().completed).toBe(1);
    expect(deadLog.entries.some((e) => e.msg === "renewing job leases failed")).toBe(true);

    // The first worker comes back: its next renewal finds the job gone and aborts the stale attempt,
    // and even a handler that then resolves changes nothing.
    severance.cut = false;
    await waitFor(() => deadSignal?.aborted === true, "the stale attempt to be aborted");
    finishDead?.();
    await sleep(200);
    expect(await jobRow(database.db, id)).toMatchObject({ status: "complete", attempts: 2 });
    expect(completions).toHaveLength(1);
    expect(dead.stats()).toMatchObject({ running: 0, completed: 0 });
  });

  it("fails a dead worker's job with worker_lost when it had no attempt left", async () => {
    const kind = uniqueKind("lost");
    const severance = new Severance();
    let claimed = false;
    const hang: AnyJobHandler = {
      kind,
      timeoutMs: 60_000,
      maxAttempts: 1,
      run: () => {
        claimed = true;
        return new Promise<void>(() => {});
      },
    };
    kit.start([hang], { leaseMs: LEASE_MS, db: database.db.withPlugin(severance) });
    const id = await kit.enqueue(kind);
    await waitFor(() => claimed, "the first worker to claim the job");
    severance.cut = true;

    const failures: JobError[] = [];
    let reran = false;
    const closer = kit.start(
      [
        {
          kind,
          timeoutMs: 5000,
          run: async () => {
            reran = true;
          },
          onFailed: async (_tx, _job, error) => {
            failures.push(error);
          },
        },
      ],
      { leaseMs: LEASE_MS, db: otherHost() },
    );
    const row = await kit.waitForStatus(id, "failed");
    await sleep(200);
    expect(row).toMatchObject({ attempts: 1, lease_owner: null });
    expect(row.last_error).toMatchObject({ code: "worker_lost" });
    expect(failures).toEqual([expect.objectContaining({ code: "worker_lost" })]);
    expect(reran).toBe(false);
    expect(closer.stats().failed).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "recovers a job from a worker process killed with SIGKILL",
    async () => {
      const kind = uniqueKind("sigkill");
      const owner = `killed-worker-${kind}`;
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(repoRoot, "test/fixtures/jobs/worker.ts")],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            JOB_KIND: kind,
            JOB_OWNER: owner,
            JOB_LEASE_MS: "1000",
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      children.push(child);
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on("exit", (_code, signal) => resolve(signal)),
      );
      const claimedLine = new Promise<string>((resolve, reject) => {
        if (!child.stdout) return reject(new Error("no stdout"));
        createInterface({ input: child.stdout }).on("line", (line) => {
          if (line.startsWith("claimed ")) resolve(line);
        });
        child.on("exit", () => reject(new Error(`the worker exited early: ${stderr}`)));
      });

      const id = await kit.enqueue(kind);
      expect(await claimedLine).toBe(`claimed ${id} 1`);
      expect(await jobRow(database.db, id)).toMatchObject({
        status: "running",
        attempts: 1,
        lease_owner: owner,
      });

      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");

      const completions: JobRow[] = [];
      kit.start([
        {
          kind,
          timeoutMs: 5000,
          run: async () => {},
          onComplete: async (_tx, job) => {
            completions.push(job);
          },
        },
      ]);
      const row = await kit.waitForStatus(id, "complete");
      expect(row.attempts).toBe(2);
      expect(row.last_error).toMatchObject({ code: "worker_lost" });
      expect(completions).toHaveLength(1);
    },
    30_000,
  );
});
