import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * Webhook signatures as the Standard Webhooks convention defines them (https://www.standardwebhooks.com):
 * the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 under the
 * endpoint's key; `webhook-signature` holds `v1,<base64 signature>`, several separated by spaces while a
 * rotated key is still honoured. The key is shown to its owner once as `whsec_<base64 key>`.
 */

const PREFIX = "whsec_";
/** Bytes of a new signing key (the convention asks for 24 to 64). */
const KEY_BYTES = 32;

/** A new signing key, base64 (what is stored; the owner sees it with the `whsec_` prefix). */
export function newSigningKey(): string {
  return randomBytes(KEY_BYTES).toString("base64");
}

/** The secret as the owner sees it: `whsec_<base64 key>`. */
export function displaySecret(key: string): string {
  return `${PREFIX}${key}`;
}

/** The key bytes of a `whsec_` secret or of a bare base64 key. */
export function keyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

/** `v1,<base64 HMAC-SHA256>` of one message under one key. */
export function sign(key: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", keyBytes(key))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of a delivery attempt, signed under every key given (current key first). */
export function signedHeaders(
  keys: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): WebhookHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": keys.map((key) => sign(key, id, timestampSeconds, body)).join(" "),
  };
}

/**
 * Whether a received message carries a valid signature under `secret`, with a timestamp within
 * `toleranceSeconds` of `nowSeconds`: what a receiver checks (used by the tests as a receiver would).
 */
export function verify(
  secret: string,
  headers: Partial<WebhookHeaders>,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signatures = headers["webhook-signature"];
  if (!id || !signatures || !Number.isInteger(timestamp)) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), "base64");
  return signatures.split(" ").some((candidate) => {
    const [version, value] = candidate.split(",", 2);
    if (version !== "v1" || !value) return false;
    const got = Buffer.from(value, "base64");
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
