import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeClassifier, sampleClassification, type TestApp } from "../support/app.js";

const CREATE = "/v2/domain-classification";
const MISS = 10_000;
const HIT = 1_000;

let t: TestApp;
const fake = fakeClassifier();

beforeAll(async () => {
  t = await createTestApp({ classify: fake.classify });
  t.startWorker({ crawl: { timeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

/** A new organization: each test has its own rate-limit windows and balance. */
function newOrg(creditsUsd = 10) {
  return t.createOrg(creditsUsd, "classify");
}

async function waitForJobEnd(jobId: string): Promise<void> {
  await waitFor(async () => {
    const row = await t.database.db
      .selectFrom("classification_jobs")
      .select("status")
      .where("id", "=", jobId)
      .executeTakeFirst();
    return row?.status === "complete" || row?.status === "failed";
  }, `classification job ${jobId} to end`);
}

async function crawlsOf(domain: string): Promise<number> {
  const row = await t.database.db
    .selectFrom("classification_crawls")
    .select(sql<string>`count(*)`.as("n"))
    .where("domain", "=", domain)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /v2/domain-classification", () => {
  it("answers 202 with a job for an unknown domain, which completes with the result; charged $0.01 once", async () => {
    const org = await newOrg();
    const release = fake.hold("first-flow.com");
    const res = await t.post(CREATE, { domain: "https://www.First-Flow.com/about" }, org.apiKey);
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toEqual({
      status: "queued",
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain: "first-flow.com",
      error: null,
      status_url: `/v2/domain-classification/jobs/${job.job_id}`,
      created_at: expect.stringMatching(/Z$/),
      finished_at: null,
    });
    expect(res.headers.location).toBe(job.status_url);
    expect((await t.balances(org.orgId)).balance).toBe(10_000_000 - MISS);

    await waitFor(() => fake.count("first-flow.com") === 1, "the crawl to start");
    const running = await t.get(job.status_url, org.apiKey);
    expect(running.statusCode).toBe(200);
    expect(running.json()).toMatchObject({ status: "running", error: null, finished_at: null });
    expect(running.json()).not.toHaveProperty("result");

    release();
    await waitForJobEnd(job.job_id);
    const done = await t.get(job.status_url, org.apiKey);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ status: "complete", job_id: job.job_id, error: null });
    expect(body.finished_at).toMatch(/Z$/);
    expect(body.result).toMatchObject({
      domain: "first-flow.com",
      state: "developed",
      category: { purpose: "developer_platform" },
    });
    expect(Object.keys(body.result.functions)).toHaveLength(8);
    expect(done.body).not.toContain("secret-evidence-marker");

    // The cache now serves it; polling was free; the ledger has one miss.
    const cached = await t.get("/v2/domain-classification/first-flow.com", org.apiKey);
    expect(cached.statusCode).toBe(200);
    expect(cached.json()).toEqual(body.result);
    expect(await t.ledger(org.orgId)).toEqual([
      { kind: "debit", operation: "classification.create", amount_micros: -MISS, resource_id: job.job_id },
      { kind: "debit", operation: "classification.get", amount_micros: -HIT, resource_id: null },
    ]);
    const balances = await t.balances(org.orgId);
    expect(balances.balance).toBe(10_000_000 - MISS - HIT);
    expect(balances.balance).toBe(balances.ledgerSum);

    // The evidence is kept, internally.
    const stored = await t.database.db
      .selectFrom("classifications")
      .select("evidence")
      .where("domain", "=", "first-flow.com")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.evidence)).toContain("secret-evidence-marker");
  });

  it("answers a fresh cached domain with 200 and the result, charged as a cache hit", async () => {
    const org = await newOrg();
    expect(
      (await t.admin("PUT", "/admin/v1/classifications/cached.org", sampleClassification("cached.org")))
        .statusCode,
    ).toBe(200);
    const res = await t.post(CREATE, { domain: "www.cached.org" }, org.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ domain: "cached.org", state: "developed" });
    expect(res.json()).not.toHaveProperty("job_id");
    expect(await t.ledger(org.orgId)).toEqual([
      { kind: "debit", operation: "classification.create", amount_micros: -HIT, resource_id: null },
    ]);
    expect(fake.count("cached.org")).toBe(0);
  });

  it("gives 10 concurrent callers of one domain one crawl, 10 jobs and 10 charges", async () => {
    const org = await newOrg();
    const release = fake.hold("ten-callers.com");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.post(CREATE, { domain: "ten-callers.com" }, org.apiKey)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(202));
    const ids = responses.map((r) => r.json().job_id as string);
    expect(new Set(ids).size).toBe(10);
    release();
    for (const id of ids) await waitForJobEnd(id);

    expect(fake.count("ten-callers.com")).toBe(1);
    expect(await crawlsOf("ten-callers.com")).toBe(1);
    const results = [];
    for (const id of ids) {
      const res = await t.get(`/v2/domain-classification/jobs/${id}`, org.apiKey);
      expect(res.json().status).toBe("complete");
      results.push(res.json().result);
    }
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    const debits = await t.ledger(org.orgId);
    expect(debits).toHaveLength(10);
    expect(debits.every((d) => d.amount_micros === -MISS)).toBe(true);
    expect(new Set(debits.map((d) => d.resource_id))).toEqual(new Set(ids));
    expect((await t.balances(org.orgId)).balance).toBe(10_000_000 - 10 * MISS);
  });

  it("lets a caller join a crawl that is already running, and another organization too", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const release = fake.hold("joined-late.com");
    const first = (await t.post(CREATE, { domain: "joined-late.com" }, a.apiKey)).json();
    await waitFor(() => fake.count("joined-late.com") === 1, "the crawl to start");
    const second = await t.post(CREATE, { domain: "joined-late.com" }, b.apiKey);
    expect(second.statusCode).toBe(202);
    expect(second.json().status).toBe("running");
    release();
    await waitForJobEnd(first.job_id);
    await waitForJobEnd(second.json().job_id);
    expect((await t.get(second.json().status_url, b.apiKey)).json().status).toBe("complete");
    expect(fake.count("joined-late.com")).toBe(1);
    expect((await t.balances(b.orgId)).balance).toBe(10_000_000 - MISS);
  });

  it("replays a retry with the same Idempotency-Key: the same job, charged once", async () => {
    const org = await newOrg();
    const headers = { "idempotency-key": "classify-idem-1" };
    const first = await t.post(CREATE, { domain: "idem-domain.com" }, org.apiKey, headers);
    const retry = await t.post(CREATE, { domain: "idem-domain.com" }, org.apiKey, headers);
    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().job_id).toBe(first.json().job_id);
    expect((await t.ledger(org.orgId)).filter((l) => l.kind === "debit")).toHaveLength(1);
  });

  it.each([
    [{ domain: "not a domain" }, "invalid_domain"],
    [{ domain: "127.0.0.1" }, "invalid_domain"],
    [{ domain: "co.uk" }, "invalid_domain"],
    [{}, "invalid_request"],
    [{ domain: 42 }, "invalid_request"],
    [{ domain: "example.com", extra: true }, "invalid_request"],
  ])("rejects %j with 400 %s, charging and queueing nothing", async (body, code) => {
    const org = await newOrg();
    const res = await t.post(CREATE, body, org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, error: code });
    expect(await t.ledger(org.orgId)).toEqual([]);
    const jobs = await t.database.db
      .selectFrom("classification_jobs")
      .select("id")
      .where("org_id", "=", org.orgId)
      .execute();
    expect(jobs).toEqual([]);
  });

  it("answers 402 when the balance does not cover a miss, and queues nothing", async () => {
    const org = await newOrg(0.005);
    const res = await t.post(CREATE, { domain: "too-poor.com" }, org.apiKey);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: "insufficient_balance" });
    expect(await crawlsOf("too-poor.com")).toBe(0);
    const jobs = await t.database.db
      .selectFrom("jobs")
      .select("id")
      .where(sql<string>`payload->>'domain'`, "=", "too-poor.com")
      .execute();
    expect(jobs).toEqual([]);
    expect(await t.balances(org.orgId)).toEqual({ balance: 5_000, ledgerSum: 5_000 });
    await sleep(100);
    expect(fake.count("too-poor.com")).toBe(0);
  });

  it("limits POST to 10 a minute per organization (429 after), while polling stays open and free", async () => {
    const org = await newOrg();
    await t.admin(
      "PUT",
      "/admin/v1/classifications/limit-check.net",
      sampleClassification("limit-check.net"),
    );
    const first = await t.post(CREATE, { domain: "limited-crawl.com" }, org.apiKey);
    expect(first.statusCode).toBe(202);
    for (let i = 1; i < 10; i++) {
      const res = await t.post(CREATE, { domain: "limit-check.net" }, org.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("10");
    }
    const over = await t.post(CREATE, { domain: "limit-check.net" }, org.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: "rate_limit_exceeded", limit: 10 });
    const spent = 10_000_000 - (await t.balances(org.orgId)).balance;
    expect(spent).toBe(MISS + 9 * HIT);

    for (let i = 0; i < 12; i++) {
      const poll = await t.get(first.json().status_url, org.apiKey);
      expect(poll.statusCode).toBe(200);
      expect(poll.headers["x-ratelimit-limit"]).toBe("60");
    }
    expect(10_000_000 - (await t.balances(org.orgId)).balance).toBe(spent);
  });
});

describe("GET /v2/domain-classification/jobs/{id}", () => {
  it("answers 404 for another organization's job, an unknown id and a malformed id", async () => {
    const owner = await newOrg();
    const other = await newOrg();
    const job = (await t.post(CREATE, { domain: "private-job.com" }, owner.apiKey)).json();
    const theirs = await t.get(job.status_url, other.apiKey);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: "not_found", status: 404 });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20OR%201%3D1"]) {
      const res = await t.get(`/v2/domain-classification/jobs/${id}`, owner.apiKey);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe("not_found");
    }
    expect((await t.get(job.status_url, owner.apiKey)).statusCode).toBe(200);
  });

  it("needs an API key", async () => {
    const res = await t.get("/v2/domain-classification/jobs/00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(401);
  });
});

describe("failed jobs", () => {
  async function failedJob(domain: string) {
    const org = await newOrg();
    const res = await t.post(CREATE, { domain }, org.apiKey);
    expect(res.statusCode).toBe(202);
    const jobId = res.json().job_id as string;
    await waitForJobEnd(jobId);
    const body = (await t.get(`/v2/domain-classification/jobs/${jobId}`, org.apiKey)).json();
    return { org, jobId, body };
  }

  async function expectRefunded(orgId: string, jobId: string): Promise<void> {
    expect(await t.balances(orgId)).toEqual({ balance: 10_000_000, ledgerSum: 10_000_000 });
    expect(await t.ledger(orgId)).toEqual([
      { kind: "debit", operation: "classification.create", amount_micros: -MISS, resource_id: jobId },
      { kind: "refund", operation: "classification.create", amount_micros: MISS, resource_id: jobId },
    ]);
  }

  it("fails an unresolvable domain at once, not retryable, and refunds it", async () => {
    const { org, jobId, body } = await failedJob("nx-nowhere.com");
    expect(body).toMatchObject({
      status: "failed",
      error: { code: "domain_unresolvable", retryable: false },
    });
    expect(body.error.message).toMatch(/NXDOMAIN.*refunded/);
    expect(body).not.toHaveProperty("result");
    expect(body.finished_at).toMatch(/Z$/);
    expect(fake.count("nx-nowhere.com")).toBe(1);
    await expectRefunded(org.orgId, jobId);
    // Nothing is stored: the cache read still answers 404, free.
    expect((await t.get("/v2/domain-classification/nx-nowhere.com", org.apiKey)).statusCode).toBe(404);
  });

  it("fails a domain refused by the egress policy without retrying", async () => {
    const { org, jobId, body } = await failedJob("blocked-intranet.com");
    expect(body.error).toMatchObject({ code: "blocked_by_policy", retryable: false });
    expect(fake.count("blocked-intranet.com")).toBe(1);
    await expectRefunded(org.orgId, jobId);
  });

  it("retries a retryable failure, then fails and refunds", async () => {
    const { org, jobId, body } = await failedJob("flaky-dns.com");
    expect(body.error).toMatchObject({ code: "crawl_failed", retryable: true });
    expect(fake.count("flaky-dns.com")).toBe(2);
    await expectRefunded(org.orgId, jobId);
  });

  it("fails a classifier that throws as crawl_failed, without exposing its message", async () => {
    const { org, jobId, body } = await failedJob("boom-crash.com");
    expect(body.error).toMatchObject({ code: "crawl_failed", retryable: true });
    expect(JSON.stringify(body)).not.toContain("/srv/domainlens");
    expect(fake.count("boom-crash.com")).toBe(2);
    await expectRefunded(org.orgId, jobId);
  });

  it("fails a crawl that hangs past its time limit as crawl_timeout, and refunds", async () => {
    const { org, jobId, body } = await failedJob("hang-forever.com");
    expect(body.error).toMatchObject({ code: "crawl_timeout", retryable: true });
    expect(fake.count("hang-forever.com")).toBe(2);
    await expectRefunded(org.orgId, jobId);
  });

  it("fails a record that does not validate, storing nothing", async () => {
    const { org, jobId, body } = await failedJob("bad-record.com");
    expect(body.error).toMatchObject({ code: "crawl_failed" });
    await expectRefunded(org.orgId, jobId);
    expect(
      await t.database.db
        .selectFrom("classifications")
        .select("domain")
        .where("domain", "=", "bad-record.com")
        .execute(),
    ).toEqual([]);
  });

  it("refunds every caller waiting for a failed crawl, once each", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const release = fake.hold("nx-shared.com");
    const ja = (await t.post(CREATE, { domain: "nx-shared.com" }, a.apiKey)).json();
    const jb = (await t.post(CREATE, { domain: "nx-shared.com" }, b.apiKey)).json();
    release();
    await waitForJobEnd(ja.job_id);
    await waitForJobEnd(jb.job_id);
    await expectRefunded(a.orgId, ja.job_id);
    await expectRefunded(b.orgId, jb.job_id);
  });

  it("starts a new crawl for a domain whose last crawl failed", async () => {
    const { org } = await failedJob("flaky-again.com");
    const again = await t.post(CREATE, { domain: "flaky-again.com" }, org.apiKey);
    expect(again.statusCode).toBe(202);
    await waitForJobEnd(again.json().job_id);
    expect(await crawlsOf("flaky-again.com")).toBe(2);
  });
});

describe("freshness", () => {
  async function age(domain: string, days: number): Promise<void> {
    await t.database.db
      .updateTable("classifications")
      .set({ updated_at: new Date(Date.now() - days * 86_400_000) })
      .where("domain", "=", domain)
      .execute();
    t.services.classification.invalidate(domain);
  }

  it("re-crawls a record older than 30 days on POST, while GET keeps serving it until then", async () => {
    const org = await newOrg();
    const stale = sampleClassification("stale-site.com");
    stale.identity.headline = "The old headline";
    await t.admin("PUT", "/admin/v1/classifications/stale-site.com", stale);
    await age("stale-site.com", 31);

    const before = await t.get("/v2/domain-classification/stale-site.com", org.apiKey);
    expect(before.statusCode).toBe(200);
    expect(before.json().identity.headline).toBe("The old headline");

    const release = fake.hold("stale-site.com");
    const res = await t.post(CREATE, { domain: "stale-site.com" }, org.apiKey);
    expect(res.statusCode).toBe(202);
    // While the crawl runs, the cache read still serves the stale record.
    const during = await t.get("/v2/domain-classification/stale-site.com", org.apiKey);
    expect(during.json().identity.headline).toBe("The old headline");
    release();
    await waitForJobEnd(res.json().job_id);

    const job = (await t.get(res.json().status_url, org.apiKey)).json();
    expect(job.result.identity.headline).not.toBe("The old headline");
    expect(job.result.classified_at).toBe(before.json().classified_at);
    expect(Date.parse(job.result.updated_at)).toBeGreaterThan(Date.parse(before.json().updated_at));
    const after = await t.get("/v2/domain-classification/stale-site.com", org.apiKey);
    expect(after.json()).toEqual(job.result);

    // Fresh again: a cache hit.
    expect((await t.post(CREATE, { domain: "stale-site.com" }, org.apiKey)).statusCode).toBe(200);
  });

  it("keeps a 29-day-old developed record fresh", async () => {
    const org = await newOrg();
    await t.admin("PUT", "/admin/v1/classifications/month-old.com", sampleClassification("month-old.com"));
    await age("month-old.com", 29);
    expect((await t.post(CREATE, { domain: "month-old.com" }, org.apiKey)).statusCode).toBe(200);
  });

  it("completes a domain that resolves but does not answer as unreachable (charged), and re-checks it after a day", async () => {
    const org = await newOrg();
    const res = await t.post(CREATE, { domain: "down-silent.com" }, org.apiKey);
    await waitForJobEnd(res.json().job_id);
    const job = (await t.get(res.json().status_url, org.apiKey)).json();
    expect(job).toMatchObject({ status: "complete", result: { state: "unreachable" } });
    expect((await t.balances(org.orgId)).balance).toBe(10_000_000 - MISS);

    await age("down-silent.com", 0.5);
    expect((await t.post(CREATE, { domain: "down-silent.com" }, org.apiKey)).statusCode).toBe(200);
    await age("down-silent.com", 1.1);
    const again = await t.post(CREATE, { domain: "down-silent.com" }, org.apiKey);
    expect(again.statusCode).toBe(202);
    await waitForJobEnd(again.json().job_id);
    expect(fake.count("down-silent.com")).toBe(2);
  });
});

describe("the API reference", () => {
  it("documents POST (200 and 202) and the job poll", async () => {
    const spec = (await t.get("/openapi.json")).json();
    const post = spec.paths["/v2/domain-classification"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "202", "400", "402", "429"]));
    const poll = spec.paths["/v2/domain-classification/jobs/{id}"].get;
    expect(Object.keys(poll.responses)).toEqual(expect.arrayContaining(["200", "404"]));
    const job = spec.components.schemas.ClassificationJob;
    expect(job.properties.status.enum).toEqual(["queued", "running", "complete", "failed"]);
    expect(spec.components.schemas.ClassificationJobError.properties.code.enum).toContain(
      "domain_unresolvable",
    );
  });
});
