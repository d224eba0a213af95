import type { Request, Response, WebSocket } from "playwright-core";
import { type ProxyEvent, REASON_HEADER } from "../egress/index.js";
import type { BrowserSession, TlsRefusal } from "./session.js";

/** One request a page made, with where it went and what the egress gate said. */
export interface BrowserRequest {
  url: string;
  method: string;
  /** Playwright's resource type: document, script, xhr, fetch, image, stylesheet, websocket, … */
  resourceType: string;
  status: number | null;
  /** The address the gate connected to for it (see `egressIndex`). */
  address: string | null;
  outcome: "ok" | "blocked" | "failed";
  /**
   * Why it was blocked or failed: an egress reason (`blocked_loopback`, `connection_refused`…), the origin
   * check's `tls_*` reason, a code from Chromium's error (`aborted`, `tls_error`…), or `unfinished` for a
   * request still running when the log was read.
   */
  reason: string | null;
}

export interface RequestLog {
  /** The requests so far; readable also after the session closed. */
  list(): BrowserRequest[];
  /** Requests not kept because the log was full. */
  dropped(): number;
  dispose(): void;
}

/** What the session's egress proxy and origin check said, indexed by destination. */
export interface EgressIndex {
  /** The address the proxy connected to for this URL's origin (`host:port`), if it connected. */
  address(url: string): string | null;
  /**
   * Why a request for this URL did not complete, preferring what the gate said over Chromium's error;
   * `unfinished` when neither said anything (it was still running).
   */
  failure(url: string, errorText: string | null): RequestFailure;
}

export interface RequestFailure {
  outcome: "blocked" | "failed";
  reason: string;
  /** What the gate or Chromium said, for people. */
  message: string | null;
}

interface Entry {
  url: string;
  method: string;
  resourceType: string;
  status: number | null;
  refusal: string | null;
  failure: string | null;
}

const MAX_URL = 4_096;
const DEFAULT_MAX = 1_000;

/** Egress reasons that come from the policy (the gate refused), not from the network. */
export function isPolicyCode(reason: string): boolean {
  return reason.startsWith("blocked_") || reason === "invalid_url";
}

/** `host:port` of an http(s)/ws(s) URL, the form CONNECT targets take; null for anything else. */
export function originKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    const secure = parsed.protocol === "https:" || parsed.protocol === "wss:";
    if (!secure && parsed.protocol !== "http:" && parsed.protocol !== "ws:") return null;
    return `${parsed.hostname}:${parsed.port || (secure ? "443" : "80")}`;
  } catch {
    return null;
  }
}

/** A stable code for Chromium's network error text. */
export function chromiumReason(errorText: string): string {
  const code = /ERR_[A-Z0-9_]+/.exec(errorText)?.[0] ?? "";
  if (code === "ERR_ABORTED") return "aborted";
  if (/^ERR_(CERT_|SSL_|BAD_SSL_)/.test(code)) return "tls_error";
  if (code === "ERR_TOO_MANY_REDIRECTS") return "too_many_redirects";
  if (code === "ERR_INVALID_REDIRECT" || code === "ERR_UNSAFE_REDIRECT") return "invalid_redirect";
  if (code === "ERR_TIMED_OUT" || code === "ERR_CONNECTION_TIMED_OUT") return "timeout_connect";
  if (code === "ERR_CONNECTION_REFUSED") return "connection_refused";
  if (/^ERR_(CONNECTION_RESET|CONNECTION_CLOSED|CONNECTION_ABORTED|EMPTY_RESPONSE)$/.test(code))
    return "connection_reset";
  if (/^ERR_(ADDRESS_UNREACHABLE|NETWORK_UNREACHABLE|INTERNET_DISCONNECTED)$/.test(code))
    return "host_unreachable";
  if (code === "ERR_NAME_NOT_RESOLVED") return "dns_error";
  if (/^ERR_(INVALID_HTTP_RESPONSE|INVALID_RESPONSE|RESPONSE_HEADERS_|CONTENT_LENGTH_MISMATCH)/.test(code))
    return "http_protocol_error";
  if (code === "ERR_UNSAFE_PORT") return "blocked_port";
  if (code === "ERR_TUNNEL_CONNECTION_FAILED" || /^ERR_PROXY_/.test(code)) return "connection_error";
  if (/^ERR_BLOCKED_BY_/.test(code)) return "blocked_by_browser";
  return code ? code.toLowerCase() : "failed";
}

/**
 * Indexes a session's proxy events and origin-check refusals. HTTPS and WebSocket traffic reaches the proxy
 * as CONNECT `host:port`, plain HTTP as absolute URLs, so an address or failure is found by URL first and
 * then by origin. Under a connect-to map the address is the connect-to target (in production, the
 * address DNS gave).
 */
export function egressIndex(
  proxyEvents: readonly ProxyEvent[],
  tlsRefusals: readonly TlsRefusal[],
): EgressIndex {
  const allowedByKey = new Map<string, string>();
  const failedByKey = new Map<string, ProxyEvent>();
  for (const event of proxyEvents) {
    const key = event.kind === "connect" ? event.target : (originKey(event.target) ?? event.target);
    for (const k of event.kind === "http" ? [event.target, key] : [key]) {
      if (event.outcome === "allowed") {
        if (event.address && !allowedByKey.has(k)) allowedByKey.set(k, event.address);
      } else failedByKey.set(k, event);
    }
  }
  const refusals = new Map<string, TlsRefusal>();
  for (const refusal of tlsRefusals) {
    const key = originKey(refusal.url);
    if (key && !refusals.has(key)) refusals.set(key, refusal);
  }
  return {
    address(url) {
      const key = originKey(url);
      return allowedByKey.get(url) ?? (key ? allowedByKey.get(key) : undefined) ?? null;
    },
    failure(url, errorText) {
      const chromium = errorText ? chromiumReason(errorText) : null;
      // The page or the browser cancelled it: nothing the gate said applies.
      if (chromium === "aborted") return { outcome: "failed", reason: "aborted", message: errorText };
      const key = originKey(url);
      const refusal = key ? refusals.get(key) : undefined;
      const event = failedByKey.get(url) ?? (key ? failedByKey.get(key) : undefined);
      const reason = refusal?.reason ?? event?.reason ?? chromium ?? "unfinished";
      const said = refusal?.message ?? (event ? (event.detail ?? event.message) : undefined) ?? errorText;
      return { outcome: isPolicyCode(reason) ? "blocked" : "failed", reason, message: said ?? null };
    },
  };
}

/**
 * Records every HTTP(S) request of the session's context (the page, its frames and workers, pop-ups) and
 * the page's WebSockets. Each request's address and outcome are read from the session's own egress proxy
 * events when `list()` is called.
 */
export function recordRequests(session: BrowserSession, options: { max?: number } = {}): RequestLog {
  const max = options.max ?? DEFAULT_MAX;
  const entries: Entry[] = [];
  const byRequest = new Map<Request, Entry>();
  let dropped = 0;
  const add = (entry: Entry): Entry | null => {
    if (entries.length >= max) {
      dropped += 1;
      return null;
    }
    entries.push(entry);
    return entry;
  };

  const onRequest = (request: Request): void => {
    const url = request.url();
    if (!/^https?:/i.test(url)) return;
    const entry = add({
      url: url.slice(0, MAX_URL),
      method: request.method(),
      resourceType: request.resourceType(),
      status: null,
      refusal: null,
      failure: null,
    });
    if (entry) byRequest.set(request, entry);
  };
  const onResponse = (response: Response): void => {
    const entry = byRequest.get(response.request());
    if (!entry) return;
    entry.status = response.status();
    entry.refusal = response.headers()[REASON_HEADER] ?? null;
  };
  const onFailed = (request: Request): void => {
    const entry = byRequest.get(request);
    if (!entry) return;
    entry.failure = request.failure()?.errorText ?? "net::ERR_FAILED";
  };
  const onSocket = (socket: WebSocket): void => {
    const entry = add({
      url: socket.url().slice(0, MAX_URL),
      method: "GET",
      resourceType: "websocket",
      status: null,
      refusal: null,
      failure: null,
    });
    socket.on("socketerror", (error) => {
      if (entry) entry.failure = error || "net::ERR_FAILED";
    });
  };

  const { context, page } = session;
  context.on("request", onRequest);
  context.on("response", onResponse);
  context.on("requestfailed", onFailed);
  page.on("websocket", onSocket);

  return {
    list() {
      const index = egressIndex(session.proxyEvents, session.tlsRefusals);
      return entries.map((entry): BrowserRequest => {
        const base = { url: entry.url, method: entry.method, resourceType: entry.resourceType };
        if (entry.refusal)
          return {
            ...base,
            status: null,
            address: null,
            outcome: isPolicyCode(entry.refusal) ? "blocked" : "failed",
            reason: entry.refusal,
          };
        const address = index.address(entry.url);
        // A WebSocket that the proxy tunnelled and that reported no error is open (or closed normally).
        const answered = entry.resourceType === "websocket" ? address !== null : entry.status !== null;
        if (entry.failure || !answered) {
          const { outcome, reason } = index.failure(entry.url, entry.failure);
          return { ...base, status: entry.status, address: null, outcome, reason };
        }
        return { ...base, status: entry.status, address, outcome: "ok", reason: null };
      });
    },
    dropped: () => dropped,
    dispose() {
      context.off("request", onRequest);
      context.off("response", onResponse);
      context.off("requestfailed", onFailed);
      page.off("websocket", onSocket);
    },
  };
}
