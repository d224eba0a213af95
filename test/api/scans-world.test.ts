import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { chromiumPath } from "../support/chromium.js";

/**
 * URL scans end to end through the real scanner (the browser capture behind the egress gate, then the
 * agents) on the test world: what a user sees from POST to the report, the screenshot and the capture.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let world: World;
let t: TestApp;
let apiKey: string;
let orgId: string;

beforeAll(async () => {
  world = await startWorld();
  t = await createTestApp({ env: { ...world.env, CHROMIUM_PATH: chromiumPath() } });
  const org = await t.createOrg(10);
  apiKey = org.apiKey;
  orgId = org.orgId;
  const limits = await t.admin("PUT", `/admin/v1/orgs/${orgId}/limits`, { "scans.get": 10_000 });
  expect(limits.statusCode).toBe(200);
  // The production lease (30 s): the first analysis loads the brand and vision tables synchronously, which
  // can hold the event loop past the 1 s lease the API tests use.
  t.startWorker({ concurrency: 2, leaseMs: 30_000 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await world?.stop();
});

async function scan(url: string) {
  const res = await t.post("/v1/scans", { url }, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().scan_id as string;
  await waitFor(
    async () => {
      const row = await t.database.db
        .selectFrom("scans")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.status === "completed" || row?.status === "failed";
    },
    `the scan of ${url}`,
    90_000,
  );
  const body = (await t.get(`/v1/scans/${id}`, apiKey)).json();
  return { id, body: body as { status: string; report: Record<string, unknown> | null; error: unknown } };
}

describe("scans of the test world", { timeout: 120_000 }, () => {
  it("finds the PayPal typosquat phishing page and keeps its screenshot and capture", async () => {
    const { id, body } = await scan("https://paypa1.com/");
    expect(body.status, JSON.stringify(body.error)).toBe("completed");
    const report = body.report as {
      final_assessment: string;
      site_context: { detected_brand: string | null };
    };
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
    expect(report.site_context.detected_brand).toBe("PayPal");

    const shot = await t.get(`/v1/scans/${id}/screenshot`, apiKey);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers["content-type"]).toBe("image/png");
    expect(shot.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const full = await t.get(`/v1/scans/${id}/screenshot?full=1`, apiKey);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const capture = (await t.get(`/v1/scans/${id}/capture`, apiKey)).json();
    expect(capture).toMatchObject({ outcome: "ok", final_url: "https://paypa1.com/", status: 200 });
    expect(capture.redirect_chain.length).toBeGreaterThan(0);
    expect(capture.requests.some((r: { resource_type: string }) => r.resource_type === "document")).toBe(
      true,
    );
    expect(
      capture.forms.some((f: { inputs: Array<{ type: string }> }) =>
        f.inputs.some((i) => i.type === "password"),
      ),
    ).toBe(true);
    expect(capture.tls).not.toBeNull();
  });

  it("finds a legitimate developer platform Benign", async () => {
    const { body } = await scan("https://codewharf.dev/");
    expect(body.status, JSON.stringify(body.error)).toBe("completed");
    expect((body.report as { final_assessment: string }).final_assessment).toBe("Benign");
  });

  it("finds a community bank named Ledger Bank Benign, not an impersonation of the Ledger wallet", async () => {
    const { body } = await scan("https://ledgerbank.com/");
    expect(body.status, JSON.stringify(body.error)).toBe("completed");
    const report = body.report as {
      final_assessment: string;
      site_context: { detected_brand: string | null };
      evidence_findings: Array<{ finding_id: string; details: string }>;
    };
    expect(report.final_assessment).toBe("Benign");
    expect(report.site_context.detected_brand).not.toBe("Ledger");
    const codes = report.evidence_findings.map((f) => f.finding_id);
    expect(codes).not.toContain("NET-203");
    expect(report.evidence_findings.filter((f) => f.details.includes("ledger.com"))).toEqual([]);
  });

  it("completes a name that does not exist as Unknown with a SYS finding, charged", async () => {
    const before = (await t.balances(orgId)).balance;
    const { id, body } = await scan("https://no-such-name-anywhere.com/");
    expect(body.status, JSON.stringify(body.error)).toBe("completed");
    const report = body.report as {
      final_assessment: string;
      confidence_score: number;
      site_context: unknown;
      evidence_findings: Array<{ finding_id: string }>;
    };
    expect(report.final_assessment).toBe("Unknown");
    expect(report.site_context).toBeNull();
    expect(report.evidence_findings.some((f) => /^SYS-\d{3}$/.test(f.finding_id))).toBe(true);
    expect((await t.balances(orgId)).balance).toBe(before - 50_000);
    expect((await t.get(`/v1/scans/${id}/screenshot`, apiKey)).statusCode).toBe(404);
    expect((await t.get(`/v1/scans/${id}/capture`, apiKey)).json().outcome).toBe("dns_failure");
  });
});
