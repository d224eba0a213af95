import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { createTestApp, type TestApp } from "../support/app.js";

let world: World;
let t: TestApp;
let org: { orgId: string; apiKey: string };

beforeAll(async () => {
  world = await startWorld();
  t = await createTestApp({ env: { ...world.env } });
  org = await t.createOrg(1);
});
afterAll(async () => {
  await t?.close();
  await world?.stop();
});

function post(url: unknown, apiKey = org.apiKey, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/v1/domain-risks",
    headers: { authorization: `Bearer ${apiKey}`, ...headers },
    payload: { url },
  });
}

async function riskCount(orgId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom("domain_risks")
    .select(sql<number>`count(*)`.as("n"))
    .where("org_id", "=", orgId)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe("POST /v1/domain-risks (SPEC §4.4)", () => {
  it("analyzes a typosquat synchronously, charges $0.0025 and stores the report", async () => {
    const before = await t.balances(org.orgId);
    const res = await post("https://paypa1.com/signin?session=1");
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual(["created_at", "risk_id", "status"]);
    expect(created.status).toBe("completed");
    expect(created.created_at).toMatch(/Z$/);
    expect(res.headers.deprecation).toBe("@1780272000");
    expect(res.headers.sunset).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    expect(res.headers.link).toContain('rel="deprecation"');
    expect(res.headers["x-ratelimit-limit"]).toBe("20");
    const after = await t.balances(org.orgId);
    expect(before.balance - after.balance).toBe(2_500);
    expect(after.balance).toBe(after.ledgerSum);

    const record = await t.get(`/v1/domain-risks/${created.risk_id}`, org.apiKey);
    expect(record.statusCode).toBe(200);
    expect(record.headers.deprecation).toBe("@1780272000");
    const body = record.json();
    expect(Object.keys(body).sort()).toEqual(["created_at", "report", "risk_id", "url"]);
    expect(body.url).toBe("https://paypa1.com/signin?session=1");
    expect(body.report).not.toHaveProperty("site_context");
    expect(body.report.final_assessment).toBe("Malicious");
    expect(body.report.threat_type).toBe("Phishing / Credential Theft");
    expect(body.report.confidence_score).toBeGreaterThanOrEqual(60);
    expect(body.report.confidence_score).toBeLessThanOrEqual(95);
    expect(body.report.executive_summary).toContain("PayPal");
    expect(body.report.executive_summary).toMatch(/registered only \d+ days? ago/);
    const codes = body.report.evidence_findings.map((f: { finding_id: string }) => f.finding_id);
    expect(codes.some((c: string) => /^DR-DOM-\d{3}$/.test(c))).toBe(true);
    expect(codes).toContain("DR-NET-010");
    for (const f of body.report.evidence_findings) {
      expect(["Critical", "High", "Medium", "Low", "Informational"]).toContain(f.severity);
      expect(f.source_agent).toMatch(/Agent$/);
      expect(f.details.length).toBeGreaterThan(0);
    }
  });

  it("finds nothing wrong with a brand's own domain", async () => {
    const res = await post("paypal.com");
    const record = (await t.get(`/v1/domain-risks/${res.json().risk_id}`, org.apiKey)).json();
    expect(record.report).toMatchObject({ final_assessment: "Benign", threat_type: "Benign" });
    expect(record.report.confidence_score).toBeGreaterThanOrEqual(80);
  });

  it("answers 0 confidence when DNS halts the analysis", async () => {
    const res = await post("quietbrook-studio.com");
    const record = (await t.get(`/v1/domain-risks/${res.json().risk_id}`, org.apiKey)).json();
    expect(record.report.confidence_score).toBe(0);
    expect(record.report.final_assessment).toBe("Unknown");
  });

  it.each([
    ["not a url at all"],
    ["http://"],
    ["ftp://example.com/x"],
    [""],
    [42],
    ["http://example.com/\u0000"],
  ])("rejects %j with 400 and charges nothing", async (input) => {
    const before = await t.balances(org.orgId);
    const count = await riskCount(org.orgId);
    const res = await post(input);
    expect(res.statusCode).toBe(400);
    expect(["invalid_url", "invalid_request"]).toContain(res.json().error);
    expect((await t.balances(org.orgId)).balance).toBe(before.balance);
    expect(await riskCount(org.orgId)).toBe(count);
  });

  it("answers 402 and creates nothing when the balance cannot pay", async () => {
    const poor = await t.createOrg(0.002, "poor");
    const res = await post("paypal.com", poor.apiKey);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe("insufficient_balance");
    expect(await riskCount(poor.orgId)).toBe(0);
    expect(await t.balances(poor.orgId)).toEqual({ balance: 2_000, ledgerSum: 2_000 });
  });

  it("never charges a retry with the same Idempotency-Key twice", async () => {
    const o = await t.createOrg(1, "retrying");
    const first = await post("harborlinebank.com", o.apiKey, { "idempotency-key": "screen-42" });
    const again = await post("harborlinebank.com", o.apiKey, { "idempotency-key": "screen-42" });
    expect(again.json()).toEqual(first.json());
    expect(await riskCount(o.orgId)).toBe(1);
    expect((await t.balances(o.orgId)).balance).toBe(1_000_000 - 2_500);
  });

  it("answers 404 for another organization's record and for unknown ids", async () => {
    const res = await post("harborlinebank.com");
    const other = await t.createOrg(1, "other");
    expect((await t.get(`/v1/domain-risks/${res.json().risk_id}`, other.apiKey)).statusCode).toBe(404);
    expect(
      (await t.get("/v1/domain-risks/00000000-0000-4000-8000-000000000000", org.apiKey)).statusCode,
    ).toBe(404);
    expect((await t.get("/v1/domain-risks/not-a-uuid", org.apiKey)).statusCode).toBe(404);
  });

  it("serves the deprecation notice the Link header points to", async () => {
    const res = await t.get("/deprecations/domain-risks-v1");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("2027-06-30");
  });
});
