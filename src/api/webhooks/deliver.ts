import type { FetchOptions, FetchResult } from "../../engines/net/index.js";
import { signedHeaders } from "./signing.js";

/** How long an endpoint has to answer one attempt. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** The most of an endpoint's answer that is read (it is not kept). */
const MAX_RESPONSE_BYTES = 16 * 1024;

export const WEBHOOK_USER_AGENT = "DomainLens-Webhooks/1.0";

export interface DeliveryMessage {
  /** The delivery's id: the `webhook-id` of every attempt, for the receiver to deduplicate. */
  id: string;
  url: string;
  body: string;
  /** Signing keys, current first (a rotated-out key signs too until it expires). */
  keys: readonly string[];
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in words the endpoint's owner can act on; null on success. */
  error: string | null;
  durationMs: number;
}

/**
 * One delivery attempt: a signed POST through the egress gate (the endpoint's host is resolved and checked
 * like any URL DomainLens visits: no loopback, private, link-local or metadata address, no DNS rebinding,
 * allowed ports only) that never follows a redirect. A 2xx answer is success; anything else is a failure
 * to retry.
 */
export async function attemptDelivery(
  fetch: (url: string, options: FetchOptions) => Promise<FetchResult>,
  message: DeliveryMessage,
  options: { signal?: AbortSignal; timeoutMs?: number; now?: Date } = {},
): Promise<AttemptOutcome> {
  const started = performance.now();
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const result = await fetch(message.url, {
    method: "POST",
    body: message.body,
    headers: {
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      accept: "*/*",
      "accept-encoding": "identity",
      ...signedHeaders(message.keys, message.id, timestamp, message.body),
    },
    followRedirects: false,
    totalTimeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    maxBodyBytes: MAX_RESPONSE_BYTES,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const durationMs = Math.round(performance.now() - started);
  if (!result.ok) {
    return { ok: false, statusCode: null, error: `${result.reason}: ${result.message}`, durationMs };
  }
  if (result.status >= 200 && result.status < 300) {
    return { ok: true, statusCode: result.status, error: null, durationMs };
  }
  const error =
    result.status >= 300 && result.status < 400
      ? `the endpoint answered HTTP ${result.status}; redirects are not followed, so give the final URL`
      : `the endpoint answered HTTP ${result.status}`;
  return { ok: false, statusCode: result.status, error, durationMs };
}
