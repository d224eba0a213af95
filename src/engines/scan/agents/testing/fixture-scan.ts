import { existsSync, readFileSync } from "node:fs";
import { parse } from "tldts";
import {
  fixtureFile,
  fixtureHosts,
  fixtureRegisteredAt,
  SITES_DIR,
  WORLD_NOW,
} from "../../../../world/testing/fixture-files.js";
import { readDataText } from "../../../data-files.js";
import { extractPage } from "../../../html/index.js";
import { matchParking, parseParkingList } from "../../../risk/network/index.js";
import type { NetworkChecks } from "../../../risk/network/types.js";
import { savedCapture as savedPage } from "../../saved.js";
import type { ScanCapture, ScanHop } from "../../types.js";

/**
 * Builds the `ScanCapture` a browser scan of a test-world fixture (`src/world/sites/<host>`) would
 * record, offline: HTTP redirects from `site.json`, then meta-refresh and script redirects (a computed
 * script redirect follows the page's only off-site link, as the browser would land there), the final
 * page as a browser with an ordinary user agent sees it (past user-agent cloaking), the DNS/RDAP/TLS
 * checks of the final host from the fixture's registration facts. For analysis tests and benchmarks.
 */

export interface FixtureExpect {
  kind?: string;
  purpose?: string;
  brand?: string;
  assessment?: "Malicious" | "Suspicious" | "Benign" | "Unknown";
  threat_type?: string;
  language?: string;
  signals?: string[];
}

export interface SiteJson {
  created?: string;
  registrar?: string;
  registrant?: string;
  rdap?: boolean;
  cert?: "valid" | "expired" | "self-signed" | "wrong-host" | "none";
  cert_names?: string[];
  http?: boolean;
  redirect?: string;
  redirect_status?: number;
  status?: number;
  nxdomain?: boolean;
  unreachable?: boolean;
  headers?: Record<string, string>;
  dns?: { NS?: string[]; MX?: string[] };
  user_agent_cloak?: { pattern: string; file: string };
  expect?: FixtureExpect;
}

export function readSite(host: string): SiteJson | null {
  const file = new URL(`${host}/site.json`, SITES_DIR);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as SiteJson;
  return existsSync(new URL(`${host}/`, SITES_DIR)) ? {} : null;
}

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

function pageOf(host: string, path: string, site: SiteJson): string | null {
  const cloak = site.user_agent_cloak;
  if (cloak && (path === "/" || path === "/index.html") && new RegExp(cloak.pattern, "i").test(BROWSER_UA))
    return fixtureFile(host, cloak.file);
  const body = fixtureFile(host, path);
  if (body !== null && /<div id="(?:root|app)"><\/div>/.test(body)) return renderShell(host) ?? body;
  return body;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What a browser shows for a fixture whose page is a JavaScript shell rendering `/assets/content.json`. */
function renderShell(host: string): string | null {
  const json = fixtureFile(host, "/assets/content.json");
  if (json === null) return null;
  const c = JSON.parse(json) as {
    title?: string;
    headline?: string;
    intro?: string;
    features?: Array<{ name?: string; text?: string }>;
    copyright?: string;
  };
  const features = (c.features ?? [])
    .map((f) => `<section><h3>${escapeHtml(f.name ?? "")}</h3><p>${escapeHtml(f.text ?? "")}</p></section>`)
    .join("");
  return `<!DOCTYPE html><html lang="en"><head><title>${escapeHtml(c.title ?? "")}</title></head><body><div id="root"><header><a href="/">Home</a><a href="/legal/imprint.html">Imprint</a></header><main><h1>${escapeHtml(c.headline ?? "")}</h1><p>${escapeHtml(c.intro ?? "")}</p>${features}</main><footer>${escapeHtml(c.copyright ?? "")}</footer></div></body></html>`;
}

/** The folder whose registration facts RDAP gives for a host (README: sub-host folder conventions). */
function registrationSite(host: string): { domain: string; site: SiteJson } {
  const domain = parse(host).domain ?? host;
  const own = domain !== host ? readSite(domain) : null;
  if (own?.created) return { domain, site: own };
  return { domain, site: readSite(host) ?? {} };
}

let parking: ReturnType<typeof parseParkingList> | undefined;

function networkOf(host: string): NetworkChecks {
  const hostSite = readSite(host) ?? {};
  const { domain, site } = registrationSite(host);
  const registered = site.rdap === false || hostSite.nxdomain ? null : fixtureRegisteredAt(site.created);
  const ageDays = registered ? Math.floor((WORLD_NOW.getTime() - Date.parse(registered)) / 86_400_000) : null;
  parking ??= parseParkingList(readDataText("lists/parking-ns.txt"));
  const ns = site.dns?.NS ?? hostSite.dns?.NS ?? [];
  const cert = hostSite.cert ?? site.cert ?? "valid";
  const ok = { status: "ok" as const, reason: null, message: null, durationMs: 3 };
  return {
    dns: {
      ...ok,
      existence: "exists",
      addresses: [{ address: "127.0.0.1", family: 4 }],
      cname: null,
      mx: (site.dns?.MX ?? []).map((mx) => {
        const [priority, exchange] = mx.split(/\s+/);
        return { exchange: exchange ?? "", priority: Number(priority) };
      }),
      ns,
      parking: matchParking(parking, ns),
      nonPublic: [],
    },
    rdap: {
      ...(registered
        ? ok
        : { status: "failed" as const, reason: "rdap_not_found", message: null, durationMs: 3 }),
      domain,
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
      ...ok,
      host,
      flags: {
        expired: cert === "expired",
        notYetValid: false,
        selfSigned: cert === "self-signed",
        untrusted: cert === "self-signed",
        hostnameMismatch: cert === "wrong-host",
        recentlyIssued: ageDays !== null && ageDays <= 7,
      },
      authorizationError: null,
      subject: `CN=${cert === "wrong-host" ? (hostSite.cert_names?.[0] ?? "default.world-hosting.net") : host}`,
      subjectOrganization: null,
      issuer: cert === "self-signed" ? `CN=${host}` : "CN=World Test CA",
      issuerOrganization: cert === "self-signed" ? null : "World Test CA",
      dnsNames: cert === "wrong-host" ? (hostSite.cert_names ?? ["default.world-hosting.net"]) : [host],
      validFrom: registered ?? "2025-11-21T00:00:00.000Z",
      validTo: cert === "expired" ? "2026-08-23T00:00:00.000Z" : "2027-11-21T00:00:00.000Z",
      daysSinceIssued: ageDays ?? 365,
      daysUntilExpiry: cert === "expired" ? -90 : 365,
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
  };
}

export interface FixtureScanOptions {
  /** Certificate errors stop the browser (outcome `tls_failure`), as a strict capture would. */
  strictTls?: boolean;
}

export interface FixtureScan {
  capture: ScanCapture;
  site: SiteJson;
  expect: FixtureExpect;
}

const BAD_CERTS = new Set(["expired", "self-signed", "wrong-host"]);

/** The capture of a browser scan of `https://<host>/`. */
export function fixtureScan(host: string, options: FixtureScanOptions = {}): FixtureScan {
  const start = readSite(host) ?? {};
  const chain: ScanHop[] = [];
  let current = `https://${host}/`;
  let html = "";
  let outcome: ScanCapture["outcome"] = "ok";
  let reason: string | null = null;
  let status: number | null = null;
  let finalUrl: string | null = null;
  for (let i = 0; i < 8; i++) {
    const url = new URL(current);
    const site = readSite(url.hostname) ?? {};
    if (site.nxdomain) {
      [outcome, reason] = ["dns_failure", "dns_nxdomain"];
      break;
    }
    if (site.unreachable) {
      [outcome, reason] = ["timeout", "timeout_connect"];
      break;
    }
    if (options.strictTls && BAD_CERTS.has(site.cert ?? "") && url.protocol === "https:") {
      [outcome, reason] = [
        "tls_failure",
        `tls_${site.cert === "wrong-host" ? "hostname_mismatch" : site.cert === "expired" ? "expired" : "untrusted"}`,
      ];
      break;
    }
    if (site.redirect) {
      chain.push({
        url: current,
        status: site.redirect_status ?? 301,
        location: site.redirect,
        kind: "http",
        address: "127.0.0.1",
      });
      current = site.redirect;
      continue;
    }
    const body = pageOf(url.hostname, url.pathname, site);
    if (body === null) {
      [outcome, status] = ["http_error", 404];
      break;
    }
    const facts = extractPage(body, current);
    let next: { url: string; kind: ScanHop["kind"] } | null = null;
    if (facts.metaRefresh && facts.metaRefresh.delaySeconds <= 10)
      next = { url: facts.metaRefresh.url, kind: "meta_refresh" };
    else if (facts.scriptRedirect) next = { url: facts.scriptRedirect, kind: "script" };
    else if (facts.scriptRedirectDynamic) {
      const offsite = facts.links.filter((l) => new URL(l.href).hostname !== url.hostname);
      if (offsite.length === 1 && offsite[0]) next = { url: offsite[0].href, kind: "script" };
    }
    if (next) {
      chain.push({ url: current, status: 200, location: next.url, kind: next.kind, address: "127.0.0.1" });
      current = next.url;
      continue;
    }
    chain.push({
      url: current,
      status: site.status ?? 200,
      location: null,
      kind: "http",
      address: "127.0.0.1",
    });
    html = body;
    status = site.status ?? 200;
    finalUrl = current;
    break;
  }
  const facts = extractPage(html, finalUrl ?? current);
  const finalHost = new URL(finalUrl ?? current).hostname;
  const halted = outcome === "dns_failure";
  const capture: ScanCapture = {
    version: 1,
    requestUrl: `https://${host}/`,
    startedAt: new Date(WORLD_NOW.getTime() - 2_000).toISOString(),
    finishedAt: WORLD_NOW.toISOString(),
    source: "browser",
    outcome,
    reason,
    message: null,
    chain,
    finalUrl,
    status,
    headers: finalUrl
      ? { "content-type": "text/html; charset=utf-8", ...(readSite(finalHost)?.headers ?? {}) }
      : {},
    title: facts.title,
    html,
    htmlTruncated: false,
    text: facts.text,
    favicon: null,
    requests: chain.map((hop) => ({
      url: hop.url,
      method: "GET",
      resourceType: "document",
      status: hop.status,
      address: "127.0.0.1",
      outcome: "ok" as const,
      reason: null,
    })),
    forms: facts.forms.map((f) => ({ ...f, visible: true })),
    cookies: [],
    tls: null,
    console: [],
    downloads: [],
    dialogs: [],
    network: halted ? null : networkOf(finalHost),
    screenshots: { viewport: false, fullPage: false },
    durationMs: 900,
  };
  return { capture, site: start, expect: start.expect ?? {} };
}

/** A saved-page capture (what `domainlens analyze --url --html` builds) at the fixture world's now. */
export function savedCapture(url: string, html: string): ScanCapture {
  return savedPage(url, html, { at: WORLD_NOW });
}

export { fixtureHosts, SITES_DIR, WORLD_NOW };
