import type { FindingCode } from "../findings/catalog.js";
import { type Finding, SEVERITY_RANK, type Severity } from "../findings/types.js";

/**
 * The points and thresholds both verdicts share (docs/risk.md, docs/scan-analysis.md). Where the engines
 * differ, the difference is a named setting below, with why.
 */

/** SPEC §2.6's `final_assessment`. */
export type Assessment = "Malicious" | "Suspicious" | "Benign" | "Unknown";

/** Points a finding adds to the threat score, by severity. */
export const POINTS: Readonly<Record<Severity, number>> = {
  Critical: 60,
  High: 35,
  Medium: 15,
  Low: 5,
  Informational: 0,
};
/** At or above: Suspicious. */
export const SUSPICIOUS_AT = 15;
/** At or above, with a High or Critical finding: Malicious. */
export const MALICIOUS_AT = 60;

/** The labels of `threat_type` both engines give (docs/risk.md). */
export const THREAT_TYPES = {
  benign: "Benign",
  phishing: "Phishing / Credential Theft",
  scam: "Scam / Fraudulent E-commerce",
  infrastructure: "Infrastructure Anomaly",
  newDomain: "Newly Registered Domain",
  parked: "Parked Domain",
  unresolved: "Unresolvable Domain",
  unreachable: "Unreachable Host",
} as const;

/** Those and the labels only a URL scan gives, from what the page shows (docs/scan-analysis.md). */
export const SCAN_THREAT_TYPES = {
  ...THREAT_TYPES,
  brandImpersonation: "Brand Impersonation",
  cryptoDrainer: "Crypto Drainer / Wallet Phishing",
  malware: "Malware / Drive-by Download",
  incomplete: "Analysis Incomplete",
  noContent: "No Content",
  clonedSite: "Cloned Site",
  cardPhishing: "Phishing / Payment Card Theft",
  giveaway: "Scam / Fake Giveaway",
  generator: "Scam / Fake Generator",
  techSupport: "Scam / Tech Support",
  invite: "Scam / Invitation or Dating Lure",
} as const;

/** How findings add up to a score. */
export interface Tally {
  /** Each finding code counts once, at its highest severity (else every finding counts). */
  distinctCodes: boolean;
  /** All Low findings together add at most this much (null: no cap). */
  lowCap: number | null;
}

/**
 * Domain risk: every finding counts. Its agents report a code once per distinct fact (two lure words in a
 * name are two `DR-DOM-010`, each 5 points).
 */
export const RISK_TALLY: Tally = { distinctCodes: false, lowCap: null };

/**
 * URL scans: a page repeats evidence (a code per form, frame, request or hop), so each code counts once at
 * its highest severity, and Lows add at most 10 in all, so Lows alone never make a page Suspicious.
 */
export const SCAN_TALLY: Tally = { distinctCodes: true, lowCap: 10 };

/** The score of findings, as the tally adds them. */
export function pointsOf(
  findings: ReadonlyArray<Pick<Finding, "finding_id" | "severity">>,
  tally: Tally,
): number {
  let severities: Severity[] = findings.map((f) => f.severity);
  if (tally.distinctCodes) {
    const best = new Map<string, Severity>();
    for (const f of findings) {
      const seen = best.get(f.finding_id);
      if (!seen || SEVERITY_RANK[f.severity] > SEVERITY_RANK[seen]) best.set(f.finding_id, f.severity);
    }
    severities = [...best.values()];
  }
  let score = 0;
  let low = 0;
  for (const severity of severities) {
    if (severity === "Low") low += POINTS.Low;
    else score += POINTS[severity];
  }
  return score + (tally.lowCap === null ? low : Math.min(low, tally.lowCap));
}

/** A High or Critical finding: needed for Malicious on points. */
export function hasStrongFinding(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "High" || f.severity === "Critical");
}

/** The finding `code` is among `findings`, at `atLeast` or above. */
export function hasFinding(
  findings: readonly Finding[],
  code: FindingCode,
  atLeast: Severity = "Informational",
): boolean {
  return findings.some((f) => f.finding_id === code && SEVERITY_RANK[f.severity] >= SEVERITY_RANK[atLeast]);
}

/** Confidence of a Suspicious verdict on points: 40 + half the score, at most 80. */
export function suspiciousConfidence(score: number): number {
  return Math.min(80, 40 + Math.round(score / 2));
}

/** How the confidence of a Malicious verdict on points grows with the score. */
export interface MaliciousConfidence {
  /** Points above MALICIOUS_AT per point of confidence above 60. */
  pointsPerStep: number;
  /** Added to the confidence. */
  bonus: number;
  /** The most it can be. */
  cap: number;
}

/**
 * Domain risk has no decisive combinations: points are its only way to Malicious, so confidence grows a
 * point per 3 points of score, plus 10 when the network agent's evidence is in (not offline), up to 95.
 */
export function riskMaliciousConfidence(online: boolean): MaliciousConfidence {
  return { pointsPerStep: 3, bonus: online ? 10 : 0, cap: 95 };
}

/**
 * A URL scan's points rule sits below its decisive combinations (75 + 5 per corroboration,
 * docs/scan-analysis.md), so confidence grows a point per 4 points of score (120 points reach 75), up to
 * the scan's cap (95, or 85 offline: a saved page has no registration or certificate evidence).
 */
export function scanMaliciousConfidence(cap: number): MaliciousConfidence {
  return { pointsPerStep: 4, bonus: 0, cap };
}

/** Confidence of a Malicious verdict on points: 60 and up with the score above MALICIOUS_AT. */
export function maliciousConfidence(score: number, how: MaliciousConfidence): number {
  return Math.min(how.cap, 60 + Math.round((score - MALICIOUS_AT) / how.pointsPerStep) + how.bonus);
}

/** Some checks were not back in time: 10 less, not below 10 (0, a halted analysis, stays 0). */
export function lessForNotChecked(confidence: number): number {
  return confidence > 0 ? Math.max(10, confidence - 10) : confidence;
}
