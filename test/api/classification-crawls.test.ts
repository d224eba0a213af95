import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { Severance, sleep, waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeClassifier, type TestApp } from "../support/app.js";

const CREATE = "/v2/domain-classification";
const MISS = 10_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function jobStatus(app: TestApp, jobId: string): Promise<string | undefined> {
  const row = await app.database.db
    .selectFrom("classification_jobs")
    .select("status")
    .where("id", "=", jobId)
    .executeTakeFirst();
  return row?.status;
}

async function classified(app: TestApp, domain: string): Promise<boolean> {
  const row = await app.database.db
    .selectFrom("classifications")
    .select("domain")
    .where("domain", "=", domain)
    .executeTakeFirst();
  return row !== undefined;
}

async function totalLedger(app: TestApp): Promise<number> {
  const row = await app.database.db
    .selectFrom("ledger")
    .select(sql<string>`count(*)`.as("n"))
    .where("kind", "<>", "topup")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("public endpoint misses", () => {
  it("queue a crawl on the house within the hourly budget, and not beyond", async () => {
    const fake = fakeClassifier();
    t = await createTestApp({ classify: fake.classify, env: { PUBLIC_CRAWL_BUDGET_PER_HOUR: "2" } });
    const app = t;
    app.startWorker();

    const first = await app.get("/api/v1/classify?domain=docs.public-one.com");
    expect(first.statusCode).toBe(404);
    expect(first.json()).toMatchObject({ error: "not_found", crawl_queued: true });
    expect(first.json().message).toMatch(/under way/);
    await waitFor(() => classified(app, "public-one.com"), "the public crawl");
    const found = (await app.get("/api/v1/classify?domain=www.public-one.com")).json();
    expect(found).toMatchObject({ domain: "public-one.com", functions: { is_ugc_platform: true } });
    expect(found).not.toHaveProperty("state");

    // The same unknown domain asked again while its crawl waits: one crawl.
    const hold = fake.hold("public-two.com");
    expect((await app.get("/api/v1/classify?domain=public-two.com")).json().crawl_queued).toBe(true);
    expect((await app.get("/api/v1/classify?domain=public-two.com")).json().crawl_queued).toBe(true);
    // The budget (2 an hour) is spent.
    const over = await app.get("/api/v1/classify?domain=public-three.com");
    expect(over.statusCode).toBe(404);
    expect(over.json()).toMatchObject({ error: "not_found", crawl_queued: false });
    expect(over.json().message).not.toMatch(/under way/);
    hold();
    await waitFor(() => classified(app, "public-two.com"), "the second crawl");
    await sleep(100);
    expect(fake.calls).toEqual(["public-one.com", "public-two.com"]);
    // Never charged to anyone.
    expect(await totalLedger(app)).toBe(0);
  });

  it("are joined by API callers asking for the same domain", async () => {
    const fake = fakeClassifier();
    t = await createTestApp({ classify: fake.classify });
    const app = t;
    app.startWorker();
    const org = await app.createOrg(10, "joiner");
    const hold = fake.hold("public-joined.com");
    expect((await app.get("/api/v1/classify?domain=public-joined.com")).json().crawl_queued).toBe(true);
    const res = await app.post(CREATE, { domain: "public-joined.com" }, org.apiKey);
    expect(res.statusCode).toBe(202);
    hold();
    await waitFor(async () => (await jobStatus(app, res.json().job_id)) === "complete", "the shared crawl");
    expect(fake.count("public-joined.com")).toBe(1);
    expect((await app.balances(org.orgId)).balance).toBe(10_000_000 - MISS);
  });

  it("queue nothing when the budget is 0, and reject invalid domains with 400", async () => {
    const fake = fakeClassifier();
    t = await createTestApp({ classify: fake.classify, env: { PUBLIC_CRAWL_BUDGET_PER_HOUR: "0" } });
    t.startWorker();
    const res = await t.get("/api/v1/classify?domain=public-off.com");
    expect(res.statusCode).toBe(404);
    expect(res.json().crawl_queued).toBe(false);
    expect((await t.get("/api/v1/classify?domain=localhost")).statusCode).toBe(400);
    await sleep(100);
    expect(fake.calls).toEqual([]);
  });
});

describe("lost workers", () => {
  it("fail and refund the jobs of a crawl whose worker stopped, and ignore its late result", async () => {
    const fake = fakeClassifier();
    t = await createTestApp({ classify: fake.classify });
    const app = t;
    const org = await app.createOrg(10, "lost");
    const severance = new Severance();
    const release = fake.hold("lost-worker.com");
    const dead = app.startWorker({
      db: app.database.db.withPlugin(severance),
      leaseMs: 400,
      crawl: { maxAttempts: 1 },
    });

    const res = await app.post(CREATE, { domain: "lost-worker.com" }, org.apiKey);
    expect(res.statusCode).toBe(202);
    const jobId = res.json().job_id as string;
    await waitFor(() => fake.count("lost-worker.com") === 1, "the first worker to start the crawl");
    severance.cut = true;

    app.startWorker({ leaseMs: 400, crawl: { maxAttempts: 1 } });
    await waitFor(async () => (await jobStatus(app, jobId)) === "failed", "the lost crawl to fail");
    const failed = (await app.get(res.json().status_url, org.apiKey)).json();
    expect(failed).toMatchObject({ status: "failed", error: { code: "crawl_interrupted", retryable: true } });
    expect(await app.balances(org.orgId)).toEqual({ balance: 10_000_000, ledgerSum: 10_000_000 });

    // The first worker comes back and its crawl finishes: nothing changes.
    severance.cut = false;
    release();
    await sleep(800);
    expect(dead.stats().completed).toBe(0);
    expect((await app.get(res.json().status_url, org.apiKey)).json()).toEqual(failed);
    expect((await app.get("/v2/domain-classification/lost-worker.com", org.apiKey)).statusCode).toBe(404);
    expect(await app.balances(org.orgId)).toEqual({ balance: 10_000_000, ledgerSum: 10_000_000 });
    const refunds = await app.database.db
      .selectFrom("ledger")
      .select("amount_micros")
      .where("kind", "=", "refund")
      .where("resource_id", "=", jobId)
      .execute();
    expect(refunds).toEqual([{ amount_micros: MISS }]);

    // A new request starts a new crawl.
    const again = await app.post(CREATE, { domain: "lost-worker.com" }, org.apiKey);
    expect(again.statusCode).toBe(202);
    await waitFor(async () => (await jobStatus(app, again.json().job_id)) === "complete", "the new crawl");
  });

  it("let another worker finish a crawl whose first worker stopped, when attempts remain", async () => {
    const fake = fakeClassifier();
    t = await createTestApp({ classify: fake.classify });
    const app = t;
    const org = await app.createOrg(10, "rescued");
    const severance = new Severance();
    const release = fake.hold("rescued-crawl.com");
    app.startWorker({ db: app.database.db.withPlugin(severance), leaseMs: 400 });
    const res = await app.post(CREATE, { domain: "rescued-crawl.com" }, org.apiKey);
    await waitFor(() => fake.count("rescued-crawl.com") === 1, "the first attempt");
    severance.cut = true;
    release();
    app.startWorker({ leaseMs: 400 });
    await waitFor(async () => (await jobStatus(app, res.json().job_id)) === "complete", "the second attempt");
    expect(fake.count("rescued-crawl.com")).toBe(2);
    expect((await app.get(res.json().status_url, org.apiKey)).json()).toMatchObject({
      status: "complete",
      result: { domain: "rescued-crawl.com" },
    });
    expect((await app.balances(org.orgId)).balance).toBe(10_000_000 - MISS);
    severance.cut = false;
  });
});
