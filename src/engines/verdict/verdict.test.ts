import { describe, expect, it } from "vitest";
import type { FindingCode } from "../findings/catalog.js";
import { AGENTS, type Finding, type Severity } from "../findings/types.js";
import {
  ageSentence,
  lessForNotChecked,
  maliciousConfidence,
  otherEvidenceSentence,
  ownerSentence,
  paragraph,
  pointsOf,
  RISK_AGE_WORDING,
  RISK_TALLY,
  riskMaliciousConfidence,
  SCAN_AGE_WORDING,
  SCAN_TALLY,
  scanMaliciousConfidence,
  suspiciousConfidence,
  techniqueBy,
  techniquePhrase,
  verdictSentence,
} from "./index.js";

function finding(code: FindingCode, severity: Severity, description = "Something seen."): Finding {
  return { finding_id: code, severity, source_agent: AGENTS.static, description, details: "" };
}

describe("points", () => {
  const repeated = [
    finding("DR-DOM-010", "Low"),
    finding("DR-DOM-010", "Low"),
    finding("DR-DOM-010", "Low"),
    finding("DR-DOM-010", "Medium"),
  ];

  it("domain risk counts every finding", () => {
    expect(pointsOf(repeated, RISK_TALLY)).toBe(30);
  });

  it("a scan counts each code once at its highest severity, Lows at most 10", () => {
    expect(pointsOf(repeated, SCAN_TALLY)).toBe(15);
    const lows = (["DR-DOM-010", "DR-DOM-011", "DR-DOM-012"] as const).map((c) => finding(c, "Low"));
    expect(pointsOf(lows, SCAN_TALLY)).toBe(10);
    expect(pointsOf(lows, RISK_TALLY)).toBe(15);
  });
});

describe("confidence", () => {
  it.each([
    [60, riskMaliciousConfidence(false), 60],
    [60, riskMaliciousConfidence(true), 70],
    [150, riskMaliciousConfidence(true), 95],
    [120, scanMaliciousConfidence(95), 75],
    [300, scanMaliciousConfidence(85), 85],
  ])("Malicious at %i points: %o → %i", (score, how, want) => {
    expect(maliciousConfidence(score, how)).toBe(want);
  });

  it("Suspicious grows with the score up to 80; a missing check takes 10, never below 10 or from 0", () => {
    expect(suspiciousConfidence(15)).toBe(48);
    expect(suspiciousConfidence(200)).toBe(80);
    expect(lessForNotChecked(80)).toBe(70);
    expect(lessForNotChecked(15)).toBe(10);
    expect(lessForNotChecked(0)).toBe(0);
  });
});

describe("summary sentences", () => {
  it.each([
    [0, "The domain was registered only 0 days ago", "The domain was registered today"],
    [1, "The domain was registered only 1 day ago", "The domain was registered only 1 day ago"],
    [200, "The domain was registered 200 days ago through Reg", "The domain was registered 200 days ago"],
    [400, "The domain was registered 1 year(s) ago through Reg", "The domain was registered 1 year ago"],
    [900, "The domain was registered 2 year(s) ago through Reg", "The domain was registered 2 years ago"],
  ])("%i days: risk and scan wording", (days, risk, scan) => {
    expect(ageSentence(days, RISK_AGE_WORDING, "Reg")).toBe(risk);
    expect(ageSentence(days, SCAN_AGE_WORDING)).toBe(scan);
  });

  it("words techniques for findings and for summaries", () => {
    expect(techniquePhrase("homoglyph")).toBe("a homoglyph substitution");
    expect(techniqueBy("homoglyph", "domain")).toBe("swapping letters for look-alike characters");
    expect(techniqueBy("brand_in_subdomain", "domain")).toBe(
      "putting the brand's domain in front of an unrelated domain",
    );
    expect(techniqueBy("brand_in_subdomain", "name")).toBe(
      "putting the brand's name in front of an unrelated domain",
    );
    expect(techniqueBy("keyboard", "name")).toBe("keyboard");
  });

  it("writes the owner, the other evidence and the verdict", () => {
    expect(ownerSentence("mail.google.com", "Google", "belongs_to")).toBe(
      "mail.google.com belongs to Google",
    );
    expect(ownerSentence("mail.google.com", "Google", "own_domains")).toBe(
      "mail.google.com is one of Google's own domains",
    );
    const four = (["DR-DOM-010", "DR-DOM-011", "DR-DOM-012", "DR-DOM-013"] as const).map((c, i) =>
      finding(c, "Low", `Evidence ${i}.`),
    );
    expect(otherEvidenceSentence(four)).toBe("Other evidence: Evidence 0; Evidence 1; Evidence 2");
    expect(otherEvidenceSentence([])).toBeNull();
    expect(verdictSentence("Benign", "Benign")).toBe("Assessed as benign: nothing indicates a threat");
    expect(verdictSentence("Unknown", "Parked Domain")).toBe("Assessed as unknown (parked domain)");
    expect(verdictSentence("Malicious", "Phishing / Credential Theft")).toBe(
      "Assessed as malicious: phishing / credential theft",
    );
    expect(paragraph(["One", "Two!", " Three. "])).toBe("One. Two! Three.");
  });
});
