import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp } from "../support/app.js";

/*
 * POST /v1/scans/batch (docs/scan-search.md#batches): each URL its own scan or its own error, the valid
 * ones charged in one transaction (all or none), idempotent, counted per item against `scans.batch`, and
 * queued fairly: one organization's batch does not hold back another organization's single scan.
 */

const PRICE = 50_000;
let t: TestApp;
const fake = fakeScanner();

beforeAll(async () => {
  t = await createTestApp({ scan: fake.scan });
});
afterAll(async () => {
  await t?.close();
});

function batch(apiKey: string, body: unknown, headers: Record<string, string> = {}) {
  return t.post("/v1/scans/batch", body, apiKey, headers);
}

describe("POST /v1/scans/batch", () => {
  it("makes each valid URL a scan, answers each invalid one with its own error, and charges the valid ones", async () => {
    const org = await t.createOrg(10, "batcher");
    const res = await batch(org.apiKey, {
      urls: [
        "https://batch-one.example.com/",
        "ftp://batch.example.com/file",
        "batch-two.example.org",
        "http://127.0.0.1/",
      ],
      tags: ["Feed:Morning"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, rejected: 2, charged_usd: 0.1 });
    expect(body.items.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3]);
    expect(body.items[0]).toEqual({
      index: 0,
      url: "https://batch-one.example.com/",
      scan_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "pending",
      created_at: expect.stringMatching(/Z$/),
      error: null,
    });
    expect(body.items[1]).toEqual({
      index: 1,
      url: "ftp://batch.example.com/file",
      scan_id: null,
      status: null,
      created_at: null,
      error: { error: "invalid_url", status: 400, message: expect.any(String) },
    });
    expect(body.items[3].error.error).toBe("invalid_url");
    // Each accepted item is a scan like any other: its record, its tags, its charge.
    const record = (await t.get(`/v1/scans/${body.items[2].scan_id}`, org.apiKey)).json();
    expect(record).toMatchObject({ url: "batch-two.example.org", status: "pending", tags: ["feed:morning"] });
    expect((await t.ledger(org.orgId)).map((r) => [r.operation, r.amount_micros, r.resource_id])).toEqual([
      ["scans.create", -PRICE, body.items[0].scan_id],
      ["scans.create", -PRICE, body.items[2].scan_id],
    ]);
  });

  it("creates nothing and charges nothing without the credit for every valid URL (402)", async () => {
    const org = await t.createOrg(0.12, "short");
    const res = await batch(org.apiKey, {
      urls: ["https://short-1.example.com/", "https://short-2.example.com/", "https://short-3.example.com/"],
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe("insufficient_balance");
    expect((await t.balances(org.orgId)).balance).toBe(120_000);
    expect((await t.get("/v1/scans", org.apiKey)).json().data).toEqual([]);
  });

  it("answers a retry with the same Idempotency-Key with the same scans, charged once", async () => {
    const org = await t.createOrg(10, "retrier");
    const payload = { urls: ["https://retry-1.example.com/", "https://retry-2.example.com/"] };
    const first = await batch(org.apiKey, payload, { "idempotency-key": "batch-7" });
    const again = await batch(org.apiKey, payload, { "idempotency-key": "batch-7" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.ledger(org.orgId)).toHaveLength(2);
  });

  it("counts each URL against the scans.batch limit, and refuses a batch larger than the limit", async () => {
    const org = await t.createOrg(10, "limited");
    await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "scans.batch": 5 });
    const urls = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `https://limit-${tag}-${i}.example.com/`);
    const four = await batch(org.apiKey, { urls: urls(4, "a") });
    expect(four.statusCode).toBe(200);
    expect(four.headers["x-ratelimit-remaining"]).toBe("1");
    const two = await batch(org.apiKey, { urls: urls(2, "b") });
    expect(two.statusCode).toBe(429);
    expect(two.json().error).toBe("rate_limit_exceeded");
    const one = await batch(org.apiKey, { urls: urls(1, "c") });
    expect(one.statusCode).toBe(200);
    const six = await batch(org.apiKey, { urls: urls(6, "d") });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toMatch(/at most 5/);
    // Nothing was charged for the refused requests.
    expect(await t.ledger(org.orgId)).toHaveLength(5);
  });

  it("rejects an empty batch and one of more than 100 URLs before counting or charging anything", async () => {
    const org = await t.createOrg(10, "bounds");
    for (const urls of [[], Array.from({ length: 101 }, (_, i) => `https://b${i}.example.com/`)]) {
      const res = await batch(org.apiKey, { urls });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("invalid_request");
    }
    expect(await t.ledger(org.orgId)).toEqual([]);
  });

  it("does not let one organization's batch hold back another organization's single scan", async () => {
    const fair = await createTestApp({ scan: fake.scan });
    try {
      const a = await fair.createOrg(10, "big-batch");
      const b = await fair.createOrg(10, "single");
      const urls = Array.from({ length: 30 }, (_, i) => `https://slow-fair-${i}.example.com/`);
      expect((await fair.post("/v1/scans/batch", { urls }, a.apiKey)).statusCode).toBe(200);
      await sleep(20);
      const single = await fair.post("/v1/scans", { url: "https://solo-fair.example.net/" }, b.apiKey);
      expect(single.statusCode).toBe(201);
      // One worker, one scan at a time: the order it takes them in is the queue's.
      fair.startWorker({ concurrency: 1 });
      await waitFor(() => fake.count("solo-fair.example.net") === 1, "the single scan to start", 30_000);
      const started = fake.calls.filter((h) => h.startsWith("slow-fair-")).length;
      // The single scan waited for at most the first couple of batch items, not for all 30.
      expect(started).toBeLessThanOrEqual(3);
    } finally {
      await fair.close();
    }
  });
});
