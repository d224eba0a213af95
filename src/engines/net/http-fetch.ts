import { Client } from "undici";
import type { DialPlan, Gate } from "../egress/gate.js";
import { type EgressFailure, type EgressReason, egressFailure } from "../egress/reasons.js";
import { readCappedBody } from "./http-body.js";
import { EgressConnectError, failureFromHttpError } from "./http-errors.js";

export interface FetchOptions {
  method?: "GET" | "HEAD" | "POST";
  /** The request body (POST only). */
  body?: Buffer | string;
  /**
   * Follow redirects (default true). false answers the redirect response itself as it came (a webhook
   * delivery never follows one).
   */
  followRedirects?: boolean;
  /** Extra request headers; they override the browser-like defaults. */
  headers?: Record<string, string>;
  maxBodyBytes?: number;
  maxRedirects?: number;
  totalTimeoutMs?: number;
  /** "truncate" (default): keep the first maxBodyBytes and set `truncated`; "fail": body_too_large. */
  onBodyTooLarge?: "truncate" | "fail";
  /** Verify certificates (default true); false still encrypts but accepts any certificate. */
  verifyTls?: boolean;
  signal?: AbortSignal;
}

/** One request of a redirect chain. */
export interface FetchHop {
  url: string;
  status: number | null;
  location: string | null;
  /** Address that passed the policy (DNS answer or IP literal). */
  resolvedAddress: string | null;
  /** Address and port actually connected to (differs from the above under connect-to). */
  address: string | null;
  port: number | null;
  connectTo: string | null;
  /** Set when this hop was refused or failed. */
  reason?: EgressReason;
  timings: {
    dnsMs: number | null;
    connectMs: number | null;
    tlsMs: number | null;
    responseMs: number | null;
  };
}

export interface FetchSuccess {
  ok: true;
  /** The URL that produced the final response. */
  url: string;
  status: number;
  headers: Record<string, string | string[]>;
  contentType: string | null;
  body: Buffer;
  truncated: boolean;
  decodeError: boolean;
  hops: FetchHop[];
  timings: { totalMs: number };
}

export type FetchFailure = EgressFailure & { url: string; hops: FetchHop[]; timings: { totalMs: number } };
export type FetchResult = FetchSuccess | FetchFailure;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function defaultHeaders(userAgent: string): Record<string, string> {
  return {
    "user-agent": userAgent,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-language": "en-US,en;q=0.9",
    "accept-encoding": "gzip, deflate, br",
  };
}

function normalizeHeaders(
  raw: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(raw)) if (value !== undefined) headers[key.toLowerCase()] = value;
  return headers;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

interface Exchange {
  status: number;
  headers: Record<string, string | string[]>;
  body: { body: Buffer; truncated: boolean; decodeError: boolean } | null;
  connectMs: number | null;
  tlsMs: number | null;
  responseMs: number;
}

/** One HTTP request over a connection opened by the gate to the planned address only. */
async function exchange(
  gate: Gate,
  url: URL,
  plan: DialPlan,
  request: {
    method: "GET" | "HEAD" | "POST";
    body?: Buffer | string;
    headers: Record<string, string>;
    verifyTls: boolean;
    maxBodyBytes: number;
    follow: boolean;
  },
  signal: AbortSignal,
): Promise<Exchange> {
  let connectMs: number | null = null;
  let tlsMs: number | null = null;
  const started = performance.now();
  const client = new Client(url.origin, {
    headersTimeout: gate.caps.readTimeoutMs,
    bodyTimeout: gate.caps.readTimeoutMs,
    keepAliveTimeout: 1_000,
    connect: (_ignored, callback) => {
      const tls = url.protocol === "https:" ? { rejectUnauthorized: request.verifyTls } : undefined;
      gate.open(plan, { ...(tls ? { tls } : {}), signal }).then(
        (opened) => {
          if (!opened.ok) return callback(new EgressConnectError(opened), null);
          connectMs = opened.connectMs;
          tlsMs = opened.handshakeMs;
          callback(null, opened.socket);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  });
  try {
    const response = await client.request({
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal,
    });
    const responseMs = performance.now() - started;
    const headers = normalizeHeaders(response.headers);
    const redirect =
      request.follow && REDIRECT_STATUSES.has(response.statusCode) && single(headers.location) !== undefined;
    if (redirect || request.method === "HEAD") {
      response.body.on("error", () => {});
      response.body.destroy();
      return { status: response.statusCode, headers, body: null, connectMs, tlsMs, responseMs };
    }
    const body = await readCappedBody(
      response.body,
      single(headers["content-encoding"]),
      request.maxBodyBytes,
    );
    return { status: response.statusCode, headers, body, connectMs, tlsMs, responseMs };
  } finally {
    client.destroy().catch(() => {});
  }
}

/**
 * GET, HEAD or POST a URL through the egress gate, following redirects by hand (unless told not to) so
 * every hop is planned and checked again. Never throws: refusals and network failures come back as typed
 * failures with the hops made so far.
 */
export async function fetchUrl(gate: Gate, input: string, options: FetchOptions = {}): Promise<FetchResult> {
  const started = performance.now();
  const maxRedirects = options.maxRedirects ?? gate.caps.maxRedirects;
  const maxBodyBytes = options.maxBodyBytes ?? gate.caps.maxBodyBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.totalTimeoutMs ?? gate.caps.totalTimeoutMs);
  const onOuterAbort = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const headers = { ...defaultHeaders(gate.userAgent), ...(options.headers ?? {}) };
  const method = options.method ?? "GET";
  const follow = options.followRedirects ?? true;
  const hops: FetchHop[] = [];
  const elapsed = (): { totalMs: number } => ({ totalMs: Math.round(performance.now() - started) });
  const fail = (url: string, failure: EgressFailure): FetchFailure => ({
    ...failure,
    url,
    hops,
    timings: elapsed(),
  });
  let current = input;

  try {
    for (let redirects = 0; ; redirects += 1) {
      const planned = await gate.planUrl(current, controller.signal);
      if (!("url" in planned)) {
        hops.push(refusedHop(current, planned.reason));
        return fail(current, planned);
      }
      const url = planned.url.href;
      if (controller.signal.aborted)
        return fail(url, egressFailure("timeout_total", `${url}: the total time allowed ran out`));
      const plan = planned.plan;
      if (!plan.ok) {
        hops.push(refusedHop(url, plan.reason));
        return fail(url, plan);
      }
      const hop: FetchHop = {
        url,
        status: null,
        location: null,
        resolvedAddress: plan.resolvedAddress,
        address: plan.address,
        port: plan.connectPort,
        connectTo: plan.connectTo,
        timings: { dnsMs: Math.round(plan.dnsMs), connectMs: null, tlsMs: null, responseMs: null },
      };
      hops.push(hop);
      let result: Exchange;
      try {
        result = await exchange(
          gate,
          planned.url,
          plan,
          {
            method,
            ...(method === "POST" && options.body !== undefined ? { body: options.body } : {}),
            headers,
            verifyTls: options.verifyTls ?? true,
            maxBodyBytes,
            follow,
          },
          controller.signal,
        );
      } catch (error) {
        const failure = failureFromHttpError(error, controller.signal.aborted, url);
        hop.reason = failure.reason;
        return fail(url, failure);
      }
      hop.status = result.status;
      hop.timings = {
        dnsMs: hop.timings.dnsMs,
        connectMs: round(result.connectMs),
        tlsMs: round(result.tlsMs),
        responseMs: Math.round(result.responseMs),
      };
      const location = single(result.headers.location);
      if (follow && REDIRECT_STATUSES.has(result.status) && location !== undefined) {
        hop.location = location;
        if (redirects >= maxRedirects) {
          return fail(
            url,
            egressFailure(
              "too_many_redirects",
              `more than ${maxRedirects} redirects starting at ${input.slice(0, 200)}`,
            ),
          );
        }
        try {
          current = new URL(location, planned.url).href;
        } catch {
          return fail(
            url,
            egressFailure("invalid_redirect", `${url} redirected to ${location.slice(0, 200)}`),
          );
        }
        continue;
      }
      const body = result.body ?? { body: Buffer.alloc(0), truncated: false, decodeError: false };
      if (body.truncated && options.onBodyTooLarge === "fail") {
        return fail(url, egressFailure("body_too_large", `${url} sent more than ${maxBodyBytes} bytes`));
      }
      return {
        ok: true,
        url,
        status: result.status,
        headers: result.headers,
        contentType: single(result.headers["content-type"]) ?? null,
        ...body,
        hops,
        timings: elapsed(),
      };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/** A hop refused before any connection was made. */
function refusedHop(url: string, reason: EgressReason): FetchHop {
  return {
    url,
    status: null,
    location: null,
    resolvedAddress: null,
    address: null,
    port: null,
    connectTo: null,
    reason,
    timings: { dnsMs: null, connectMs: null, tlsMs: null, responseMs: null },
  };
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}
