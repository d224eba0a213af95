import { parse } from "tldts";
import { z } from "zod";
import { listDataFiles, readDataJson, readMispList } from "../data-files.js";
import { isCountrySuffix } from "./lists.js";

export const BRAND_SECTORS = [
  "banking",
  "payment",
  "investment",
  "email",
  "technology",
  "social",
  "shipping",
  "crypto",
  "streaming",
  "gaming",
  "government",
  "retail",
  "travel",
  "telecom",
  "insurance",
  "utility",
] as const;
export type BrandSector = (typeof BRAND_SECTORS)[number];

const TOKEN = /^[a-z0-9]+$/;

const brandEntry = z.object({
  name: z.string().min(1),
  sector: z.enum(BRAND_SECTORS),
  domains: z.array(z.string().min(3)).min(1),
  tokens: z.array(z.string().regex(TOKEN)).min(1),
  common: z.array(z.string().regex(TOKEN)).optional(),
  tlds: z.array(z.string().regex(TOKEN)).optional(),
  /** The brand's name as it writes it in another script (`日本郵便`), matched in page text as a whole name. */
  written: z.array(z.string().min(2)).optional(),
});
export type BrandEntry = z.infer<typeof brandEntry>;

/**
 * How much a brand token proves on its own: `strong` (distinctive, 5+ letters), `weak` (an ordinary word
 * or 4 letters: needs a lure word or a whole label), `short` (3 letters or fewer: only as a whole label).
 */
export type TokenStrength = "strong" | "weak" | "short";

export interface Brand {
  id: number;
  name: string;
  sector: BrandSector;
  /** The brand's main registrable domain, named in findings. */
  primaryDomain: string;
  tokens: ReadonlyArray<{
    text: string;
    strength: TokenStrength;
    /** The token is an ordinary word (the brand file's `common` list): see `dictionaryBrandCorroborated`. */
    dictionaryWord: boolean;
    legitimateDomain: string;
  }>;
  /** Names in other scripts (the brand file's `written`), matched in page text like the display name. */
  written: readonly string[];
}

/** Brand files merge extra official domain lists published by MISP for these brands. */
const MISP_OFFICIAL: Readonly<Record<string, string>> = {
  Google: "lists/misp/google.json",
  Microsoft: "lists/misp/microsoft.json",
};

export interface BrandRegistry {
  brands: readonly Brand[];
  byDomain: ReadonlyMap<string, Brand>;
  /** Every brand that lists a domain exactly (one company's brands may share one: Steam and Valve). */
  allByDomain: ReadonlyMap<string, readonly Brand[]>;
  /** `paypal.*`: the name under any country-code suffix (not the generic-use ones such as `.io`). */
  bySld: ReadonlyMap<string, Brand>;
  /** Brand top-level domains (`.google`, `.microsoft`). */
  byTld: ReadonlyMap<string, Brand>;
  /** `sparkasse-*.de`: suffix → name prefixes. */
  byPrefix: ReadonlyMap<string, ReadonlyArray<{ prefix: string; brand: Brand }>>;
}

/**
 * What shows, in a host name, that a brand name which is also an ordinary word (Ledger, Amazon, Apple,
 * Chase, Discover, Target, Delta, Shell: the brand files' `common` lists) means the brand and not the word.
 * One of these is needed before the name matches the brand; the word alone never is. The page agents defer
 * to it for the address (a claim's look-alike address counts only when the name matched the brand) and
 * share `otherBusinessWords` for titles, logos, footers and OCR lines.
 */
export interface BrandCorroboration {
  /** Words of the brand's own field next to the name (`wallet` by a wallet maker, `parcel` by a courier). */
  productWords: number;
  /** A credential or payment ask: a strong lure word in the name (`login`, `verify`). */
  ask: boolean;
  /** The host spells one of the brand's domains (`ledger.com-secure.top`). */
  lookAlike?: boolean;
}

/**
 * Words that name a kind of business, with the sector whose trade they are. Next to a dictionary-word
 * brand of another trade they make a company's own name ("Ledger Bank", `ledgerbank.com`), not a claim to
 * be the brand, and they are not that brand's product words.
 */
const BUSINESS_NOUNS: Readonly<Partial<Record<string, BrandSector>>> = { bank: "banking", banks: "banking" };

/** How many of `words` (lower case) name a kind of business other than the trade of `sector`. */
export function otherBusinessWords(words: readonly string[], sector: BrandSector): number {
  let count = 0;
  for (const word of words) {
    const business = BUSINESS_NOUNS[word];
    if (business && business !== sector) count++;
  }
  return count;
}

/**
 * Brands whose product organizations install on their own servers under the product's name (webmail, code
 * hosting, remote access): `gitlab.<company>.de` or a Roundcube login on a provider's mail host is the
 * organization's own install, not an imitation of the vendor. Shared by the static agent (a subdomain named
 * exactly after the product) and the scan's content agent (the product's own sign-in page).
 */
const SELF_HOSTED_PRODUCTS: ReadonlySet<string> = new Set([
  "Roundcube",
  "cPanel",
  "Zimbra",
  "Citrix",
  "GitLab",
  "Atlassian",
]);

export function isSelfHostedProduct(brandName: string): boolean {
  return SELF_HOSTED_PRODUCTS.has(brandName);
}

/** The rule for dictionary-word brands in host names (the static agent, which URL scans run too). */
export function dictionaryBrandCorroborated(evidence: BrandCorroboration): boolean {
  return evidence.productWords > 0 || evidence.ask || evidence.lookAlike === true;
}

export function tokenStrength(token: string, common: ReadonlySet<string>): TokenStrength {
  if (token.length <= 3) return "short";
  if (token.length === 4 || common.has(token)) return "weak";
  return "strong";
}

function sldOf(domain: string): string | null {
  const parsed = parse(domain, { allowPrivateDomains: true });
  return parsed.domain === domain ? parsed.domainWithoutSuffix : null;
}

/** Reads and checks every `data/brands/*.json` file. */
export function readBrandEntries(): BrandEntry[] {
  const entries: BrandEntry[] = [];
  for (const file of listDataFiles("brands", ".json")) {
    const parsed = z.array(brandEntry).safeParse(readDataJson(file));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    entries.push(...parsed.data);
  }
  return entries;
}

let registry: BrandRegistry | undefined;

export function brandRegistry(): BrandRegistry {
  registry ??= buildRegistry(readBrandEntries());
  return registry;
}

function buildRegistry(entries: readonly BrandEntry[]): BrandRegistry {
  const brands: Brand[] = [];
  const allByDomain = new Map<string, Brand[]>();
  const bySld = new Map<string, Brand>();
  const byTld = new Map<string, Brand>();
  const byPrefix = new Map<string, Array<{ prefix: string; brand: Brand }>>();
  for (const entry of entries) {
    const common = new Set(entry.common ?? []);
    const exact = entry.domains.filter((d) => !d.includes("*"));
    const primaryDomain = exact[0] ?? entry.domains[0] ?? "";
    const slds = new Map<string, string>();
    for (const domain of exact) {
      const sld = sldOf(domain);
      if (sld && !slds.has(sld)) slds.set(sld, domain);
    }
    const brand: Brand = {
      id: brands.length,
      name: entry.name,
      sector: entry.sector,
      primaryDomain,
      tokens: entry.tokens.map((text) => ({
        text,
        strength: tokenStrength(text, common),
        dictionaryWord: common.has(text),
        legitimateDomain: slds.get(text) ?? primaryDomain,
      })),
      written: entry.written ?? [],
    };
    brands.push(brand);
    const official = MISP_OFFICIAL[entry.name];
    const domains = official ? [...entry.domains, ...readMispList(official)] : entry.domains;
    for (const domain of domains) {
      if (domain.endsWith(".*")) {
        const sld = domain.slice(0, -2);
        if (!bySld.has(sld)) bySld.set(sld, brand);
      } else if (domain.includes("*")) {
        const star = domain.indexOf("*");
        const suffix = domain.slice(star + 2);
        const list = byPrefix.get(suffix) ?? [];
        list.push({ prefix: domain.slice(0, star), brand });
        byPrefix.set(suffix, list);
      } else {
        const listing = allByDomain.get(domain) ?? [];
        if (!listing.includes(brand)) listing.push(brand);
        allByDomain.set(domain, listing);
      }
    }
    for (const tld of entry.tlds ?? []) if (!byTld.has(tld)) byTld.set(tld, brand);
  }
  // The owner of a domain is the first brand that lists it.
  const byDomain = new Map([...allByDomain].map(([domain, listing]) => [domain, listing[0] as Brand]));
  return { brands, byDomain, allByDomain, bySld, byTld, byPrefix };
}

/** The names of every brand that lists a registrable domain as its own. */
export function brandsListing(registrable: string): string[] {
  return (brandRegistry().allByDomain.get(registrable) ?? []).map((b) => b.name);
}

/**
 * The brand that owns a registrable domain, if any: listed exactly, under a brand wildcard
 * (`paypal.*` under a country-code suffix), a brand TLD (`dns.google`) or a brand prefix pattern (`sparkasse-*.de`).
 * `icann` is false for a user site on a hosting platform, which only an exact listing can own.
 */
export function brandOwning(registrable: string, name: string, suffix: string, icann: boolean): Brand | null {
  const reg = brandRegistry();
  const exact = reg.byDomain.get(registrable);
  if (exact) return exact;
  if (!icann) return null;
  const wildcard = reg.bySld.get(name);
  if (wildcard && isCountrySuffix(suffix)) return wildcard;
  const tld = suffix.slice(suffix.lastIndexOf(".") + 1);
  const byTld = reg.byTld.get(tld);
  if (byTld && tld === suffix) return byTld;
  for (const pattern of reg.byPrefix.get(suffix) ?? []) {
    if (name.startsWith(pattern.prefix)) return pattern.brand;
  }
  return null;
}
