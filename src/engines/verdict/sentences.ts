import type { Finding } from "../findings/types.js";
import type { Assessment } from "./scoring.js";

/**
 * The sentences both executive summaries are built of. Where the engines word one differently, the
 * difference is a named setting, with why; each engine writes its own sentences about its own evidence.
 */

/** The text as a sentence: trimmed, with a full stop unless it ends in `.`, `!` or `?`. */
export function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** An executive summary: its parts as sentences, one space apart. */
export function paragraph(parts: readonly string[]): string {
  return parts.map(sentence).join(" ");
}

/** "a", "a and b", "a, b and c". */
export function joinWords(values: readonly string[]): string {
  return values.length <= 1
    ? (values[0] ?? "")
    : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
}

/** "paypa1.com imitates PayPal (paypal.com) by swapping letters for look-alike characters". */
export function imitationSentence(
  host: string,
  brand: string,
  legitimateDomain: string,
  how: string,
): string {
  return `${host} imitates ${brand} (${legitimateDomain}) by ${how}`;
}

/** "example.com is a widely used domain (Tranco rank 1234)". */
export function rankSentence(domain: string, rank: number): string {
  return `${domain} is a widely used domain (Tranco rank ${rank})`;
}

/**
 * How a summary says that the host is a brand's own. Kept as each engine words it, so that no report
 * changes (issue 16): domain risk, about a name, says the host "belongs to" the brand; a URL scan, about a
 * page, that it "is one of" the brand's "own domains" (the page is not imitating the brand it names).
 */
export type OwnerWording = "belongs_to" | "own_domains";

export function ownerSentence(host: string, owner: string, wording: OwnerWording): string {
  return wording === "belongs_to"
    ? `${host} belongs to ${owner}`
    : `${host} is one of ${owner}'s own domains`;
}

/**
 * How a summary words the registration age. The scan's summary, written later, says "today" for day 0 and
 * "1 year" / "2 years"; domain risk's says "only 0 days ago" and "2 year(s)". Both are kept so that no
 * report changes (issue 16).
 */
export interface AgeWording {
  /** Day 0 reads "registered today" (else "registered only 0 days ago"). */
  today: boolean;
  /** Whole years read "1 year" / "2 years" (else "1 year(s)" / "2 year(s)"). */
  pluralYears: boolean;
}

export const RISK_AGE_WORDING: AgeWording = { today: false, pluralYears: false };
export const SCAN_AGE_WORDING: AgeWording = { today: true, pluralYears: true };

/**
 * "The domain was registered only 5 days ago", "… 3 years ago". The registrar, when given, follows an age
 * over 30 days ("… through Example Registrar"): domain risk names it, a scan's summary does not.
 */
export function ageSentence(days: number, wording: AgeWording, registrar: string | null = null): string {
  if (days <= 30) {
    if (days === 0 && wording.today) return "The domain was registered today";
    return `The domain was registered only ${days} day${days === 1 ? "" : "s"} ago`;
  }
  const years = Math.floor(days / 365);
  const age =
    years < 1
      ? `${days} days`
      : wording.pluralYears
        ? `${years} year${years === 1 ? "" : "s"}`
        : `${years} year(s)`;
  return `The domain was registered ${age} ago${registrar ? ` through ${registrar}` : ""}`;
}

/** RDAP gave no registration date. */
export const REGISTRATION_UNKNOWN = "Its registration date could not be established";

/** How many findings "Other evidence" names. */
export const OTHER_EVIDENCE_MAX = 3;

/**
 * "Other evidence: A; B; C": the first three descriptions of findings the summary's own sentences do not
 * cover (each engine chooses and orders them), or null when there are none.
 */
export function otherEvidenceSentence(findings: readonly Finding[]): string | null {
  const others = findings.slice(0, OTHER_EVIDENCE_MAX).map((f) => f.description.replace(/\.$/, ""));
  return others.length > 0 ? `Other evidence: ${others.join("; ")}` : null;
}

/** Why a Benign verdict is benign, unless the engine says otherwise. */
export const NOTHING_INDICATES_A_THREAT = "nothing indicates a threat";

/** The summary's last sentence: "Assessed as suspicious: phishing / credential theft". */
export function verdictSentence(
  assessment: Assessment,
  threatType: string,
  benignBecause: string = NOTHING_INDICATES_A_THREAT,
): string {
  const type = threatType.toLowerCase();
  if (assessment === "Benign") return `Assessed as benign: ${benignBecause}`;
  if (assessment === "Unknown") return `Assessed as unknown (${type})`;
  return `Assessed as ${assessment.toLowerCase()}: ${type}`;
}
