import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp, TINY_PNG } from "../support/app.js";

const CREATE = "/v1/scans";
const PRICE = 50_000;

let t: TestApp;
const fake = fakeScanner();

beforeAll(async () => {
  t = await createTestApp({ scan: fake.scan });
  t.startWorker({ scanJob: { timeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

function newOrg(creditsUsd = 10) {
  return t.createOrg(creditsUsd, "scanner");
}

async function scanStatus(scanId: string): Promise<string | undefined> {
  const row = await t.database.db
    .selectFrom("scans")
    .select("status")
    .where("id", "=", scanId)
    .executeTakeFirst();
  return row?.status;
}

async function waitForEnd(scanId: string): Promise<void> {
  await waitFor(async () => {
    const status = await scanStatus(scanId);
    return status === "completed" || status === "failed";
  }, `scan ${scanId} to end`);
}

async function scansOf(orgId: string) {
  return t.database.db.selectFrom("scans").select("id").where("org_id", "=", orgId).execute();
}

describe("POST /v1/scans", () => {
  it("answers 201 pending; the scan goes processing → completed with its report; charged $0.05 once", async () => {
    const org = await newOrg();
    const release = fake.hold("first-scan.example.com");
    const res = await t.post(CREATE, { url: "https://first-scan.example.com/account?x=1" }, org.apiKey);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      scan_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "pending",
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.headers.location).toBe(`/v1/scans/${created.scan_id}`);
    expect((await t.balances(org.orgId)).balance).toBe(10_000_000 - PRICE);

    await waitFor(() => fake.count("first-scan.example.com") === 1, "the scan to start");
    const processing = await t.get(`/v1/scans/${created.scan_id}`, org.apiKey);
    expect(processing.statusCode).toBe(200);
    expect(processing.json()).toEqual({
      scan_id: created.scan_id,
      url: "https://first-scan.example.com/account?x=1",
      status: "processing",
      created_at: created.created_at,
      completed_at: null,
      report: null,
      error: null,
      tags: [],
      visibility: "private",
      share_url: null,
    });

    release();
    await waitForEnd(created.scan_id);
    const done = await t.get(`/v1/scans/${created.scan_id}`, org.apiKey);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ scan_id: created.scan_id, status: "completed", error: null });
    expect(Date.parse(body.completed_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at));
    expect(body.report).toEqual({
      request_url: "https://first-scan.example.com/account?x=1",
      final_assessment: "Benign",
      threat_type: "Benign",
      confidence_score: 85,
      executive_summary: expect.any(String),
      evidence_findings: [],
      site_context: {
        apparent_purpose: "Sign-in page",
        primary_language: "en",
        detected_brand: null,
        page_title: "Sign in",
      },
    });
    // The record never carries the capture or the DOM.
    expect(done.body).not.toContain("secret-dom-marker");

    // Polling is free: one debit for the scan, nothing else.
    for (let i = 0; i < 5; i++) await t.get(`/v1/scans/${created.scan_id}`, org.apiKey);
    expect(await t.ledger(org.orgId)).toEqual([
      { kind: "debit", operation: "scans.create", amount_micros: -PRICE, resource_id: created.scan_id },
    ]);
    const balances = await t.balances(org.orgId);
    expect(balances.balance).toBe(10_000_000 - PRICE);
    expect(balances.balance).toBe(balances.ledgerSum);
  });

  it("stays pending until a worker takes the scan; a bare domain is scanned as https://domain/", async () => {
    const idle = await createTestApp({ scan: fake.scan });
    try {
      const org = await idle.createOrg(10, "idle");
      const res = await idle.post(CREATE, { url: " Pending-Scan.example.org " }, org.apiKey);
      expect(res.statusCode).toBe(201);
      const id = res.json().scan_id as string;
      await sleep(100);
      expect((await idle.get(`/v1/scans/${id}`, org.apiKey)).json()).toEqual({
        scan_id: id,
        url: "Pending-Scan.example.org",
        status: "pending",
        created_at: res.json().created_at,
        completed_at: null,
        report: null,
        error: null,
        tags: [],
        visibility: "private",
        share_url: null,
      });
      idle.startWorker();
      await waitFor(async () => {
        const r = await idle.get(`/v1/scans/${id}`, org.apiKey);
        return r.json().status === "completed";
      }, "the queued scan to complete");
      const done = (await idle.get(`/v1/scans/${id}`, org.apiKey)).json();
      expect(done.report.request_url).toBe("https://pending-scan.example.org/");
    } finally {
      await idle.close();
    }
  });

  it("completes a site that does not answer as Unknown with a SYS finding: charged, not refunded", async () => {
    const org = await newOrg();
    const res = await t.post(CREATE, { url: "https://down-site.example.net/" }, org.apiKey);
    await waitForEnd(res.json().scan_id);
    const body = (await t.get(`/v1/scans/${res.json().scan_id}`, org.apiKey)).json();
    expect(body).toMatchObject({
      status: "completed",
      error: null,
      report: { final_assessment: "Unknown", confidence_score: 0, site_context: null },
    });
    expect(body.report.evidence_findings[0].finding_id).toMatch(/^SYS-\d{3}$/);
    expect(await t.ledger(org.orgId)).toHaveLength(1);
    expect((await t.balances(org.orgId)).balance).toBe(10_000_000 - PRICE);
    // No screenshots: 404 with a clear message.
    const shot = await t.get(`/v1/scans/${res.json().scan_id}/screenshot`, org.apiKey);
    expect(shot.statusCode).toBe(404);
    expect(shot.json().message).toMatch(/no viewport screenshot/);
  });

  it("replays a retry with the same Idempotency-Key: the same scan, charged once", async () => {
    const org = await newOrg();
    const headers = { "idempotency-key": "scan-idem-1" };
    const first = await t.post(CREATE, { url: "https://idem-scan.example.com/" }, org.apiKey, headers);
    const retry = await t.post(CREATE, { url: "https://idem-scan.example.com/" }, org.apiKey, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await t.ledger(org.orgId)).toHaveLength(1);
    expect(await scansOf(org.orgId)).toHaveLength(1);
    await waitForEnd(first.json().scan_id);
  });

  it.each([
    [{ url: "not a url" }, "invalid_url"],
    [{ url: "ftp://files.example.com/x" }, "invalid_url"],
    [{ url: "javascript:alert(1)" }, "invalid_url"],
    [{ url: "http://127.0.0.1/admin" }, "invalid_url"],
    [{ url: "http://[::1]/" }, "invalid_url"],
    [{ url: "http://169.254.169.254/latest/meta-data/" }, "invalid_url"],
    [{ url: "https://co.uk/" }, "invalid_url"],
    [{ url: "https://example.com/a\tlogin" }, "invalid_url"],
    [{ url: "https://example.com/\u0000login" }, "invalid_request"],
    [{ url: "" }, "invalid_request"],
    [{ url: "x".repeat(2049) }, "invalid_request"],
    [{}, "invalid_request"],
    [{ url: 42 }, "invalid_request"],
    [{ url: "https://example.com/", extra: true }, "invalid_request"],
  ])("rejects %j with 400 %s, charging and creating nothing", async (body, code) => {
    const org = await newOrg();
    const res = await t.post(CREATE, body, org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, error: code });
    expect(await t.ledger(org.orgId)).toEqual([]);
    expect(await scansOf(org.orgId)).toEqual([]);
  });

  it("answers 402 when the balance does not cover a scan, and creates and queues nothing", async () => {
    const org = await newOrg(0.04);
    const res = await t.post(CREATE, { url: "https://too-poor.example.com/" }, org.apiKey);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: "insufficient_balance" });
    expect(await scansOf(org.orgId)).toEqual([]);
    expect(await t.balances(org.orgId)).toEqual({ balance: 40_000, ledgerSum: 40_000 });
    await sleep(100);
    expect(fake.count("too-poor.example.com")).toBe(0);
  });

  it("never overdraws: with credit for 3 scans, 8 concurrent POSTs give 3 × 201 and 5 × 402", async () => {
    const org = await newOrg(0.15);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.post(CREATE, { url: `https://race-${i}.example.com/` }, org.apiKey),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 402, 402, 402, 402, 402]);
    expect(await scansOf(org.orgId)).toHaveLength(3);
    expect(await t.balances(org.orgId)).toEqual({ balance: 0, ledgerSum: 0 });
    for (const r of responses.filter((x) => x.statusCode === 201)) await waitForEnd(r.json().scan_id);
  });

  it("limits POST to 10 a minute and GET to 60 a minute per organization; GETs stay free", async () => {
    const org = await newOrg();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.post(CREATE, { url: `https://limit-${i}.example.com/` }, org.apiKey);
      expect(res.statusCode).toBe(201);
      expect(res.headers["x-ratelimit-limit"]).toBe("10");
      ids.push(res.json().scan_id);
    }
    const over = await t.post(CREATE, { url: "https://limit-over.example.com/" }, org.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: "rate_limit_exceeded", limit: 10 });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    for (const id of ids) await waitForEnd(id);
    const spent = 10_000_000 - (await t.balances(org.orgId)).balance;
    expect(spent).toBe(10 * PRICE);

    // Record, screenshot and capture share the scans.get window.
    const paths = [`/v1/scans/${ids[0]}`, `/v1/scans/${ids[0]}/screenshot`, `/v1/scans/${ids[0]}/capture`];
    for (let i = 0; i < 60; i++) {
      const res = await t.get(paths[i % 3] ?? "", org.apiKey);
      expect(res.statusCode, `GET #${i + 1}`).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("60");
    }
    const limited = await t.get(`/v1/scans/${ids[1]}`, org.apiKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limit_exceeded", limit: 60 });
    expect(10_000_000 - (await t.balances(org.orgId)).balance).toBe(spent);
  });

  it("carries no deprecation headers (scans v1 is current)", async () => {
    const org = await newOrg();
    const res = await t.post(CREATE, { url: "https://headers.example.com/" }, org.apiKey);
    const get = await t.get(`/v1/scans/${res.json().scan_id}`, org.apiKey);
    for (const r of [res, get]) {
      expect(r.headers.deprecation).toBeUndefined();
      expect(r.headers.sunset).toBeUndefined();
      expect(r.headers["x-ratelimit-limit"]).toBeDefined();
    }
    await waitForEnd(res.json().scan_id);
  });
});

describe("GET /v1/scans/{scan_id}", () => {
  it("answers 404 for another organization's scan, an unknown id and a malformed id", async () => {
    const owner = await newOrg();
    const other = await newOrg();
    const scan = (await t.post(CREATE, { url: "https://private-scan.example.com/" }, owner.apiKey)).json();
    await waitForEnd(scan.scan_id);
    for (const suffix of ["", "/screenshot", "/screenshot?full=1", "/capture"]) {
      const theirs = await t.get(`/v1/scans/${scan.scan_id}${suffix}`, other.apiKey);
      expect(theirs.statusCode, suffix).toBe(404);
      expect(theirs.json()).toMatchObject({ error: "not_found", status: 404 });
      expect(theirs.body).not.toContain("private-scan");
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20OR%201%3D1"]) {
      for (const suffix of ["", "/screenshot", "/capture"]) {
        const res = await t.get(`/v1/scans/${id}${suffix}`, owner.apiKey);
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
        expect(res.json().error).toBe("not_found");
      }
    }
    const upper = await t.get(`/v1/scans/${scan.scan_id.toUpperCase()}`, owner.apiKey);
    expect(upper.statusCode).toBe(200);
    expect(upper.json().scan_id).toBe(scan.scan_id);
  });

  it("needs an API key", async () => {
    for (const suffix of ["", "/screenshot", "/capture"]) {
      const res = await t.get(`/v1/scans/00000000-0000-4000-8000-000000000000${suffix}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await t.post(CREATE, { url: "https://example.com/" })).statusCode).toBe(401);
  });
});

describe("screenshots and capture", () => {
  it("are 404 until the scan is completed, then the PNGs and the capture of the caller's scan", async () => {
    const org = await newOrg();
    const release = fake.hold("artifacts.example.com");
    const scan = (await t.post(CREATE, { url: "https://artifacts.example.com/" }, org.apiKey)).json();
    for (const suffix of ["/screenshot", "/capture"]) {
      const early = await t.get(`/v1/scans/${scan.scan_id}${suffix}`, org.apiKey);
      expect(early.statusCode).toBe(404);
      expect(early.json().message).toMatch(/not finished yet/);
    }
    release();
    await waitForEnd(scan.scan_id);

    const viewport = await t.get(`/v1/scans/${scan.scan_id}/screenshot`, org.apiKey);
    expect(viewport.statusCode).toBe(200);
    expect(viewport.headers["content-type"]).toBe("image/png");
    expect(viewport.headers["x-content-type-options"]).toBe("nosniff");
    expect(viewport.rawPayload.equals(TINY_PNG)).toBe(true);
    const full = await t.get(`/v1/scans/${scan.scan_id}/screenshot?full=1`, org.apiKey);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/png");
    expect(full.rawPayload.length).toBe(TINY_PNG.length + 1);
    expect((await t.get(`/v1/scans/${scan.scan_id}/screenshot?full=maybe`, org.apiKey)).statusCode).toBe(400);

    const capture = await t.get(`/v1/scans/${scan.scan_id}/capture`, org.apiKey);
    expect(capture.statusCode).toBe(200);
    expect(capture.headers["content-type"]).toMatch(/^application\/json/);
    const body = capture.json();
    expect(body).toMatchObject({
      scan_id: scan.scan_id,
      request_url: "https://artifacts.example.com/",
      final_url: "https://artifacts.example.com/login",
      status: 200,
      outcome: "ok",
      redirect_chain: [
        { status: 302, kind: "http", location: "https://artifacts.example.com/login" },
        { status: 200, kind: "http" },
      ],
      requests: [
        { resource_type: "document", outcome: "ok", address: "192.0.2.10" },
        { resource_type: "script", outcome: "blocked", reason: "blocked_private_address" },
      ],
      tls: { protocol: "TLSv1.3", issuer: "Test CA" },
      forms: [{ method: "post", inputs: [{ type: "password", name: "pw" }], visible: true }],
      cookies: [{ name: "sid", http_only: true, same_site: "Lax" }],
      console: [{ type: "error" }],
      downloads: [],
      dialogs: [],
      favicon: { url: "https://artifacts.example.com/favicon.ico", content_type: "image/x-icon" },
      screenshots: {
        viewport: `/v1/scans/${scan.scan_id}/screenshot`,
        full_page: `/v1/scans/${scan.scan_id}/screenshot?full=1`,
      },
    });
    expect(body.dom.size).toBeGreaterThan(50);
    expect(body.dom.truncated).toBe(false);
    expect(body).not.toHaveProperty("html");
    expect(capture.body).not.toContain("secret-dom-marker");
    expect(capture.body).not.toContain("AAAA");

    const withHtml = (await t.get(`/v1/scans/${scan.scan_id}/capture?html=1`, org.apiKey)).json();
    expect(withHtml.html).toContain("secret-dom-marker");
    expect(withHtml.html.length).toBe(body.dom.size);

    // Never charged.
    expect(await t.ledger(org.orgId)).toHaveLength(1);
  });
});

describe("the API reference", () => {
  it("documents the scan operations, the record and the error codes", async () => {
    const spec = (await t.get("/openapi.json")).json();
    const post = spec.paths["/v1/scans"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["201", "400", "402", "429"]));
    expect(post.deprecated).toBeUndefined();
    const get = spec.paths["/v1/scans/{scan_id}"].get;
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(["200", "404"]));
    expect(spec.paths["/v1/scans/{scan_id}/screenshot"].get.responses["200"].content).toHaveProperty(
      "image/png",
    );
    expect(spec.paths["/v1/scans/{scan_id}/capture"].get).toBeDefined();
    expect(spec.components.schemas.Scan.properties.status.enum).toEqual([
      "pending",
      "processing",
      "completed",
      "failed",
    ]);
    expect(spec.components.schemas.ScanError.properties.code.enum).toEqual([
      "scan_timeout",
      "scan_interrupted",
      "browser_error",
      "scan_failed",
    ]);
    expect(spec.components.schemas.ScanReport.properties).toHaveProperty("site_context");
  });

  it("lists the scan price on the account", async () => {
    const org = await newOrg();
    const account = (await t.get("/v1/account", org.apiKey)).json();
    expect(account.prices_usd.scan).toBe(0.05);
  });
});
