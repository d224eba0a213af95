import { type HostFacts, KEYWORD_CATEGORIES, type Randomness } from "../../domain/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding, Severity } from "../../findings/types.js";
import { type BrandMatch, TLD_LIKE_PREFIX } from "./brand-match.js";
import type { HostScan } from "./scan.js";
import type { StaticSignals } from "./types.js";
import { projectSite } from "./user-site.js";
import { platformPhrase, quoteList } from "./wording.js";

/** One finding per keyword category found in the host, with the category set. */
export function keywordFindings(scan: HostScan, hasBrand: boolean): Finding[] {
  const findings: Finding[] = [];
  const platformUser = scan.facts.platform?.userContent === "subdomain";
  const categories = new Set(scan.keywords.map((k) => k.keyword.category));
  const otherEvidence = hasBrand || scan.abusedTld || platformUser;
  // A library's page (`flask-login.readthedocs.io`): its lure words say what the library does.
  const project = projectSite(scan);
  for (const category of KEYWORD_CATEGORIES) {
    const hits = scan.keywords.filter((k) => k.keyword.category === category);
    if (hits.length === 0) continue;
    const words = [...new Set(hits.map((k) => k.keyword.text))];
    const inName = hits.some((k) => k.where === "name");
    const strongInName = hits.some((k) => k.where === "name" && k.keyword.strong);
    let severity: Severity = inName || otherEvidence ? "Low" : "Informational";
    if (strongInName && (scan.abusedTld || (platformUser && !project) || categories.size >= 2)) {
      severity = "Medium";
    }
    const where = inName ? "" : " (in a subdomain)";
    findings.push(
      makeFinding(
        "DR-DOM-010",
        `The host name contains the ${category} keyword${words.length > 1 ? "s" : ""} ${quoteList(words)}${where}.`,
        { severity, category, description: `Suspicious ${category} keywords in the host name` },
      ),
    );
  }
  return findings;
}

/** Six digits or more: a case, account or tracking number rather than a year or a street number. */
const REFERENCE_NUMBER = /\d{6,}/;

/**
 * Subdomains (or a platform user's name) that pair a lure word with a long number, the per-victim
 * addresses of phishing kits (`case-id-1000228243425.<someone's domain>`).
 */
export function referenceNumberFindings(scan: HostScan): Finding[] {
  const platformUser = scan.facts.platform?.userContent === "subdomain";
  for (const hit of scan.keywords) {
    if (hit.where === "name" && !platformUser) continue;
    const shown = hit.label.display;
    const number = REFERENCE_NUMBER.exec(shown)?.[0];
    if (!number) continue;
    const place = hit.where === "name" ? `The site name "${shown}"` : `The subdomain "${shown}"`;
    return [
      makeFinding(
        "DR-DOM-026",
        `${place} pairs the ${hit.keyword.category} word "${hit.keyword.text}" with the reference number ${number}, the shape of addresses phishing kits make per victim, on ${scan.facts.registrable}.`,
      ),
    ];
  }
  return [];
}

interface HostFindingInput {
  facts: HostFacts;
  signals: StaticSignals;
  random: Randomness;
  mixed: string[];
  match: BrandMatch | null;
  scan: HostScan | null;
}

/** Findings about the host's shape: TLD, IDN, depth, randomness, platform, shortener. */
export function hostFindings({ facts, signals, random, mixed, match, scan }: HostFindingInput): Finding[] {
  const findings: Finding[] = [];
  if (signals.suspiciousTld) {
    findings.push(
      makeFinding(
        "DR-DOM-011",
        `.${facts.icannSuffix} is on the shipped list of top-level domains abused far above their share.`,
      ),
    );
  }
  if (signals.idn) {
    findings.push(makeFinding("DR-DOM-009", `${facts.hostname} is displayed as ${facts.displayHostname}.`));
  }
  if (mixed.length > 0 && !(match && (match.code === "DR-DOM-002" || match.code === "DR-DOM-003"))) {
    findings.push(
      makeFinding(
        "DR-DOM-008",
        `The label "${mixed[0]}" mixes Latin letters with look-alike letters from another script.`,
      ),
    );
  }
  const depth = facts.subdomainLabels.length;
  if (depth >= 4 || facts.hostname.length > 80) {
    findings.push(
      makeFinding(
        "DR-DOM-013",
        depth >= 4
          ? `${facts.hostname} has ${depth} subdomain levels in front of ${facts.registrable}.`
          : `${facts.hostname} is ${facts.hostname.length} characters long.`,
        { severity: depth >= 6 ? "Medium" : "Low" },
      ),
    );
  }
  const prefix = TLD_LIKE_PREFIX.exec(facts.name)?.[1];
  if (prefix && (prefix === "www" || depth > 0) && facts.platform?.userContent !== "subdomain") {
    findings.push(
      makeFinding(
        "DR-DOM-023",
        prefix === "www"
          ? `The registrable name ${facts.registrable} starts with "www-", imitating the "www." of an address.`
          : `The registrable domain ${facts.registrable} starts with "${prefix}-", so ${facts.hostname} reads as if it ended in ".${prefix}".`,
      ),
    );
  }
  if (random.random && scan !== null) {
    findings.push(
      makeFinding(
        "DR-DOM-017",
        `The name "${facts.name}" looks machine-generated (${random.reason ?? "unusual letters"}).`,
      ),
    );
  }
  if (signals.shortener) {
    findings.push(
      makeFinding("DR-DOM-018", `${facts.hostname} is a URL shortener; the destination is not in the URL.`),
    );
  }
  if (facts.platform) {
    const { domain, kind, userContent } = facts.platform;
    findings.push(
      makeFinding(
        "DR-DOM-019",
        userContent === "subdomain"
          ? `${facts.registrable} is a user's site on ${domain}, ${platformPhrase(kind)}; its content is not ${domain}'s.`
          : `${facts.hostname} is ${platformPhrase(kind)} (${domain}) where the content at each address belongs to its user.`,
      ),
    );
  }
  return findings;
}
