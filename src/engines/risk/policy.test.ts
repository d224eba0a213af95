import { describe, expect, it } from "vitest";
import { isAbusedPlatform } from "../domain/index.js";
import { analyzeRisk } from "./analyze.js";
import { applyUserSitePolicy, type UserSitePolicy, unknownUserSitePlatform } from "./policy.js";
import type { RiskReport } from "./report.js";
import { analyzeStatic } from "./static/analyze.js";

async function screen(input: string, userSitePolicy?: UserSitePolicy) {
  const outcome = await analyzeRisk(null, input, userSitePolicy ? { userSitePolicy } : {});
  if (!outcome.ok) throw new Error(`${input}: ${outcome.message}`);
  const report = outcome.report;
  return { ...report, codes: report.evidence_findings.map((f) => f.finding_id) };
}

describe("user-site policy", () => {
  it.each([
    ["juniper-quilts.netlify.app", "netlify.app"],
    ["harbor-notes.github.io", "github.io"],
    ["https://juniper-quilts.pages.dev/index.html", "pages.dev"],
    // A regional platform suffix is covered by its platform's listing (appspot.com).
    ["juniper-quilts.ey.r.appspot.com", "ey.r.appspot.com"],
    // A platform named only by DomainLens's own list of abused platforms.
    ["juniper-quilts.gitbook.io", "gitbook.io"],
    // Blogger's country domains, which the Public Suffix List no longer names: a user site like blogspot.com's.
    ["juniper-quilts.blogspot.fi", "blogspot.fi"],
    ["juniper-quilts.blogspot.co.ke", "blogspot.co.ke"],
  ])("strict flags the unknown user site %s as Suspicious with DR-DOM-028", async (input, platform) => {
    const evidence = await screen(input, "evidence");
    expect(evidence.final_assessment).toBe("Benign");
    expect(evidence.codes).not.toContain("DR-DOM-028");
    const strict = await screen(input, "strict");
    expect(strict.final_assessment).toBe("Suspicious");
    const finding = strict.evidence_findings.find((f) => f.finding_id === "DR-DOM-028");
    expect(finding).toMatchObject({ severity: "Medium", source_agent: "Static Analysis Agent" });
    expect(finding?.details).toContain(`on ${platform}`);
    expect(finding?.details).toContain("nothing shows who runs it");
    expect(finding?.details).toContain("strict user-site policy makes such a site at least Suspicious");
    expect(strict.executive_summary).toContain("Unknown user site on a platform phishing abuses");
  });

  it("evidence, the default, judges the same site by its name: Benign, no DR-DOM-028", async () => {
    for (const report of [
      await screen("juniper-quilts.netlify.app"),
      await screen("juniper-quilts.netlify.app", "evidence"),
      await screen("harbor-notes.github.io", "evidence"),
    ]) {
      expect(report.final_assessment).toBe("Benign");
      expect(report.codes).not.toContain("DR-DOM-028");
    }
  });

  it("leaves a brand's own user site alone", async () => {
    const strict = await screen("netflix.github.io", "strict");
    expect(strict.final_assessment).toBe("Benign");
    expect(strict.codes).not.toContain("DR-DOM-028");
  });

  it("keeps a Malicious user site Malicious, with the same confidence, and notes the policy", async () => {
    const evidence = await screen("chase-secure-login.netlify.app", "evidence");
    const strict = await screen("chase-secure-login.netlify.app", "strict");
    expect(evidence.final_assessment).toBe("Malicious");
    expect(strict).toMatchObject({
      final_assessment: "Malicious",
      threat_type: evidence.threat_type,
      confidence_score: evidence.confidence_score,
    });
    // The same findings plus the policy's, in report order (by severity).
    expect([...strict.codes].sort()).toEqual([...evidence.codes, "DR-DOM-028"].sort());
  });

  it("never raises a Suspicious user site further", async () => {
    const evidence = await screen("account-verify-center.netlify.app", "evidence");
    const strict = await screen("account-verify-center.netlify.app", "strict");
    expect(evidence.final_assessment).toBe("Suspicious");
    expect(strict.final_assessment).toBe("Suspicious");
    expect(strict.confidence_score).toBe(evidence.confidence_score);
    expect(strict.codes).toContain("DR-DOM-028");
  });

  it.each([
    ["juniper-quilts.com", "a registered domain is not a user site"],
    ["netlify.app", "the platform's own domain"],
    ["www.netlify.app", "the platform's own site"],
    ["field-notes.eu.org", "a name registry of the Public Suffix List, on no list of abused platforms"],
  ])("does not apply to %s (%s)", async (input) => {
    const strict = await screen(input, "strict");
    expect(strict.codes).not.toContain("DR-DOM-028");
    expect(strict.final_assessment).toBe("Benign");
  });

  it("counts a ranked user site as known", () => {
    const s = analyzeStatic("juniper-quilts.netlify.app");
    if (!s.ok) throw new Error(s.message);
    expect(unknownUserSitePlatform(s)).toBe("netlify.app");
    expect(unknownUserSitePlatform({ ...s, signals: { ...s.signals, trancoRank: 812 } })).toBeNull();
    expect(unknownUserSitePlatform({ ...s, signals: { ...s.signals, isBrandDomain: true } })).toBeNull();
  });

  it("derives the abused platforms from the shipped lists, not from the Public Suffix List alone", () => {
    for (const platform of [
      "netlify.app",
      "github.io",
      "webflow.io",
      "vercel.app",
      "duckdns.org",
      "r.appspot.com",
    ])
      expect(isAbusedPlatform(platform), platform).toBe(true);
    for (const platform of ["eu.org", "us.kg", "com", "example.com"])
      expect(isAbusedPlatform(platform), platform).toBe(false);
  });

  it("raises an analysis that halted early to Suspicious and says why", () => {
    const halted: RiskReport = {
      request_url: "https://quiet-fern.netlify.app/",
      final_assessment: "Unknown",
      threat_type: "Unresolvable Domain",
      confidence_score: 0,
      executive_summary:
        "DNS could not resolve it (NXDOMAIN), so the analysis stopped early. Assessed as unknown (unresolvable domain).",
      evidence_findings: [],
    };
    const finding = {
      finding_id: "DR-DOM-028" as const,
      severity: "Medium" as const,
      source_agent: "Static Analysis Agent" as const,
      description: "Unknown user site on a platform phishing abuses (strict screening policy)",
      details: "quiet-fern.netlify.app is a user's site on netlify.app…",
    };
    const raised = applyUserSitePolicy(halted, finding, () => ({
      ...halted,
      evidence_findings: [finding],
    }));
    expect(raised).toMatchObject({
      final_assessment: "Suspicious",
      threat_type: "Unresolvable Domain",
      confidence_score: 0,
      evidence_findings: [finding],
    });
    expect(raised.executive_summary).toBe(
      "DNS could not resolve it (NXDOMAIN), so the analysis stopped early. Assessed as suspicious under the organization's strict user-site policy: unresolvable domain.",
    );
  });

  it("holds at Suspicious a verdict the policy's finding alone would make Malicious", () => {
    const plain: RiskReport = {
      request_url: "https://quiet-fern.netlify.app/",
      final_assessment: "Benign",
      threat_type: "Benign",
      confidence_score: 55,
      executive_summary:
        "Only the URL itself was analyzed (no network checks). Assessed as benign: nothing indicates a threat.",
      evidence_findings: [],
    };
    const finding = {
      finding_id: "DR-DOM-028" as const,
      severity: "Medium" as const,
      source_agent: "Static Analysis Agent" as const,
      description: "Unknown user site on a platform phishing abuses (strict screening policy)",
      details: "quiet-fern.netlify.app is a user's site on netlify.app…",
    };
    const held = applyUserSitePolicy(plain, finding, () => ({ ...plain, final_assessment: "Malicious" }));
    expect(held).toMatchObject({
      final_assessment: "Suspicious",
      threat_type: "Infrastructure Anomaly",
      evidence_findings: [finding],
    });
    expect(held.executive_summary).toContain(
      "Assessed as suspicious under the organization's strict user-site policy",
    );
  });
});
