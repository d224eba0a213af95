import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../src/api/scans/mask.js";
import { ViewLinkSigner } from "../../src/api/scans/view-link.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp, TINY_PNG } from "../support/app.js";

/*
 * The scan result page (docs/pages.md#scan-result-page): signed owner links from GET /v1/scans/{id}/view,
 * the page and files they open, and the HTML view of share links (docs/sharing.md#the-html-view).
 */

const BROWSER_ACCEPT =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const SECRET_URL = "https://phish-view.example.com/login?token=abc123&email=a@b.com";

let t: TestApp;
const fake = fakeScanner();

beforeAll(async () => {
  t = await createTestApp({ scan: fake.scan });
  t.startWorker({ scanJob: { timeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

async function finishedScan(apiKey: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.post("/v1/scans", body, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().scan_id as string;
  await waitFor(async () => {
    const row = await t.database.db
      .selectFrom("scans")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.status === "completed" || row?.status === "failed";
  }, `scan ${id} to end`);
  return id;
}

function browse(path: string): Promise<LightMyRequestResponse> {
  return t.get(path, undefined, { accept: BROWSER_ACCEPT });
}

/** The text of a page without its markup, entities decoded as a reader sees them. */
function visibleText(body: string): string {
  return body
    .replace(/<style>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function expectPage(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
  expect(res.headers["content-security-policy"]).not.toContain("script-src");
}

describe("GET /v1/scans/{scan_id}/view: a signed link to the organization's scan page", () => {
  it("answers a 15-minute link that opens the unmasked page, its screenshots and exports without a key", async () => {
    const org = await t.createOrg(10, "viewer");
    const id = await finishedScan(org.apiKey, { url: SECRET_URL });
    const before = Date.now();
    const res = await t.get(`/v1/scans/${id}/view`, org.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { view_url, expires_at } = res.json<{ view_url: string; expires_at: string }>();
    expect(view_url).toMatch(new RegExp(`^/scans/${id}/view\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const ttl = Date.parse(expires_at) - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1_000);

    const page = await t.get(view_url);
    expectPage(page, 200);
    expect(page.headers["content-security-policy"]).toContain("img-src 'self'");
    const text = visibleText(page.body);
    expect(text).toContain("Malicious");
    expect(text).toContain("Phishing / Credential Theft");
    expect(text).toContain("PayPal");
    expect(text).toContain("Password field on a brand look-alike page");
    // The owner sees the URL as submitted, the exports and the similar scans section.
    expect(text).toContain(SECRET_URL);
    expect(text).toContain("Your organization's view");
    expect(text).toContain("Similar scans");
    for (const label of ["STIX 2.1", "MISP", "HAR", "DOM"]) expect(text).toContain(label);

    const query = view_url.split("?")[1];
    const file = (name: string) => t.get(`/scans/${id}/view/${name}?${query}`);
    const shot = await file("screenshot.png");
    expect(shot.statusCode).toBe(200);
    expect(shot.headers["content-type"]).toBe("image/png");
    expect(shot.rawPayload.equals(TINY_PNG)).toBe(true);
    const full = await file("full-page.png");
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.length).toBe(TINY_PNG.length + 1);
    const stix = await file("stix.json");
    expect(stix.statusCode, stix.body).toBe(200);
    expect(stix.headers["content-type"]).toContain("application/stix+json");
    expect(stix.headers["content-disposition"]).toBe(`attachment; filename="scan-${id}.stix.json"`);
    expect(stix.json().type).toBe("bundle");
    expect((await file("misp.json")).json()).toHaveProperty("Event");
    expect((await file("scan.har")).json().log.version).toBe("1.2");
    const dom = await file("dom.html");
    expect(dom.statusCode).toBe(200);
    expect(dom.headers["content-security-policy"]).toMatch(/^sandbox;/);
    expect(dom.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(dom.body).toContain("secret-dom-marker");
    expect((await file("other.txt")).statusCode).toBe(404);
    // Page and files are limited per client address like the other public pages.
    expect(page.headers["ratelimit-policy"]).toMatch(/^"public"/);
  });

  it("refuses a tampered, truncated or borrowed signature with the same 404, and an expired link with 410", async () => {
    const org = await t.createOrg(10, "tamperer");
    const id = await finishedScan(org.apiKey, { url: "https://phish-tamper.example.com/" });
    const otherId = await finishedScan(org.apiKey, { url: "https://phish-tamper2.example.com/" });
    const { view_url } = (await t.get(`/v1/scans/${id}/view`, org.apiKey)).json<{ view_url: string }>();
    const url = new URL(view_url, "http://x");
    const expires = url.searchParams.get("expires") ?? "";
    const sig = url.searchParams.get("sig") ?? "";
    const flipped = `${sig.slice(0, 10)}${sig[10] === "A" ? "B" : "A"}${sig.slice(11)}`;

    const attempts = [
      `/scans/${id}/view?expires=${expires}&sig=${flipped}`,
      `/scans/${id}/view?expires=${Number(expires) + 3600}&sig=${sig}`,
      `/scans/${id}/view?expires=${expires}&sig=${sig.slice(0, 20)}`,
      `/scans/${id}/view?expires=${expires}`,
      `/scans/${id}/view`,
      `/scans/${otherId}/view?expires=${expires}&sig=${sig}`,
      `/scans/not-a-scan/view?expires=${expires}&sig=${sig}`,
      `/scans/${otherId}/view/screenshot.png?expires=${expires}&sig=${sig}`,
      `/scans/${id}/view/stix.json?expires=${expires}&sig=${flipped}`,
    ];
    const answers = await Promise.all(attempts.map((path) => browse(path)));
    for (const [i, res] of answers.entries()) {
      expectPage(res, 404);
      expect(res.body, attempts[i]).toBe(answers[0]?.body);
      expect(visibleText(res.body)).toContain("This link does not open a scan.");
    }

    // A genuine link past its time: 410, saying how to get a new one.
    const past = new ViewLinkSigner(t.database.db, () => Date.now() - 16 * 60_000);
    const old = await past.sign(id);
    const expired = await browse(`/scans/${id}/view?${old.query}`);
    expectPage(expired, 410);
    expect(visibleText(expired.body)).toContain("GET /v1/scans/{scan_id}/view");
    expect((await t.get(`/scans/${id}/view/screenshot.png?${old.query}`)).statusCode).toBe(410);
    // Links are signed with the installation's secret, kept in the database: another process accepts them.
    const fresh = await new ViewLinkSigner(t.database.db).sign(id);
    expectPage(await t.get(`/scans/${id}/view?${fresh.query}`), 200);
  });

  it("answers another organization 404 as for an unknown id", async () => {
    const org = await t.createOrg(10, "owner-view");
    const other = await t.createOrg(10, "stranger-view");
    const id = await finishedScan(org.apiKey, { url: "https://view-owned.example.com/" });
    const foreign = await t.get(`/v1/scans/${id}/view`, other.apiKey);
    const unknown = await t.get("/v1/scans/00000000-0000-4000-8000-000000000000/view", other.apiKey);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "not_found" });
    expect(foreign.body).toBe(unknown.body);
    expect((await t.get(`/v1/scans/${id}/view`)).statusCode).toBe(401);
  });

  it("shows a scan still running, and then its result", async () => {
    const org = await t.createOrg(10, "early-view");
    const release = fake.hold("slow-view.example.com");
    const res = await t.post("/v1/scans", { url: "https://slow-view.example.com/" }, org.apiKey);
    const id = res.json().scan_id as string;
    const { view_url } = (await t.get(`/v1/scans/${id}/view`, org.apiKey)).json<{ view_url: string }>();
    const early = await t.get(view_url);
    expectPage(early, 200);
    expect(visibleText(early.body)).toContain("Scan in progress");
    release();
    await waitFor(async () => visibleText((await t.get(view_url)).body).includes("Benign"), "the result");
  });
});

describe("GET /s/{token} in a browser: the shared result page", () => {
  it("renders the masked share view as a page for HTML clients and keeps JSON for the others", async () => {
    const org = await t.createOrg(10, "share-page");
    const id = await finishedScan(org.apiKey, { url: SECRET_URL, visibility: "unlisted", tags: ["case:7"] });
    const link = (await t.get(`/v1/scans/${id}`, org.apiKey)).json().share_url as string;

    const page = await browse(link);
    expectPage(page, 200);
    expect(page.headers.vary).toMatch(/Accept/);
    expect(page.headers["x-robots-tag"]).toMatch(/noindex/);
    const text = visibleText(page.body);
    expect(text).toContain("Malicious");
    expect(text).toContain("PayPal");
    expect(text).toContain(`https://phish-view.example.com/login?token=${MASK}&email=${MASK}`);
    expect(text).toContain("Shared view");
    for (const hidden of ["abc123", "a@b.com", "a%40b.com", "case:7", id, "Similar scans", "STIX"]) {
      expect(page.body).not.toContain(hidden);
    }
    expect(page.body).toContain(`src="${link}/screenshot"`);
    expect(page.body).toContain(`href="${link}/screenshot?full=1"`);

    // JSON without an Accept header, with */* and with application/json, as before.
    for (const accept of [undefined, "*/*", "application/json", "application/json, text/html;q=0.5"]) {
      const res = await t.get(link, undefined, accept ? { accept } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        status: "completed",
        screenshot_url: `${link}/screenshot`,
        full_screenshot_url: `${link}/screenshot?full=1`,
      });
    }
    const full = await t.get(`${link}/screenshot?full=1`);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/png");
    expect(full.rawPayload.length).toBe(TINY_PNG.length + 1);
    expect((await t.get(`${link}/screenshot?full=2`)).statusCode).toBe(400);
  });

  it("answers an unknown or revoked link with a 404 page in a browser and a problem document otherwise", async () => {
    const page = await browse(`/s/${"B".repeat(43)}`);
    expectPage(page, 404);
    expect(visibleText(page.body)).toContain("No shared scan has this link");
    const malformed = await browse("/s/nope");
    expect(malformed.body).toBe(page.body);
    const json = await t.get(`/s/${"B".repeat(43)}`);
    expect(json.statusCode).toBe(404);
    expect(json.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });
});
