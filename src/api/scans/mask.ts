/*
 * Masking of secrets and personal data in what a share link shows (docs/sharing.md, "What is masked").
 * Pure functions: a URL or a text in, the same with what looks like a credential, a session, a one-time
 * code or personal data replaced by MASK. Over-masking is the safe error: the organization's own record
 * keeps every URL as it was.
 */

/** What replaces a masked value. */
export const MASK = "[masked]";

/**
 * Words of a query parameter's name that mark its value as a secret or personal data. A name is split into
 * words at `_ - . [ ]` and at lower-to-upper case changes (`sessionId` → session, id); a parameter is masked
 * when one of its words, or the whole name in lower case without separators, is listed here.
 */
const SENSITIVE_WORDS = new Set([
  // credentials and tokens
  "token",
  "tokens",
  "key",
  "apikey",
  "secret",
  "password",
  "passwd",
  "pwd",
  "pass",
  "passcode",
  "passphrase",
  "auth",
  "authorization",
  "bearer",
  "credential",
  "credentials",
  "jwt",
  "signature",
  "sig",
  "hmac",
  "nonce",
  "otp",
  "pin",
  "code",
  "ticket",
  "saml",
  "samlrequest",
  "samlresponse",
  // sessions
  "session",
  "sessionid",
  "sess",
  "sessid",
  "phpsessid",
  "jsessionid",
  "sid",
  "ssid",
  "cookie",
  // personal data
  "email",
  "mail",
  "emailaddress",
  "user",
  "username",
  "login",
  "phone",
  "mobile",
  "tel",
  "msisdn",
  "ssn",
]);

const EMAIL_RE = /[A-Za-z0-9._%+'-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const EMAIL_TEST_RE = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const JWT_RE = /^eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*$/;
const JWT_IN_TEXT_RE = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const TOKEN_ALPHABET_RE = /^[A-Za-z0-9_\-.~+/=]+$/;
/** A long number: a phone number, an account or card number (`+` and spaces or dashes allowed). */
const LONG_NUMBER_RE = /^\+?[0-9][0-9 -]{7,}[0-9]$/;
const URL_IN_TEXT_RE = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>]+/gi;

/** The words of a parameter name (lower case). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Whether a query parameter's name says its value is a secret or personal data. */
export function isSensitiveName(name: string): boolean {
  const words = nameWords(name);
  if (words.some((w) => SENSITIVE_WORDS.has(w))) return true;
  return SENSITIVE_WORDS.has(words.join(""));
}

/** Shannon entropy of a string, in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A value that looks generated rather than written: at least `minLength` characters of letters, digits and
 * `- _ . ~ + / =`, with both letters and digits, spread like random characters (≥ 3 bits per character).
 */
export function isRandomLooking(value: string, minLength = 16): boolean {
  if (value.length < minLength || !TOKEN_ALPHABET_RE.test(value)) return false;
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  return entropy(value) >= 3;
}

/** Whether a (decoded) query value is masked whatever its parameter's name. */
export function isSensitiveValue(value: string): boolean {
  const v = value.trim();
  if (v === "") return false;
  return (
    EMAIL_TEST_RE.test(v) || JWT_RE.test(v) || LONG_NUMBER_RE.test(v) || isRandomLooking(v) || hasSecretUrl(v)
  );
}

/** A value that is itself a URL carrying credentials or masked parts (a `redirect=` target). */
function hasSecretUrl(value: string): boolean {
  if (!/^(?:https?|wss?):\/\//i.test(value)) return false;
  return maskUrl(value) !== value;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** E-mail addresses (also with `@` percent-encoded) replaced by MASK. */
function maskEmails(text: string): string {
  return text.replace(EMAIL_RE, MASK);
}

/**
 * A query string or a fragment of `name=value` pairs (without its leading `?` or `#`), each value masked
 * when its name or the value itself says so; a pair without `=` is masked like a value.
 */
function maskParams(text: string): string {
  return text
    .split("&")
    .map((pair) => {
      if (pair === "") return pair;
      const eq = pair.indexOf("=");
      if (eq < 0) return isSensitiveValue(decode(pair)) ? MASK : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const maskedName = maskEmails(name);
      if (value === "") return `${maskedName}=`;
      if (isSensitiveName(decode(name)) || isSensitiveValue(decode(value))) return `${maskedName}=${MASK}`;
      return `${maskedName}=${value}`;
    })
    .join("&");
}

/** A path segment: e-mail addresses masked; a JWT or a long random-looking segment (≥ 32) masked whole. */
function maskSegment(segment: string): string {
  const decoded = decode(segment);
  if (JWT_RE.test(decoded) || isRandomLooking(decoded, 32)) return MASK;
  return maskEmails(segment);
}

/** A fragment: `name=value` pairs as a query string; anything else as a path. */
function maskFragment(fragment: string): string {
  if (fragment === "") return fragment;
  if (fragment.includes("=")) return maskParams(fragment);
  return fragment.split("/").map(maskSegment).join("/");
}

/** Schemes whose URLs carry no data of their own. */
const KEPT_SCHEMES = new Set(["about:"]);

/**
 * A URL as a share link shows it: user name and password removed, e-mail addresses masked wherever they
 * appear, query and fragment values masked when their parameter's name marks a secret or personal data
 * (token, key, session, sid, auth, code, password, email, phone…) or the value looks like one (an e-mail
 * address, a JWT, a long number, a long random-looking value, a URL with something masked in it), and path
 * segments that are a JWT or a long random-looking value. Host, port, the path's words and the names of
 * parameters stay. A URL of another scheme than http(s), ws(s) or ftp shows its scheme only (`data:[masked]`);
 * text that is not a URL is masked as text.
 */
export function maskUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return maskPlain(input);
  }
  if (!/^(?:https?|wss?|ftp):$/.test(url.protocol)) {
    return KEPT_SCHEMES.has(url.protocol) ? url.href : `${url.protocol}${MASK}`;
  }
  const path = url.pathname.split("/").map(maskSegment).join("/");
  const query = url.search.length > 1 ? `?${maskParams(url.search.slice(1))}` : url.search;
  const hash = url.hash.length > 1 ? `#${maskFragment(url.hash.slice(1))}` : url.hash;
  return `${url.protocol}//${url.host}${path}${query}${hash}`;
}

/** A URL or null, masked. */
export function maskOptionalUrl(input: string | null): string | null {
  return input === null ? null : maskUrl(input);
}

/** Trailing characters that end a sentence rather than a URL written in text. */
const TRAILING_PUNCTUATION_RE = /[.,;:!?)\]}]+$/;

/**
 * Free text (a summary, a finding's details, a page title) as a share link shows it: every URL in it
 * masked as `maskUrl` does, then e-mail addresses and JWTs anywhere in it replaced by MASK.
 */
export function maskText(text: string): string {
  const urlsMasked = text.replace(URL_IN_TEXT_RE, (found) => {
    const tail = TRAILING_PUNCTUATION_RE.exec(found)?.[0] ?? "";
    const url = found.slice(0, found.length - tail.length);
    return `${maskUrl(url)}${tail}`;
  });
  return maskPlain(urlsMasked);
}

/** E-mail addresses and JWTs anywhere in a text replaced by MASK. */
function maskPlain(text: string): string {
  return maskEmails(text).replace(JWT_IN_TEXT_RE, MASK);
}
