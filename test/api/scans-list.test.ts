import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAsnLookup } from "../../src/engines/net/asn.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp } from "../support/app.js";

/*
 * GET /v1/scans (docs/scan-search.md): an organization's scans newest first, with cursor pages that do not
 * shift when scans are added, filters on what the scan found, and nothing of another organization's.
 */

let t: TestApp;
const fake = fakeScanner();

beforeAll(async () => {
  // Loaded before the first scan, as `serve` does at start-up (it takes seconds on a busy machine).
  await defaultAsnLookup().load();
  t = await createTestApp({ scan: fake.scan });
  t.startWorker({ scanJob: { timeoutMs: 30_000 } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Summary {
  scan_id: string;
  url: string;
  status: string;
  final_assessment: string | null;
  detected_brand: string | null;
  final_url: string | null;
  tags: string[];
}

async function submit(apiKey: string, url: string, tags?: string[]): Promise<string> {
  const res = await t.post("/v1/scans", tags ? { url, tags } : { url }, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().scan_id as string;
}

async function finished(apiKey: string, ids: string[]): Promise<void> {
  await waitFor(
    async () => {
      for (const id of ids) {
        const status = (await t.get(`/v1/scans/${id}`, apiKey)).json().status;
        if (status !== "completed" && status !== "failed") return false;
      }
      return true;
    },
    "the scans to finish",
    60_000,
  );
}

async function list(apiKey: string, query = ""): Promise<{ data: Summary[]; next_cursor: string | null }> {
  const res = await t.get(`/v1/scans${query}`, apiKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: { data: Summary[] }) => page.data.map((s) => s.scan_id);

describe("GET /v1/scans", () => {
  it("lists the organization's scans newest first, with what each found; another organization sees none", async () => {
    const org = await t.createOrg(10, "lister");
    const other = await t.createOrg(10, "other");
    const first = await submit(org.apiKey, "https://plain-one.example.com/");
    const second = await submit(org.apiKey, "https://phish-kit.example.net/signin", ["Campaign:Parcel"]);
    const foreign = await submit(other.apiKey, "https://phish-other.example.org/");
    await finished(org.apiKey, [first, second]);
    await finished(other.apiKey, [foreign]);

    const page = await list(org.apiKey);
    expect(ids(page)).toEqual([second, first]);
    expect(page.next_cursor).toBeNull();
    expect(page.data[0]).toEqual({
      scan_id: second,
      url: "https://phish-kit.example.net/signin",
      status: "completed",
      created_at: expect.stringMatching(/Z$/),
      completed_at: expect.stringMatching(/Z$/),
      final_url: "https://phish-kit.example.net/login",
      final_assessment: "Malicious",
      threat_type: "Phishing / Credential Theft",
      confidence_score: 92,
      detected_brand: "PayPal",
      tags: ["campaign:parcel"],
    });
    expect(ids(await list(other.apiKey))).toEqual([foreign]);
    // Another organization's scan is not found by any filter either.
    expect(ids(await list(org.apiKey, "?host=phish-other.example.org"))).toEqual([]);
    expect(ids(await list(org.apiKey, "?brand=paypal"))).toEqual([second]);
  });

  it("pages with a cursor that does not shift when scans are added", async () => {
    const org = await t.createOrg(10, "pager");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await submit(org.apiKey, `https://page-${i}.example.com/`));
    const newestFirst = [...made].reverse();

    const one = await list(org.apiKey, "?limit=2");
    expect(ids(one)).toEqual(newestFirst.slice(0, 2));
    expect(one.next_cursor).toEqual(expect.any(String));
    // Scans added between pages come before the first page, not into the next one.
    const late = await submit(org.apiKey, "https://page-late.example.com/");
    const two = await list(org.apiKey, `?limit=2&cursor=${one.next_cursor}`);
    expect(ids(two)).toEqual(newestFirst.slice(2, 4));
    const three = await list(org.apiKey, `?limit=2&cursor=${two.next_cursor}`);
    expect(ids(three)).toEqual(newestFirst.slice(4));
    expect(three.next_cursor).toBeNull();
    expect(ids(await list(org.apiKey, "?limit=1"))).toEqual([late]);
  });

  it("filters by verdict, brand, host, domain, address, autonomous system, tag, status and time", async () => {
    const org = await t.createOrg(10, "filters");
    const phish = await submit(org.apiKey, "https://phish-login.example.net/", ["reported"]);
    const plain = await submit(org.apiKey, "https://plain-two.alice.github.io/");
    const cdn = await submit(org.apiKey, "https://cdn-served.example.org/", ["Reported", "cdn"]);
    const down = await submit(org.apiKey, "https://down-host.example.com/");
    await finished(org.apiKey, [phish, plain, cdn, down]);

    const q = async (query: string) => ids(await list(org.apiKey, query)).sort();
    const sorted = (...list: string[]) => [...list].sort();
    expect(await q("?final_assessment=Malicious")).toEqual([phish]);
    expect(await q("?final_assessment=Unknown")).toEqual([down]);
    expect(await q("?brand=PAYPAL")).toEqual([phish]);
    expect(await q("?threat_type=phishing%20%2F%20credential%20theft")).toEqual([phish]);
    expect(await q("?host=PHISH-LOGIN.example.net.")).toEqual([phish]);
    expect(await q("?domain=github.io")).toEqual([plain]);
    expect(await q("?domain=alice.github.io")).toEqual([plain]);
    expect(await q("?domain=example.net")).toEqual([phish]);
    expect(await q("?ip=192.0.2.10")).toEqual(sorted(phish, plain));
    expect(await q("?ip=104.16.132.229")).toEqual([cdn]);
    expect(await q("?asn=AS13335")).toEqual([cdn]);
    expect(await q("?asn=13335&tag=cdn")).toEqual([cdn]);
    expect(await q("?tag=reported")).toEqual(sorted(phish, cdn));
    expect(await q("?tag=reported&final_assessment=Malicious")).toEqual([phish]);
    expect(await q("?status=completed&brand=paypal")).toEqual([phish]);
    expect(await q("?status=pending")).toEqual([]);
    expect(
      await q(`?created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toEqual([]);
    expect(
      await q(`?created_before=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toEqual(sorted(phish, plain, cdn, down));
  });

  it("keeps each search term at its scan's creation time to the microsecond, so filtered pages page alike", async () => {
    const org = await t.createOrg(10, "term-times");
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push(await submit(org.apiKey, `https://micro-${i}.example.com/`, ["batch"]));
    await finished(org.apiKey, made);
    const { rows } = await sql<{ drift: number }>`
      SELECT count(*)::int AS drift FROM scan_terms t JOIN scans s ON s.id = t.scan_id
       WHERE s.org_id = ${org.orgId} AND t.created_at <> s.created_at`.execute(t.database.db);
    expect(rows[0]?.drift).toBe(0);
    // Two at a time by tag: every scan once, newest first, as the unfiltered list pages them.
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await list(org.apiKey, `?tag=batch&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...ids(page));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(ids(await list(org.apiKey, "?limit=10")));
    expect(seen).toHaveLength(4);
  });

  it("answers 400 with a stable code for a bad filter or cursor, and lists for free", async () => {
    const org = await t.createOrg(10, "bad-filters");
    for (const [query, code] of [
      ["?ip=999.1.1.1", "invalid_request"],
      ["?asn=cloudflare", "invalid_request"],
      ["?host=exa%20mple.com", "invalid_request"],
      ["?limit=0", "invalid_request"],
      ["?limit=101", "invalid_request"],
      ["?status=done", "invalid_request"],
      ["?created_after=yesterday", "invalid_request"],
      ["?sort=asc", "invalid_request"],
      ["?cursor=not-a-cursor", "invalid_cursor"],
      [`?cursor=${Buffer.from("1.x").toString("base64url")}`, "invalid_cursor"],
    ] as const) {
      const res = await t.get(`/v1/scans${query}`, org.apiKey);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(code);
    }
    for (let i = 0; i < 3; i++) await list(org.apiKey);
    expect(await t.ledger(org.orgId)).toEqual([]);
  });
});

describe("PATCH /v1/scans/{id}", () => {
  it("replaces the tags, which the record and the tag filter then show", async () => {
    const org = await t.createOrg(10, "tagger");
    const id = await submit(org.apiKey, "https://plain-tags.example.com/", ["old"]);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/v1/scans/${id}`,
      headers: { authorization: `Bearer ${org.apiKey}` },
      payload: { tags: ["Triage", "triage", "case:4711"] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scan_id: id, tags: ["triage", "case:4711"] });
    expect((await t.get(`/v1/scans/${id}`, org.apiKey)).json().tags).toEqual(["triage", "case:4711"]);
    expect(ids(await list(org.apiKey, "?tag=old"))).toEqual([]);
    expect(ids(await list(org.apiKey, "?tag=case:4711"))).toEqual([id]);

    const bad = await t.app.inject({
      method: "PATCH",
      url: `/v1/scans/${id}`,
      headers: { authorization: `Bearer ${org.apiKey}` },
      payload: { tags: ["has space"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid_request");
  });
});
