import type { FindingCode } from "../findings/catalog.js";
import { type Finding, isThreat } from "../findings/types.js";
import {
  ageSentence,
  type BrandInSubdomainWording,
  hasFinding,
  hasStrongFinding,
  imitationSentence,
  lessForNotChecked,
  MALICIOUS_AT,
  maliciousConfidence,
  NOTHING_INDICATES_A_THREAT,
  otherEvidenceSentence,
  ownerSentence,
  paragraph,
  pointsOf,
  REGISTRATION_UNKNOWN,
  RISK_AGE_WORDING,
  RISK_TALLY,
  rankSentence,
  riskMaliciousConfidence,
  SUSPICIOUS_AT,
  suspiciousConfidence,
  THREAT_TYPES,
  techniqueBy,
  verdictSentence,
} from "../verdict/index.js";
import { type Clearance, clearanceOf, nameSignalOf } from "./clearance.js";
import { clearedByModel } from "./names/finding.js";
import type { NetworkAnalysis } from "./network/index.js";
import type { Assessment, RiskReport } from "./report.js";
import type { StaticAnalysis } from "./static/types.js";

type StaticOk = Extract<StaticAnalysis, { ok: true }>;

// Points, thresholds, threat types and the sentences the summary shares with the URL scan's are in
// engines/verdict; here is what domain risk decides on its own.

/** How the summary words `brand_in_subdomain` (engines/verdict/techniques.ts says why). */
const BRAND_IN_SUBDOMAIN: BrandInSubdomainWording = "domain";

/**
 * Benign because the host's history outweighs a weak name signal: lower than a clean name's 80, since the
 * name does resemble a brand or a lure and the history could, rarely, be a bought aged domain.
 */
const CLEARED_CONFIDENCE = 70;

/**
 * The network agent's DNS findings (DR-NET-001–006): when DNS halted the analysis, the summary's sentence
 * about it already says what they say.
 */
export const DNS_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "DR-NET-001",
  "DR-NET-002",
  "DR-NET-003",
  "DR-NET-004",
  "DR-NET-005",
  "DR-NET-006",
]);

/** TLS failures that mean nothing answered at all (as opposed to a server without TLS). */
const UNREACHABLE = new Set([
  "connection_refused",
  "host_unreachable",
  "timeout_connect",
  "timeout_total",
  "connection_reset",
]);

function threatTypeOf(s: StaticOk, network: NetworkAnalysis | null, findings: Finding[]): string {
  if (s.brand) return THREAT_TYPES.phishing;
  const categories = s.signals.keywordCategories;
  if (categories.some((c) => c === "crypto" || c === "prize")) return THREAT_TYPES.scam;
  if (categories.length > 0) return THREAT_TYPES.phishing;
  // The learned name model reads the name as a phishing name even where no rule names a brand or a lure.
  if (findings.some((f) => f.finding_id === "DR-DOM-027" && isThreat(f))) return THREAT_TYPES.phishing;
  const ageDays = network?.checks.rdap.ageDays;
  if (ageDays !== null && ageDays !== undefined && ageDays <= 30 && hasFinding(findings, "DR-NET-010")) {
    return THREAT_TYPES.newDomain;
  }
  return THREAT_TYPES.infrastructure;
}

/** The descriptions of outweighed name findings, each once: "Suspicious keywords in the host name; …". */
function weakSignals(findings: readonly Finding[]): string {
  return [...new Set(findings.map((f) => f.description.replace(/\.$/, "")))].join("; ");
}

/** The analysis with its name's claims set aside: no brand imitated, no lure category. */
function withoutNameClaims(s: StaticOk): StaticOk {
  return { ...s, brand: null, signals: { ...s.signals, keywordCategories: [] } };
}

function summaryOf(
  s: StaticOk,
  network: NetworkAnalysis | null,
  assessment: Assessment,
  threatType: string,
  findings: Finding[],
  clearance: Clearance | null,
  modelCleared: readonly Finding[] | null,
): string {
  const parts: string[] = [];
  const host = s.hostname;
  if (s.brand) {
    const { edit } = s.brand;
    const how = edit
      ? `publishing under a misspelling of the brand's name (${techniqueBy(edit, BRAND_IN_SUBDOMAIN)}) on a free hosting platform`
      : techniqueBy(s.brand.technique, BRAND_IN_SUBDOMAIN);
    parts.push(
      clearance
        ? `${host} resembles ${s.brand.name} (${s.brand.legitimateDomain}) by ${how}, but the domain ${clearance.because}`
        : imitationSentence(host, s.brand.name, s.brand.legitimateDomain, how),
    );
  } else if (clearance) {
    parts.push(
      `The name ${host} carries only weak signals (${weakSignals(clearance.findings)}), but the domain ${clearance.because}`,
    );
  } else if (modelCleared) {
    parts.push(
      `The name ${host} carries only weak signals (${weakSignals(modelCleared)}), and the learned name model reads it as more likely legitimate than phishing (score ${(s.signals.nameModel?.score ?? 0).toFixed(2)})`,
    );
  } else if (s.signals.isBrandDomain && s.signals.brandOwner) {
    parts.push(ownerSentence(host, s.signals.brandOwner, "belongs_to"));
  } else if (s.signals.trancoRank !== null) {
    parts.push(rankSentence(s.registrableDomain ?? host, s.signals.trancoRank));
  }
  if (network) {
    const rdap = network.checks.rdap;
    if (network.halted) {
      parts.push(
        `DNS could not resolve it (${network.checks.dns.message ?? network.checks.dns.reason ?? "no answer"}), so the analysis stopped early`,
      );
    } else if (rdap.ageDays !== null) {
      // Unless it was said already, with the name it outweighs.
      if (!clearance?.byHistory) parts.push(ageSentence(rdap.ageDays, RISK_AGE_WORDING, rdap.registrar));
    } else if (rdap.status !== "skipped") {
      parts.push(REGISTRATION_UNKNOWN);
    }
  } else {
    parts.push("Only the URL itself was analyzed (no network checks)");
  }
  // What the sentences above already say: the brand, the age and a DNS failure.
  const said = (f: Finding) =>
    clearance?.findings.includes(f) === true ||
    (s.brand !== null && (f.description.includes(s.brand.name) || f.details.includes(s.brand.name))) ||
    f.finding_id === "DR-NET-010" ||
    (network?.halted === true && DNS_CODES.has(f.finding_id));
  const others = otherEvidenceSentence(findings.filter(isThreat).filter((f) => !said(f)));
  if (others) parts.push(others);
  if (network && network.notChecked.length > 0)
    parts.push(`Not checked in time: ${network.notChecked.join(", ")}`);
  parts.push(
    verdictSentence(
      assessment,
      threatType,
      clearance
        ? "the name alone is a weak signal, and the domain's history outweighs it"
        : NOTHING_INDICATES_A_THREAT,
    ),
  );
  return paragraph(parts);
}

/**
 * Turns the agents' findings into SPEC §2.6's verdict: Malicious, Suspicious, Benign or Unknown, a
 * threat type, a confidence score (0 when the analysis halted early) and a summary written from the
 * evidence. docs/risk.md explains the scoring.
 */
export function buildVerdict(analysis: StaticOk, network: NetworkAnalysis | null): RiskReport {
  // A brand resemblance counts as impersonation only when the static agent rated it at least Medium
  // (a brand token inside an unrelated name alone is Low and is reported, not concluded from).
  const brandName = analysis.brand?.name;
  const impersonation =
    brandName !== undefined &&
    analysis.findings.some(
      (f) =>
        (f.severity === "Critical" || f.severity === "High" || f.severity === "Medium") &&
        f.details.includes(brandName),
    );
  const named: StaticOk = impersonation ? analysis : { ...analysis, brand: null };
  // A weak name signal on a domain with a long history and a valid certificate counts for nothing: its
  // findings stay in the report, but add no points and name no brand or lure (docs/risk.md).
  const clearance = clearanceOf(named, network);
  // Otherwise a weak name signal on a name the learned model reads as more likely legitimate counts for
  // nothing either, unless the network shows a newly registered domain (docs/risk.md, "Learned name model").
  const young = hasFinding(network?.findings ?? [], "DR-NET-010");
  const modelCleared =
    clearance === null &&
    !young &&
    named.signals.nameModel?.clear === true &&
    nameSignalOf(named.findings) === "weak"
      ? named.findings.filter(isThreat)
      : null;
  const s: StaticOk = modelCleared
    ? {
        ...withoutNameClaims(named),
        findings: clearedByModel(named.findings, named.signals.nameModel?.score ?? 0),
      }
    : named;
  const findings = [...s.findings, ...(network?.findings ?? [])];
  const judged: StaticOk = clearance ? withoutNameClaims(s) : s;
  const threats = findings.filter((f) => isThreat(f) && !clearance?.findings.includes(f));
  const score = pointsOf(threats, RISK_TALLY);
  const strong = hasStrongFinding(threats);
  const wellKnown = (s.signals.isBrandDomain || s.signals.trancoRank !== null) && !s.brand;

  let assessment: Assessment;
  let threatType: string;
  let confidence: number;
  if (network?.halted) {
    assessment = s.brand || strong ? "Suspicious" : "Unknown";
    threatType = s.brand || strong ? threatTypeOf(s, network, findings) : THREAT_TYPES.unresolved;
    confidence = 0;
  } else if (wellKnown && !strong) {
    assessment = "Benign";
    threatType = THREAT_TYPES.benign;
    confidence = network && network.notChecked.length === 0 ? 95 : 85;
  } else if (score >= MALICIOUS_AT && strong) {
    assessment = "Malicious";
    threatType = threatTypeOf(judged, network, threats);
    confidence = maliciousConfidence(score, riskMaliciousConfidence(network !== null));
  } else if (score >= SUSPICIOUS_AT) {
    assessment = "Suspicious";
    threatType = threatTypeOf(judged, network, threats);
    confidence = suspiciousConfidence(score);
  } else if (network?.checks.dns.parking && !judged.brand) {
    assessment = "Unknown";
    threatType = THREAT_TYPES.parked;
    confidence = 50;
  } else if (network?.checks.tls.status === "failed" && UNREACHABLE.has(network.checks.tls.reason ?? "")) {
    assessment = "Unknown";
    threatType = THREAT_TYPES.unreachable;
    confidence = 30;
  } else if (clearance) {
    assessment = "Benign";
    threatType = THREAT_TYPES.benign;
    confidence = CLEARED_CONFIDENCE;
  } else {
    assessment = "Benign";
    threatType = THREAT_TYPES.benign;
    confidence = network ? (network.notChecked.length === 0 ? 80 : 65) : 55;
  }
  if (network && network.notChecked.length > 0) confidence = lessForNotChecked(confidence);

  return {
    request_url: s.url,
    final_assessment: assessment,
    threat_type: threatType,
    confidence_score: confidence,
    executive_summary: summaryOf(s, network, assessment, threatType, findings, clearance, modelCleared),
    evidence_findings: findings,
  };
}
