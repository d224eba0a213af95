import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { createTestApp, type TestApp } from "../support/app.js";

/**
 * docs/risk.md, "Name against history", through POST /v1/domain-risks and the test internet's DNS, RDAP
 * and certificates: a 2003 bank whose name is also a crypto brand is Benign; the same name registered a week
 * ago is not.
 */
const SITES: Record<string, object> = {
  "ledgerbank.com": {
    created: "2003-04-14",
    expires: "2031-04-14",
    registrar: "CSC Corporate Domains, Inc.",
    registrant: "Ledger Bank, N.A.",
    cert: "valid",
  },
  "ledgerbank.net": { created: "-7d", registrar: "Namecheap, Inc.", cert: "valid" },
};

let corpus: string;
let world: World;
let t: TestApp;
let org: { orgId: string; apiKey: string };

beforeAll(async () => {
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-history-sites-"));
  for (const [host, site] of Object.entries(SITES)) {
    mkdirSync(path.join(corpus, host));
    writeFileSync(
      path.join(corpus, host, "index.html"),
      "<!doctype html><title>Ledger Bank</title><p>Hi.</p>",
    );
    writeFileSync(path.join(corpus, host, "site.json"), JSON.stringify(site));
  }
  world = await startWorld({ sitesDir: corpus, includeBuiltin: false });
  t = await createTestApp({ env: { ...world.env } });
  org = await t.createOrg(1);
});

afterAll(async () => {
  await t?.close();
  await world?.stop();
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

async function reportOf(url: string) {
  const res = await t.post("/v1/domain-risks", { url }, org.apiKey);
  expect(res.statusCode).toBe(200);
  const record = await t.get(`/v1/domain-risks/${res.json().risk_id}`, org.apiKey);
  return record.json().report;
}

const codes = (report: { evidence_findings: Array<{ finding_id: string }> }) =>
  report.evidence_findings.map((f) => f.finding_id);

describe("POST /v1/domain-risks weighs the name against the domain's history", () => {
  it("clears a 2003 bank whose name resembles a crypto brand, and says why", async () => {
    const report = await reportOf("https://ledgerbank.com/");
    expect(report.final_assessment).toBe("Benign");
    expect(report.threat_type).toBe("Benign");
    expect(report.executive_summary).toContain("ledgerbank.com resembles Ledger (ledger.com)");
    expect(report.executive_summary).toMatch(
      /but the domain has been registered since 2003-04-14 \(\d+ years, through CSC Corporate Domains, Inc\.\) and serves a valid certificate from /,
    );
    // The name findings stay in the report.
    expect(codes(report)).toEqual(expect.arrayContaining(["DR-DOM-003", "DR-NET-011", "DR-NET-027"]));
  });

  it("does not clear the same name on a domain registered a week ago", async () => {
    const report = await reportOf("https://ledgerbank.net/");
    expect(["Suspicious", "Malicious"]).toContain(report.final_assessment);
    expect(report.threat_type).toBe("Phishing / Credential Theft");
    expect(report.executive_summary).toContain("imitates Ledger");
    expect(codes(report)).toContain("DR-NET-010");
  });
});
