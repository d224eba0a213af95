import type { components } from "./schema.js";

/*
 * Webhook deliveries follow the Standard Webhooks convention (https://www.standardwebhooks.com): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` of
 * `${id}.${timestamp}.${body}` under the endpoint's secret, several separated by spaces while a rotated
 * secret is still honoured). The verifier runs on Web Crypto, so it works in Node.js 20+, Deno, Bun,
 * Cloudflare Workers and browsers alike.
 */

type Scan = components["schemas"]["Scan"];
type ClassificationJob = components["schemas"]["ClassificationJob"];

/**
 * A delivery's body: the event and the record `GET` would return for it, so a receiver never polls.
 * `webhook.test` is sent when asked for (`POST /v1/webhooks/{webhook_id}/test`).
 */
export type WebhookEvent =
  | { type: "scan.completed" | "scan.failed"; timestamp: string; data: Scan }
  | { type: "classification.completed" | "classification.failed"; timestamp: string; data: ClassificationJob }
  | { type: "webhook.test"; timestamp: string; data: { webhook_id: string; message: string } };

export type WebhookEventType = WebhookEvent["type"];

export type WebhookVerificationFailure =
  | "missing_headers"
  | "invalid_timestamp"
  | "timestamp_too_old"
  | "timestamp_too_new"
  | "invalid_signature"
  | "invalid_body";

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** Request headers as a `Headers` object or as Node.js `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the timestamp may be from now, either way, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time in milliseconds (default Date.now()). */
  now?: number;
}

const SECRET_PREFIX = "whsec_";
const encoder = new TextEncoder();

/**
 * Checks a delivery: its headers, its timestamp (within 5 minutes of now by default, against replays) and
 * one of its `v1` signatures under `secret` (`whsec_…`, as shown when the endpoint was created or its
 * secret rotated). Resolves to the parsed event; rejects with a WebhookVerificationError otherwise.
 *
 * `body` must be the raw request body as received (bytes or text), before any JSON parsing: the signature
 * covers those exact bytes. The event's shape is the API's; only the signature is checked here.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestampText = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestampText || !signatures) {
    throw new WebhookVerificationError(
      "missing_headers",
      "The request lacks a webhook-id, webhook-timestamp or webhook-signature header.",
    );
  }
  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new WebhookVerificationError(
      "invalid_timestamp",
      "The webhook-timestamp header is not Unix seconds.",
    );
  }
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (nowSeconds - timestamp > tolerance) {
    throw new WebhookVerificationError("timestamp_too_old", "The delivery's timestamp is too old.");
  }
  if (timestamp - nowSeconds > tolerance) {
    throw new WebhookVerificationError("timestamp_too_new", "The delivery's timestamp is in the future.");
  }

  const bodyBytes = typeof body === "string" ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestampText}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix, 0);
  signed.set(bodyBytes, prefix.length);

  const key = await crypto.subtle.importKey(
    "raw",
    secretKeyBytes(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  let valid = false;
  for (const candidate of signatures.split(" ")) {
    const comma = candidate.indexOf(",");
    if (comma < 0 || candidate.slice(0, comma) !== "v1") continue;
    const signature = base64Bytes(candidate.slice(comma + 1));
    // HMAC verification in Web Crypto compares in constant time.
    if (signature && (await crypto.subtle.verify("HMAC", key, signature, signed))) valid = true;
  }
  if (!valid) {
    throw new WebhookVerificationError(
      "invalid_signature",
      "No v1 signature of the delivery matches this secret.",
    );
  }
  try {
    return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_body", "The delivery's body is not JSON.");
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(" ") : value;
  }
  return undefined;
}

function secretKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const key = base64Bytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (!key || key.length === 0) throw new TypeError("The webhook secret is not a whsec_<base64> secret.");
  return key;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
