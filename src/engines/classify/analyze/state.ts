import type { CrawlCapture } from "../capture.js";
import type { EnrichmentStatus, ScrapingStatus, SiteState, Stability } from "../types.js";
import { hostOf, onDomain, type PageSet, type ParsedPage } from "./pages.js";

/** Where the root domain sends visitors when it lands on another site. */
export interface RedirectFacts {
  /** Host name of the destination (no scheme, path, query or fragment). */
  host: string;
  url: string;
  kind: "http" | "meta_refresh" | "script" | "inferred";
  /** HTTP status of the hop that left the domain (null for client-side hops). */
  status: number | null;
}

export interface StateFacts {
  state: SiteState;
  scrapingStatus: ScrapingStatus;
  redirect: RedirectFacts | null;
  /** Why the state was chosen (evidence). */
  signals: string[];
}

/** Longest client-side delay still read as a redirect (longer is a page that happens to move on). */
const MAX_REFRESH_DELAY = 30;

const PARKING_PHRASES = [
  "domain may be for sale",
  "domain is for sale",
  "this domain is for sale",
  "domain name is for sale",
  "buy this domain",
  "make an offer",
  "is available for purchase",
  "get this domain",
  "inquire about this domain",
  "related searches",
  "sponsored listings",
  "domain parking",
  "parked free",
  "parked domain",
  "this domain has been registered",
  "domain has expired",
  "diese domain kaufen",
  "domain steht zum verkauf",
  "diese domain steht zum verkauf",
  "ce nom de domaine est à vendre",
  "ce domaine est à vendre",
  "nom de domaine à vendre",
  "este dominio está a la venta",
  "este dominio esta a la venta",
  "dominio en venta",
  "este dominio puede estar a la venta",
];

const PARKING_SCRIPT_HOSTS =
  /(?:parkingcrew\.net|sedoparking\.com|bodis\.com|above\.com|parklogic\.com|dsparking\.com|parking\.godaddy|wsimg\.com\/parking-lander|afternic\.com|dan\.com|hugedomains\.com|undeveloped\.com|domainmarket\.com|parkingpage|\/lander\b)/i;

const CONSTRUCTION_PHRASES = [
  "under construction",
  "coming soon",
  "site is being built",
  "launching soon",
  "check back soon",
  "website coming soon",
  "new website is under construction",
  "im aufbau",
  "in kürze verfügbar",
  "baustelle",
  "en construction",
  "bientôt disponible",
  "en construcción",
  "próximamente",
  "proximamente",
  "future home of",
  "welcome to nginx",
  "apache2 ubuntu default page",
  "apache2 debian default page",
  "it works!",
  "iis windows server",
  "test page for the apache",
  "default web site page",
  "this is the default server",
  "index of /",
];

function phrasesIn(text: string, phrases: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return phrases.filter((phrase) => lower.includes(phrase));
}

function resolve(location: string | null, base: string): string | null {
  if (!location) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

/** Off-domain destination of the root's redirect chain, or of a client-side redirect on the root page. */
export function findRedirect(capture: CrawlCapture, pages: PageSet): RedirectFacts | null {
  const domain = capture.domain;
  const chain = Array.isArray(capture.root.chain) ? capture.root.chain : [];
  let leaving: { kind: RedirectFacts["kind"]; status: number | null; url: string } | null = null;
  for (const hop of chain) {
    const next = resolve(hop.location, hop.url);
    const nextHost = hostOf(next);
    if (next && nextHost && !onDomain(nextHost, domain)) {
      leaving = { kind: hop.kind, status: hop.kind === "http" ? hop.status : null, url: next };
      break;
    }
  }
  const finalHost = hostOf(capture.root.finalUrl);
  if (capture.root.finalUrl && finalHost && !onDomain(finalHost, domain)) {
    return {
      host: finalHost,
      url: capture.root.finalUrl,
      kind: leaving?.kind ?? "http",
      status: leaving?.status ?? null,
    };
  }
  if (leaving) {
    const host = hostOf(leaving.url);
    if (host) return { host, url: leaving.url, kind: leaving.kind, status: leaving.status };
  }
  const root = pages.root;
  if (!root) return null;
  const refresh = root.facts.metaRefresh;
  if (refresh && refresh.delaySeconds <= MAX_REFRESH_DELAY) {
    const host = hostOf(refresh.url);
    if (host && !onDomain(host, domain))
      return { host, url: refresh.url, kind: "meta_refresh", status: null };
  }
  const script = root.facts.scriptRedirect;
  const scriptHost = hostOf(script);
  if (script && scriptHost && !onDomain(scriptHost, domain)) {
    return { host: scriptHost, url: script, kind: "script", status: null };
  }
  // A computed `location = …` on an almost empty page whose only way out is a link to one other site.
  if (root.facts.scriptRedirectDynamic && root.facts.counts.textChars < 400) {
    const offsite = root.facts.links.filter((link) => {
      const host = hostOf(link.href);
      return host !== null && !onDomain(host, domain) && /^https?:/.test(link.href);
    });
    const hosts = new Set(offsite.map((link) => hostOf(link.href)));
    const first = offsite[0];
    const host = first ? hostOf(first.href) : null;
    if (hosts.size === 1 && first && host) return { host, url: first.href, kind: "inferred", status: null };
  }
  return null;
}

function scrapingStatus(capture: CrawlCapture): ScrapingStatus {
  switch (capture.root.outcome) {
    case "ok":
      return capture.root.via === "browser" ? "browser_success" : "httpx_success";
    case "dns_failure":
      return "failed_dns";
    case "tls_failure":
      return "failed_tls";
    case "timeout":
      return "timeout";
    case "blocked":
      return "blocked";
    default:
      return "failed_http";
  }
}

/** Parking evidence on a page (and the zone's name servers). */
export function parkingSignals(capture: CrawlCapture, root: ParsedPage | null): string[] {
  const signals: string[] = [];
  const parking = capture.network?.dns?.parking;
  if (parking) signals.push(`dns:parking_ns:${parking.provider}`);
  if (root) {
    const text = `${root.facts.title ?? ""} ${root.facts.meta.description ?? ""} ${root.facts.text}`;
    for (const phrase of phrasesIn(text, PARKING_PHRASES)) signals.push(`text:${phrase}`);
    if (root.facts.scripts.some((s) => s.src && PARKING_SCRIPT_HOSTS.test(s.src)))
      signals.push("script:parking");
    const keywordLinks = root.facts.links.filter((l) =>
      /[?&](?:kw|keyword|query|q|search)=/i.test(l.href),
    ).length;
    if (keywordLinks >= 4) signals.push("links:related_search");
  }
  return signals;
}

function isEmpty(root: ParsedPage): boolean {
  const facts = root.facts;
  if (facts.jsShell) return false;
  return (
    facts.counts.textChars < 20 &&
    facts.links.length === 0 &&
    facts.forms.length === 0 &&
    facts.iframes.length === 0 &&
    (facts.title ?? "").length < 3
  );
}

export function deriveState(capture: CrawlCapture, pages: PageSet): StateFacts {
  const root = pages.root;
  const signals: string[] = [];
  const scraping = scrapingStatus(capture);
  if (capture.root.outcome !== "ok") {
    signals.push(`root:${capture.root.outcome}${capture.root.reason ? `:${capture.root.reason}` : ""}`);
    // A broken certificate is still read (the crawler re-fetches without verification): describe the
    // content, while scraping_status keeps saying the strict fetch failed.
    if (!root) return { state: "unreachable", scrapingStatus: scraping, redirect: null, signals };
    signals.push("root:content_read_despite_failure");
  }
  const redirect = findRedirect(capture, pages);
  const parking = parkingSignals(capture, root);
  const textChars = root?.facts.counts.textChars ?? 0;
  const strongParking =
    parking.some((s) => s.startsWith("script:")) ||
    parking.filter((s) => !s.startsWith("dns:")).length >= 2 ||
    (parking.some((s) => s.startsWith("dns:")) && (textChars < 2000 || parking.length >= 2));
  if (strongParking) {
    return { state: "parked", scrapingStatus: scraping, redirect: null, signals: parking };
  }
  if (redirect) {
    signals.push(`redirect:${redirect.kind}:${redirect.host}`);
    return { state: "redirect", scrapingStatus: scraping, redirect, signals };
  }
  if (!root) {
    signals.push(`root:no_html_page:${capture.root.status ?? "none"}`);
    return { state: "empty", scrapingStatus: scraping, redirect: null, signals };
  }
  if (isEmpty(root)) {
    signals.push("root:no_visible_content");
    return { state: "empty", scrapingStatus: scraping, redirect: null, signals };
  }
  const construction = phrasesIn(`${root.facts.title ?? ""} ${root.facts.text}`, CONSTRUCTION_PHRASES);
  if (construction.length > 0 && textChars < 800) {
    for (const phrase of construction) signals.push(`text:${phrase}`);
    return { state: "under_construction", scrapingStatus: scraping, redirect: null, signals };
  }
  return { state: "developed", scrapingStatus: scraping, redirect: null, signals };
}

/** Days since registration at `now`, or null. */
export function ageDays(capture: CrawlCapture, now: Date): number | null {
  const registered = capture.network?.rdap?.registeredAt;
  if (!registered) return null;
  const time = Date.parse(registered);
  if (Number.isNaN(time)) return null;
  return Math.floor((now.getTime() - time) / 86_400_000);
}

const MOVED =
  /\b(?:has moved|have moved|new (?:web )?address|moved to|new home|umgezogen|neue adresse|a déménagé|nouvelle adresse|se ha mudado|nueva dirección)\b/i;

/**
 * `transient`: likely to change soon (newly registered, under construction, unreachable, temporary
 * redirects); `permanent`: settled (developed, parked for a year or more, permanent redirects of old
 * domains); `unknown`: nothing to go on.
 */
export function deriveStability(
  state: StateFacts,
  age: number | null,
  root: ParsedPage | null,
): { stability: Stability; reason: string } {
  if (state.state === "unreachable") return { stability: "transient", reason: "unreachable" };
  if (state.state === "under_construction") return { stability: "transient", reason: "under_construction" };
  if (age !== null && age < 30) return { stability: "transient", reason: "newly_registered" };
  if (state.state === "redirect" && state.redirect) {
    const { kind, status } = state.redirect;
    const old = age === null || age >= 365;
    if (kind === "http") {
      if ((status === 301 || status === 308) && old)
        return { stability: "permanent", reason: `http_${status}` };
      return { stability: "transient", reason: `http_${status ?? "redirect"}` };
    }
    // A meta refresh is how static hosting moves a site for good; on an established domain, or with a
    // page that says the site moved, it counts as permanent. Script redirects stay transient.
    const movedText = root !== null && MOVED.test(`${root.facts.title ?? ""} ${root.facts.text}`);
    if (old && age !== null && (movedText || kind === "meta_refresh")) {
      return { stability: "permanent", reason: movedText ? `${kind}_moved` : `${kind}_established_domain` };
    }
    return { stability: "transient", reason: kind };
  }
  if (state.state === "parked") {
    return age !== null && age >= 365
      ? { stability: "permanent", reason: "parked_old_domain" }
      : { stability: "unknown", reason: "parked" };
  }
  if (state.state === "empty") return { stability: "unknown", reason: "empty" };
  return { stability: "permanent", reason: age === null ? "developed" : "developed_established" };
}

/** `complete`: DNS, RDAP and ASN facts all present; `failed`: none; `partial`: some. */
export function deriveEnrichment(capture: CrawlCapture): { status: EnrichmentStatus; missing: string[] } {
  const network = capture.network;
  const checks: Array<[string, boolean]> = [
    ["dns", network?.dns?.status === "ok"],
    ["rdap", network?.rdap?.status === "ok"],
    ["asn", network?.asn?.status === "ok"],
  ];
  const missing = checks.filter(([, ok]) => !ok).map(([name]) => name);
  if (missing.length === 0) return { status: "complete", missing };
  if (missing.length === checks.length) return { status: "failed", missing };
  return { status: "partial", missing };
}
