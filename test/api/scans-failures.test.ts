import { afterEach, describe, expect, it } from "vitest";
import { Severance, sleep, waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp } from "../support/app.js";

const CREATE = "/v1/scans";
const PRICE = 50_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function scanStatus(app: TestApp, scanId: string): Promise<string | undefined> {
  const row = await app.database.db
    .selectFrom("scans")
    .select("status")
    .where("id", "=", scanId)
    .executeTakeFirst();
  return row?.status;
}

async function waitForEnd(app: TestApp, scanId: string): Promise<void> {
  await waitFor(async () => {
    const status = await scanStatus(app, scanId);
    return status === "completed" || status === "failed";
  }, `scan ${scanId} to end`);
}

/** A scan of `url` by a new organization, run to its end; returns the record. */
async function scanToEnd(app: TestApp, url: string) {
  const org = await app.createOrg(10, "failures");
  const res = await app.post(CREATE, { url }, org.apiKey);
  expect(res.statusCode).toBe(201);
  const scanId = res.json().scan_id as string;
  await waitForEnd(app, scanId);
  const body = (await app.get(`/v1/scans/${scanId}`, org.apiKey)).json();
  return { org, scanId, body };
}

async function expectRefunded(app: TestApp, orgId: string, scanId: string): Promise<void> {
  expect(await app.balances(orgId)).toEqual({ balance: 10_000_000, ledgerSum: 10_000_000 });
  expect(await app.ledger(orgId)).toEqual([
    { kind: "debit", operation: "scans.create", amount_micros: -PRICE, resource_id: scanId },
    { kind: "refund", operation: "scans.create", amount_micros: PRICE, resource_id: scanId },
  ]);
}

describe("failed scans", () => {
  it("retry a browser failure once, then fail as browser_error and refund, without quoting the browser", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    t.startWorker();
    const { org, scanId, body } = await scanToEnd(t, "https://broken-browser.example.com/");
    expect(body).toEqual({
      scan_id: scanId,
      url: "https://broken-browser.example.com/",
      status: "failed",
      created_at: expect.stringMatching(/Z$/),
      completed_at: expect.stringMatching(/Z$/),
      report: null,
      error: { code: "browser_error", message: expect.stringMatching(/refunded/) },
      tags: [],
      visibility: "private",
      share_url: null,
    });
    expect(JSON.stringify(body)).not.toContain("/usr/lib/chromium");
    expect(fake.count("broken-browser.example.com")).toBe(2);
    await expectRefunded(t, org.orgId, scanId);
    // Nothing to show.
    for (const suffix of ["/screenshot", "/capture"]) {
      const res = await t.get(`/v1/scans/${scanId}${suffix}`, org.apiKey);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/failed/);
    }
  });

  it("fail a scanner that throws as scan_failed, without exposing its message", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    t.startWorker();
    const { org, scanId, body } = await scanToEnd(t, "https://boom-scan.example.com/");
    expect(body.error).toEqual({ code: "scan_failed", message: expect.stringMatching(/refunded/) });
    expect(JSON.stringify(body)).not.toContain("/srv/domainlens");
    expect(fake.count("boom-scan.example.com")).toBe(2);
    await expectRefunded(t, org.orgId, scanId);
  });

  it("fail a report that does not validate as scan_failed at once, storing nothing", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    t.startWorker();
    const { org, scanId, body } = await scanToEnd(t, "https://bad-report.example.com/");
    expect(body).toMatchObject({ status: "failed", report: null, error: { code: "scan_failed" } });
    expect(fake.count("bad-report.example.com")).toBe(1);
    await expectRefunded(t, org.orgId, scanId);
    const row = await t.database.db
      .selectFrom("scans")
      .select(["report", "capture"])
      .where("id", "=", scanId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ report: null, capture: null });
  });

  it("fail a scan whose attempts hang past their time limit as scan_timeout, and refund it", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    t.startWorker({ scanJob: { timeoutMs: 300 } });
    const { org, scanId, body } = await scanToEnd(t, "https://hang-forever.example.com/");
    expect(body).toMatchObject({ status: "failed", report: null });
    expect(body.error).toEqual({
      code: "scan_timeout",
      message: "The scan did not finish within its time limit. The $0.05 charge has been refunded.",
    });
    expect(fake.count("hang-forever.example.com")).toBe(2);
    await expectRefunded(t, org.orgId, scanId);
  });

  it("fail a scan still running at its deadline as scan_timeout at once (no retry), and refund it", async () => {
    const fake = fakeScanner();
    // Long enough that a busy machine still starts the scan before its deadline (at 400 ms a CI run once
    // took the job only after it, so the scan never ran); the scan then hangs past it.
    t = await createTestApp({ scan: fake.scan, scanDeadlineMs: 2_000 });
    t.startWorker({ scanJob: { timeoutMs: 60_000 } });
    const { org, scanId, body } = await scanToEnd(t, "https://hang-deadline.example.com/");
    expect(body.error).toMatchObject({ code: "scan_timeout" });
    expect(fake.count("hang-deadline.example.com")).toBe(1);
    await expectRefunded(t, org.orgId, scanId);
  });

  it("fail a scan first taken after its deadline without running it, and refund it", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan, scanDeadlineMs: 200 });
    const org = await t.createOrg(10, "late");
    const res = await t.post(CREATE, { url: "https://late-start.example.com/" }, org.apiKey);
    const scanId = res.json().scan_id as string;
    await sleep(300);
    t.startWorker();
    await waitForEnd(t, scanId);
    const body = (await t.get(`/v1/scans/${scanId}`, org.apiKey)).json();
    expect(body).toMatchObject({ status: "failed", error: { code: "scan_timeout" } });
    expect(fake.count("late-start.example.com")).toBe(0);
    await expectRefunded(t, org.orgId, scanId);
  });

  it("fail at once as browser_error, refunded, when the server's Chromium is missing (the real scanner)", async () => {
    t = await createTestApp({
      env: {
        CHROMIUM_PATH: "/nonexistent/chromium",
        // Nothing answers DNS here: the scanner's network checks fail fast, nothing leaves the machine.
        DNS_SERVERS: "127.0.0.1:9",
        DNS_TIMEOUT_MS: "200",
        DNS_TRIES: "1",
      },
    });
    t.startWorker({ leaseMs: 30_000 });
    const { org, scanId, body } = await scanToEnd(t, "https://no-browser.example.com/");
    expect(body.error).toEqual({ code: "browser_error", message: expect.stringMatching(/refunded/) });
    expect(JSON.stringify(body)).not.toContain("/nonexistent");
    const job = await t.database.db
      .selectFrom("jobs")
      .select("attempts")
      .where("id", "=", scanId)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    await expectRefunded(t, org.orgId, scanId);
  });
});

describe("lost workers", () => {
  it("a scan whose worker died is taken over by another worker and completes, charged once", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    const app = t;
    const org = await app.createOrg(10, "recovered");
    const severance = new Severance();
    const release = fake.hold("crash-recover.example.com");
    const dead = app.startWorker({ db: app.database.db.withPlugin(severance), leaseMs: 400 });

    const res = await app.post(CREATE, { url: "https://crash-recover.example.com/" }, org.apiKey);
    const scanId = res.json().scan_id as string;
    await waitFor(() => fake.count("crash-recover.example.com") === 1, "the first worker to start the scan");
    expect((await app.get(`/v1/scans/${scanId}`, org.apiKey)).json().status).toBe("processing");
    // The first worker's host goes away (it stops renewing its lease) while its scan is held.
    severance.cut = true;

    app.startWorker({ leaseMs: 400 });
    await waitFor(
      () => fake.count("crash-recover.example.com") === 2,
      "another worker to take the scan over",
    );
    release();
    await waitForEnd(app, scanId);
    const done = (await app.get(`/v1/scans/${scanId}`, org.apiKey)).json();
    expect(done).toMatchObject({ status: "completed", error: null, report: { final_assessment: "Benign" } });
    const job = await app.database.db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("id", "=", scanId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "complete", attempts: 2 });

    // The first worker comes back: its late outcome changes nothing; the scan was charged once.
    severance.cut = false;
    await sleep(600);
    expect(dead.stats().completed).toBe(0);
    expect((await app.get(`/v1/scans/${scanId}`, org.apiKey)).json()).toEqual(done);
    expect(await app.ledger(org.orgId)).toEqual([
      { kind: "debit", operation: "scans.create", amount_micros: -PRICE, resource_id: scanId },
    ]);
    expect((await app.get(`/v1/scans/${scanId}/screenshot`, org.apiKey)).statusCode).toBe(200);
  });

  it("a scan whose last attempt's worker died fails as scan_interrupted and is refunded exactly once", async () => {
    const fake = fakeScanner();
    t = await createTestApp({ scan: fake.scan });
    const app = t;
    const org = await app.createOrg(10, "lost");
    const severance = new Severance();
    const release = fake.hold("crash-lost.example.com");
    const dead = app.startWorker({
      db: app.database.db.withPlugin(severance),
      leaseMs: 400,
      scanJob: { maxAttempts: 1 },
    });
    const res = await app.post(CREATE, { url: "https://crash-lost.example.com/" }, org.apiKey);
    const scanId = res.json().scan_id as string;
    await waitFor(() => fake.count("crash-lost.example.com") === 1, "the first worker to start the scan");
    severance.cut = true;

    app.startWorker({ leaseMs: 400, scanJob: { maxAttempts: 1 } });
    await waitFor(async () => (await scanStatus(app, scanId)) === "failed", "the lost scan to fail");
    const failed = (await app.get(`/v1/scans/${scanId}`, org.apiKey)).json();
    expect(failed).toMatchObject({
      status: "failed",
      report: null,
      error: { code: "scan_interrupted", message: expect.stringMatching(/refunded/) },
    });
    expect(failed.completed_at).toMatch(/Z$/);
    await expectRefunded(app, org.orgId, scanId);

    // The first worker comes back and its scan finishes: nothing changes, no second refund.
    severance.cut = false;
    release();
    await sleep(800);
    expect(dead.stats().completed).toBe(0);
    expect((await app.get(`/v1/scans/${scanId}`, org.apiKey)).json()).toEqual(failed);
    await expectRefunded(app, org.orgId, scanId);
    expect(fake.count("crash-lost.example.com")).toBe(1);
  });
});
