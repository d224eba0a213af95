import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateLimiter } from "../../src/platform/ratelimit/index.js";
import { createTestApp, sampleClassification, type TestApp } from "../support/app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.admin("PUT", "/admin/v1/classifications/example.com", sampleClassification("example.com"));
});
afterAll(async () => {
  await t?.close();
});

describe("rate limits (SPEC §7.1, §8)", () => {
  it("lets 60 cache reads through in a minute and answers the 61st with the §7.1 429", async () => {
    const org = await t.createOrg(10);
    const remaining: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.get("/v2/domain-classification/example.com", org.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("60");
      remaining.push(Number(res.headers["x-ratelimit-remaining"]));
    }
    expect(remaining[0]).toBe(59);
    expect(remaining[59]).toBe(0);
    const before = await t.balances(org.orgId);
    const res = await t.get("/v2/domain-classification/example.com", org.apiKey);
    expect(res.statusCode).toBe(429);
    expect(res.headers["x-ratelimit-limit"]).toBe("60");
    expect(res.headers["x-ratelimit-remaining"]).toBe("0");
    const reset = Number(res.headers["x-ratelimit-reset"]);
    const now = Date.now() / 1000;
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 60);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["error", "limit", "message", "retry_after"]);
    expect(body).toMatchObject({ error: "rate_limit_exceeded", limit: 60, retry_after: retryAfter });
    expect(body.message).toContain(`${retryAfter} seconds`);
    expect(res.headers.ratelimit).toBe(`"classification.get";r=0;t=${retryAfter}`);
    expect(res.headers["ratelimit-policy"]).toBe('"classification.get";q=60;w=60');
    // A rejected request is not charged.
    expect((await t.balances(org.orgId)).balance).toBe(before.balance);
    // 60 hits were charged $0.001 each.
    expect(before.balance).toBe(10_000_000 - 60 * 1_000);
  });

  it("limits each organization and each operation separately", async () => {
    const a = await t.createOrg(1, "a");
    const b = await t.createOrg(1, "b");
    await t.admin("PUT", `/admin/v1/orgs/${a.orgId}/limits`, { "classification.get": 2 });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await t.get("/v2/domain-classification/example.com", a.apiKey)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect((await t.get("/v2/domain-classification/example.com", b.apiKey)).statusCode).toBe(200);
    const account = await t.get("/v1/account", a.apiKey);
    expect(account.statusCode).toBe(200);
    expect(account.headers["x-ratelimit-limit"]).toBe("60");
  });

  it("puts the headers on error responses of authenticated calls too", async () => {
    const org = await t.createOrg(1);
    const res = await t.get("/v2/domain-classification/-invalid-.com", org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-ratelimit-remaining"]).toBe("59");
    const notFound = await t.get("/v2/domain-classification/not-there.com", org.apiKey);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers["x-ratelimit-remaining"]).toBe("58");
  });

  it("answers 503 with Retry-After when the Redis limiter is unreachable", async () => {
    const down = await createTestApp({
      database: t.database,
      limiter: createRedisRateLimiter("redis://127.0.0.1:1", { commandTimeoutMs: 300 }),
    });
    try {
      const org = await down.createOrg(1);
      const res = await down.get("/v2/domain-classification/example.com", org.apiKey);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: "rate_limiter_unavailable", status: 503 });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect((await down.balances(org.orgId)).balance).toBe(1_000_000);
      const ready = await down.get("/readyz");
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe("fail");
    } finally {
      await down.close();
    }
  });
});
