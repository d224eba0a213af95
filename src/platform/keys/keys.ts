import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const API_KEY_PREFIX = "dl_live_";
/** 32 random bytes in base62-safe base64url: 43 characters after the prefix. */
const KEY_RE = /^dl_live_[A-Za-z0-9_-]{32,128}$/;

export interface NewApiKey {
  /** The secret, shown to its owner exactly once. */
  key: string;
  /** SHA-256 of the secret, hex: the only form stored. */
  hash: string;
  /** A short, non-secret prefix for display and support ("dl_live_AbCd"). */
  displayPrefix: string;
}

export function generateApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

export function isWellFormedApiKey(value: string): boolean {
  return KEY_RE.test(value);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Compares two secrets in time independent of where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}
