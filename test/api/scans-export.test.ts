import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harProblems } from "../../src/api/scans/export/testing/har-check.js";
import { mispProblems } from "../../src/api/scans/export/testing/misp-check.js";
import { stixProblems } from "../../src/api/scans/export/testing/stix-check.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeScanner, type TestApp } from "../support/app.js";

/*
 * Exports of a completed scan (docs/export.md) through the API: a scan created and completed by the job
 * runtime with the fake scanner, then read as STIX, MISP, HAR and DOM, each checked against what its
 * specification requires.
 */

let t: TestApp;
const fake = fakeScanner();
const SUFFIXES = ["/export?format=stix", "/export?format=misp", "/har", "/dom"];

beforeAll(async () => {
  t = await createTestApp({ scan: fake.scan });
  t.startWorker({ scanJob: { timeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

async function scan(apiKey: string, url: string): Promise<string> {
  const res = await t.post("/v1/scans", { url }, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().scan_id;
}

async function finished(apiKey: string, id: string): Promise<void> {
  await waitFor(async () => {
    const status = (await t.get(`/v1/scans/${id}`, apiKey)).json().status;
    return status === "completed" || status === "failed";
  }, `scan ${id} to end`);
}

type Obj = { type: string; id: string } & Record<string, unknown>;

describe("scan exports", () => {
  it("are 404 until the scan is completed, then STIX, MISP, HAR and the DOM of the caller's scan, free", async () => {
    const org = await t.createOrg(10, "exporter");
    const release = fake.hold("phish-export.example.com");
    const id = await scan(org.apiKey, "https://phish-export.example.com/");
    for (const suffix of SUFFIXES) {
      const early = await t.get(`/v1/scans/${id}${suffix}`, org.apiKey);
      expect(early.statusCode, suffix).toBe(404);
      expect(early.json()).toMatchObject({ error: "not_found" });
      expect(early.json().message).toMatch(/not finished yet/);
    }
    release();
    await finished(org.apiKey, id);

    const stix = await t.get(`/v1/scans/${id}/export?format=stix`, org.apiKey);
    expect(stix.statusCode, stix.body).toBe(200);
    expect(stix.headers["content-type"]).toMatch(/^application\/stix\+json; ?version="?2\.1"?/);
    expect(stix.headers["content-disposition"]).toBe(`attachment; filename="scan-${id}.stix.json"`);
    expect(stix.headers["x-ratelimit-limit"]).toBe("60");
    const bundle = stix.json<{ type: string; objects: Obj[] }>();
    expect(stixProblems(bundle)).toEqual([]);
    const indicator = bundle.objects.find((o) => o.type === "indicator");
    expect(indicator).toMatchObject({
      indicator_types: ["malicious-activity"],
      confidence: 92,
      external_references: [
        { source_name: "DomainLens", url: `http://localhost:80/v1/scans/${id}`, external_id: id },
      ],
    });
    expect(indicator?.pattern).toBe(
      "[url:value = 'https://phish-export.example.com/'] OR " +
        "[url:value = 'https://phish-export.example.com/login'] OR " +
        "[domain-name:value = 'phish-export.example.com']",
    );
    expect(bundle.objects.filter((o) => o.type === "identity").map((o) => o.name)).toEqual([
      "DomainLens",
      "PayPal",
    ]);
    expect(bundle.objects.find((o) => o.type === "ipv4-addr")?.value).toBe("192.0.2.10");

    const misp = await t.get(`/v1/scans/${id}/export?format=misp`, org.apiKey);
    expect(misp.statusCode, misp.body).toBe(200);
    expect(misp.headers["content-type"]).toMatch(/^application\/json/);
    const event = misp.json();
    expect(mispProblems(event)).toEqual([]);
    expect(event.Event).toMatchObject({ threat_level_id: "1", date: "2026-06-01" });
    expect(event.Event.Attribute).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "url",
          value: "https://phish-export.example.com/login",
          to_ids: true,
        }),
        expect.objectContaining({ type: "hostname", value: "phish-export.example.com", to_ids: true }),
        expect.objectContaining({ type: "domain", value: "example.com", to_ids: true }),
        expect.objectContaining({ type: "ip-dst", value: "192.0.2.10", to_ids: false }),
        expect.objectContaining({ type: "target-org", value: "PayPal" }),
      ]),
    );
    expect(event.Event.Tag.map((tag: { name: string }) => tag.name)).toEqual(
      expect.arrayContaining(["tlp:amber", 'phishing:techniques="fake-website"', 'phishing:state="active"']),
    );

    const har = await t.get(`/v1/scans/${id}/har`, org.apiKey);
    expect(har.statusCode, har.body).toBe(200);
    expect(har.headers["content-type"]).toMatch(/^application\/json/);
    expect(har.headers["content-disposition"]).toBe(`attachment; filename="scan-${id}.har"`);
    const archive = har.json();
    expect(harProblems(archive)).toEqual([]);
    expect(
      archive.log.entries.map(
        (e: { request: { url: string }; response: { status: number }; _outcome: string }) => [
          e.request.url,
          e.response.status,
          e._outcome,
        ],
      ),
    ).toEqual([
      ["https://phish-export.example.com/", 302, "ok"],
      ["https://phish-export.example.com/login", 200, "ok"],
      ["http://10.0.0.1/track.js", 0, "blocked"],
    ]);

    const dom = await t.get(`/v1/scans/${id}/dom`, org.apiKey);
    expect(dom.statusCode).toBe(200);
    expect(dom.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(dom.headers["content-disposition"]).toBe(`attachment; filename="scan-${id}.html"`);
    expect(dom.headers["x-content-type-options"]).toBe("nosniff");
    expect(dom.headers["content-security-policy"]).toBe("sandbox");
    expect(dom.body).toContain("secret-dom-marker");
    expect(dom.body).toMatch(/^<html>/);

    // The same id in upper case reads the same scan; exports are never charged.
    expect((await t.get(`/v1/scans/${id.toUpperCase()}/har`, org.apiKey)).statusCode).toBe(200);
    expect(await t.ledger(org.orgId)).toHaveLength(1);
  });

  it("answers another organization, an unknown id and a malformed id 404", async () => {
    const owner = await t.createOrg(10, "export-owner");
    const other = await t.createOrg(10, "export-other");
    const id = await scan(owner.apiKey, "https://private-export.example.com/");
    await finished(owner.apiKey, id);
    for (const suffix of SUFFIXES) {
      const theirs = await t.get(`/v1/scans/${id}${suffix}`, other.apiKey);
      expect(theirs.statusCode, suffix).toBe(404);
      expect(theirs.json()).toMatchObject({ error: "not_found", message: "No scan has this id." });
      expect(theirs.body).not.toContain("private-export");
      for (const wrong of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const res = await t.get(`/v1/scans/${wrong}${suffix}`, owner.apiKey);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(theirs.body);
      }
      expect((await t.get(`/v1/scans/${id}${suffix}`)).statusCode).toBe(401);
    }
  });

  it("is 404 for a failed scan; a site that was down has exports but no DOM", async () => {
    const org = await t.createOrg(10, "export-edge");
    const failed = await scan(org.apiKey, "https://broken-export.example.com/");
    const down = await scan(org.apiKey, "https://down-export.example.com/");
    await finished(org.apiKey, failed);
    await finished(org.apiKey, down);
    for (const suffix of SUFFIXES) {
      const res = await t.get(`/v1/scans/${failed}${suffix}`, org.apiKey);
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json().message).toMatch(/This scan failed/);
    }
    const dom = await t.get(`/v1/scans/${down}/dom`, org.apiKey);
    expect(dom.statusCode).toBe(404);
    expect(dom.json().message).toMatch(/no DOM/);
    const stix = await t.get(`/v1/scans/${down}/export?format=stix`, org.apiKey);
    expect(stix.statusCode).toBe(200);
    expect(stixProblems(stix.json())).toEqual([]);
    const misp = await t.get(`/v1/scans/${down}/export?format=misp`, org.apiKey);
    expect(mispProblems(misp.json())).toEqual([]);
    expect(misp.json().Event.analysis).toBe("0");
    const har = await t.get(`/v1/scans/${down}/har`, org.apiKey);
    expect(harProblems(har.json())).toEqual([]);
    expect(har.json().log.entries).toEqual([]);
  });

  it("needs a format, stix or misp", async () => {
    const org = await t.createOrg(10, "export-format");
    const id = await scan(org.apiKey, "https://format-export.example.com/");
    await finished(org.apiKey, id);
    for (const query of ["", "?format=csv", "?format=stix&extra=1"]) {
      const res = await t.get(`/v1/scans/${id}/export${query}`, org.apiKey);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("invalid_request");
    }
  });

  it("are documented in the API reference", async () => {
    const spec = (await t.get("/openapi.json")).json();
    const exportOp = spec.paths["/v1/scans/{scan_id}/export"].get;
    expect(exportOp.operationId).toBe("scansExportGet");
    expect(exportOp.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "query", name: "format", required: true })]),
    );
    expect(spec.paths["/v1/scans/{scan_id}/har"].get.operationId).toBe("scansHarGet");
    expect(spec.paths["/v1/scans/{scan_id}/dom"].get.responses["200"].content).toHaveProperty("text/html");
  });
});
