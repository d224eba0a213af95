import { parse } from "tldts";
import { type Brand, brandOwning, brandsListing } from "../../domain/index.js";
import { SEVERITY_RANK, type Severity } from "../../findings/types.js";
import { analyzeStatic } from "../../risk/static/index.js";
import type { StaticAnalysis } from "../../risk/static/types.js";
import type { ScanCapture } from "../types.js";
import { analyzeForms } from "./fields.js";
import { type UrlParts, urlParts } from "./hosts.js";
import { type PageView, readPage } from "./page.js";
import type { AnalyzedForm, NetworkSignals } from "./types.js";

export type StaticOk = Extract<StaticAnalysis, { ok: true }>;

/** What every agent reads: the page once, the URLs' parts and the static analysis of both URLs. */
export interface ScanContext {
  capture: ScanCapture;
  page: PageView;
  forms: AnalyzedForm[];
  request: UrlParts | null;
  final: UrlParts | null;
  /** Static analysis of the submitted URL. */
  requestStatic: StaticOk | null;
  /** Static analysis of the final URL (the same object when the URL did not change site). */
  finalStatic: StaticOk | null;
  /** The brand owning the final page's site, if any. */
  owner: string | null;
  /** `owner` and every other brand listing the shown site's domain as its own (one company's brands). */
  owners: ReadonlySet<string>;
  /** The brand the URL's name imitates (static agent, Medium or above), final URL first. */
  urlBrand: NetworkSignals["urlBrand"];
  /** Tranco-ranked, a brand's own or a listed bank (not a platform's user content). */
  wellKnown: boolean;
  /** A user's site or page on a platform where anyone can publish (free hosting, site builders, dynamic DNS). */
  userContent: boolean;
  /** Under a suffix only governments register in (`gov`, `gov.uk`, `gouv.fr`, `go.jp`…). */
  government: boolean;
  now: Date;
}

/** Public suffixes reserved to government bodies. */
const GOVERNMENT_SUFFIX = /^(?:gov|mil)$|^(?:gov|gouv|gob|govt|go|gv|gc|mil)\.[a-z]{2}$/;

const RANK = SEVERITY_RANK;

/** The brand a URL's name imitates, when the static agent rated a finding naming it Medium or above. */
function impersonation(analysis: StaticOk | null): NetworkSignals["urlBrand"] {
  if (!analysis?.brand) return null;
  const name = analysis.brand.name;
  let best: Severity | null = null;
  for (const f of analysis.findings) {
    if (RANK[f.severity] < RANK.Medium || !f.details.includes(name)) continue;
    if (best === null || RANK[f.severity] > RANK[best]) best = f.severity;
  }
  return best === null ? null : { ...analysis.brand, severity: best };
}

function staticOf(url: string | null, rankLookup: boolean): StaticOk | null {
  if (!url) return null;
  const result = analyzeStatic(url, { rankLookup });
  return result.ok ? result : null;
}

export interface ContextOptions {
  now?: Date;
  /** Look sites up in the shipped Tranco list (default true). */
  rankLookup?: boolean;
}

/**
 * A file-sharing service's own page: the document of its own host (www.dropbox.com, not a user's
 * subdomain), whose secret-asking forms all post back to that host. A file host shows its users' files
 * as previews (in frames, from a content domain of their own), never as its own host's document, and no
 * user's file can collect what is posted to the service: a password reset there is the service's.
 */
function fileHostOwnPage(site: StaticOk, shown: UrlParts | null, forms: AnalyzedForm[]): boolean {
  const platform = site.signals.platform;
  if (!shown || platform?.kind !== "file_host" || platform.userContent !== "path") return false;
  const targets = secretFormTargets(forms, shown.url);
  return targets.length > 0 && targets.every((target) => urlParts(target)?.host === shown.host);
}

/** Where the forms that ask for a secret post (the page's own URL for a form without a URL action). */
export function secretFormTargets(forms: readonly AnalyzedForm[], pageUrl: string): string[] {
  return forms
    .filter((f) => f.secrets.length > 0)
    .map((f) => (f.actionKind === "url" && f.action ? f.action : pageUrl));
}

export function buildContext(capture: ScanCapture, options: ContextOptions = {}): ScanContext {
  const rankLookup = options.rankLookup ?? true;
  const page = readPage(capture);
  const request = urlParts(capture.requestUrl);
  const final = urlParts(capture.finalUrl ?? null);
  const requestStatic = staticOf(capture.requestUrl, rankLookup);
  const finalStatic =
    final && request && final.url === request.url ? requestStatic : staticOf(final?.url ?? null, rankLookup);
  const site = finalStatic ?? requestStatic;
  const shown = final ?? request;
  const government = shown !== null && !shown.ip && GOVERNMENT_SUFFIX.test(shown.tld);
  const forms = analyzeForms(page, capture);
  return {
    capture,
    page,
    forms,
    request,
    final,
    requestStatic,
    finalStatic,
    owner: site?.signals.brandOwner ?? null,
    owners: ownersOf(site?.signals.brandOwner ?? null, shown),
    urlBrand: impersonation(finalStatic) ?? impersonation(requestStatic),
    // A platform where anyone publishes under a path (docs.google.com/forms/…) vouches for nothing.
    wellKnown:
      government ||
      (site !== null &&
        site.signals.platform?.userContent !== "path" &&
        (site.signals.isBrandDomain || site.signals.knownBank || site.signals.trancoRank !== null)),
    userContent:
      !government &&
      site !== null &&
      (site.signals.freeHosting !== null || site.signals.platform?.userContent === "path") &&
      !fileHostOwnPage(site, shown, forms),
    government,
    now: options.now ?? new Date(capture.finishedAt || Date.now()),
  };
}

function ownersOf(owner: string | null, shown: UrlParts | null): ReadonlySet<string> {
  const names = new Set(shown && !shown.ip ? brandsListing(shown.site) : []);
  if (owner) names.add(owner);
  return names;
}

/**
 * The brand that owns a hosting platform's own domain (`notion.site`, `webflow.io`): read as an ordinary
 * registrable domain, since the Public Suffix List's private section makes the platform a suffix.
 */
export function ownerOfPlatform(domain: string): Brand | null {
  return ownerOf(domain, false);
}

/** The brand that owns a host's registrable name, if any (links, resources, form targets). */
export function ownerOfHost(host: string): Brand | null {
  return ownerOf(host, true);
}

function ownerOf(host: string, allowPrivateDomains: boolean): Brand | null {
  const parsed = parse(host, { allowPrivateDomains });
  if (parsed.isIp || !parsed.domain || !parsed.publicSuffix || !parsed.domainWithoutSuffix) return null;
  // Read without the private section, every suffix counts as a registry's.
  const icann = !allowPrivateDomains || parsed.isIcann !== false;
  return brandOwning(parsed.domain, parsed.domainWithoutSuffix, parsed.publicSuffix, icann);
}
