import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeRisk } from "../../src/engines/risk/analyze.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeClassifier, type TestApp } from "../support/app.js";

/*
 * GET /v1/domain-risks and GET /v2/domain-classification/jobs (docs/scan-search.md): the organization's
 * records newest first, cursor pages, their filters, and nothing of another organization's.
 */

let t: TestApp;
const fake = fakeClassifier();

beforeAll(async () => {
  t = await createTestApp({
    classify: fake.classify,
    // The offline engine: verdicts from the name alone, no network.
    analyzeRisk: (input, options) => analyzeRisk(null, input, { ...options, rankLookup: false }),
  });
  t.startWorker({ crawl: { timeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

async function page(path: string, apiKey: string) {
  const res = await t.get(path, apiKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<Record<string, unknown>>; next_cursor: string | null };
}

describe("GET /v1/domain-risks", () => {
  it("lists the organization's records newest first, by verdict, in cursor pages", async () => {
    const org = await t.createOrg(10, "risks");
    const other = await t.createOrg(10, "risks-other");
    const made: string[] = [];
    for (const url of [
      "https://paypal-account-verify-login.com/",
      "wikipedia.org",
      "paypa1-secure-login.top",
    ]) {
      const res = await t.post("/v1/domain-risks", { url }, org.apiKey);
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().risk_id);
    }
    await t.post("/v1/domain-risks", { url: "example.org" }, other.apiKey);

    const all = await page("/v1/domain-risks", org.apiKey);
    expect(all.data.map((r) => r.risk_id)).toEqual([...made].reverse());
    expect(all.data[1]).toEqual({
      risk_id: made[1],
      url: "wikipedia.org",
      created_at: expect.stringMatching(/Z$/),
      final_assessment: expect.any(String),
      threat_type: expect.any(String),
      confidence_score: expect.any(Number),
    });
    const flagged = all.data.filter((r) => r.final_assessment === "Malicious").map((r) => r.risk_id);
    expect(flagged.length).toBeGreaterThan(0);
    const malicious = await page("/v1/domain-risks?final_assessment=Malicious", org.apiKey);
    expect(malicious.data.map((r) => r.risk_id)).toEqual(flagged);

    const first = await page("/v1/domain-risks?limit=2", org.apiKey);
    expect(first.data.map((r) => r.risk_id)).toEqual([made[2], made[1]]);
    const second = await page(`/v1/domain-risks?limit=2&cursor=${first.next_cursor}`, org.apiKey);
    expect(second.data.map((r) => r.risk_id)).toEqual([made[0]]);
    expect(second.next_cursor).toBeNull();
    expect((await page("/v1/domain-risks", other.apiKey)).data).toHaveLength(1);
    // Listing is free: three analyses charged, nothing for the lists.
    expect((await t.ledger(org.orgId)).map((row) => row.operation)).toEqual(
      Array(3).fill("domain_risks.create"),
    );
  });
});

describe("POST /v1/domain-risks/batch", () => {
  it("answers every item's verdict or its own error in one response, and charges the analysed ones", async () => {
    const org = await t.createOrg(10, "risk-batch");
    const urls = ["paypa1-secure-login.top", "ftp://example.com/x", "wikipedia.org"];
    const res = await t.post("/v1/domain-risks/batch", { urls }, org.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, rejected: 1, charged_usd: 0.005 });
    expect(body.items[0]).toMatchObject({
      index: 0,
      url: "paypa1-secure-login.top",
      risk_id: expect.any(String),
      error: null,
      report: { final_assessment: "Malicious" },
    });
    expect(body.items[1]).toMatchObject({
      index: 1,
      risk_id: null,
      report: null,
      error: { error: "invalid_url" },
    });
    // Each analysed item is a record like one from POST /v1/domain-risks.
    const record = await t.get(`/v1/domain-risks/${body.items[2].risk_id}`, org.apiKey);
    expect(record.json().report).toEqual(body.items[2].report);
    expect((await t.ledger(org.orgId)).map((r) => r.operation)).toEqual([
      "domain_risks.create",
      "domain_risks.create",
    ]);
    // Without the credit for every item nothing is analysed.
    const poor = await t.createOrg(0.004, "risk-batch-poor");
    const refused = await t.post("/v1/domain-risks/batch", { urls: ["a.example", "b.example"] }, poor.apiKey);
    expect(refused.statusCode).toBe(402);
    expect((await page("/v1/domain-risks", poor.apiKey)).data).toEqual([]);
  });
});

describe("GET /v2/domain-classification/jobs", () => {
  it("lists the organization's jobs newest first, by status and root domain, without results", async () => {
    const org = await t.createOrg(10, "jobs");
    const held = fake.hold("held-list.com");
    const done = (await t.post("/v2/domain-classification", { domain: "done-list.com" }, org.apiKey)).json();
    const waiting = (
      await t.post("/v2/domain-classification", { domain: "www.held-list.com" }, org.apiKey)
    ).json();
    await waitFor(async () => {
      const body = (await t.get(done.status_url, org.apiKey)).json();
      return body.status === "complete";
    }, "the first job to complete");

    const all = await page("/v2/domain-classification/jobs", org.apiKey);
    expect(all.data.map((j) => j.job_id)).toEqual([waiting.job_id, done.job_id]);
    expect(all.data[1]).toEqual({
      status: "complete",
      job_id: done.job_id,
      domain: "done-list.com",
      error: null,
      status_url: `/v2/domain-classification/jobs/${done.job_id}`,
      created_at: expect.stringMatching(/Z$/),
      finished_at: expect.stringMatching(/Z$/),
    });
    const complete = await page("/v2/domain-classification/jobs?status=complete", org.apiKey);
    expect(complete.data.map((j) => j.job_id)).toEqual([done.job_id]);
    const unfinished = await page(
      "/v2/domain-classification/jobs?domain=https://held-list.com/x",
      org.apiKey,
    );
    expect(unfinished.data.map((j) => [j.job_id, j.status])).toEqual([
      [waiting.job_id, expect.stringMatching(/^(queued|running)$/)],
    ]);
    const bad = await t.get("/v2/domain-classification/jobs?cursor=%%%", org.apiKey);
    expect(bad.statusCode).toBe(400);
    held();
  });
});
