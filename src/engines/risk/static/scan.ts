import {
  type BrandSector,
  type HostFacts,
  type Keyword,
  type KeywordCategory,
  type LabelScan,
  otherBusinessWords,
  scanLabel,
  skeleton,
  type WordHit,
  wordAcross,
} from "../../domain/index.js";

/** One label of the host, with the known words found in it. */
export interface ScannedLabel {
  /** As people see it (IDN decoded), lower case. */
  display: string;
  /** `display` with hyphens removed. */
  compactDisplay: string;
  skeleton: string;
  scan: LabelScan;
}

export interface KeywordHit {
  keyword: Keyword;
  where: "name" | "subdomain";
  label: ScannedLabel;
  start: number;
  end: number;
}

export interface HostScan {
  facts: HostFacts;
  /** The registrable name's own label, or a platform user's name. */
  name: ScannedLabel;
  subdomains: ScannedLabel[];
  keywords: KeywordHit[];
  /** The registrant chose a TLD on the abused list (false for a user site on a platform). */
  suspiciousTld: boolean;
  /** The registrant chose an abused TLD that is not an ordinary country domain: raises other evidence. */
  abusedTld: boolean;
}

function displayLabels(facts: HostFacts): string[] {
  const shown = facts.displayHostname.split(".");
  return shown.length === facts.labels.length ? shown : facts.labels;
}

/** `www` holds no brand and no lure: not scanned. */
const WWW: ScannedLabel = {
  display: "www",
  compactDisplay: "www",
  skeleton: "www",
  scan: { compact: "www", hits: [] },
};

export function scanOne(display: string): ScannedLabel {
  if (display === "www") return WWW;
  const text = display.toLowerCase();
  const skel = skeleton(text);
  return {
    display: text,
    compactDisplay: text.replace(/-/g, ""),
    skeleton: skel,
    scan: scanLabel(skel),
  };
}

/** Inside a longer known word (`sign` in `signin`, `trust` in `trustwallet`): not a word of its own. */
function insideLongerWord(hit: WordHit, hits: readonly WordHit[]): boolean {
  return hits.some(
    (other) =>
      other !== hit &&
      (other.delimited || (other.word.target !== undefined && other.word.target.strength === "strong")) &&
      (other.word.keyword !== undefined || other.word.target !== undefined) &&
      other.start <= hit.start &&
      other.end >= hit.end &&
      other.end - other.start > hit.end - hit.start,
  );
}

/**
 * A strong credential word run into other letters of a user site's name (`zorbixlogin.webflow.io`): on a
 * platform where anyone picks any name it counts, unless an ordinary word crosses it (`catalogin…`,
 * `blogindex`). Only credential words: security and urgency words make ordinary names (`safetyfirst`).
 */
function fusedLure(hit: WordHit, label: ScannedLabel): boolean {
  const keyword = hit.word.keyword;
  return (
    keyword?.strong === true &&
    keyword.category === "credential" &&
    keyword.text.length >= 5 &&
    wordAcross(label.scan.compact, hit.start, hit.end) === null
  );
}

/** Offsets of the compact label (hyphens removed) where a hyphen-separated part starts. */
function partStarts(display: string): Set<number> {
  const starts = new Set<number>([0]);
  let offset = 0;
  for (const c of display) {
    if (c === "-") starts.add(offset);
    else offset++;
  }
  return starts;
}

/**
 * A weak lure word told apart from the rest of the name only by a dictionary-word brand run into it, when
 * it is not a word of that brand's trade (`bank` in `ledgerbank`): the brand's word is then an ordinary
 * word, and like `mountainbank` the name is one word. A strong lure (`chaselogin`), a word of the brand's
 * trade (`ledgerwallet`) or a hyphen (`ledger-bank`) still sets the word apart.
 */
function fusedToDictionaryWord(hit: WordHit, label: ScannedLabel): boolean {
  const keyword = hit.word.keyword;
  if (!keyword || keyword.strong) return false;
  let starts: Set<number> | undefined;
  return label.scan.hits.some((other) => {
    const target = other.word.target;
    if (!target?.dictionaryWord || other.word.keyword !== undefined) return false;
    if (other.end !== hit.start && other.start !== hit.end) return false;
    starts ??= partStarts(label.display);
    const touching =
      (other.end === hit.start && !starts.has(hit.start)) ||
      (other.start === hit.end && !starts.has(hit.end));
    if (!touching) return false;
    const sector = target.owners[0]?.brand.sector;
    if (!sector) return false;
    return (
      !SECTOR_CATEGORIES[sector].includes(keyword.category) || otherBusinessWords([keyword.text], sector) > 0
    );
  });
}

function keywordHits(label: ScannedLabel, where: KeywordHit["where"], userName = false): KeywordHit[] {
  const out: KeywordHit[] = [];
  for (const hit of label.scan.hits) {
    const keyword = hit.word.keyword;
    if (!keyword || insideLongerWord(hit, label.scan.hits)) continue;
    if (!hit.delimited && !(userName && fusedLure(hit, label))) continue;
    if (fusedToDictionaryWord(hit, label)) continue;
    out.push({ keyword, where, label, start: hit.start, end: hit.end });
  }
  return out;
}

export function scanHost(facts: HostFacts, suspiciousTld: boolean, abusedTld: boolean): HostScan {
  const shown = displayLabels(facts);
  const subCount = facts.subdomainLabels.length;
  const nameLabelCount = facts.name.split(".").length;
  const name = scanOne(shown.slice(subCount, subCount + nameLabelCount).join("."));
  const subdomains = shown.slice(0, subCount).map(scanOne);
  const keywords = [
    ...keywordHits(name, "name", facts.platform?.userContent === "subdomain"),
    ...subdomains.flatMap((label) => keywordHits(label, "subdomain")),
  ];
  return { facts, name, subdomains, keywords, suspiciousTld, abusedTld };
}

export interface Lure {
  strong: boolean;
  any: boolean;
  categories: Set<KeywordCategory>;
  strongCategories: Set<KeywordCategory>;
  /** Distinct weak words about an account or its servicing (credential, security, urgency, financial, support). */
  serviceWords: number;
  /** Distinct weak words per category. */
  weakWords: Map<KeywordCategory, number>;
  words: string[];
}

/** Categories whose ordinary words still read as account servicing next to a brand name. */
const SERVICE_CATEGORIES = new Set<KeywordCategory>([
  "credential",
  "security",
  "urgency",
  "financial",
  "support",
]);

/** Lure words of the host, leaving out those that overlap `exclude` in `label`. */
export function lureOf(host: HostScan, exclude?: { label: ScannedLabel; start: number; end: number }): Lure {
  const lure: Lure = {
    strong: false,
    any: false,
    categories: new Set(),
    strongCategories: new Set(),
    serviceWords: 0,
    weakWords: new Map(),
    words: [],
  };
  for (const hit of host.keywords) {
    if (exclude && hit.label === exclude.label && hit.start < exclude.end && hit.end > exclude.start)
      continue;
    lure.any = true;
    lure.categories.add(hit.keyword.category);
    if (hit.keyword.strong) {
      lure.strong = true;
      lure.strongCategories.add(hit.keyword.category);
    }
    if (lure.words.includes(hit.keyword.text)) continue;
    lure.words.push(hit.keyword.text);
    if (hit.keyword.strong) continue;
    if (SERVICE_CATEGORIES.has(hit.keyword.category)) lure.serviceWords++;
    lure.weakWords.set(hit.keyword.category, (lure.weakWords.get(hit.keyword.category) ?? 0) + 1);
  }
  return lure;
}

/** Keyword categories that describe what a brand of each sector does: its own lure vocabulary. */
const SECTOR_CATEGORIES: Readonly<Record<BrandSector, readonly KeywordCategory[]>> = {
  banking: ["financial"],
  payment: ["financial"],
  investment: ["financial", "crypto"],
  insurance: ["financial"],
  crypto: ["crypto", "financial"],
  shipping: ["delivery"],
  government: ["financial"],
  telecom: ["financial"],
  email: ["document"],
  technology: [],
  social: [],
  streaming: ["prize", "financial"],
  gaming: ["prize"],
  retail: ["prize", "delivery"],
  travel: ["financial"],
  utility: ["financial"],
};

/**
 * Words of a brand's own trade in the name: weak words of its sector's keyword categories (`wallet` by a
 * crypto wallet maker, `parcel` by a courier), except a word naming another kind of business (`bank` next to
 * a crypto brand reads as a bank's name: Ledger Bank). Strong words are asks, counted apart.
 */
export function productWords(lure: Lure, sector: BrandSector): number {
  let count = 0;
  for (const category of SECTOR_CATEGORIES[sector]) count += lure.weakWords.get(category) ?? 0;
  return Math.max(0, count - otherBusinessWords(lure.words, sector));
}

/**
 * 3: a strong lure word; 2: two account-servicing words, or one in the brand's own field
 * (`parcel` next to a courier, `wallet` next to a crypto wallet); 1: any lure word; 0: none.
 */
export function lureLevel(lure: Lure, sector?: BrandSector): 0 | 1 | 2 | 3 {
  if (lure.strong) return 3;
  let service = lure.serviceWords;
  for (const category of sector ? SECTOR_CATEGORIES[sector] : []) {
    if (!SERVICE_CATEGORIES.has(category)) service += lure.weakWords.get(category) ?? 0;
  }
  if (service >= 2 || (sector && SECTOR_CATEGORIES[sector].some((c) => (lure.weakWords.get(c) ?? 0) > 0)))
    return 2;
  return lure.any ? 1 : 0;
}
