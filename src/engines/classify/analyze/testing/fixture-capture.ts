import { existsSync, readFileSync } from "node:fs";
import {
  fixtureFile,
  fixtureHosts,
  fixtureRegisteredAt,
  SITES_DIR,
  WORLD_NOW,
} from "../../../../world/testing/fixture-files.js";
import { readDataLines } from "../../../data-files.js";
import { extractPage } from "../../../html/index.js";
import type { CrawlCapture, CrawledPage, PageRole, RedirectHop, RootFetch } from "../../capture.js";
import type { FunctionFlag, Purpose, SiteState } from "../../types.js";

/**
 * Builds a `CrawlCapture` straight from a fixture folder of the test world (`src/world/sites/<host>`),
 * the way the crawler would see the site: the home page, the about and legal pages it links to,
 * robots.txt, the OIDC discovery document, a random-short-path probe, and the registration, DNS and
 * certificate facts of `site.json`. For analysis tests until captures come from the real crawler.
 */

export interface FixtureExpect {
  kind?: string;
  purpose?: Purpose;
  operator?: string | null;
  parent_entity?: string | null;
  functions?: Partial<Record<FunctionFlag, boolean>>;
  state?: SiteState;
}

export interface SiteJson {
  created?: string;
  registrant?: string;
  registrar?: string;
  rdap?: boolean;
  cert?: string;
  http?: boolean;
  redirect?: string;
  redirect_status?: number;
  status?: number;
  nxdomain?: boolean;
  unreachable?: boolean;
  headers?: Record<string, string>;
  dns?: { NS?: string[]; MX?: string[] };
  expect?: FixtureExpect;
}

export function readSite(host: string): SiteJson {
  const file = new URL(`${host}/site.json`, SITES_DIR);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as SiteJson) : {};
}

let parkingNs: string[] | undefined;
function parkingProvider(ns: string[]): { provider: string; nameServers: string[] } | null {
  parkingNs ??= readDataLines("lists/parking-ns.txt");
  for (const server of ns) {
    const hit = parkingNs.find((p) => server === p || server.endsWith(`.${p}`));
    if (hit) return { provider: hit, nameServers: ns };
  }
  return null;
}

function page(
  role: PageRole,
  url: string,
  body: string,
  contentType = "text/html; charset=utf-8",
): CrawledPage {
  return { role, url, finalUrl: url, status: 200, contentType, body, truncated: false, via: "http" };
}

const ROLE_PATTERNS: ReadonlyArray<[PageRole, RegExp]> = [
  ["about", /(?:^|\/)(?:about|about-us|ueber-uns|uber-uns|a-propos|our-story|company)(?:\.html?)?$/i],
  ["legal", /(?:^|\/)(?:imprint|impressum|mentions-legales|legal|terms|privacy|datenschutz)(?:\.html?)?$/i],
  ["contact", /(?:^|\/)(?:contact|kontakt)(?:\.html?)?$/i],
];

/** Pages the crawler would fetch after the root: linked about/legal pages that exist in the folder. */
function linkedPages(host: string, html: string, origin: string): CrawledPage[] {
  const pages: CrawledPage[] = [];
  const counts: Partial<Record<PageRole, number>> = {};
  const limits: Partial<Record<PageRole, number>> = { about: 1, legal: 2, contact: 1 };
  const seen = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"/gi)) {
    let url: URL;
    try {
      url = new URL(match[1] ?? "", origin);
    } catch {
      continue;
    }
    if (url.hostname !== host && url.hostname !== `www.${host}`) continue;
    const path = url.pathname;
    if (seen.has(path)) continue;
    for (const [role, pattern] of ROLE_PATTERNS) {
      if (!pattern.test(path) || (counts[role] ?? 0) >= (limits[role] ?? 0)) continue;
      const body = fixtureFile(host, path);
      if (body === null) break;
      seen.add(path);
      counts[role] = (counts[role] ?? 0) + 1;
      pages.push(page(role, url.href, body));
      break;
    }
  }
  return pages;
}

interface ShellContent {
  title?: string;
  description?: string;
  headline?: string;
  intro?: string;
  features?: Array<{ name?: string; text?: string }>;
  organization?: unknown;
  copyright?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * What a browser shows for a fixture whose home page is a JavaScript shell rendering
 * `/assets/content.json` (the fixture's app.js): the DOM it builds, serialized. Stands in for the
 * crawler's browser fallback in unit tests.
 */
function renderShell(host: string): string | null {
  const json = fixtureFile(host, "/assets/content.json");
  if (json === null) return null;
  const content = JSON.parse(json) as ShellContent;
  const features = (content.features ?? [])
    .map((f) => `<section><h3>${escapeHtml(f.name ?? "")}</h3><p>${escapeHtml(f.text ?? "")}</p></section>`)
    .join("");
  return `<!DOCTYPE html><html lang="en"><head><title>${escapeHtml(content.title ?? "")}</title>
<meta name="description" content="${escapeHtml(content.description ?? "")}"><meta property="og:site_name" content="${escapeHtml((content.title ?? "").split(" — ")[0] ?? "")}">
<script type="application/ld+json">${JSON.stringify(content.organization ?? {}).replace(/</g, "\\u003c")}</script></head>
<body><div id="root"><header><a href="/">Home</a><a href="/legal/imprint.html">Imprint</a></header>
<main><h1>${escapeHtml(content.headline ?? "")}</h1><p>${escapeHtml(content.intro ?? "")}</p><div>${features}</div></main>
<footer><span>${escapeHtml(content.copyright ?? "")}</span><a href="/legal/imprint.html">Imprint</a></footer></div></body></html>`;
}

export interface FixtureCapture {
  capture: CrawlCapture;
  site: SiteJson;
  expect: FixtureExpect;
}

/**
 * Follows the way the crawler does: `redirect` settings of fixture hosts (HTTP redirects), then
 * client-side redirects of the page that answered (a meta refresh of at most 10 s, a literal script
 * redirect, and — standing in for the browser — a computed script redirect whose only way out is one
 * link). The page of a client-side hop is not kept; the final page is.
 */
function followRedirects(host: string): { chain: RedirectHop[]; finalUrl: string; finalHost: string } {
  const chain: RedirectHop[] = [];
  let current = `https://${host}/`;
  let currentHost = host;
  for (let i = 0; i < 8; i++) {
    const site = readSite(currentHost);
    if (site.redirect) {
      chain.push({
        url: current,
        status: site.redirect_status ?? 301,
        location: site.redirect,
        kind: "http",
      });
      current = site.redirect;
      currentHost = new URL(current).hostname;
      continue;
    }
    const body = fixtureFile(currentHost, new URL(current).pathname);
    if (body === null) break;
    const facts = extractPage(body, current);
    let next: { url: string; kind: RedirectHop["kind"] } | null = null;
    if (facts.metaRefresh && facts.metaRefresh.delaySeconds <= 10)
      next = { url: facts.metaRefresh.url, kind: "meta_refresh" };
    else if (facts.scriptRedirect) next = { url: facts.scriptRedirect, kind: "script" };
    else if (facts.scriptRedirectDynamic) {
      const offsite = facts.links.filter((l) => !l.href.startsWith(`https://${currentHost}/`));
      if (offsite.length === 1 && offsite[0]) next = { url: offsite[0].href, kind: "script" };
    }
    if (!next) break;
    chain.push({ url: current, status: 200, location: next.url, kind: next.kind });
    current = next.url;
    currentHost = new URL(current).hostname;
  }
  chain.push({ url: current, status: 200, location: null, kind: "http" });
  return { chain, finalUrl: current, finalHost: currentHost };
}

export function fixtureCapture(host: string): FixtureCapture {
  const site = readSite(host);
  const origin = `https://${host}/`;
  const ns = site.dns?.NS ?? [];
  const root: RootFetch = {
    outcome: "ok",
    reason: null,
    message: null,
    scheme: "https",
    chain: [],
    finalUrl: origin,
    status: site.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", ...(site.headers ?? {}) },
    servingAddress: "127.0.0.1",
    jsShell: false,
    via: "http",
    browserError: null,
  };
  const pages: CrawledPage[] = [];
  if (site.nxdomain) {
    Object.assign(root, {
      outcome: "dns_failure",
      reason: "dns_nxdomain",
      scheme: null,
      finalUrl: null,
      status: null,
      headers: {},
      servingAddress: null,
      via: null,
    });
  } else if (site.unreachable) {
    Object.assign(root, {
      outcome: "timeout",
      reason: "connect_timeout",
      scheme: null,
      finalUrl: null,
      status: null,
      headers: {},
      via: null,
    });
  } else {
    const followed = followRedirects(host);
    root.chain = followed.chain;
    root.finalUrl = followed.finalUrl;
    // A certificate the strict fetch refuses (and no plain-HTTP site): read without verification.
    if (["self-signed", "wrong-host", "expired"].includes(site.cert ?? "") && !site.http) {
      Object.assign(root, { outcome: "tls_failure", reason: "tls_error", tlsBypassed: true });
    }
    const path = new URL(followed.finalUrl).pathname;
    let body = fixtureFile(followed.finalHost, path) ?? "";
    let via: "http" | "browser" = "http";
    if (/<div id="(?:root|app)"><\/div>/.test(body)) {
      root.jsShell = true;
      const rendered = renderShell(followed.finalHost);
      if (rendered !== null) {
        body = rendered;
        via = "browser";
        root.via = "browser";
      }
    }
    pages.push({
      ...page("root", origin, body),
      finalUrl: followed.finalUrl,
      status: root.status ?? 200,
      via,
    });
    if (followed.finalHost === host) {
      pages.push(...linkedPages(host, body, origin));
      const robots = fixtureFile(host, "/robots.txt");
      if (robots !== null) pages.push(page("robots", `${origin}robots.txt`, robots, "text/plain"));
      const sitemap = fixtureFile(host, "/sitemap.xml");
      if (sitemap !== null) pages.push(page("sitemap", `${origin}sitemap.xml`, sitemap, "application/xml"));
    }
    const oidc = fixtureFile(host, "/.well-known/openid-configuration");
    if (oidc !== null)
      pages.push(
        page("openid_configuration", `${origin}.well-known/openid-configuration`, oidc, "application/json"),
      );
  }
  const registered = site.rdap === false || site.nxdomain ? null : fixtureRegisteredAt(site.created);
  const ageDays = registered ? Math.floor((WORLD_NOW.getTime() - Date.parse(registered)) / 86_400_000) : null;
  const capture: CrawlCapture = {
    version: 1,
    domain: host,
    startedAt: new Date(WORLD_NOW.getTime() - 2_000).toISOString(),
    finishedAt: WORLD_NOW.toISOString(),
    root,
    pages,
    probes:
      site.nxdomain || site.unreachable
        ? []
        : [
            {
              path: "/x7Kq2pZ",
              purpose: "random_short_path",
              status: site.redirect ? (site.redirect_status ?? 301) : 404,
              location: site.redirect ?? null,
            },
          ],
    network: {
      dns: {
        status: site.nxdomain ? "failed" : "ok",
        reason: site.nxdomain ? "dns_nxdomain" : null,
        message: null,
        durationMs: 3,
        existence: site.nxdomain ? "nxdomain" : "exists",
        addresses: site.nxdomain ? [] : [{ address: "127.0.0.1", family: 4 }],
        cname: null,
        mx: (site.dns?.MX ?? []).map((mx) => {
          const [priority, exchange] = mx.split(/\s+/);
          return { exchange: exchange ?? "", priority: Number(priority) };
        }),
        ns,
        parking: parkingProvider(ns),
        nonPublic: [],
      },
      rdap: {
        status: registered ? "ok" : "failed",
        reason: registered ? null : "rdap_not_found",
        message: null,
        durationMs: 5,
        domain: host,
        server: "https://rdap.world.test/",
        registeredAt: registered,
        ageDays,
        registrar: site.registrar ?? null,
        registrarIanaId: null,
        registrant: site.registrant ?? null,
        expiresAt: null,
        daysUntilExpiry: null,
        statuses: [],
      },
      tls: {
        status: site.cert === "none" || site.nxdomain || site.unreachable ? "failed" : "ok",
        reason: null,
        message: null,
        durationMs: 4,
        host,
        flags: null,
        authorizationError: null,
        subject: `CN=${host}`,
        subjectOrganization: null,
        issuer: "CN=World Test CA",
        issuerOrganization: "World Test CA",
        dnsNames: [host],
        validFrom: null,
        validTo: null,
        daysSinceIssued: null,
        daysUntilExpiry: null,
        protocol: "TLSv1.3",
      },
      asn: {
        status: "failed",
        reason: "not_public",
        message: null,
        durationMs: 0,
        asn: null,
        org: null,
        hosts: [],
      },
    },
    hostingHints: [],
    budget: { bytes: 0, maxBytes: 2_000_000, elapsedMs: 900, maxMs: 15_000, exhausted: false },
  };
  return { capture, site, expect: site.expect ?? {} };
}

/** Fixture folders that are a user's or a service's sub-host, not a root domain of their own. */
export const SUBDOMAIN_FIXTURES = new Set([
  "alice.scribblehaus.com",
  "login.keystile.com",
  "mira-lang.codewharf-pages.io",
  "login.microsoftonline.com",
  "clk.adnimbus.xyz",
  "microsoft.com-signin-verify.top",
]);

export { fixtureHosts, SITES_DIR, WORLD_NOW };
