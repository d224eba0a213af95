import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { createTestApp, type TestApp } from "../support/app.js";

/**
 * docs/risk.md, "Name against history", through POST /v1/domain-risks and the test internet's DNS, RDAP
 * and certificates: a 2003 bank whose name is one edit from a brand's is Benign; the same name registered a
 * week ago is not. A bank named after a common word that is also a crypto brand carries no brand signal at
 * all (docs/brands.md, "Dictionary-word brands").
 */
const BANK = {
  created: "2003-04-14",
  expires: "2031-04-14",
  registrar: "CSC Corporate Domains, Inc.",
  registrant: "Commerce Bank, N.A.",
  cert: "valid",
};
const SITES: Record<string, object> = {
  "commercebank.com": BANK,
  "commercebank.net": { created: "-7d", registrar: "Namecheap, Inc.", cert: "valid" },
  "ledgerbank.com": { ...BANK, registrant: "Ledger Bank, N.A." },
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
      `<!doctype html><title>${host.startsWith("ledger") ? "Ledger" : "Commerce"} Bank</title><p>Hi.</p>`,
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
  it("clears a 2003 bank whose name is one edit from a brand's, and says why", async () => {
    const report = await reportOf("https://commercebank.com/");
    expect(report.final_assessment).toBe("Benign");
    expect(report.threat_type).toBe("Benign");
    expect(report.executive_summary).toContain("commercebank.com resembles Commerzbank (commerzbank.de)");
    expect(report.executive_summary).toMatch(
      /but the domain has been registered since 2003-04-14 \(\d+ years, through CSC Corporate Domains, Inc\.\) and serves a valid certificate from /,
    );
    // The name findings stay in the report.
    expect(codes(report)).toEqual(expect.arrayContaining(["DR-DOM-001", "DR-NET-011", "DR-NET-027"]));
  });

  it("does not clear the same name on a domain registered a week ago", async () => {
    const report = await reportOf("https://commercebank.net/");
    expect(["Suspicious", "Malicious"]).toContain(report.final_assessment);
    expect(report.threat_type).toBe("Phishing / Credential Theft");
    expect(report.executive_summary).toContain("imitates Commerzbank");
    expect(codes(report)).toContain("DR-NET-010");
  });

  it("never matches a dictionary-word brand on the word alone, old or new", async () => {
    for (const url of ["https://ledgerbank.com/", "https://ledgerbank.net/"]) {
      const report = await reportOf(url);
      expect(report.executive_summary).not.toContain("Ledger (ledger.com)");
      expect(codes(report)).not.toContain("DR-DOM-003");
    }
    expect((await reportOf("https://ledgerbank.com/")).final_assessment).toBe("Benign");
  });
});
