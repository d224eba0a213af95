import { listedShortener } from "../../../domain/index.js";
import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import type { ScanCapture } from "../../types.js";
import { type UrlParts, urlParts } from "../hosts.js";

export interface ChainFacts {
  findings: Finding[];
  /** Distinct registrable sites in order, the submitted one first. */
  sites: string[];
  /** Distinct host names in order. */
  hosts: string[];
  /** A meta refresh or script navigation crossed sites. */
  crossSiteClientRedirect: boolean;
  navigations: number;
}

const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})*\.[a-z]{2,24}/i;
const REDIRECT_PARAMS =
  /^(?:url|u|q|r|to|next|dest|destination|target|redirect|redirect_uri|redirect_url|redir|return|returnurl|return_to|continue|goto|link|out|forward|location|path)$/i;

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** An email address in the query or fragment, also base64-encoded (`#am9obkBleGFtcGxlLmNvbQ==`). */
function emailIn(url: string): { where: "query" | "fragment"; email: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const parts: Array<["query" | "fragment", string]> = [
    ["fragment", parsed.hash.slice(1)],
    ["query", parsed.search.slice(1)],
  ];
  for (const [where, raw] of parts) {
    if (!raw) continue;
    const text = decode(raw);
    const plain = EMAIL.exec(text);
    if (plain) return { where, email: plain[0] };
    for (const chunk of text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
      const decoded = Buffer.from(chunk.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
      const hit = EMAIL.exec(decoded);
      if (hit && /^[\x20-\x7e]+$/.test(hit[0])) return { where, email: hit[0] };
    }
  }
  return null;
}

/** The URL a hop carries in its query that the next hop went to (an open redirect), or null. */
function carriedTarget(hopUrl: string, next: UrlParts): string | null {
  let parsed: URL;
  try {
    parsed = new URL(hopUrl);
  } catch {
    return null;
  }
  for (const [key, value] of parsed.searchParams) {
    if (!REDIRECT_PARAMS.test(key)) continue;
    const target = urlParts(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    if (target && target.host === next.host) return value;
  }
  return null;
}

function mask(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  return `${user.slice(0, 1)}***@${domain}`;
}

/**
 * Redirect-chain findings: where the submitted URL led, through what, and the tricks on the way
 * (shorteners, open redirects, client-side hops, downgrades, a victim's address carried along).
 * `suspicious(site)` says whether a site is itself suspect (new, abused TLD, imitating a brand).
 */
export function chainFindings(capture: ScanCapture, suspicious: (parts: UrlParts) => boolean): ChainFacts {
  const findings: Finding[] = [];
  const urls = [capture.requestUrl, ...capture.chain.map((h) => h.url)];
  if (capture.finalUrl) urls.push(capture.finalUrl);
  const parts = urls.map(urlParts).filter((p): p is UrlParts => p !== null);
  const distinct: UrlParts[] = [];
  for (const p of parts)
    if (distinct.length === 0 || distinct[distinct.length - 1]?.url !== p.url) distinct.push(p);
  const sites: string[] = [];
  for (const p of parts) if (!sites.includes(p.site)) sites.push(p.site);
  const hosts: string[] = [];
  for (const p of parts) if (!hosts.includes(p.host)) hosts.push(p.host);
  const first = parts[0];
  const last = parts[parts.length - 1];
  const navigations = capture.chain.filter((h) => h.location !== null).length;

  if (navigations > 0 || distinct.length > 1) {
    const described = capture.chain
      .filter((h) => h.location !== null)
      .slice(0, 10)
      .map((h) => `${h.url} → ${h.kind === "http" ? `HTTP ${h.status ?? "?"}` : h.kind.replace("_", " ")}`);
    findings.push(
      makeFinding(
        "NET-008",
        `${described.join("; ")}${described.length > 0 ? "; " : ""}final page ${capture.finalUrl ?? "none"}.`,
        { description: `Redirect chain of ${navigations} navigation${navigations === 1 ? "" : "s"}` },
      ),
    );
  }
  if (first && last && first.site !== last.site) {
    const landingBad = suspicious(last);
    const severity = sites.length >= 3 || landingBad ? "Medium" : "Low";
    findings.push(
      makeFinding(
        "NET-001",
        `${first.host} sent the browser on to ${last.host} (${hosts.join(" → ")})${landingBad ? "; the landing domain is itself suspicious" : ""}.`,
        {
          severity,
          description: `Redirected from ${first.site} to ${last.site}${sites.length >= 3 ? ` through ${sites.length} domains` : ""}`,
        },
      ),
    );
  }
  if (navigations >= 4) {
    findings.push(
      makeFinding("NET-002", `The page was reached after ${navigations} navigations.`, {
        severity: navigations >= 6 ? "Medium" : "Low",
      }),
    );
  }
  const shortener = parts.find((p) => !p.ip && listedShortener(p.host, p.icannDomain) !== null);
  if (shortener && distinct.length > 1) {
    findings.push(
      makeFinding("NET-003", `${shortener.host} is a URL shortener; it hid the destination ${last?.host}.`),
    );
  }
  let crossSiteClientRedirect = false;
  let openRedirect = false;
  let downgrade = false;
  for (let i = 0; i < capture.chain.length; i++) {
    const hop = capture.chain[i];
    if (!hop || hop.location === null) continue;
    const from = urlParts(hop.url);
    const to = urlParts(hop.location);
    if (!from || !to) continue;
    if (hop.kind !== "http" && from.site !== to.site && !crossSiteClientRedirect) {
      crossSiteClientRedirect = true;
      const bad = suspicious(from) || suspicious(to);
      findings.push(
        makeFinding(
          "NET-004",
          `${from.host} forwarded the browser to ${to.url} with a ${hop.kind === "meta_refresh" ? "meta refresh" : "script"} rather than an HTTP redirect.`,
          { severity: bad ? "Medium" : "Low" },
        ),
      );
    }
    const carried = from.site !== to.site ? carriedTarget(hop.url, to) : null;
    if (carried && !openRedirect) {
      openRedirect = true;
      findings.push(
        makeFinding(
          "NET-005",
          `${from.host} forwarded to ${to.host}, the address it was handed in its query (${carried.slice(0, 120)}).`,
          { severity: suspicious(to) ? "Medium" : "Low" },
        ),
      );
    }
    if (from.scheme === "https" && to.scheme === "http" && !downgrade) {
      downgrade = true;
      findings.push(makeFinding("NET-007", `${hop.url} redirected to the plain-HTTP address ${to.url}.`));
    }
  }
  for (const url of urls) {
    const hit = emailIn(url);
    if (!hit) continue;
    findings.push(
      makeFinding(
        "NET-006",
        `The ${hit.where} of ${urlParts(url)?.host ?? "a hop"}'s URL carries the address ${mask(hit.email)}${hit.where === "fragment" ? ", where only a script on the page reads it" : ""}.`,
        { severity: hit.where === "fragment" ? "Medium" : "Low" },
      ),
    );
    break;
  }
  return { findings, sites, hosts, crossSiteClientRedirect, navigations };
}
