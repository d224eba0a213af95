import { isPolicyReason } from "../../egress/index.js";
import { type ExtractedPage, extractPage } from "../../html/index.js";
import type { CrawledPage, RedirectHop, RootFetch, RootOutcome } from "../capture.js";
import { flattenHeaders, isHtml } from "./decode.js";
import { budgetedFetch, type CrawlContext, type Fetched, httpHops } from "./fetch.js";
import { onDomain } from "./pages.js";

/** What the root fetch produced, for the rest of the crawl. */
export interface RootResult {
  root: RootFetch;
  /** The final page (role root), when a server answered with one. */
  page: CrawledPage | null;
  /** Facts of the final page when it is HTML. */
  facts: ExtractedPage | null;
  /**
   * The domain's own page (role root) when a meta refresh or script sent the client to another domain:
   * what the domain itself shows (e.g. a "shared document" lure) says more about it than where it leads.
   */
  ownPage: CrawledPage | null;
  /** Origin (on the crawled domain) that follow-up pages and probes are fetched from. */
  siteOrigin: string | null;
  /** Follow-up fetches on the site verify certificates (false after a TLS bypass). */
  verifyTls: boolean;
  /** Headers of every response of the domain seen so far, for hosting fingerprints. */
  headerSets: Array<Record<string, string>>;
}

/** A meta refresh slower than this is a periodic reload, not a redirect. */
const MAX_REFRESH_DELAY_S = 10;
/** Client-side (meta refresh / script) hops followed at most. */
const MAX_CLIENT_HOPS = 3;
/** Share of the time budget the HTTPS attempt may take, so that HTTP still gets a chance. */
const HTTPS_SHARE = 0.55;

const CONNECTION_REASONS = new Set([
  "connection_refused",
  "connection_reset",
  "host_unreachable",
  "connection_error",
]);
const TLS_REASONS = new Set(["tls_error", "no_tls"]);

function answered(fetched: Fetched | null): fetched is Fetched & { result: { ok: true } } {
  return fetched?.result.ok === true;
}

function good(fetched: Fetched | null): boolean {
  return answered(fetched) && fetched.result.status < 400;
}

/** A failure of the very first request that another scheme cannot change (same name, same addresses). */
function fatalFirstHop(fetched: Fetched): boolean {
  const { result } = fetched;
  if (result.ok || result.hops.length > 1) return false;
  return result.reason.startsWith("dns_") || isPolicyReason(result.reason);
}

function outcomeOf(failures: Fetched[]): { outcome: RootOutcome; reason: string; message: string } {
  const failed = failures.flatMap((f) => (f.result.ok ? [] : [f.result]));
  const first = failed[0];
  if (!first)
    return {
      outcome: "timeout",
      reason: "timeout_total",
      message: "no request could be made in the time budget",
    };
  const pick = (test: (reason: string) => boolean) => failed.find((f) => test(f.reason));
  const tls = pick((r) => TLS_REASONS.has(r));
  if (tls) return { outcome: "tls_failure", reason: tls.reason, message: tls.detail ?? tls.message };
  const timeout = pick((r) => r.startsWith("timeout_"));
  if (timeout)
    return { outcome: "timeout", reason: timeout.reason, message: timeout.detail ?? timeout.message };
  if (failed.every((f) => CONNECTION_REASONS.has(f.reason)))
    return { outcome: "unreachable", reason: first.reason, message: first.detail ?? first.message };
  const dns = pick((r) => r.startsWith("dns_"));
  if (dns) return { outcome: "dns_failure", reason: dns.reason, message: dns.detail ?? dns.message };
  const blocked = pick((r) => isPolicyReason(r as Parameters<typeof isPolicyReason>[0]));
  if (blocked)
    return { outcome: "blocked", reason: blocked.reason, message: blocked.detail ?? blocked.message };
  const connection = pick((r) => CONNECTION_REASONS.has(r));
  if (connection)
    return {
      outcome: "unreachable",
      reason: connection.reason,
      message: connection.detail ?? connection.message,
    };
  return { outcome: "http_error", reason: first.reason, message: first.detail ?? first.message };
}

function emptyRoot(): RootFetch {
  return {
    outcome: "timeout",
    reason: null,
    message: null,
    scheme: null,
    chain: [],
    finalUrl: null,
    status: null,
    headers: {},
    servingAddress: null,
    jsShell: false,
    via: null,
    browserError: null,
  };
}

/** The origin of the last answered hop on the crawled domain. */
function siteOriginOf(chain: RedirectHop[], domain: string): string | null {
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const hop = chain[i];
    if (!hop || hop.status === null) continue;
    try {
      const url = new URL(hop.url);
      if (onDomain(url.hostname, domain)) return url.origin;
    } catch {
      // Not a URL: keep looking.
    }
  }
  return null;
}

function pageOf(fetched: Fetched & { result: { ok: true } }): CrawledPage {
  return {
    role: "root",
    url: fetched.url,
    finalUrl: fetched.result.url,
    status: fetched.result.status,
    contentType: fetched.result.contentType,
    body: fetched.text,
    truncated: fetched.result.truncated,
    via: "http",
  };
}

/** Where the page sends the client next without an HTTP redirect, if anywhere. */
function clientRedirect(
  facts: ExtractedPage,
  current: string,
): { url: string; kind: RedirectHop["kind"] } | null {
  const refresh = facts.metaRefresh;
  const candidates: Array<{ url: string; kind: RedirectHop["kind"] }> = [];
  if (refresh && refresh.delaySeconds <= MAX_REFRESH_DELAY_S)
    candidates.push({ url: refresh.url, kind: "meta_refresh" });
  if (facts.scriptRedirect) candidates.push({ url: facts.scriptRedirect, kind: "script" });
  for (const candidate of candidates) {
    try {
      const url = new URL(candidate.url, current);
      url.hash = "";
      const here = new URL(current);
      here.hash = "";
      if ((url.protocol === "https:" || url.protocol === "http:") && url.href !== here.href)
        return { url: url.href, kind: candidate.kind };
    } catch {
      // Unusable target.
    }
  }
  return null;
}

/**
 * Fetches the root of `domain`: HTTPS, then HTTP unless HTTPS already gave a page (or failed in a way the
 * scheme cannot change: DNS, the address policy), then `www.` when the bare name has no address. Follows
 * meta refresh and simple script redirects (up to three). Every failure becomes an outcome, never a throw.
 */
export async function fetchRoot(ctx: CrawlContext, domain: string): Promise<RootResult> {
  const root = emptyRoot();
  const pageMs = Math.max(1, ctx.budget.limits.maxMs * HTTPS_SHARE);
  const attempts: Fetched[] = [];
  let chosen: Fetched | null = null;
  let scheme: RootFetch["scheme"] = null;

  for (const host of [domain, `www.${domain}`]) {
    const https = await budgetedFetch(ctx, `https://${host}/`, { timeoutMs: pageMs });
    if (https) attempts.push(https);
    if (good(https)) {
      chosen = https;
      scheme = "https";
      break;
    }
    if (!https || !fatalFirstHop(https)) {
      const http = await budgetedFetch(ctx, `http://${host}/`, { timeoutMs: ctx.budget.remainingMs() });
      if (http) attempts.push(http);
      if (good(http)) {
        chosen = http;
        scheme = "http";
      }
      break;
    }
    // Try www. only when the bare name exists without an address.
    if (https.result.ok || https.result.reason !== "dns_no_data") break;
  }

  let verifyTls = true;
  if (!chosen) {
    const withAnswer = attempts.find((a) => answered(a));
    if (withAnswer) {
      chosen = withAnswer;
      scheme = withAnswer.url.startsWith("https:") ? "https" : "http";
      root.outcome = "http_error";
      root.reason = "http_status";
      root.message = `the server answered HTTP ${withAnswer.result.status} on every attempt`;
    } else {
      const failure = outcomeOf(attempts);
      root.outcome = failure.outcome;
      root.reason = failure.reason;
      root.message = failure.message.slice(0, 500);
      if (failure.outcome === "tls_failure" && failure.reason === "tls_error") {
        // Read the page anyway (untrusted either way), so a site with a broken certificate can be described.
        const insecure = await budgetedFetch(ctx, `https://${domain}/`, {
          timeoutMs: ctx.budget.remainingMs(),
          verifyTls: false,
        });
        if (insecure) attempts.push(insecure);
        if (answered(insecure)) {
          chosen = insecure;
          scheme = "https";
          verifyTls = false;
          root.tlsBypassed = true;
        }
      }
    }
  } else {
    root.outcome = "ok";
  }

  // Every request in order: failed attempts (status null, with their reason) before the one that answered.
  root.chain = attempts.flatMap((a) => httpHops(a.result.hops));
  if (!answered(chosen)) {
    return { root, page: null, facts: null, ownPage: null, siteOrigin: null, verifyTls, headerSets: [] };
  }

  root.scheme = scheme;
  let current: Fetched & { result: { ok: true } } = chosen;
  let ownPage: CrawledPage | null = null;
  const headerSets = [flattenHeaders(current.result.headers)];
  let facts = isHtml(current.result.contentType, current.text)
    ? extractPage(current.text, current.result.url)
    : null;

  // Client-side redirects: only from a page that loaded.
  for (let hop = 0; hop < MAX_CLIENT_HOPS && facts && current.result.status < 300; hop += 1) {
    const next = clientRedirect(facts, current.result.url);
    const last = root.chain.at(-1);
    if (!next || !last) break;
    last.location = next.url;
    last.kind = next.kind;
    const followed = await budgetedFetch(ctx, next.url, {
      timeoutMs: Math.min(ctx.budget.remainingMs(), pageMs),
      verifyTls: onDomain(new URL(next.url).hostname, domain) ? verifyTls : true,
    });
    if (!followed) break;
    root.chain.push(...httpHops(followed.result.hops));
    if (!answered(followed)) break;
    if (
      ownPage === null &&
      onDomain(new URL(current.result.url).hostname, domain) &&
      !onDomain(new URL(followed.result.url).hostname, domain)
    ) {
      ownPage = pageOf(current);
    }
    current = followed;
    if (onDomain(new URL(current.result.url).hostname, domain))
      headerSets.push(flattenHeaders(current.result.headers));
    facts = isHtml(current.result.contentType, current.text)
      ? extractPage(current.text, current.result.url)
      : null;
  }

  const page = pageOf(current);
  page.url = chosen.url;
  root.finalUrl = current.result.url;
  root.status = current.result.status;
  root.headers = flattenHeaders(current.result.headers);
  root.servingAddress = current.result.hops.at(-1)?.resolvedAddress ?? null;
  root.jsShell = facts?.jsShell ?? false;
  root.via = "http";
  return { root, page, facts, ownPage, siteOrigin: siteOriginOf(root.chain, domain), verifyTls, headerSets };
}
