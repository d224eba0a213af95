import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sampleClassification, type TestApp } from "../support/app.js";

let t: TestApp;
let org: { orgId: string; apiKey: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await t.createOrg(10);
  const put = await t.admin(
    "PUT",
    "/admin/v1/classifications/github.com",
    sampleClassification("github.com"),
  );
  expect(put.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /v2/domain-classification/{domain}", () => {
  it("answers a cached domain with the §2.2 result and charges $0.001", async () => {
    const before = await t.balances(org.orgId);
    const res = await t.get("/v2/domain-classification/github.com", org.apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "category",
        "classified_at",
        "confidence",
        "domain",
        "enrichment_status",
        "facts",
        "functions",
        "identity",
        "impersonates",
        "scraping_status",
        "stability",
        "state",
        "updated_at",
      ].sort(),
    );
    expect(body.domain).toBe("github.com");
    expect(body.impersonates).toBeNull();
    expect(Object.keys(body.facts).sort()).toEqual([
      "created_at",
      "hosting_provider",
      "rank",
      "redirect_destination",
    ]);
    expect(body.facts.created_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.classified_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const after = await t.balances(org.orgId);
    expect(before.balance - after.balance).toBe(1_000);
    expect(after.balance).toBe(after.ledgerSum);
  });

  it.each(["GitHub.COM", "github.com.", "www.github.com", "gist.github.com", "https://github.com/org/repo"])(
    "normalizes %s to the root domain",
    async (input) => {
      const res = await t.get(`/v2/domain-classification/${encodeURIComponent(input)}`, org.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.json().domain).toBe("github.com");
    },
  );

  it("answers 404 for a domain never classified, without charge", async () => {
    const before = await t.balances(org.orgId);
    const res = await t.get("/v2/domain-classification/never-seen-before.org", org.apiKey);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, error: "not_found" });
    expect((await t.balances(org.orgId)).balance).toBe(before.balance);
  });

  it.each(["not a domain", "127.0.0.1", "localhost", "co.uk", "-x-.com"])(
    "rejects %j with 400 invalid_domain and no charge",
    async (input) => {
      const before = await t.balances(org.orgId);
      const res = await t.get(`/v2/domain-classification/${encodeURIComponent(input)}`, org.apiKey);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "invalid_domain",
        status: 400,
        type: "/errors/invalid_domain",
      });
      expect((await t.balances(org.orgId)).balance).toBe(before.balance);
    },
  );

  it("answers 402 insufficient_balance when the organization cannot pay", async () => {
    const poor = await t.createOrg(0, "poor");
    const res = await t.get("/v2/domain-classification/github.com", poor.apiKey);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: "insufficient_balance", status: 402 });
    expect(await t.balances(poor.orgId)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it("keeps classified_at and moves updated_at when a domain is classified again", async () => {
    const first = (await t.get("/v2/domain-classification/github.com", org.apiKey)).json();
    await new Promise((r) => setTimeout(r, 20));
    const put = await t.admin(
      "PUT",
      "/admin/v1/classifications/github.com",
      sampleClassification("github.com"),
    );
    expect(put.statusCode).toBe(200);
    const second = (await t.get("/v2/domain-classification/github.com", org.apiKey)).json();
    expect(second.classified_at).toBe(first.classified_at);
    expect(Date.parse(second.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
  });
});

describe("capability flags on the paid read", () => {
  it("GET /v2/domain-classification/{domain} shows the same eight flags as the public endpoint", async () => {
    const paid = (await t.get("/v2/domain-classification/github.com", org.apiKey)).json();
    const free = (await t.get("/api/v1/classify?domain=github.com")).json();
    expect(paid.functions).toEqual(free.functions);
    expect(paid.functions).toEqual(sampleClassification("github.com").functions);
    const post = await t.post("/v2/domain-classification", { domain: "github.com" }, org.apiKey);
    expect(post.statusCode).toBe(200);
    expect(post.json().functions).toEqual(free.functions);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await t.get("/openapi.json")).json();
    const result = doc.components.schemas.ClassificationResult;
    expect(result.required).toContain("functions");
    expect(Object.keys(result.properties.functions.properties)).toHaveLength(8);
  });
});

describe("GET /api/v1/classify (public)", () => {
  it("answers without an API key in the §2.3 shape, naming the root domain", async () => {
    const res = await t.get("/api/v1/classify?domain=docs.github.com");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      "category",
      "confidence",
      "domain",
      "facts",
      "functions",
      "identity",
      "impersonates",
    ]);
    expect(body.domain).toBe("github.com");
    expect(body.impersonates).toBeNull();
    expect(Object.keys(body.functions).sort()).toEqual(
      [
        "allows_user_subdomains",
        "is_crypto_platform",
        "is_document_host",
        "is_file_host",
        "is_form_builder",
        "is_public_idp",
        "is_ugc_platform",
        "is_url_shortener",
      ].sort(),
    );
    expect(body.facts).toEqual({
      registered_date: "2008-02-13T18:31:40.000Z",
      rank: expect.any(Number),
      hosting_provider: "Example Hosting Inc.",
    });
    expect(res.headers["x-ratelimit-limit"]).toBe("120");
  });

  it("answers 404 for an unknown domain and 400 for an invalid one", async () => {
    expect((await t.get("/api/v1/classify?domain=unknown-domain-xyz.net")).statusCode).toBe(404);
    const bad = await t.get("/api/v1/classify?domain=%20");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid_domain");
    const missing = await t.get("/api/v1/classify");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("invalid_request");
  });

  it("limits each client address per minute", async () => {
    const limited = await createTestApp({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "3" }, database: t.database });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.get("/api/v1/classify?domain=github.com", undefined, {})).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const other = await limited.app.inject({
        method: "GET",
        url: "/api/v1/classify?domain=github.com",
        remoteAddress: "10.9.8.7",
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
