import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../src/api/scans/mask.js";
import { ARTIFACT_PURGE_JOB_KIND } from "../../src/api/scans/retention.js";
import { JobRuntime } from "../../src/platform/jobs/index.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { ADMIN_TOKEN, createTestApp, fakeScanner, type TestApp, TINY_PNG } from "../support/app.js";

/*
 * Reuse of recent scans (max_age_seconds), share links of unlisted scans with masking, and artifact
 * retention (docs/sharing.md).
 */

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

function patch(path: string, body: unknown, apiKey: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "PATCH",
    url: path,
    headers: { authorization: `Bearer ${apiKey}` },
    payload: body as Record<string, unknown>,
  });
}

function adminPatch(path: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "PATCH",
    url: path,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: body as Record<string, unknown>,
  });
}

async function waitForEnd(scanId: string): Promise<void> {
  await waitFor(async () => {
    const row = await t.database.db
      .selectFrom("scans")
      .select("status")
      .where("id", "=", scanId)
      .executeTakeFirst();
    return row?.status === "completed" || row?.status === "failed";
  }, `scan ${scanId} to end`);
}

/** Creates a scan and waits for it to finish; its id. */
async function finishedScan(apiKey: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.post("/v1/scans", body, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().scan_id as string;
  await waitForEnd(id);
  return id;
}

/** Moves a scan's creation time into the past. */
async function age(scanId: string, seconds: number): Promise<void> {
  await sql`UPDATE scans SET created_at = now() - make_interval(secs => ${seconds}::int) WHERE id = ${scanId}`.execute(
    t.database.db,
  );
}

async function scanCount(orgId: string): Promise<number> {
  const rows = await t.database.db.selectFrom("scans").select("id").where("org_id", "=", orgId).execute();
  return rows.length;
}

describe("reuse: POST /v1/scans with max_age_seconds", () => {
  it("answers the organization's recent completed scan of the same URL with 200, uncharged", async () => {
    const org = await t.createOrg(10, "reuser");
    const id = await finishedScan(org.apiKey, { url: "https://reuse-one.example.com/login" });
    const before = await t.balances(org.orgId);

    // The same URL as the scan normalizes it: case of scheme and host, default port.
    const res = await t.post(
      "/v1/scans",
      { url: "HTTPS://Reuse-One.Example.com:443/login", max_age_seconds: 3600 },
      org.apiKey,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.location).toBe(`/v1/scans/${id}`);
    const body = res.json();
    const record = (await t.get(`/v1/scans/${id}`, org.apiKey)).json();
    expect(body).toEqual({ ...record, reused: true });
    expect(body).toMatchObject({ scan_id: id, status: "completed", report: { final_assessment: "Benign" } });

    expect(await t.balances(org.orgId)).toEqual(before);
    expect(await t.ledger(org.orgId)).toEqual([
      { kind: "debit", operation: "scans.create", amount_micros: -PRICE, resource_id: id },
    ]);
    expect(await scanCount(org.orgId)).toBe(1);
    expect(fake.count("reuse-one.example.com")).toBe(1);
  });

  it("scans again when the only scan is older than the age, another organization's, unfinished or failed", async () => {
    const org = await t.createOrg(10, "fresh-needed");
    const other = await t.createOrg(10, "someone-else");

    // Older than the age asked.
    const old = await finishedScan(org.apiKey, { url: "https://reuse-old.example.com/" });
    await age(old, 7200);
    const again = await t.post(
      "/v1/scans",
      { url: "https://reuse-old.example.com/", max_age_seconds: 3600 },
      org.apiKey,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().scan_id).not.toBe(old);

    // Another organization's scan is never answered.
    await finishedScan(other.apiKey, { url: "https://reuse-foreign.example.com/" });
    const foreign = await t.post(
      "/v1/scans",
      { url: "https://reuse-foreign.example.com/", max_age_seconds: 3600 },
      org.apiKey,
    );
    expect(foreign.statusCode).toBe(201);

    // A scan still running is not a result.
    const release = fake.hold("reuse-running.example.com");
    const running = await t.post("/v1/scans", { url: "https://reuse-running.example.com/" }, org.apiKey);
    const during = await t.post(
      "/v1/scans",
      { url: "https://reuse-running.example.com/", max_age_seconds: 3600 },
      org.apiKey,
    );
    expect(during.statusCode).toBe(201);
    expect(during.json().scan_id).not.toBe(running.json().scan_id);
    release();

    // Nor is a failed one.
    await finishedScan(org.apiKey, { url: "https://broken-reuse.example.com/" });
    const afterFailure = await t.post(
      "/v1/scans",
      { url: "https://broken-reuse.example.com/", max_age_seconds: 3600 },
      org.apiKey,
    );
    expect(afterFailure.statusCode).toBe(201);

    // Each new scan was charged.
    const debits = (await t.ledger(org.orgId)).filter((r) => r.kind === "debit");
    expect(debits).toHaveLength(7);
    for (const res of [again, foreign, running, during, afterFailure]) await waitForEnd(res.json().scan_id);
  });

  it("never reuses without max_age_seconds", async () => {
    const org = await t.createOrg(10, "no-reuse");
    const first = await finishedScan(org.apiKey, { url: "https://reuse-never.example.com/" });
    const second = await t.post("/v1/scans", { url: "https://reuse-never.example.com/" }, org.apiKey);
    expect(second.statusCode).toBe(201);
    expect(second.json().scan_id).not.toBe(first);
    await waitForEnd(second.json().scan_id);
  });

  it.each([0, 2_592_001, 1.5, "60", null])(
    "refuses max_age_seconds %j with 400, charging nothing",
    async (value) => {
      const org = await t.createOrg(10, "bad-age");
      const res = await t.post(
        "/v1/scans",
        { url: "https://reuse-bad.example.com/", max_age_seconds: value },
        org.apiKey,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "invalid_request" });
      expect(await t.ledger(org.orgId)).toEqual([]);
    },
  );

  it("replays a reused answer for the same Idempotency-Key", async () => {
    const org = await t.createOrg(10, "idem-reuse");
    const id = await finishedScan(org.apiKey, { url: "https://reuse-idem.example.com/" });
    const body = { url: "https://reuse-idem.example.com/", max_age_seconds: 600 };
    const headers = { "idempotency-key": "reuse-1" };
    const first = await t.post("/v1/scans", body, org.apiKey, headers);
    const retry = await t.post("/v1/scans", body, org.apiKey, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(first.json().scan_id).toBe(id);
    expect(await t.ledger(org.orgId)).toHaveLength(1);
  });

  it("reuses per item in a batch: a reused item is marked and not charged", async () => {
    const org = await t.createOrg(10, "batch-reuse");
    const id = await finishedScan(org.apiKey, { url: "https://reuse-batch.example.com/" });
    const res = await t.post(
      "/v1/scans/batch",
      {
        urls: ["https://reuse-batch.example.com/", "https://reuse-batch-new.example.com/"],
        max_age_seconds: 600,
      },
      org.apiKey,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, rejected: 0, charged_usd: 0.05 });
    expect(body.items[0]).toEqual({
      index: 0,
      url: "https://reuse-batch.example.com/",
      scan_id: id,
      status: "completed",
      created_at: expect.stringMatching(/Z$/),
      reused: true,
      error: null,
    });
    expect(body.items[1]).toMatchObject({ status: "pending", error: null });
    expect(body.items[1].reused).toBeUndefined();
    expect((await t.ledger(org.orgId)).map((r) => r.resource_id)).toEqual([id, body.items[1].scan_id]);
    await waitForEnd(body.items[1].scan_id);
  });
});

describe("share links", () => {
  const SECRET_URL = "https://share-one.example.com/login?token=abc123&email=a@b.com";

  it("makes an unlisted scan readable without a key at share_url, masked; private revokes the link for good", async () => {
    const org = await t.createOrg(10, "sharer");
    const id = await finishedScan(org.apiKey, { url: SECRET_URL, tags: ["case:42"] });
    const record = (await t.get(`/v1/scans/${id}`, org.apiKey)).json();
    expect(record).toMatchObject({ visibility: "private", share_url: null });

    const unlisted = await patch(`/v1/scans/${id}`, { visibility: "unlisted" }, org.apiKey);
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    const link = unlisted.json().share_url as string;
    expect(link).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    expect(unlisted.json()).toMatchObject({ visibility: "unlisted", tags: ["case:42"] });
    expect((await t.get(`/v1/scans/${id}`, org.apiKey)).json().share_url).toBe(link);
    // Setting unlisted again keeps the same link.
    expect((await patch(`/v1/scans/${id}`, { visibility: "unlisted" }, org.apiKey)).json().share_url).toBe(
      link,
    );

    const shared = await t.get(link);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers["cache-control"]).toBe("no-store");
    expect(shared.headers["x-robots-tag"]).toMatch(/noindex/);
    expect(shared.headers["ratelimit-policy"]).toMatch(/^"public"/);
    const view = shared.json();
    expect(view.url).toBe(`https://share-one.example.com/login?token=${MASK}&email=${MASK}`);
    expect(view).toMatchObject({
      status: "completed",
      report: { final_assessment: "Benign", request_url: view.url },
      error: null,
      artifacts_expired: false,
      screenshot_url: `${link}/screenshot`,
    });
    expect(view.page.redirect_chain[0].url).toBe(view.url);
    expect(view.page.final_url).toBe("https://share-one.example.com/login");
    // Nothing of the secrets, the organization's tags or the scan's id anywhere in the view.
    for (const hidden of ["abc123", "a@b.com", "a%40b.com", "case:42", id])
      expect(shared.body).not.toContain(hidden);

    const shot = await t.get(`${link}/screenshot`);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers["content-type"]).toBe("image/png");
    expect(shot.headers["cache-control"]).toBe("no-store");
    expect(shot.rawPayload.equals(TINY_PNG)).toBe(true);

    // Private: the link is dead, the view and the screenshot alike.
    const made = await patch(`/v1/scans/${id}`, { visibility: "private" }, org.apiKey);
    expect(made.json()).toMatchObject({ visibility: "private", share_url: null });
    const dead = await t.get(link);
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toMatchObject({ error: "not_found" });
    expect(dead.headers["cache-control"]).toBe("no-store");
    expect((await t.get(`${link}/screenshot`)).statusCode).toBe(404);

    // Unlisted again: a new link; the old one stays dead.
    const relisted = (await patch(`/v1/scans/${id}`, { visibility: "unlisted" }, org.apiKey)).json();
    expect(relisted.share_url).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    expect(relisted.share_url).not.toBe(link);
    expect((await t.get(relisted.share_url)).statusCode).toBe(200);
    expect((await t.get(link)).statusCode).toBe(404);
  });

  it("creates a scan unlisted when asked at creation; the link shows it while it runs", async () => {
    const org = await t.createOrg(10, "share-at-once");
    const release = fake.hold("share-early.example.com");
    const res = await t.post(
      "/v1/scans",
      { url: "https://share-early.example.com/", visibility: "unlisted" },
      org.apiKey,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().scan_id as string;
    const record = (await t.get(`/v1/scans/${id}`, org.apiKey)).json();
    expect(record.visibility).toBe("unlisted");
    const early = await t.get(record.share_url);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ report: null, page: null, screenshot_url: null });
    expect(["pending", "processing"]).toContain(early.json().status);
    expect((await t.get(`${record.share_url}/screenshot`)).json().message).toMatch(/not finished/);
    release();
    await waitForEnd(id);
    expect((await t.get(record.share_url)).json().status).toBe("completed");
  });

  it("answers an unknown or malformed token 404, alike", async () => {
    const unknown = await t.get(`/s/${"A".repeat(43)}`);
    const malformed = await t.get("/s/not-a-token");
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toBe(unknown.body);
  });

  it("refuses a PATCH without a change or with an unknown visibility, and another organization's scan", async () => {
    const org = await t.createOrg(10, "patcher");
    const other = await t.createOrg(10, "stranger");
    const id = await finishedScan(org.apiKey, { url: "https://share-patch.example.com/" });
    for (const body of [{}, { visibility: "public" }, { visibility: null }]) {
      const res = await patch(`/v1/scans/${id}`, body, org.apiKey);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const foreign = await patch(`/v1/scans/${id}`, { visibility: "unlisted" }, other.apiKey);
    expect(foreign.statusCode).toBe(404);
    expect((await t.get(`/v1/scans/${id}`, org.apiKey)).json()).toMatchObject({
      visibility: "private",
      share_url: null,
    });
  });
});

describe("artifact retention", () => {
  it("keeps artifacts 30 days for a new organization; the admin API sets another period or none", async () => {
    const org = await t.createOrg(10, "retention-settings");
    expect((await t.get("/v1/account", org.apiKey)).json().artifact_retention_days).toBe(30);
    const set = await adminPatch(`/admin/v1/orgs/${org.orgId}`, { artifact_retention_days: 7 });
    expect(set.statusCode).toBe(200);
    expect(set.json().artifact_retention_days).toBe(7);
    const keep = await adminPatch(`/admin/v1/orgs/${org.orgId}`, { artifact_retention_days: null });
    expect(keep.json().artifact_retention_days).toBeNull();
    expect((await t.get("/v1/account", org.apiKey)).json().artifact_retention_days).toBeNull();
    for (const bad of [0, 3651, 2.5, "30"]) {
      const res = await adminPatch(`/admin/v1/orgs/${org.orgId}`, { artifact_retention_days: bad });
      expect(res.statusCode).toBe(400);
    }
  });

  it("purges screenshots and captures past the retention on the job runtime; records keep their verdicts", async () => {
    const org = await t.createOrg(10, "retained");
    await adminPatch(`/admin/v1/orgs/${org.orgId}`, { artifact_retention_days: 7 });
    const keeper = await t.createOrg(10, "keeps-everything");
    await adminPatch(`/admin/v1/orgs/${keeper.orgId}`, { artifact_retention_days: null });

    const expired = await finishedScan(org.apiKey, {
      url: "https://phish-retention.example.com/",
      visibility: "unlisted",
    });
    const recent = await finishedScan(org.apiKey, { url: "https://retention-recent.example.com/" });
    const kept = await finishedScan(keeper.apiKey, { url: "https://retention-kept.example.com/" });
    await age(expired, 8 * 86_400);
    await age(kept, 400 * 86_400);
    const link = (await t.get(`/v1/scans/${expired}`, org.apiKey)).json().share_url as string;

    // The purge runs as a periodic job: a worker queues this hour's run, which queues the next hour's.
    const runtime = new JobRuntime({
      db: t.database.db,
      handlers: [t.services.retention.jobHandler()],
      concurrency: 1,
      pollIntervalMs: 20,
    });
    runtime.start();
    try {
      await t.services.retention.schedule();
      runtime.notify();
      await waitFor(async () => {
        const row = await t.database.db
          .selectFrom("scans")
          .select("artifacts_purged_at")
          .where("id", "=", expired)
          .executeTakeFirstOrThrow();
        return row.artifacts_purged_at !== null;
      }, "the purge");
      await waitFor(async () => {
        const jobs = await t.database.db
          .selectFrom("jobs")
          .select(["status", "run_at"])
          .where("kind", "=", ARTIFACT_PURGE_JOB_KIND)
          .execute();
        return jobs.some((j) => j.status === "queued" && j.run_at.getTime() > Date.now());
      }, "the next hour's purge to be queued");
    } finally {
      await runtime.stop(0);
    }

    for (const path of [`/v1/scans/${expired}/screenshot`, `/v1/scans/${expired}/capture`]) {
      const gone = await t.get(path, org.apiKey);
      expect(gone.statusCode, path).toBe(410);
      expect(gone.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(gone.json()).toMatchObject({ status: 410, error: "artifact_expired" });
    }
    const record = (await t.get(`/v1/scans/${expired}`, org.apiKey)).json();
    expect(record).toMatchObject({
      status: "completed",
      report: { final_assessment: "Malicious", site_context: { detected_brand: "PayPal" } },
    });
    // Still found by what it found.
    const found = (await t.get("/v1/scans?brand=paypal", org.apiKey))
      .json()
      .data.map((s: { scan_id: string }) => s.scan_id);
    expect(found).toContain(expired);

    const view = (await t.get(link)).json();
    expect(view).toMatchObject({
      status: "completed",
      artifacts_expired: true,
      page: null,
      screenshot_url: null,
    });
    expect(view.report.final_assessment).toBe("Malicious");
    expect((await t.get(`${link}/screenshot`)).statusCode).toBe(410);

    // A recent scan of the organization, and an organization that keeps everything, are untouched.
    expect((await t.get(`/v1/scans/${recent}/screenshot`, org.apiKey)).statusCode).toBe(200);
    expect((await t.get(`/v1/scans/${kept}/screenshot`, keeper.apiKey)).statusCode).toBe(200);
    expect((await t.get(`/v1/scans/${kept}/capture`, keeper.apiKey)).statusCode).toBe(200);

    // A scan whose artifacts expired is not reused.
    const fresh = await t.post(
      "/v1/scans",
      { url: "https://phish-retention.example.com/", max_age_seconds: 2_592_000 },
      org.apiKey,
    );
    expect(fresh.statusCode).toBe(201);
    await waitForEnd(fresh.json().scan_id);
  });
});
