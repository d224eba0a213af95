import { type Finding, isThreat, type Severity } from "../findings/types.js";
import { type Clearance, clearanceOf, nameSignalOf } from "./clearance.js";
import { clearedByModel } from "./names/finding.js";
import type { NetworkAnalysis } from "./network/index.js";
import type { Assessment, RiskReport } from "./report.js";
import type { StaticAnalysis } from "./static/types.js";

type StaticOk = Extract<StaticAnalysis, { ok: true }>;

/** Points a finding adds to the threat score, by severity. */
const POINTS: Record<Severity, number> = { Critical: 60, High: 35, Medium: 15, Low: 5, Informational: 0 };
/** At or above: Suspicious / Malicious (Malicious also needs a High or Critical finding). */
const SUSPICIOUS_AT = 15;
const MALICIOUS_AT = 60;
/**
 * Benign because the host's history outweighs a weak name signal: lower than a clean name's 80, since the
 * name does resemble a brand or a lure and the history could, rarely, be a bought aged domain.
 */
const CLEARED_CONFIDENCE = 70;

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

/** TLS failures that mean nothing answered at all (as opposed to a server without TLS). */
const UNREACHABLE = new Set([
  "connection_refused",
  "host_unreachable",
  "timeout_connect",
  "timeout_total",
  "connection_reset",
]);

const TECHNIQUE_WORDS: Record<string, string> = {
  homoglyph: "swapping letters for look-alike characters",
  confusable: "using look-alike characters from another script",
  bitsquatting: "a one-bit change of a character",
  addition: "adding a character",
  insertion: "inserting a character",
  omission: "leaving out a character",
  repetition: "repeating a character",
  replacement: "replacing a character with a neighbouring key",
  transposition: "swapping two characters",
  vowel_swap: "swapping a vowel",
  hyphenation: "adding a hyphen",
  plural: "adding a plural ending",
  tld_swap: "using another top-level domain",
  combosquat: "combining the brand name with other words",
  brand_in_subdomain: "putting the brand's domain in front of an unrelated domain",
  free_hosting: "publishing under the brand's name on a free hosting platform",
  brand_in_name: "using the brand's name in an unrelated domain",
};

function has(findings: readonly Finding[], prefix: string): boolean {
  return findings.some((f) => f.finding_id.startsWith(prefix));
}

function scoreOf(findings: Finding[]): number {
  return findings.reduce((sum, f) => sum + POINTS[f.severity], 0);
}

function threatTypeOf(s: StaticOk, network: NetworkAnalysis | null, findings: Finding[]): string {
  if (s.brand) return THREAT_TYPES.phishing;
  const categories = s.signals.keywordCategories;
  if (categories.some((c) => c === "crypto" || c === "prize")) return THREAT_TYPES.scam;
  if (categories.length > 0) return THREAT_TYPES.phishing;
  // The learned name model reads the name as a phishing name even where no rule names a brand or a lure.
  if (findings.some((f) => f.finding_id === "DR-DOM-027" && isThreat(f))) return THREAT_TYPES.phishing;
  const ageDays = network?.checks.rdap.ageDays;
  if (ageDays !== null && ageDays !== undefined && ageDays <= 30 && has(findings, "DR-NET-010")) {
    return THREAT_TYPES.newDomain;
  }
  return THREAT_TYPES.infrastructure;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
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
      ? `publishing under a misspelling of the brand's name (${TECHNIQUE_WORDS[edit] ?? edit.replace(/_/g, " ")}) on a free hosting platform`
      : (TECHNIQUE_WORDS[s.brand.technique] ?? s.brand.technique.replace(/_/g, " "));
    parts.push(
      clearance
        ? `${host} resembles ${s.brand.name} (${s.brand.legitimateDomain}) by ${how}, but the domain ${clearance.because}`
        : `${host} imitates ${s.brand.name} (${s.brand.legitimateDomain}) by ${how}`,
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
    parts.push(`${host} belongs to ${s.signals.brandOwner}`);
  } else if (s.signals.trancoRank !== null) {
    parts.push(
      `${s.registrableDomain ?? host} is a widely used domain (Tranco rank ${s.signals.trancoRank})`,
    );
  }
  if (network) {
    const rdap = network.checks.rdap;
    if (network.halted) {
      parts.push(
        `DNS could not resolve it (${network.checks.dns.message ?? network.checks.dns.reason ?? "no answer"}), so the analysis stopped early`,
      );
    } else if (rdap.ageDays !== null) {
      // Unless it was said already, with the name it outweighs.
      if (!clearance?.byHistory)
        parts.push(
          rdap.ageDays <= 30
            ? `The domain was registered only ${rdap.ageDays} day${rdap.ageDays === 1 ? "" : "s"} ago`
            : `The domain was registered ${Math.floor(rdap.ageDays / 365) >= 1 ? `${Math.floor(rdap.ageDays / 365)} year(s)` : `${rdap.ageDays} days`} ago${rdap.registrar ? ` through ${rdap.registrar}` : ""}`,
        );
    } else if (rdap.status !== "skipped") {
      parts.push("Its registration date could not be established");
    }
  } else {
    parts.push("Only the URL itself was analyzed (no network checks)");
  }
  // What the sentences above already say: the brand, the age and a DNS failure.
  const said = (f: Finding) =>
    clearance?.findings.includes(f) === true ||
    (s.brand !== null && (f.description.includes(s.brand.name) || f.details.includes(s.brand.name))) ||
    f.finding_id === "DR-NET-010" ||
    (network?.halted === true && f.finding_id.startsWith("DR-NET-00"));
  const others = findings
    .filter(isThreat)
    .filter((f) => !said(f))
    .slice(0, 3)
    .map((f) => f.description.replace(/\.$/, ""));
  if (others.length > 0) parts.push(`Other evidence: ${others.join("; ")}`);
  if (network && network.notChecked.length > 0)
    parts.push(`Not checked in time: ${network.notChecked.join(", ")}`);
  const verdict =
    assessment === "Benign"
      ? clearance
        ? "Assessed as benign: the name alone is a weak signal, and the domain's history outweighs it"
        : "Assessed as benign: nothing indicates a threat"
      : assessment === "Unknown"
        ? `Assessed as unknown (${threatType.toLowerCase()})`
        : `Assessed as ${assessment.toLowerCase()}: ${threatType.toLowerCase()}`;
  parts.push(verdict);
  return parts.map(sentence).join(" ");
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
  const young = has(network?.findings ?? [], "DR-NET-010");
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
  const score = scoreOf(threats);
  const strong = threats.some((f) => f.severity === "High" || f.severity === "Critical");
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
    confidence = Math.min(95, 60 + Math.round((score - MALICIOUS_AT) / 3) + (network ? 10 : 0));
  } else if (score >= SUSPICIOUS_AT) {
    assessment = "Suspicious";
    threatType = threatTypeOf(judged, network, threats);
    confidence = Math.min(80, 40 + Math.round(score / 2));
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
  if (network && network.notChecked.length > 0 && confidence > 0) confidence = Math.max(10, confidence - 10);

  return {
    request_url: s.url,
    final_assessment: assessment,
    threat_type: threatType,
    confidence_score: confidence,
    executive_summary: summaryOf(s, network, assessment, threatType, findings, clearance, modelCleared),
    evidence_findings: findings,
  };
}
