import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fakeScanner, sampleClassification, type TestApp } from "../support/app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ scan: fakeScanner().scan });
  await t.admin("PUT", "/admin/v1/classifications/example.com", sampleClassification("example.com"));
});
afterAll(async () => {
  await t?.close();
});

type Response = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

function expectBlocked(res: Response, operation: string): void {
  expect(res.statusCode).toBe(403);
  expect(String(res.headers["content-type"])).toMatch(/^application\/problem\+json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status: 403, error: "operation_blocked", type: "/errors/operation_blocked" });
  expect(String(body.message)).toContain(operation);
  expect(res.headers["retry-after"]).toBeUndefined();
  expect(res.headers["x-ratelimit-limit"]).toBe("0");
  expect(res.headers["x-ratelimit-remaining"]).toBe("0");
  expect(res.headers["ratelimit-policy"]).toBe(`"${operation}";q=0;w=60`);
}

describe("a rate limit of 0 blocks the operation (docs/rate-limits.md)", () => {
  it("the admin API accepts 0 and reports it", async () => {
    const org = await t.createOrg(1);
    const res = await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "scans.create": 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().limits["scans.create"]).toBe(0);
    const account = await t.get("/v1/account", org.apiKey);
    expect(account.statusCode).toBe(200);
  });

  it("answers 403 operation_blocked on every call, charging and creating nothing", async () => {
    const org = await t.createOrg(1);
    await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, {
      "scans.create": 0,
      "classification.get": 0,
    });
    const before = await t.balances(org.orgId);
    for (let i = 0; i < 3; i++) {
      expectBlocked(await t.post("/v1/scans", { url: "https://example.com/" }, org.apiKey), "scans.create");
      expectBlocked(await t.get("/v2/domain-classification/example.com", org.apiKey), "classification.get");
    }
    // An invalid body makes no difference: the operation is blocked before the body is looked at.
    expectBlocked(await t.post("/v1/scans", { nope: true }, org.apiKey), "scans.create");
    expectBlocked(
      await t.post("/v1/scans", { url: "https://example.com/" }, org.apiKey, { "idempotency-key": "k-1" }),
      "scans.create",
    );
    const after = await t.balances(org.orgId);
    expect(after.balance).toBe(before.balance);
    expect(after.ledgerSum).toBe(before.ledgerSum);
    const scans = await t.database.db
      .selectFrom("scans")
      .select("id")
      .where("org_id", "=", org.orgId)
      .execute();
    expect(scans).toEqual([]);
    // Other operations of the organization, and other organizations, are not affected.
    const account = await t.get("/v1/account", org.apiKey);
    expect(account.statusCode).toBe(200);
    expect(account.json().limits["scans.create"]).toBe(0);
    const other = await t.createOrg(1, "other");
    expect((await t.get("/v2/domain-classification/example.com", other.apiKey)).statusCode).toBe(200);
  });

  it("raising the limit again unblocks the operation", async () => {
    const org = await t.createOrg(1);
    await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "classification.get": 0 });
    expectBlocked(await t.get("/v2/domain-classification/example.com", org.apiKey), "classification.get");
    await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "classification.get": 5 });
    const res = await t.get("/v2/domain-classification/example.com", org.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("5");
    expect(res.headers["x-ratelimit-remaining"]).toBe("4");
  });

  it("the admin API still refuses negative and fractional limits with 400 invalid_request", async () => {
    const org = await t.createOrg(1);
    for (const value of [-1, 1.5]) {
      const res = await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "scans.create": value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "invalid_request" });
    }
  });
});
