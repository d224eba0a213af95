import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { abortError, raceAbort } from "../../../util/abort.js";
import type { PageRenderer, RenderResult } from "../../browser/index.js";
import { type ExtractedPage, extractPage } from "../../html/index.js";
import type { AsnLookup } from "../../net/asn.js";
import type { Egress } from "../../net/index.js";
import { analyzeNetwork } from "../../risk/network/index.js";
import type { NetworkAnalysis } from "../../risk/network/types.js";
import type { CrawlCapture, CrawledPage, RedirectHop, RootFetch } from "../capture.js";
import { CrawlBudget, type CrawlLimits, DEFAULT_LIMITS } from "./budget.js";
import { type CrawlContext, throwIfCallerAborted } from "./fetch.js";
import { fetchFollowUps } from "./follow-ups.js";
import { hostingHints } from "./hosting.js";
import { conventionalPages, planLinkedPages } from "./pages.js";
import { fetchRoot } from "./root.js";

export interface CrawlerDeps {
  /** The only way out: every fetch, DNS query, RDAP lookup and TLS probe goes through it. */
  egress: Egress;
  /** Renders JavaScript shells (a BrowserPool); without it the HTTP page is analysed as it is. */
  browser?: PageRenderer | null;
  /** IP-to-ASN table for the hosting network; default: the process-wide one. */
  asn?: AsnLookup;
  /** Clock for timestamps and registration age. */
  now?: () => Date;
  /** Source of the random probe path. */
  random?: () => number;
  limits?: Partial<CrawlLimits>;
}

export interface CrawlOptions {
  /** Aborting it rejects the crawl with its reason (the only rejection besides invalid input). */
  signal?: AbortSignal;
  limits?: Partial<CrawlLimits>;
}

export interface Crawler {
  crawl(domain: string, options?: CrawlOptions): Promise<CrawlCapture>;
}

/** A crawler bound to its dependencies. */
export function createCrawler(deps: CrawlerDeps): Crawler {
  return { crawl: (domain, options) => crawlDomain(deps, domain, options) };
}

/** The ASCII (punycode) form of a domain name; throws TypeError for anything else (a caller's bug). */
export function normalizeCrawlDomain(input: string): string {
  const trimmed = input.trim().toLowerCase().replace(/\.+$/, "");
  const ascii = trimmed && !isIP(trimmed) ? domainToASCII(trimmed) : "";
  if (!ascii.includes(".") || !/^[a-z0-9.-]+$/.test(ascii) || ascii.length > 253)
    throw new TypeError(`not a domain name: ${input.slice(0, 100)}`);
  return ascii;
}

/** Smallest time worth giving the browser. */
const MIN_BROWSER_MS = 1_500;

/**
 * Renders the root in the browser when its HTML is an empty JavaScript shell (or redirects through a
 * script the HTML alone cannot resolve), and puts the rendered DOM in place of the HTTP page.
 */
async function renderShell(
  deps: CrawlerDeps,
  ctx: CrawlContext,
  root: RootFetch,
  page: CrawledPage,
): Promise<ExtractedPage | null> {
  const browser = deps.browser;
  if (!browser || !root.finalUrl) return null;
  const timeoutMs = Math.min(ctx.budget.limits.browserMs, ctx.budget.remainingMs() - 300);
  if (timeoutMs < MIN_BROWSER_MS) {
    ctx.budget.exhausted = true;
    root.browserError = "budget: no time left in the crawl for the browser";
    return null;
  }
  let rendered: RenderResult;
  try {
    // The crawl's own signal: waiting for a free browser slot counts against the time budget too.
    rendered = await browser.render(root.finalUrl, { timeoutMs, signal: ctx.signal });
  } catch (error) {
    throwIfCallerAborted(ctx);
    if (!ctx.signal.aborted) throw error;
    ctx.budget.exhausted = true;
    root.browserError = "timeout: the crawl's time budget ran out before the browser finished";
    return null;
  }
  if (rendered.error || !rendered.finalUrl || rendered.html.length === 0) {
    root.browserError = rendered.error
      ? `${rendered.error.reason}: ${rendered.error.message}`.slice(0, 500)
      : "empty: the browser produced no document";
    return null;
  }
  const bytes = Buffer.from(rendered.html);
  const kept = ctx.budget.add(bytes.length);
  page.body = kept < bytes.length ? bytes.subarray(0, kept).toString() : rendered.html;
  page.truncated = rendered.truncated || kept < bytes.length;
  page.finalUrl = rendered.finalUrl;
  page.status = rendered.status ?? page.status;
  page.contentType = "text/html";
  page.via = "browser";
  // The browser started at the HTTP final URL; what it did from there continues the chain.
  const more = rendered.chain.slice(1);
  const last = root.chain.at(-1);
  const firstBrowserHop = rendered.chain[0];
  if (last && firstBrowserHop && more.length > 0) {
    last.location = firstBrowserHop.location;
    last.kind = firstBrowserHop.kind;
    root.chain.push(...more.map((hop): RedirectHop => ({ ...hop })));
  }
  root.finalUrl = rendered.finalUrl;
  root.status = page.status;
  root.via = "browser";
  return extractPage(page.body, rendered.finalUrl);
}

/**
 * Crawls a root domain through the egress gate: network checks (DNS, RDAP, TLS, ASN) alongside the root
 * fetch (HTTPS then HTTP, redirects of every kind recorded), the browser for a JavaScript shell, then a
 * few high-signal pages and a random short-path probe within the byte and time budgets. A hostile or
 * broken site is a finding in the capture; it rejects only for the caller's abort or invalid input.
 */
export async function crawlDomain(
  deps: CrawlerDeps,
  input: string,
  options: CrawlOptions = {},
): Promise<CrawlCapture> {
  const domain = normalizeCrawlDomain(input);
  const now = deps.now ?? (() => new Date());
  const limits: CrawlLimits = { ...DEFAULT_LIMITS, ...deps.limits, ...options.limits };
  const outer = options.signal;
  if (outer?.aborted) throw abortError(outer);
  const startedAt = now().toISOString();
  const budget = new CrawlBudget(limits);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.maxMs);
  const signal = outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal;
  const ctx: CrawlContext = { egress: deps.egress, budget, signal, outer };
  const network: Promise<NetworkAnalysis> = analyzeNetwork(
    deps.egress,
    { hostname: domain, registrableDomain: domain },
    {
      deadlineMs: Math.min(limits.networkMs, limits.maxMs),
      now: now(),
      ...(deps.asn ? { asn: deps.asn } : {}),
    },
  );
  // Never an unhandled rejection if the crawl stops early (analyzeNetwork itself does not throw).
  network.catch(() => {});

  try {
    const rootResult = await fetchRoot(ctx, domain);
    const { root, page } = rootResult;
    let facts = rootResult.facts;
    const pages: CrawledPage[] = page ? [page] : [];
    if (rootResult.ownPage) pages.push(rootResult.ownPage);
    const httpRootBody = page?.body ?? "";
    if (page && root.outcome === "ok" && facts && (facts.jsShell || facts.scriptRedirectDynamic)) {
      facts = (await renderShell(deps, ctx, root, page)) ?? facts;
    }

    let probes: CrawlCapture["probes"] = [];
    const headerSets = [...rootResult.headerSets];
    if (rootResult.siteOrigin && page) {
      const plans = [
        ...planLinkedPages(facts?.links ?? [], rootResult.siteOrigin, domain, [page.url, page.finalUrl]),
        ...conventionalPages(rootResult.siteOrigin),
      ];
      const followUps = await fetchFollowUps(ctx, {
        siteOrigin: rootResult.siteOrigin,
        domain,
        plans,
        known: root.chain.map((hop) => hop.url),
        verifyTls: rootResult.verifyTls,
        random: deps.random ?? Math.random,
        rootBody: httpRootBody,
      });
      pages.push(...followUps.pages);
      probes = followUps.probes;
      headerSets.push(...followUps.headerSets);
    }

    const checks = (await raceAbort(network, outer)).checks;
    return {
      version: 1,
      domain,
      startedAt,
      finishedAt: now().toISOString(),
      root,
      pages,
      probes,
      network: checks,
      hostingHints: hostingHints(headerSets),
      budget: budget.use(),
    };
  } finally {
    clearTimeout(timer);
  }
}
