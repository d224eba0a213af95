import { parse } from "tldts";
import { type Brand, type BrandSector, brandOwning, brandRegistry, hostIsUnder } from "../../domain/index.js";
import { cleanText } from "../../html/index.js";
import type { CrawlCapture } from "../capture.js";
import type { IdentitySource, Purpose } from "../types.js";
import { type EntityRecord, entityForDomain, familyOfName } from "./entities.js";
import { isHostingNetworkName } from "./hosting.js";
import {
  copyrightHolder,
  hasLegalSuffix,
  labelledOperators,
  legalNamesIn,
  looksLikePersonName,
  nameKey,
  namesNotOperating,
  nameTokens,
  orgWordNamesIn,
  sameEntity,
  statedParents,
  tidyName,
  titleCaseIfLower,
  titleSegments,
} from "./names.js";
import type { PageSet, ParsedPage } from "./pages.js";
import { jsonLdTypes } from "./purpose.js";
import type { StateFacts } from "./state.js";

export interface Candidate {
  value: string;
  source: IdentitySource;
  weight: number;
  key: string;
}

export interface IdentityInput {
  capture: CrawlCapture;
  pages: PageSet;
  state: StateFacts;
  entity: EntityRecord | null;
  age: number | null;
  useLists: boolean;
}

export interface ClaimedBrand {
  name: string;
  purpose: Purpose | null;
}

export interface IdentityFacts {
  operator: string;
  operatorSource: IdentitySource;
  /** Strength of the winning name (0 when Unknown). */
  operatorScore: number;
  candidates: Candidate[];
  parent: string | null;
  parentSource: "json_ld" | "entity_table" | null;
  /** Where a parent came from when the contract's source cannot say it (`page_text`, `platform`). */
  parentDetail: string | null;
  /** The name people know the site by ("Codewharf", "QuillSuite"), or null. */
  brand: string | null;
  /** A well-known brand the page presents itself as although the domain is not theirs. */
  claimedBrand: ClaimedBrand | null;
  /** The domain is a user's site on a hosting platform (a private public-suffix entry). */
  platform: { suffix: string; operator: string | null } | null;
  /** Why the operator is Unknown despite candidates. */
  unknownReason: string | null;
  /** The site is run by a private person (a person's name, no organization behind it). */
  personal: boolean;
}

export const UNKNOWN_OPERATOR = "Unknown";

/** Two to five capitalised words. */
const PROPER_NAME = /^\p{Lu}[\p{L}'’&.-]*(?:\s+(?:&|and|of|the|de|\p{Lu}[\p{L}'’&.-]*)){1,4}$/u;
/** Words of page chrome, not of names ("Secure Sign In", "Account Verification"). */
const GENERIC_TITLE =
  /\b(?:sign|log|login|logon|account|secure|security|verify|verification|home|homepage|welcome|official|online|portal|page|update|confirm|support|help|error|loading|dashboard)\b/i;

const STRONG_SOURCES = new Set<IdentitySource>([
  "json_ld",
  "legal_page",
  "tls_certificate",
  "rdap_registrant",
  "entity_table",
]);

const NON_ORG_TYPES =
  /^(?:WebSite|WebPage|Product|Offer|AggregateOffer|BreadcrumbList|ListItem|ItemList|ImageObject|VideoObject|FAQPage|Question|Answer|SearchAction|Event|Article|NewsArticle|BlogPosting|Blog|Review|Rating|AggregateRating|PostalAddress|ContactPoint|Brand|Place|GeoCoordinates|OpeningHoursSpecification|SiteNavigationElement|Person|ProfilePage|HowTo|Recipe|Course|JobPosting|SoftwareApplication|WebApplication|Dataset)$/;
const ORG_TYPES =
  /Organi[sz]ation$|Corporation$|Store$|Business$|^NGO$|Bank|Bakery|Restaurant|Cafe|Hotel|School|University|College|Hospital|Clinic|Government|Agency|Library|Museum|Church|Club|Team|Brewery|Winery|Shop|Service$|Dealer|Attorney|Notary|Dentist|Physician|Pharmacy|Airline|Agent$|Contractor|Office$|Establishment|Station$|Company$/;

/** Registrant values that are a privacy service, not the registrant. */
const PRIVACY =
  /redacted|privacy|private|protected|withheld|proxy|not disclosed|data protected|gdpr|whois|registrant of|contact privacy|domains by proxy|perfect privacy|identity protect|statutory masking|on behalf of|c\/o|anonymi[sz]ed|hidden/i;

const SECTOR_PURPOSE: Record<BrandSector, Purpose | null> = {
  banking: "financial_services",
  payment: "financial_services",
  investment: "financial_services",
  insurance: "financial_services",
  email: "email_provider",
  technology: null,
  social: "social_network",
  shipping: "logistics",
  crypto: "crypto_exchange",
  streaming: "streaming_media",
  gaming: "gaming",
  government: "government",
  retail: "ecommerce",
  travel: "travel",
  telecom: "telecommunications",
  // Energy and water suppliers: no purpose of the taxonomy says it; the page decides.
  utility: null,
};

let brandsByKey: Map<string, Brand> | undefined;

function brandByName(name: string): Brand | null {
  if (!brandsByKey) {
    brandsByKey = new Map();
    for (const brand of brandRegistry().brands) {
      const key = nameKey(brand.name);
      if (key.length >= 4 && !brandsByKey.has(key)) brandsByKey.set(key, brand);
    }
  }
  return brandsByKey.get(nameKey(name)) ?? null;
}

function stringOrName(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const name = (value as Record<string, unknown>).name;
    if (typeof name === "string") return name;
  }
  if (Array.isArray(value) && value.length > 0) return stringOrName(value[0]);
  return null;
}

function urlHost(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return null;
  }
}

interface Collected {
  candidates: Candidate[];
  parents: Array<{ value: string; source: "json_ld" | "page_text" }>;
  excluded: Set<string>;
}

function push(out: Collected, raw: string | null, source: IdentitySource, weight: number): void {
  if (!raw) return;
  const value = tidyName(raw);
  if (!value) return;
  const key = nameKey(value);
  if (key.length < 2) return;
  out.candidates.push({ value, source, weight, key });
}

function onDomainHost(host: string | null, domain: string): boolean | null {
  return host ? hostIsUnder(host, domain) : null;
}

function fromJsonLd(page: ParsedPage, base: number, domain: string, out: Collected): void {
  for (const object of page.facts.jsonLd) {
    const types = jsonLdTypes(object);
    const legalName = typeof object.legalName === "string" ? object.legalName : null;
    const name = typeof object.name === "string" ? object.name : null;
    const here = onDomainHost(urlHost(object.url), domain);
    const factor = here === false ? 0.4 : 1;
    const bonus = here === true ? 1 : 0;
    const isOrg =
      types.some((t) => ORG_TYPES.test(t)) ||
      (legalName !== null && !types.some((t) => NON_ORG_TYPES.test(t)));
    if (isOrg) {
      if (legalName) push(out, legalName, "json_ld", (base + 1 + bonus) * factor);
      if (name)
        push(
          out,
          name,
          "json_ld",
          (legalName && nameKey(legalName) !== nameKey(name) ? base - 5 : base + bonus) * factor,
        );
      const parent = stringOrName(object.parentOrganization);
      if (parent && here !== false) out.parents.push({ value: parent, source: "json_ld" });
    } else if (types.includes("WebSite") || types.includes("WebPage")) {
      const publisher = object.publisher;
      const publisherName = stringOrName(publisher);
      if (publisherName && here !== false) {
        const publisherRecord =
          publisher && typeof publisher === "object" ? (publisher as Record<string, unknown>) : null;
        const publisherLegal =
          publisherRecord && typeof publisherRecord.legalName === "string" ? publisherRecord.legalName : null;
        push(out, publisherLegal ?? publisherName, "json_ld", base - 1);
        const parent = publisherRecord ? stringOrName(publisherRecord.parentOrganization) : null;
        if (parent) out.parents.push({ value: parent, source: "json_ld" });
      }
    } else if ((types.includes("Person") || types.includes("ProfilePage")) && page.role === "root") {
      const person = types.includes("ProfilePage") ? stringOrName(object.mainEntity) : name;
      push(out, person, "json_ld", 6);
    }
  }
}

function fromPageText(
  page: ParsedPage,
  kind: "root" | "about" | "legal",
  label: string,
  out: Collected,
): void {
  const blocks = page.facts.blocks.slice(0, 300);
  const text = blocks.join("\n");
  for (const key of namesNotOperating(text)) out.excluded.add(key);
  for (const parent of statedParents(text)) out.parents.push({ value: parent, source: "page_text" });
  const labelledWeight = kind === "legal" ? 9 : kind === "about" ? 7 : 6;
  for (const block of blocks)
    for (const name of labelledOperators(block, 3)) push(out, name, "legal_page", labelledWeight);
  if (kind === "root") {
    // A legal name on the home page that carries the domain's own name ("The Purl Cabinet CIC · company
    // no. …" on purlcabinet.org); other companies the page names (customers, partners) do not. The site's
    // own word, like its copyright line: not enough on a new domain (a phishing page names its victim).
    // Read over all blocks: the footer that states it comes last.
    for (const name of legalNamesIn(page.facts.blocks.join("\n"), 20)) {
      if (domainAffinity(nameKey(name), name, label) > 0) push(out, name, "home_page", 4);
    }
    return;
  }
  for (const block of blocks) {
    const whole = tidyName(block);
    if (whole && hasLegalSuffix(whole) && legalNamesIn(block, 2)[0] === whole) {
      push(out, whole, "legal_page", kind === "legal" ? 8 : 5);
    }
  }
  const seen = new Map<string, number>();
  for (const name of legalNamesIn(text, 40)) {
    const key = nameKey(name);
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    const weight = times === 0 ? (kind === "legal" ? 5 : 4) : 0.5;
    if (times < 5) push(out, name, "legal_page", weight);
  }
  if (kind === "legal") for (const name of orgWordNamesIn(text, 10)) push(out, name, "legal_page", 3);
}

/** The O= of the leaf certificate (verified by the issuing CA for OV/EV certificates). */
function certificateOrganization(capture: CrawlCapture): string | null {
  const tls = capture.network?.tls as
    | (CrawlCapture["network"]["tls"] & { subjectOrganization?: string | null })
    | undefined;
  if (!tls) return null;
  if (typeof tls.subjectOrganization === "string" && tls.subjectOrganization.length > 0)
    return tls.subjectOrganization;
  const match = /(?:^|[,/]\s*)O\s*=\s*("?)([^,/"]+)\1/.exec(tls.subject ?? "");
  return match?.[2]?.trim() ?? null;
}

function registrant(capture: CrawlCapture): string | null {
  const rdap = capture.network?.rdap as
    | (CrawlCapture["network"]["rdap"] & { registrant?: unknown })
    | undefined;
  const value = rdap?.registrant;
  if (typeof value !== "string") return null;
  const clean = cleanText(value);
  if (clean.length < 2 || PRIVACY.test(clean)) return null;
  return clean;
}

interface Cluster {
  key: string;
  candidates: Candidate[];
  score: number;
  display: Candidate;
}

function clusterCandidates(candidates: Candidate[]): Cluster[] {
  const clusters: Cluster[] = [];
  const sorted = [...candidates].sort((a, b) => a.key.length - b.key.length);
  for (const candidate of sorted) {
    const home = clusters.find(
      (c) =>
        c.key === candidate.key ||
        (c.key.length >= 5 && candidate.key.startsWith(c.key)) ||
        (candidate.key.length >= 5 && c.key.startsWith(candidate.key)),
    );
    if (home) home.candidates.push(candidate);
    else clusters.push({ key: candidate.key, candidates: [candidate], score: 0, display: candidate });
  }
  for (const cluster of clusters) {
    const bySource = new Map<IdentitySource, number[]>();
    for (const c of cluster.candidates) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c.weight]);
    let score = 0;
    for (const weights of bySource.values()) {
      weights.sort((a, b) => b - a);
      const [first = 0, ...rest] = weights;
      score += first + Math.min(rest.reduce((s, w) => s + w, 0) * 0.25, 2);
    }
    cluster.score = score;
    const best = [...cluster.candidates].sort((a, b) => b.weight - a.weight)[0] ?? cluster.display;
    // A legal name of (almost) the same strength reads better than a brand.
    const legal = cluster.candidates
      .filter((c) => hasLegalSuffix(c.value) && c.weight >= best.weight * 0.6)
      .sort((a, b) => b.weight - a.weight)[0];
    cluster.display = legal ?? best;
  }
  return clusters;
}

function domainAffinity(key: string, value: string, label: string): number {
  if (
    key.length >= 4 &&
    label.length >= 4 &&
    (key === label || label.startsWith(key) || key.startsWith(label))
  )
    return 4;
  const tokens = nameTokens(value).filter((t) => t.length >= 4);
  return tokens.some((t) => label.includes(t)) ? 2 : 0;
}

/** A name a known family or brand uses, on a domain that is not theirs. */
function claimedElsewhere(name: string, domain: string, icann: boolean): ClaimedBrand | null {
  const family = familyOfName(name);
  if (family) {
    if (family.domains.has(domain)) return null;
    const parsed = parse(domain);
    if (parsed.domain && family.domains.has(parsed.domain) && icann) return null;
    const brand = brandByName(name);
    return { name: tidyName(name) ?? name, purpose: brand ? SECTOR_PURPOSE[brand.sector] : family.purpose };
  }
  const brand = brandByName(name);
  if (!brand) return null;
  const parsed = parse(domain, { allowPrivateDomains: !icann });
  const owner = brandOwning(domain, parsed.domainWithoutSuffix ?? "", parsed.publicSuffix ?? "", icann);
  if (owner?.name === brand.name) return null;
  return { name: brand.name, purpose: SECTOR_PURPOSE[brand.sector] };
}

/** The platform suffix when the domain is a user's site on a hosting platform (`x.netlify.app` → `netlify.app`). */
export function platformSuffixOf(domain: string): string | null {
  const parsed = parse(domain, { allowPrivateDomains: true });
  const onPlatform = parsed.isPrivate === true && parsed.domain === domain && parsed.publicSuffix !== domain;
  return onPlatform ? (parsed.publicSuffix ?? null) : null;
}

export function resolveIdentity(input: IdentityInput): IdentityFacts {
  const { capture, pages, state } = input;
  const domain = capture.domain;
  const privateParse = parse(domain, { allowPrivateDomains: true });
  const platformSuffix = platformSuffixOf(domain);
  const onPlatform = platformSuffix !== null;
  const platformEntity =
    platformSuffix && input.useLists
      ? (entityForDomain(platformSuffix) ?? entityForDomain(parse(platformSuffix).domain ?? ""))
      : null;
  const label = (privateParse.domainWithoutSuffix ?? domain).replace(/[^a-z0-9]/g, "");

  const out: Collected = { candidates: [], parents: [], excluded: new Set() };
  if (input.entity)
    out.candidates.push({
      value: input.entity.operator,
      source: "entity_table",
      weight: 14,
      key: nameKey(input.entity.operator),
    });
  if (pages.root) fromJsonLd(pages.root, 10, domain, out);
  for (const page of pages.about) fromJsonLd(page, 9, domain, out);
  for (const page of pages.legal) fromJsonLd(page, 9, domain, out);
  if (pages.root) fromPageText(pages.root, "root", label, out);
  for (const page of pages.about) fromPageText(page, "about", label, out);
  for (const page of pages.legal) fromPageText(page, "legal", label, out);
  for (const line of pages.root?.facts.copyright ?? []) push(out, copyrightHolder(line), "copyright", 6.5);
  for (const page of [...pages.about, ...pages.legal]) {
    for (const line of page.facts.copyright) push(out, copyrightHolder(line), "copyright", 3);
  }
  const siteName = pages.root?.facts.meta["og:site_name"] ?? null;
  push(out, siteName, "og_site_name", 4);
  push(out, pages.root?.facts.meta["application-name"] ?? null, "og_site_name", 3);
  const certOrg = onPlatform ? null : certificateOrganization(capture);
  if (certOrg && !(isHostingNetworkName(certOrg) && domainAffinity(nameKey(certOrg), certOrg, label) === 0)) {
    push(out, certOrg, "tls_certificate", 7);
  }
  const registrantName = onPlatform ? null : registrant(capture);
  push(out, registrantName, "rdap_registrant", 6);
  const siteKey = siteName ? nameKey(siteName) : null;
  for (const segment of titleSegments(pages.root?.facts.title ?? "").slice(0, 4)) {
    const key = nameKey(segment);
    if (segment.split(/\s+/).length > 5) continue;
    const affinity = domainAffinity(key, segment, label);
    if (key.length < 3) continue;
    if (affinity >= 4 || key === siteKey) push(out, titleCaseIfLower(segment), "title", 1.5);
    // A title that is just a proper name sharing a word with the domain ("Bright Smiles Dental Clinic").
    else if (affinity >= 2 && PROPER_NAME.test(segment) && !GENERIC_TITLE.test(segment))
      push(out, segment, "title", 2.5);
  }

  const parentKeys = new Set(out.parents.map((p) => nameKey(p.value)));
  const usable = out.candidates.filter(
    (c) => c.source === "entity_table" || (!parentKeys.has(c.key) && !out.excluded.has(c.key)),
  );

  // Names of well-known brands on a domain that is not theirs are claims, not identity.
  let claimedBrand: ClaimedBrand | null = null;
  const corroborated = new Set(
    usable.filter((c) => c.source === "tls_certificate" || c.source === "rdap_registrant").map((c) => c.key),
  );
  const claimedKeys = new Set<string>();
  if (!input.entity) {
    const claimSources = [
      ...usable.map((c) => c.value),
      ...titleSegments(pages.root?.facts.title ?? "").slice(0, 4),
    ];
    for (const value of claimSources) {
      const key = nameKey(value);
      if (corroborated.has(key) || claimedKeys.has(key)) continue;
      const claim = input.useLists ? claimedElsewhere(value, domain, !onPlatform) : null;
      if (claim) {
        claimedKeys.add(key);
        claimedBrand ??= claim;
      }
    }
  }

  // A domain that forwards to a page claiming a known brand imitates that brand (purpose only).
  const destination = pages.destination;
  if (
    !claimedBrand &&
    !pages.root &&
    destination &&
    state.redirect &&
    state.redirect.kind !== "http" &&
    input.useLists
  ) {
    const claims = [
      ...titleSegments(destination.facts.title ?? "").slice(0, 4),
      destination.facts.meta["og:site_name"] ?? "",
      ...destination.facts.copyright.map((line) => copyrightHolder(line) ?? ""),
    ].filter((v) => v.length > 0);
    for (const value of claims) {
      const claim = claimedElsewhere(value, domain, !onPlatform);
      if (claim) {
        claimedBrand = claim;
        break;
      }
    }
  }

  // "Chase Online" on a page that claims JPMorgan Chase: names that start with a claimed name are claims too.
  const claimedPrefixes = [...claimedKeys, ...(claimedBrand ? [nameKey(claimedBrand.name)] : [])].filter(
    (key) => key.length >= 4,
  );
  const brandTokens = new Set(
    [...out.candidates.filter((c) => claimedKeys.has(c.key)).map((c) => c.value), claimedBrand?.name ?? ""]
      .flatMap((v) => nameTokens(v))
      .filter((t) => t.length >= 4 && !/^(?:bank|group|holdings|inc|corp|company|online|services?)$/.test(t)),
  );
  const isClaim = (c: Candidate) =>
    claimedKeys.has(c.key) ||
    claimedPrefixes.some((key) => c.key.startsWith(key)) ||
    (claimedKeys.size > 0 && nameTokens(c.value).some((t) => brandTokens.has(t)));
  const clusters = clusterCandidates(usable.filter((c) => !isClaim(c)));
  for (const cluster of clusters) cluster.score += domainAffinity(cluster.key, cluster.display.value, label);
  clusters.sort((a, b) => b.score - a.score);

  let unknownReason: string | null = null;
  let chosen: Cluster | null = clusters[0] ?? null;
  const sources = (c: Cluster) => new Set(c.candidates.map((x) => x.source));
  if (chosen) {
    const has = sources(chosen);
    const strong = [...has].some((s) => STRONG_SOURCES.has(s));
    if (chosen.score < 4) unknownReason = "weak_evidence";
    else if (state.state === "unreachable" && !has.has("entity_table")) unknownReason = "unreachable";
    else if (state.state === "parked" && !has.has("entity_table") && !has.has("tls_certificate"))
      unknownReason = "parked";
    else if (
      state.state === "empty" &&
      !(has.has("entity_table") || has.has("tls_certificate") || has.has("rdap_registrant"))
    )
      unknownReason = "empty";
    else if (input.age !== null && input.age < 30 && !strong) unknownReason = "new_domain_self_asserted_only";
    if (unknownReason) chosen = null;
  }

  const candidates = [...out.candidates]
    .sort((a, b) => b.weight - a.weight)
    .filter((c, i, all) => all.findIndex((x) => x.value === c.value && x.source === c.source) === i)
    .slice(0, 12);
  const operator = chosen ? chosen.display.value : UNKNOWN_OPERATOR;

  // Parent: JSON-LD, then the entity table, then the hosting platform, then the site's own statement.
  let parent: string | null = null;
  let parentSource: IdentityFacts["parentSource"] = null;
  let parentDetail: string | null = null;
  const acceptParent = (value: string | null) => {
    if (!value || nameKey(value).length < 2) return false;
    if (!chosen) return true;
    return !chosen.candidates.some((c) => sameEntity(c.value, value)) && !sameEntity(operator, value);
  };
  const jsonParent = out.parents.find((p) => p.source === "json_ld" && acceptParent(p.value));
  const entityParent = input.entity?.parent ?? null;
  const platformOperator = platformEntity?.operator ?? null;
  const textParent = out.parents.find((p) => p.source === "page_text" && acceptParent(p.value));
  if (jsonParent && chosen) {
    parent = tidyName(jsonParent.value);
    parentSource = "json_ld";
    parentDetail = "json_ld:parentOrganization";
  } else if (acceptParent(entityParent)) {
    parent = entityParent;
    parentSource = "entity_table";
    parentDetail = "entity_table";
  } else if (platformOperator && acceptParent(platformOperator)) {
    parent = platformOperator;
    parentSource = "entity_table";
    parentDetail = `platform:${platformSuffix}`;
  } else if (textParent && chosen) {
    parent = tidyName(textParent.value);
    parentDetail = "page_text";
  }

  const brand = brandName(input, chosen, claimedKeys, siteName);
  const organizational = out.candidates.some(
    (c) =>
      c.source === "entity_table" ||
      c.source === "tls_certificate" ||
      hasLegalSuffix(c.value) ||
      (c.source === "json_ld" && !looksLikePersonName(c.value)),
  );
  const personal = chosen !== null && !organizational && looksLikePersonName(chosen.display.value);
  return {
    personal,
    operator,
    operatorSource: chosen ? chosen.display.source : "none",
    operatorScore: chosen ? Math.round(chosen.score * 10) / 10 : 0,
    candidates,
    parent,
    parentSource,
    parentDetail,
    brand,
    claimedBrand,
    platform: platformSuffix ? { suffix: platformSuffix, operator: platformOperator } : null,
    unknownReason,
  };
}

function brandName(
  input: IdentityInput,
  chosen: Cluster | null,
  claimed: Set<string>,
  siteName: string | null,
): string | null {
  if (input.entity?.name) return input.entity.name;
  const usable = (value: string | null | undefined) => {
    if (!value) return null;
    const name = tidyName(value);
    return name && !claimed.has(nameKey(name)) && name.length <= 60 ? name : null;
  };
  const fromSite = usable(siteName);
  if (fromSite && chosen) return fromSite;
  const titleName = chosen?.candidates.find(
    (c) => c.source === "title" || c.source === "og_site_name",
  )?.value;
  if (titleName) return titleName;
  if (chosen)
    return chosen.display.value.replace(
      /,?\s+(?:Inc\.?|Ltd\.?|LLC|GmbH|AB|Oy|UAB|SAS|SARL|AG|Co\.|Corporation|Limited|plc|N\.A\.)$/u,
      "",
    );
  return null;
}
