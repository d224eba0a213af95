import { parse } from "tldts";
import {
  type BrandTarget,
  brandRegistry,
  dictionaryBrandCorroborated,
  isCountrySuffix,
  isSelfHostedProduct,
  wordAcross,
} from "../../domain/index.js";
import type { Severity } from "../../findings/types.js";
import { techniquePhrase } from "../../verdict/index.js";
import { type BrandMatch, raise, severityRank, targetBrand } from "./match-types.js";
import { type HostScan, type Lure, lureLevel, lureOf, productWords } from "./scan.js";
import { typoMatches } from "./typo-match.js";
import { accountName, excusedOnUserSite, runsPlatform } from "./user-site.js";
import { lureNote, platformPhrase, possessive, shownAs } from "./wording.js";

export type { BrandMatch } from "./match-types.js";
export { severityRank } from "./match-types.js";

/**
 * Whether a name's words show that a dictionary-word brand (`ledger`, `target`) means the brand: a strong
 * lure word (a credential or payment ask) or a word of the brand's own trade next to it. `ledgerbank` has
 * neither (a bank is not a crypto wallet maker's trade); `ledger-airdrop-claim` has both. Other brands need
 * no corroboration.
 */
function corroborated(target: BrandTarget, lure: Lure, lookAlike = false): boolean {
  if (!target.dictionaryWord) return true;
  const sector = target.owners[0]?.brand.sector;
  return dictionaryBrandCorroborated({
    productWords: sector ? productWords(lure, sector) : 0,
    ask: lure.strong,
    lookAlike,
  });
}

/** The registrable name is a brand name split by hyphens (`pay-pal.com`, `bank-of-america.com`). */
function hyphenated(host: HostScan, target: BrandTarget, out: BrandMatch[]): void {
  const { facts } = host;
  const brand = targetBrand(target);
  const onPlatform = facts.platform?.userContent === "subdomain";
  let severity: Severity = target.strength === "strong" ? "High" : "Medium";
  if (host.abusedTld || lureOf(host).strong) severity = raise(severity);
  const shown = shownAs(facts.registrable, `${host.name.display}.${facts.suffix}`);
  const parts = host.name.display.split("-").length - 1;
  out.push({
    brandName: brand.name,
    legitimateDomain: brand.domain,
    technique: onPlatform ? "free_hosting" : "hyphenation",
    code: onPlatform ? "DR-DOM-006" : "DR-DOM-001",
    severity,
    details: `${shown} is ${brand.reference} with ${parts === 1 ? "a hyphen" : `${parts} hyphens`} inserted, ${techniquePhrase("hyphenation")}.`,
    priority: onPlatform ? 4 : 5,
    weight: target.text.length,
  });
}

/** The registrable name is exactly a brand name, under a TLD the brand does not own. */
function tldSwapSeverity(strong: boolean, lure: Lure, host: HostScan, onPlatform: boolean): Severity | null {
  if (onPlatform) {
    if (strong) return lure.any ? "High" : "Medium";
    return lure.strong ? "High" : lure.any ? "Medium" : null;
  }
  if (strong) {
    if (host.abusedTld && lure.strong) return "Critical";
    return host.abusedTld || lure.any ? "High" : "Medium";
  }
  if (lure.strong) return "High";
  return host.abusedTld ? "Medium" : null;
}

/**
 * A user site's name that runs a brand name into other letters (`metamaskextansino.webflow.io`,
 * `kucoinlogienc.webflow.io`): impersonation on a platform where anyone can publish, unless the letters
 * belong to an ordinary longer word (`revolution`, `webextension`), the brand runs the platform itself
 * (`github` in a GitHub Pages user's name), or on a code-hosting platform the rest is ordinary words (an
 * organization's account: `googlechrome.github.io`).
 */
function fusedIntoUserName(host: HostScan, start: number, end: number, target: BrandTarget): boolean {
  const platform = host.facts.platform?.domain;
  if (!platform || target.owners.some((o) => runsPlatform(o.brand, platform))) return false;
  return wordAcross(host.name.scan.compact, start, end) === null && !accountName(host, start, end);
}

/**
 * A weak or short brand token inside a longer ordinary word the name also spells (`line` in `online`,
 * `airline`, `deadline`): the word is what the name says, not the brand.
 */
function insideOrdinaryWord(
  hits: HostScan["name"]["scan"]["hits"],
  hit: HostScan["name"]["scan"]["hits"][number],
): boolean {
  return hits.some(
    (other) =>
      other !== hit &&
      !other.word.target &&
      other.delimited &&
      other.start <= hit.start &&
      other.end >= hit.end &&
      other.end - other.start > hit.end - hit.start,
  );
}

/** Brand names spelled out inside the registrable name (or a platform user's name). */
function tokenMatches(host: HostScan, out: BrandMatch[]): void {
  const { facts } = host;
  const label = host.name;
  const shown = shownAs(facts.registrable, `${label.display}.${facts.suffix}`);
  const onPlatform = facts.platform?.userContent === "subdomain";
  const platformText = `a user site on ${facts.suffix} (${platformPhrase(facts.platform?.kind ?? "user_subdomain")})`;
  for (const hit of label.scan.hits) {
    const target = hit.word.target;
    if (!target) continue;
    const wholeName = hit.start === 0 && hit.end === label.scan.compact.length;
    const glyph = !label.compactDisplay.includes(target.text);
    // A whole name that only looks like the brand is a homoglyph, handled with the edits.
    if (wholeName && glyph) continue;
    if (wholeName && label.display.includes("-")) {
      hyphenated(host, target, out);
      continue;
    }
    if (target.strength === "weak" && !hit.delimited) continue;
    if (target.strength === "short" && !hit.wholeParts) continue;
    if (target.strength !== "strong" && insideOrdinaryWord(label.scan.hits, hit)) continue;
    const brand = targetBrand(target);
    const lure = lureOf(host, { label, start: hit.start, end: hit.end });
    if (!corroborated(target, lure)) continue;
    if (wholeName) {
      const severity = tldSwapSeverity(target.strength === "strong", lure, host, onPlatform);
      if (!severity) continue;
      out.push({
        brandName: brand.name,
        legitimateDomain: brand.domain,
        technique: onPlatform ? "free_hosting" : "tld_swap",
        code: onPlatform ? "DR-DOM-006" : "DR-DOM-004",
        severity,
        details: onPlatform
          ? `${shown} is ${platformText} named "${target.text}" after ${brand.name}${lureNote(lure.words)}; ${possessive(brand.name)} legitimate domain is ${brand.domain}.`
          : `${shown} uses ${possessive(brand.name)} name under another top-level domain (.${facts.suffix})${lureNote(lure.words)}; ${possessive(brand.name)} legitimate domain is ${brand.domain}.`,
        priority: onPlatform ? 4 : 2,
        weight: target.text.length,
      });
      continue;
    }
    const level = lureLevel(lure, target.owners[0]?.brand.sector);
    let severity: Severity | null;
    if (target.strength === "strong" && hit.delimited) severity = level >= 2 ? "High" : "Medium";
    // A brand name embedded in a longer word (`canva` in `canvas`) only counts next to a strong lure.
    else if (target.strength === "strong")
      severity =
        level === 3 || (onPlatform && fusedIntoUserName(host, hit.start, hit.end, target)) ? "Medium" : null;
    else severity = level === 3 ? "High" : level >= 1 ? "Medium" : null;
    if (!severity) continue;
    if (glyph && severityRank(severity) < severityRank("High")) severity = raise(severity);
    if (severity === "High" && lure.strong && (host.abusedTld || lure.strongCategories.size >= 2 || glyph)) {
      severity = "Critical";
    }
    const named = glyph
      ? `a look-alike of ${possessive(brand.name)} name ("${target.text}")`
      : `${possessive(brand.name)} name ("${target.text}")`;
    const combo = level >= 1;
    out.push({
      brandName: brand.name,
      legitimateDomain: brand.domain,
      technique: onPlatform ? "free_hosting" : combo ? "combosquat" : "brand_in_name",
      code: onPlatform ? "DR-DOM-006" : combo ? "DR-DOM-003" : "DR-DOM-007",
      severity,
      details: onPlatform
        ? `${shown} is ${platformText} whose name contains ${named}${lureNote(lure.words)}; ${possessive(brand.name)} legitimate domain is ${brand.domain}.`
        : combo
          ? `${shown} combines ${named}${lureNote(lure.words)}; ${possessive(brand.name)} legitimate domain is ${brand.domain}.`
          : `${shown} contains ${named} but is not one of ${possessive(brand.name)} domains (${brand.domain}).`,
      priority: onPlatform ? 4 : combo ? 3 : 0,
      weight: target.text.length,
    });
  }
}

/** `com-`, `net-`, … at the start of the registrable name: `microsoft.com-signin.top` reads `microsoft.com`. */
export const TLD_LIKE_PREFIX = /^(com|net|org|gov|www)(?=-|$)/;

function ownerOfSpelledDomain(candidate: string, firstLabel: string): string | null {
  const registry = brandRegistry();
  const exact = registry.byDomain.get(candidate);
  if (exact) return exact.name;
  const wildcard = registry.bySld.get(firstLabel);
  if (!wildcard) return null;
  const parsed = parse(candidate);
  return parsed.domain === candidate && parsed.isIcann && isCountrySuffix(parsed.publicSuffix ?? "")
    ? wildcard.name
    : null;
}

/** Brand names and brand domains written left of an unrelated registrable domain. */
function subdomainMatches(host: HostScan, out: BrandMatch[]): void {
  const { facts } = host;
  const labels = facts.subdomainLabels;
  const shown = shownAs(facts.hostname, facts.displayHostname);
  const spelled = (brandName: string, domain: string): void => {
    out.push({
      brandName,
      legitimateDomain: domain,
      technique: "brand_in_subdomain",
      code: "DR-DOM-005",
      severity: "Critical",
      details: `${shown} spells out ${domain}, ${possessive(brandName)} domain, in front of the unrelated domain ${facts.registrable}, which is where the site really is.`,
      priority: 7,
      weight: domain.length,
    });
  };
  for (let i = 0; i < labels.length; i++) {
    for (const size of [2, 3]) {
      if (i + size > labels.length) continue;
      const candidate = labels.slice(i, i + size).join(".");
      const brandName = ownerOfSpelledDomain(candidate, labels[i] ?? "");
      if (brandName) spelled(brandName, candidate);
    }
  }
  const last = labels[labels.length - 1];
  const prefix = TLD_LIKE_PREFIX.exec(facts.name)?.[1];
  if (last && prefix && prefix !== "www") {
    const candidate = `${last}.${prefix}`;
    const brandName = ownerOfSpelledDomain(candidate, last);
    if (brandName) spelled(brandName, candidate);
  }
  host.subdomains.forEach((label, index) => {
    for (const hit of label.scan.hits) {
      const target = hit.word.target;
      if (!target) continue;
      const strongHit = target.strength === "strong" && hit.delimited;
      if (!strongHit && !hit.wholeParts) continue;
      const lure = lureOf(host, { label, start: hit.start, end: hit.end });
      // `gitlab.<company>.de`: a self-hosted product's usual host name, the organization's own install.
      if (
        !lure.any &&
        !prefix &&
        hit.start === 0 &&
        hit.end === label.scan.compact.length &&
        target.owners.some((o) => isSelfHostedProduct(o.brand.name))
      )
        continue;
      // `ledger.com-secure.top`: the name spelled as a domain is a look-alike of the brand's.
      if (!corroborated(target, lure, prefix !== undefined)) continue;
      let severity: Severity | null;
      if (strongHit) severity = lure.any || host.abusedTld || prefix ? "High" : "Medium";
      else severity = lure.strong || prefix ? "High" : lure.any ? "Medium" : null;
      if (!severity) continue;
      const brand = targetBrand(target);
      out.push({
        brandName: brand.name,
        legitimateDomain: brand.domain,
        technique: "brand_in_subdomain",
        code: "DR-DOM-005",
        severity,
        details: `The subdomain "${labels[index] ?? label.display}" of ${shown} names ${brand.name}${lureNote(lure.words)}, but the site belongs to the unrelated domain ${facts.registrable}; ${possessive(brand.name)} legitimate domain is ${brand.domain}.`,
        priority: 1,
        weight: target.text.length,
      });
    }
  });
}

/**
 * A brand's domain written with hyphens for dots at the start of one label of an unrelated host —
 * `amazon-co-jp` in amazon-co-jp.account-update.cn, `bb-com-br`, `ipko-pl` — whether the label is a
 * subdomain or the registrable name itself: the name spells the domain it wants to be read as.
 */
function hyphenSpelledMatches(host: HostScan, out: BrandMatch[]): void {
  const { facts } = host;
  const shown = shownAs(facts.hostname, facts.displayHostname);
  const seen = new Set<string>();
  for (const label of [...facts.subdomainLabels, facts.name]) {
    const parts = label.split("-").filter((p) => p.length > 0);
    if (parts.length < 2) continue;
    // Only at the label's start, where it is read first (`deliver-live-com` spells no live.com).
    for (const size of [3, 2]) {
      const candidate = parts.slice(0, size).join(".");
      if (size > parts.length || seen.has(candidate)) continue;
      const brandName = ownerOfSpelledDomain(candidate, parts[0] ?? "");
      if (!brandName || candidate === facts.registrable) continue;
      seen.add(candidate);
      out.push({
        brandName,
        legitimateDomain: candidate,
        technique: "brand_in_subdomain",
        code: "DR-DOM-005",
        severity: "High",
        details: `${shown} spells out ${candidate}, ${possessive(brandName)} domain, with hyphens for its dots ("${label}"), but the site belongs to the unrelated domain ${facts.registrable}.`,
        priority: 6,
        weight: candidate.length,
      });
    }
  }
}

/** The most serious way the host imitates a brand, or null. */
export function matchBrand(host: HostScan): BrandMatch | null {
  const found: BrandMatch[] = [];
  typoMatches(host, found);
  tokenMatches(host, found);
  subdomainMatches(host, found);
  hyphenSpelledMatches(host, found);
  let best: BrandMatch | null = null;
  for (const match of found) {
    if (excusedOnUserSite(host, match)) continue;
    const better =
      !best ||
      severityRank(match.severity) > severityRank(best.severity) ||
      (match.severity === best.severity &&
        (match.priority > best.priority || (match.priority === best.priority && match.weight > best.weight)));
    if (better) best = match;
  }
  return best;
}
