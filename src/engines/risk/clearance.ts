import type { FindingCode } from "../findings/catalog.js";
import { type Finding, isThreat, type Severity } from "../findings/types.js";
import { ageText, type HostStanding, hostStanding, type NetworkAnalysis } from "./network/index.js";
import type { StaticAnalysis } from "./static/types.js";

type StaticOk = Extract<StaticAnalysis, { ok: true }>;

/**
 * Name findings that a legitimate, long-running site can carry innocently, and so are "weak" at Medium or
 * Low: its name is a dictionary word that is also a brand, is one edit from a brand, contains a brand next
 * to a mild lure ("ledger" + "bank"), contains lure words, is long or random-looking, or reads like phishing
 * names to the learned model. Everything else the static agent reports is a deliberate construction (a
 * homoglyph or another script, a brand in a subdomain or on a hosting platform, `com-` prefixes, `@`,
 * encoded hosts, per-victim reference numbers, the screening policy's DR-DOM-028…) and is never weak.
 */
export const WEAK_NAME_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "DR-DOM-001", // typo of a short or dictionary-word brand, no lure, TLD not abused (Medium)
  "DR-DOM-003", // brand next to a mild lure (Medium; High/Critical with strong lures)
  "DR-DOM-004", // dictionary-word brand under another TLD (Medium)
  "DR-DOM-007", // brand name inside an unrelated name, no lure
  "DR-DOM-010", // lure keywords
  "DR-DOM-013", // deep or long host name
  "DR-DOM-017", // random-looking name
  "DR-DOM-027", // the learned name model (Medium; High when far above its threshold)
]);

/** A weak code is weak only at these severities: High or Critical is the static agent saying "strong". */
const WEAK_SEVERITIES: ReadonlySet<Severity> = new Set(["Medium", "Low"]);

export type NameSignal = "none" | "weak" | "strong";

/** How strongly the URL itself points at a threat: no finding, only weak ones, or a strong one. */
export function nameSignalOf(findings: readonly Finding[]): NameSignal {
  const threats = findings.filter(isThreat);
  if (threats.length === 0) return "none";
  const weak = threats.every((f) => WEAK_NAME_CODES.has(f.finding_id) && WEAK_SEVERITIES.has(f.severity));
  return weak ? "weak" : "strong";
}

/** Network evidence that outweighs a weak name signal. */
export interface Clearance {
  /** The static findings it outweighs (they stay in the report but add no points). */
  findings: Finding[];
  standing: HostStanding;
  rank: number | null;
  /** Cleared by registration age and certificate age (else by rank alone). */
  byHistory: boolean;
  /** "has been registered since 2003-04-14 (23 years, through …) and serves a valid certificate from …". */
  because: string;
}

function dateOnly(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "an unknown date";
}

/**
 * Whether who runs the host outweighs what its name suggests (docs/risk.md, "Name against history"): only a
 * weak name signal, on a domain the registrant chose (not a user site on a platform, whose registration and
 * certificate are the platform's), which serves a valid certificate and either has been registered for
 * ESTABLISHED_REGISTRATION_DAYS with a certificate older than SETTLED_CERTIFICATE_DAYS, or is ranked.
 */
export function clearanceOf(s: StaticOk, network: NetworkAnalysis | null): Clearance | null {
  if (!network || nameSignalOf(s.findings) !== "weak") return null;
  if (s.signals.platform !== null || s.signals.ipLiteral) return null;
  const standing = hostStanding(network);
  if (!standing?.certificate) return null;
  const rank = s.signals.trancoRank;
  const byHistory = standing.established && standing.settledCertificate;
  if (!byHistory && rank === null) return null;

  const facts: string[] = [];
  if (byHistory && standing.registeredDays !== null)
    facts.push(
      `has been registered since ${dateOnly(standing.registeredAt)} (${ageText(standing.registeredDays)}${standing.registrar ? `, through ${standing.registrar}` : ""})`,
    );
  if (rank !== null) facts.push(`is widely used (Tranco rank ${rank})`);
  const { issuer, daysSinceIssued } = standing.certificate;
  const issued =
    daysSinceIssued !== null && daysSinceIssued >= 0 ? `, issued ${ageText(daysSinceIssued)} ago` : "";
  facts.push(`serves a valid certificate from ${issuer}${issued}`);
  const because = `${facts.slice(0, -1).join(", ")} and ${facts[facts.length - 1]}`;
  return { findings: s.findings.filter(isThreat), standing, rank, byHistory, because };
}
