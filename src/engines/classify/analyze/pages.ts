import { hostIsUnder } from "../../domain/index.js";
import { type ExtractedPage, extractPage } from "../../html/index.js";
import type { CrawlCapture, CrawledPage, PageRole } from "../capture.js";

/** One fetched page, parsed. */
export interface ParsedPage {
  role: PageRole;
  url: string;
  finalUrl: string;
  status: number;
  facts: ExtractedPage;
}

/** OpenID Connect discovery document fields the analysis checks. */
export interface OpenIdConfiguration {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string | null;
  jwksUri: string | null;
}

/** The capture's pages sorted by what they are good for. */
export interface PageSet {
  /** The root's final page when it is on the crawled domain and answered 2xx. */
  root: ParsedPage | null;
  /** The root's final page when the root landed on another site (never used for identity). */
  destination: ParsedPage | null;
  /** About and company pages on the domain. */
  about: ParsedPage[];
  /** Legal (imprint, terms, privacy) and contact pages on the domain. */
  legal: ParsedPage[];
  openid: OpenIdConfiguration | null;
  /** A discovery document was fetched but is not a valid one (why, for the evidence). */
  openidProblem: string | null;
  robots: string | null;
}

const MAX_PAGES = 20;
const MAX_JSON_CHARS = 64 * 1024;

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}

/** Whether a host is the crawled domain or one of its subdomains. */
export function onDomain(host: string | null, domain: string): boolean {
  return host ? hostIsUnder(host, domain) : false;
}

function isHtml(page: CrawledPage): boolean {
  const type = (page.contentType ?? "").toLowerCase();
  if (type.includes("html") || type.includes("xhtml")) return true;
  if (type === "" || type.startsWith("text/plain") || type.includes("octet-stream")) {
    return /^\s*(?:<!doctype html|<html|<head|<body|<meta|<title|<div|<p\b)/i.test(page.body.slice(0, 512));
  }
  return false;
}

function ok(page: CrawledPage): boolean {
  return page.status >= 200 && page.status < 300;
}

function stringField(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === "string" && value.length > 0 && value.length <= 2048 ? value : null;
}

/** A discovery document counts when it parses, names an https issuer on the domain and an authorization endpoint. */
export function parseOpenId(
  body: string,
  domain: string,
): { config: OpenIdConfiguration | null; problem: string | null } {
  if (body.length === 0) return { config: null, problem: "empty" };
  if (body.length > MAX_JSON_CHARS) return { config: null, problem: "too_large" };
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return { config: null, problem: "not_json" };
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return { config: null, problem: "not_an_object" };
  }
  const record = document as Record<string, unknown>;
  const issuer = stringField(record, "issuer");
  const authorizationEndpoint = stringField(record, "authorization_endpoint");
  if (!issuer || !authorizationEndpoint) return { config: null, problem: "missing_fields" };
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    return { config: null, problem: "bad_issuer" };
  }
  if (issuerUrl.protocol !== "https:") return { config: null, problem: "issuer_not_https" };
  if (!onDomain(issuerUrl.hostname.toLowerCase(), domain))
    return { config: null, problem: "issuer_off_domain" };
  const tokenEndpoint = stringField(record, "token_endpoint");
  const jwksUri = stringField(record, "jwks_uri");
  if (!tokenEndpoint && !jwksUri) return { config: null, problem: "missing_fields" };
  return { config: { issuer, authorizationEndpoint, tokenEndpoint, jwksUri }, problem: null };
}

export function parsePages(capture: CrawlCapture): PageSet {
  const set: PageSet = {
    root: null,
    destination: null,
    about: [],
    legal: [],
    openid: null,
    openidProblem: null,
    robots: null,
  };
  const domain = capture.domain;
  const pages = Array.isArray(capture.pages) ? capture.pages.slice(0, MAX_PAGES) : [];
  for (const page of pages) {
    if (!page || typeof page.body !== "string") continue;
    const finalHost = hostOf(page.finalUrl) ?? hostOf(page.url);
    const here = onDomain(finalHost, domain);
    switch (page.role) {
      case "root": {
        // The root's final page; when it landed on another site it is the destination's page, and a
        // capture may also keep the domain's own (client-side redirecting) page.
        if (!ok(page) || !isHtml(page)) break;
        if (here && !set.root) set.root = parse(page);
        else if (!here && !set.destination) set.destination = parse(page);
        break;
      }
      case "about":
      case "company":
        if (here && ok(page) && isHtml(page)) set.about.push(parse(page));
        break;
      case "legal":
      case "contact":
        if (here && ok(page) && isHtml(page)) set.legal.push(parse(page));
        break;
      case "openid_configuration":
        if (ok(page) && set.openid === null) {
          const { config, problem } = parseOpenId(page.body, domain);
          set.openid = config;
          set.openidProblem = problem;
        }
        break;
      case "robots":
        if (here && ok(page) && !isHtml(page)) set.robots = page.body.slice(0, 32 * 1024);
        break;
      default:
        break;
    }
  }
  return set;
}

function parse(page: CrawledPage): ParsedPage {
  return {
    role: page.role,
    url: page.url,
    finalUrl: page.finalUrl,
    status: page.status,
    facts: extractPage(page.body, page.finalUrl || page.url),
  };
}

/** Pages the site speaks for itself on: the root, then about, then legal. */
export function ownPages(pages: PageSet): ParsedPage[] {
  return [...(pages.root ? [pages.root] : []), ...pages.about, ...pages.legal];
}
