import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertStored } from "../../src/api/classification/records.js";
import { storedClassificationSchema } from "../../src/api/classification/schemas.js";
import { analyzeCapture } from "../../src/engines/classify/analyze/index.js";
import { fixtureCapture } from "../../src/engines/classify/analyze/testing/fixture-capture.js";
import { createTestApp, sampleClassification, type TestApp } from "../support/app.js";

/*
 * What the public endpoint and the pages say about a domain that presents itself as a brand it does not
 * belong to, and the pages around them: the home page, the /domains lists and the deprecation page.
 */

let t: TestApp;

/** Classifies a world site from its fixture capture and stores it as a crawl would (record and evidence). */
async function storeCrawled(host: string): Promise<void> {
  const { record, evidence } = analyzeCapture(fixtureCapture(host).capture);
  const parsed = storedClassificationSchema.parse({ ...record, domain: host });
  await upsertStored(t.database.db, host, parsed, evidence, new Date());
}

function field(body: string, name: string): string | null {
  const el = DomUtils.findOne((e) => e.attribs["data-field"] === name, parseDocument(body).children);
  return el ? DomUtils.textContent(el).replace(/\s+/g, " ").trim() : null;
}

beforeAll(async () => {
  t = await createTestApp();
  await storeCrawled("paypa1.com");
  await storeCrawled("codewharf.dev");
  expect(
    (await t.admin("PUT", "/admin/v1/classifications/github.com", sampleClassification("github.com")))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("a look-alike domain", () => {
  it("GET /api/v1/classify names the brand it claims in `impersonates`", async () => {
    const res = await t.get("/api/v1/classify?domain=www.paypa1.com");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ domain: "paypa1.com", impersonates: "PayPal" });
    expect(res.json().identity.operator).toBe("Unknown");
  });

  it("the paid read, a POST answered from the cache and a completed job say the same", async () => {
    const org = await t.createOrg(1, "identity");
    const paid = await t.get("/v2/domain-classification/paypa1.com", org.apiKey);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ domain: "paypa1.com", impersonates: "PayPal" });
    const post = await t.post("/v2/domain-classification", { domain: "paypa1.com" }, org.apiKey);
    expect(post.json()).toMatchObject({ impersonates: "PayPal" });
    const own = await t.get("/v2/domain-classification/codewharf.dev", org.apiKey);
    expect(own.json().impersonates).toBeNull();
    const doc = (await t.get("/openapi.json")).json();
    expect(doc.components.schemas.ClassificationResult.required).toContain("impersonates");
  });

  it("its page shows a warning banner instead of the category badge", async () => {
    const res = await t.get("/domains/paypa1.com");
    expect(res.statusCode).toBe(200);
    expect(field(res.body, "impersonates")).toContain(
      "paypa1.com presents itself as PayPal, but the domain does not belong to PayPal.",
    );
    expect(field(res.body, "purpose")).toBeNull();
  });

  it("a domain that is what it says has `impersonates: null` and no banner", async () => {
    for (const domain of ["codewharf.dev", "github.com"]) {
      expect((await t.get(`/api/v1/classify?domain=${domain}`)).json().impersonates).toBeNull();
      const page = await t.get(`/domains/${domain}`);
      expect(field(page.body, "impersonates")).toBeNull();
      expect(field(page.body, "purpose")).not.toBeNull();
    }
  });

  it("documents the field in the OpenAPI document", async () => {
    const doc = (await t.get("/openapi.json")).json();
    const schema = doc.components.schemas.PublicClassification;
    expect(schema.required).toContain("impersonates");
    expect(schema.properties.impersonates.description).toMatch(/presents itself as/);
  });
});

describe("the pages around them", () => {
  it("GET / is a landing page linking the reference, the domain pages and the status", async () => {
    const res = await t.get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const links = DomUtils.findAll((e) => e.name === "a", parseDocument(res.body).children).map(
      (a) => a.attribs.href,
    );
    expect(links).toEqual(expect.arrayContaining(["/docs", "/domains", "/healthz", "/readyz"]));
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("/domains lists the example and recently classified domains, as the public endpoint shows them", async () => {
    const res = await t.get("/domains");
    expect(res.statusCode).toBe(200);
    const doc = parseDocument(res.body);
    const list = (id: string) => {
      const ul = DomUtils.findOne((e) => e.attribs["data-list"] === id, doc.children);
      return ul ? DomUtils.findAll((e) => e.name === "li", [ul]).map((li) => li.attribs["data-domain"]) : [];
    };
    expect(list("examples")).toEqual(["github.com"]);
    expect(list("recent").sort()).toEqual(["codewharf.dev", "paypa1.com"]);
    expect(field(res.body, "impersonates")).toBe("Look-alike of PayPal");
  });

  it("the deprecation page is a styled page naming what to use instead", async () => {
    const res = await t.get("/deprecations/domain-risks-v1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toContain("style-src 'sha256-");
    expect(res.body).toContain("<style>");
    expect(field(res.body, "instead")).toContain("POST /v1/scans");
    expect(field(res.body, "dates")).toContain("served until 30 June 2027");
  });

  it("/docs carries DomainLens' name and logo, not the stock ones", async () => {
    const page = await t.get("/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>DomainLens API reference</title>");
    expect(page.body).not.toContain("favicon-32x32.png");
    const init = await t.get("/docs/static/swagger-initializer.js");
    const logo = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(init.body)?.[1] ?? "";
    expect(Buffer.from(logo, "base64").toString()).toContain("Domain");
  });

  it("no OpenAPI summary or description cites a document users do not have", async () => {
    const text = (await t.get("/openapi.json")).body;
    expect(text).not.toMatch(/SPEC/);
  });
});
