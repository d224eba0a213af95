import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueKind } from "../../../test/fixtures/jobs/support.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { isUuid } from "../ids.js";
import { periodicJobId, scheduleNextPeriodicJob, schedulePeriodicJob, slotStart } from "./periodic.js";

const HOUR = 3_600_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function jobsOf(kind: string) {
  return database.db
    .selectFrom("jobs")
    .select(["id", "run_at", "status", "max_attempts"])
    .where("kind", "=", kind)
    .orderBy("run_at")
    .execute();
}

describe("periodic jobs", () => {
  it("names each slot's run the same way in every process, as a UUID", () => {
    const start = slotStart(new Date("2026-06-01T10:42:00Z"), HOUR);
    expect(start.toISOString()).toBe("2026-06-01T10:00:00.000Z");
    expect(periodicJobId("k", start)).toBe(periodicJobId("k", new Date(start)));
    expect(periodicJobId("k", start)).not.toBe(periodicJobId("k", new Date(start.getTime() + HOUR)));
    expect(periodicJobId("k", start)).not.toBe(periodicJobId("other", start));
    expect(isUuid(periodicJobId("k", start))).toBe(true);
  });

  it("queues one run per slot however many times it is scheduled, and the next slot at its start", async () => {
    const job = { kind: uniqueKind("periodic"), everyMs: HOUR };
    const at = new Date("2026-06-01T10:42:00Z");
    expect(await schedulePeriodicJob(database.db, job, at)).toBe(true);
    expect(await schedulePeriodicJob(database.db, job, new Date("2026-06-01T10:59:00Z"))).toBe(false);
    expect(await scheduleNextPeriodicJob(database.db, job, at)).toBe(true);
    expect(await scheduleNextPeriodicJob(database.db, job, new Date("2026-06-01T10:01:00Z"))).toBe(false);
    const jobs = await jobsOf(job.kind);
    expect(jobs.map((j) => [j.run_at.toISOString(), j.status, j.max_attempts])).toEqual([
      ["2026-06-01T10:42:00.000Z", "queued", 1],
      ["2026-06-01T11:00:00.000Z", "queued", 1],
    ]);
  });
});
