import { readDataLines, readMispList } from "../data-files.js";

/** Kinds of platforms where anyone can publish under the platform's name. */
const PLATFORM_KINDS = [
  "free_hosting",
  "dynamic_dns",
  "file_host",
  "site_builder",
  "link_in_bio",
  "ipfs_gateway",
  "user_subdomain",
] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];

function isPlatformKind(text: string): text is PlatformKind {
  return (PLATFORM_KINDS as readonly string[]).includes(text);
}

interface Lists {
  platforms: Map<string, PlatformKind>;
  shorteners: Set<string>;
  suspiciousTlds: Set<string>;
  banks: Set<string>;
  /** Platforms phishing abuses that no shipped platform list names (`lists/abused-platforms.txt`). */
  abusedExtra: Set<string>;
  /** Business services whose subdomains are customer organizations' tenants (`lists/tenant-platforms.txt`). */
  tenants: Set<string>;
}

/** Listed first wins when a host appears in several lists. */
const PLATFORM_SOURCES: ReadonlyArray<readonly [PlatformKind, () => string[]]> = [
  ["free_hosting", () => readDataLines("lists/sublime/free_subdomain_hosts.txt")],
  ["file_host", () => readDataLines("lists/sublime/free_file_hosts.txt")],
  ["site_builder", () => readDataLines("lists/sublime/self_service_creation_platform_domains.txt")],
  ["link_in_bio", () => readDataLines("lists/sublime/social_landing_hosts.txt")],
  ["link_in_bio", () => readMispList("lists/misp/link-in-bio.json")],
  ["ipfs_gateway", () => readMispList("lists/misp/public-ipfs-gateways.json")],
  ["dynamic_dns", () => readMispList("lists/misp/dynamic-dns.json")],
];

/** DomainLens's own additions (`<kind> <domain>` per line), after the shipped lists. */
function readOwnPlatforms(): Array<[PlatformKind, string]> {
  return readDataLines("lists/user-platforms.txt").map((line) => {
    const [kind, domain, extra] = line.split(/\s+/);
    if (!kind || !domain || extra !== undefined || !isPlatformKind(kind)) {
      throw new Error(`lists/user-platforms.txt: malformed line "${line}"`);
    }
    return [kind, domain];
  });
}

let lists: Lists | undefined;

function load(): Lists {
  const platforms = new Map<string, PlatformKind>();
  for (const [kind, read] of PLATFORM_SOURCES) {
    for (const host of read()) if (!platforms.has(host)) platforms.set(host, kind);
  }
  for (const [kind, host] of readOwnPlatforms()) if (!platforms.has(host)) platforms.set(host, kind);
  const shorteners = new Set([
    ...readDataLines("lists/sublime/url_shorteners.txt"),
    ...readMispList("lists/misp/url-shortener.json"),
  ]);
  const suspiciousTlds = new Set(
    readDataLines("lists/sublime/suspicious_tlds.txt").map((t) => t.replace(/^\./, "")),
  );
  const banks = new Set(readMispList("lists/misp/bank-website.json"));
  const abusedExtra = new Set(
    readDataLines("lists/abused-platforms.txt").map((line) => line.split(/\s+/)[0] ?? ""),
  );
  const tenants = new Set(readDataLines("lists/tenant-platforms.txt"));
  return { platforms, shorteners, suspiciousTlds, banks, abusedExtra, tenants };
}

function data(): Lists {
  lists ??= load();
  return lists;
}

/**
 * The longest entry of a host list that is the host itself or one of its parent domains, stopping at
 * `floor` (the registrable domain): `a.b.netlify.app` → `netlify.app`.
 */
function longestListed<T>(
  host: string,
  floor: string,
  lookup: (name: string) => T | undefined,
): [string, T] | null {
  let name = host;
  for (;;) {
    const found = lookup(name);
    if (found !== undefined) return [name, found];
    if (name.length <= floor.length) return null;
    const dot = name.indexOf(".");
    if (dot < 0) return null;
    name = name.slice(dot + 1);
  }
}

export function listedPlatform(host: string, floor: string): { domain: string; kind: PlatformKind } | null {
  const found = longestListed(host, floor, (name) => data().platforms.get(name));
  return found ? { domain: found[0], kind: found[1] } : null;
}

export function platformKindOf(domain: string): PlatformKind | undefined {
  return data().platforms.get(domain);
}

/**
 * A platform whose users' sites phishing abuses (docs/risk.md, "User-site policy"): the platform's domain
 * or a parent of it (`appspot.com` for `ey.r.appspot.com`) is on one of the shipped platform lists
 * (Sublime's free subdomain hosts, free file hosts, site builders and link-in-bio hosts; MISP's
 * link-in-bio, IPFS gateway and dynamic DNS lists; `lists/user-platforms.txt`) or on
 * `lists/abused-platforms.txt` (hosting platforms with phishing sites in the training months that those
 * lists miss). Platforms known only from the Public Suffix List's private section are not: most are one
 * company's own tenants or registries that sell names.
 */
export function isAbusedPlatform(domain: string): boolean {
  const { platforms, abusedExtra } = data();
  return selfOrParentListed(domain, (name) => platforms.has(name) || abusedExtra.has(name));
}

/** `listed` holds the domain or one of its parents, stopping before a single label (a TLD is no platform). */
function selfOrParentListed(domain: string, listed: (name: string) => boolean): boolean {
  for (let name = domain; ; ) {
    if (listed(name)) return true;
    const dot = name.indexOf(".");
    if (dot < 0 || !name.includes(".", dot + 1)) return false;
    name = name.slice(dot + 1);
  }
}

/**
 * A business service whose subdomains are its customer organizations' tenants (`acme.zendesk.com`,
 * `acme.atlassian.net`): the platform's domain or a parent of it is on `lists/tenant-platforms.txt`.
 */
export function isTenantPlatform(domain: string): boolean {
  const { tenants } = data();
  return selfOrParentListed(domain, (name) => tenants.has(name));
}

export function listedShortener(host: string, floor: string): string | null {
  return longestListed(host, floor, (name) => (data().shorteners.has(name) ? true : undefined))?.[0] ?? null;
}

/**
 * Country-code TLDs marketed for generic use (`.io`, `.co`, `.me`, `.tk`): a brand's name under them says
 * nothing about the country, and the free ones are abused like the worst generic TLDs.
 */
const GENERIC_COUNTRY_TLDS = new Set([
  "ac",
  "ai",
  "am",
  "cc",
  "cf",
  "cm",
  "co",
  "cx",
  "fm",
  "ga",
  "gg",
  "gq",
  "gs",
  "io",
  "la",
  "ly",
  "me",
  "ml",
  "ms",
  "nu",
  "pw",
  "sh",
  "st",
  "su",
  "tk",
  "to",
  "tv",
  "vu",
  "ws",
]);

function topLabel(suffix: string): string {
  return suffix.slice(suffix.lastIndexOf(".") + 1);
}

/** `de`, `co.uk`, `com.br`: a suffix under a country-code TLD used for that country. */
export function isCountrySuffix(suffix: string): boolean {
  const tld = topLabel(suffix);
  return tld.length === 2 && !GENERIC_COUNTRY_TLDS.has(tld);
}

/**
 * A TLD on the abused list that is not an ordinary country domain (`.top`, `.xyz`, `.tk`): strong
 * enough to raise the severity of other evidence. Country TLDs on the list (`.ru`, `.es`) only count
 * as a signal.
 */
export function isAbusedTld(suffix: string): boolean {
  return isSuspiciousTld(suffix) && !isCountrySuffix(suffix);
}

/** Whether the public suffix (or its top-level label) is on the shipped list of abused TLDs. */
export function isSuspiciousTld(suffix: string): boolean {
  const tlds = data().suspiciousTlds;
  return tlds.has(suffix) || tlds.has(topLabel(suffix));
}

/** Whether MISP's list of bank websites names the registrable domain. */
export function isKnownBankDomain(registrable: string): boolean {
  return data().banks.has(registrable);
}
