import type { Request, Response } from "playwright-core";
import { type ProxyEvent, REASON_HEADER } from "../egress/index.js";
import { BrowserTaskError } from "./errors.js";
import { BrowserUnavailableError } from "./executable.js";
import type { BrowserSession } from "./session.js";

export interface RenderOptions {
  /** Whole render, browser start and settling included. Default: the pool's task limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** After `load`, how long to wait at most for the network to go quiet and client-side redirects. Default 4000. */
  settleMs?: number;
  /** A page that stays this long without starting a navigation (after the network went quiet) has settled. Default 1000. */
  quietMs?: number;
  /** The DOM kept, in characters. Default 2 MiB. */
  maxHtmlChars?: number;
}

/** One document of the main frame's navigation chain. */
export interface BrowserHop {
  url: string;
  status: number | null;
  /** Where this hop sent the browser next; null at the end. */
  location: string | null;
  /** How: an HTTP redirect, a meta refresh, or a script (anything else that navigated the main frame). */
  kind: "http" | "meta_refresh" | "script";
}

export type RenderErrorReason =
  /** The egress policy refused the page's address (loopback, private, metadata, port…). */
  | "blocked"
  | "dns_failure"
  /** Certificate rejected by Chromium or by DomainLens's own check of the origin. */
  | "tls_error"
  /** Refused, reset, unreachable, or no valid HTTP. */
  | "connection_failed"
  | "timeout"
  /** Any other navigation failure (Chromium's net:: error is in the message). */
  | "navigation_failed"
  | "crashed"
  | "browser_unavailable"
  | "closed";

export interface RenderError {
  reason: RenderErrorReason;
  /** The egress gate's reason code when the gate refused or failed the request. */
  egressReason: string | null;
  message: string;
}

export interface RenderResult {
  /** URL of the document finally shown (after HTTP and client-side redirects); null when none was. */
  finalUrl: string | null;
  /** HTTP status of that document. */
  status: number | null;
  /** The DOM after scripts ran (serialized), capped at maxHtmlChars. */
  html: string;
  truncated: boolean;
  title: string | null;
  chain: BrowserHop[];
  /** Set when no page could be shown: `finalUrl`, `status`, `html` and `title` are then empty; `chain` shows how far it got. */
  error: RenderError | null;
  durationMs: number;
}

/** What the classification crawler needs of a browser (a BrowserPool is one). */
export interface PageRenderer {
  render(url: string, options?: RenderOptions): Promise<RenderResult>;
}

const DEFAULT_SETTLE_MS = 4_000;
const DEFAULT_QUIET_MS = 1_000;
const DEFAULT_MAX_HTML = 2 * 1024 * 1024;

interface MainDocument {
  response: Response;
  /** The egress reason when the gate's proxy answered instead of the site. */
  refusal: string | null;
}

/** Why the main frame asked to navigate to a URL (Chromium's own account, through CDP). */
type NavigationReasons = Map<string, string>;

/** The HTTP redirects that led to `request`, oldest first. */
async function redirectHops(request: Request): Promise<BrowserHop[]> {
  const earlier: Request[] = [];
  for (let r = request.redirectedFrom(); r && earlier.length < 20; r = r.redirectedFrom()) earlier.unshift(r);
  const hops: BrowserHop[] = [];
  for (const [index, r] of earlier.entries()) {
    const response = await r.response().catch(() => null);
    const next = earlier[index + 1] ?? request;
    hops.push({ url: r.url(), status: response?.status() ?? null, location: next.url(), kind: "http" });
  }
  return hops;
}

function clientKind(reasons: NavigationReasons, url: string): BrowserHop["kind"] {
  const reason = reasons.get(url);
  return reason === "metaTagRefresh" || reason === "httpHeaderRefresh" ? "meta_refresh" : "script";
}

async function buildChain(documents: MainDocument[], reasons: NavigationReasons): Promise<BrowserHop[]> {
  // A redirect response is reported as a navigation response too; its hop comes from the final request.
  const finals = documents.filter((doc) => doc.response.request().redirectedTo() === null);
  const chain: BrowserHop[] = [];
  for (const [index, doc] of finals.entries()) {
    chain.push(...(await redirectHops(doc.response.request())));
    const next = finals[index + 1];
    const nextUrl = next
      ? ((await redirectHops(next.response.request()))[0]?.url ?? next.response.url())
      : null;
    chain.push({
      url: doc.response.url(),
      status: doc.refusal ? null : doc.response.status(),
      location: nextUrl,
      kind: nextUrl === null ? "http" : clientKind(reasons, nextUrl),
    });
  }
  return chain;
}

function reasonFromEgress(code: string): RenderErrorReason {
  if (code.startsWith("blocked_") || code === "invalid_url") return "blocked";
  if (code.startsWith("dns_")) return "dns_failure";
  if (code.startsWith("timeout_")) return "timeout";
  if (code === "tls_error" || code === "no_tls") return "tls_error";
  return "connection_failed";
}

function hostPort(url: string): string | null {
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === "https:" ? "443" : "80");
    return `${parsed.hostname}:${port}`;
  } catch {
    return null;
  }
}

/** The proxy's report of a failed request for `url`, if any. */
function proxyFailure(events: readonly ProxyEvent[], url: string): ProxyEvent | undefined {
  const target = hostPort(url);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (!event || event.outcome === "allowed") continue;
    if (event.target === url || event.target === target) return event;
  }
  return undefined;
}

/** Maps a navigation failure to a reason, preferring what the gate or the origin check reported. */
function navigationError(session: BrowserSession, url: string, error: unknown): RenderError {
  const message = error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error);
  const refusal = session.tlsRefusals.find((r) => hostPort(r.url) === hostPort(url));
  if (refusal) {
    // The origin check failed: a certificate problem, or the gate could not reach the origin at all.
    const egress = refusal.reason.startsWith("tls_") ? null : refusal.reason;
    return {
      reason: egress ? reasonFromEgress(egress) : "tls_error",
      egressReason: egress,
      message: refusal.message,
    };
  }
  const failed = proxyFailure(session.proxyEvents, url);
  if (failed?.reason)
    return {
      reason: reasonFromEgress(failed.reason),
      egressReason: failed.reason,
      message: failed.detail ?? failed.message ?? message,
    };
  if (/ERR_CERT_|ERR_SSL_/.test(message)) return { reason: "tls_error", egressReason: null, message };
  if (/Timeout|ERR_TIMED_OUT/.test(message)) return { reason: "timeout", egressReason: null, message };
  if (/ERR_CONNECTION_|ERR_EMPTY_RESPONSE|ERR_TUNNEL_CONNECTION_FAILED|ERR_INVALID_HTTP/.test(message))
    return { reason: "connection_failed", egressReason: null, message };
  return { reason: "navigation_failed", egressReason: null, message };
}

/**
 * Loads `url` in the session's page and returns the DOM once the page has settled: `load`, then up to
 * `settleMs` for the network to go quiet and for client-side redirects (meta refresh, scripts) to land.
 * A response written by the egress proxy (a refused or failed request) is an error, never the site's page.
 */
export async function renderPage(
  session: BrowserSession,
  url: string,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const started = performance.now();
  const { page } = session;
  const maxHtml = options.maxHtmlChars ?? DEFAULT_MAX_HTML;
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const documents: MainDocument[] = [];
  let navigationStarted: (() => void) | null = null;
  page.on("response", (response) => {
    if (!response.request().isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    documents.push({ response, refusal: response.headers()[REASON_HEADER] ?? null });
  });
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigationStarted?.();
  });
  const failedNavigations: Request[] = [];
  page.on("requestfailed", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      failedNavigations.push(request);
  });
  const reasons: NavigationReasons = new Map();
  const cdp = await session.context.newCDPSession(page);
  await cdp.send("Page.enable");
  const mainFrameId = (await cdp.send("Page.getFrameTree")).frameTree.frame.id;
  cdp.on("Page.frameRequestedNavigation", (event) => {
    if (event.frameId === mainFrameId && !reasons.has(event.url)) reasons.set(event.url, event.reason);
  });
  const until = (deadline: number): number => Math.max(1, Math.round(deadline - performance.now()));
  /** Resolves true when the main frame starts a navigation within `ms`. */
  const navigationWithin = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        navigationStarted = null;
        resolve(false);
      }, ms);
      navigationStarted = () => {
        clearTimeout(timer);
        navigationStarted = null;
        resolve(true);
      };
    });

  let error: RenderError | null = null;
  try {
    await page.goto(url, {
      waitUntil: "domcontentloaded",
      timeout: Math.max(1, session.remainingMs() - 100),
    });
  } catch (thrown) {
    error = navigationError(session, page.url() === "about:blank" ? url : page.url(), thrown);
  }
  const refused = documents.at(-1)?.refusal ?? null;
  if (!error && refused === null) {
    const settleMs = Math.min(options.settleMs ?? DEFAULT_SETTLE_MS, session.remainingMs() - 300);
    const settleUntil = performance.now() + settleMs;
    await page.waitForLoadState("load", { timeout: until(settleUntil) }).catch(() => {});
    for (let round = 0; round < 10 && performance.now() < settleUntil; round += 1) {
      await page.waitForLoadState("networkidle", { timeout: until(settleUntil) }).catch(() => {});
      const left = settleUntil - performance.now();
      if (left <= 0 || !(await navigationWithin(Math.min(quietMs, left)))) break;
      await page.waitForLoadState("load", { timeout: until(settleUntil) }).catch(() => {});
    }
  }
  await cdp.detach().catch(() => {});
  // A later navigation (a client-side redirect) that failed leaves Chromium's error page, not the site's.
  const failed = failedNavigations.at(-1);
  if (!error && failed && page.url().startsWith("chrome-error:"))
    error = navigationError(
      session,
      failed.url(),
      new Error(failed.failure()?.errorText ?? "navigation failed"),
    );

  const last = documents.filter((doc) => doc.response.request().redirectedTo() === null).at(-1);
  if (!error && last?.refusal) {
    const body = await last.response.text().catch(() => "");
    error = {
      reason: reasonFromEgress(last.refusal),
      egressReason: last.refusal,
      message: body.trim().slice(0, 300) || last.refusal,
    };
  }
  const chain = await buildChain(documents, reasons);
  if (error && failed) {
    // The navigation that failed ends the chain, after the redirects that led to it.
    const tail = [
      ...(await redirectHops(failed)),
      { url: failed.url(), status: null, location: null, kind: "http" as const },
    ];
    const previous = chain.at(-1);
    if (previous && tail[0]) {
      previous.location = tail[0].url;
      previous.kind = clientKind(reasons, tail[0].url);
    }
    chain.push(...tail);
  }
  if (chain.length === 0) chain.push({ url, status: null, location: null, kind: "http" });
  const showing = error === null;
  const html = showing ? await page.content().catch(() => "") : "";
  const title = showing ? await page.title().catch(() => "") : "";
  return {
    finalUrl: showing && last ? last.response.url() : null,
    status: showing && last ? last.response.status() : null,
    html: html.slice(0, maxHtml),
    truncated: html.length > maxHtml,
    title: title || null,
    chain,
    error,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The result of a render that never got a page (browser missing, crashed, timed out, closed). */
export function renderFailure(url: string, error: unknown, durationMs: number): RenderResult {
  let failure: RenderError;
  if (error instanceof BrowserUnavailableError)
    failure = { reason: "browser_unavailable", egressReason: null, message: error.message };
  else if (error instanceof BrowserTaskError)
    failure = { reason: error.reason, egressReason: null, message: error.message };
  else
    failure = {
      reason: "navigation_failed",
      egressReason: null,
      message: error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error),
    };
  return {
    finalUrl: null,
    status: null,
    html: "",
    truncated: false,
    title: null,
    chain: [{ url, status: null, location: null, kind: "http" }],
    error: failure,
    durationMs,
  };
}
