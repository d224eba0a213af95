import { parseTarget, type UrlInputError, type UrlTricks } from "../../domain/index.js";

/** A URL ready to be scanned. */
export interface ScanUrl {
  ok: true;
  /** Absolute http(s) URL: host lower-case and in punycode, credentials removed, fragment kept. */
  url: string;
  hostname: string;
  /** `domain` for a name, `ip` for an IP literal (the egress policy decides whether it may be reached). */
  hostKind: "domain" | "ip";
  /** Registrable domain (ICANN section of the PSL); null for an IP literal. */
  registrableDomain: string | null;
  /** The input had no scheme and `https://` was put in front (plain HTTP is tried when HTTPS cannot connect). */
  schemeAdded: boolean;
  /** What the URL itself does to disguise where it leads (user info, encoded host, numeric IP…): evidence. */
  tricks: UrlTricks;
}

export interface ScanUrlError {
  ok: false;
  /** The stable code an API answers with (HTTP 400). */
  error: "invalid_url";
  reason: UrlInputError;
  message: string;
}

/** Thrown by `captureUrl` for input `normalizeScanUrl` refuses (a caller's bug: validate first). */
export class InvalidScanUrlError extends Error {
  readonly code = "invalid_url";
  constructor(
    readonly reason: UrlInputError,
    message: string,
  ) {
    super(message);
    this.name = "InvalidScanUrlError";
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether the text starts with a scheme (`example.com:8080/…` and `localhost:8080` do not). */
function hasScheme(text: string): boolean {
  const match = SCHEME.exec(text);
  if (!match) return false;
  const rest = text.slice(match[0].length);
  if (rest.startsWith("//")) return true;
  return !((match[1] ?? "").includes(".") || /^\d/.test(rest));
}

/**
 * Normalizes what a caller submitted for a scan, with the same parser as domain risk (`parseTarget`):
 * trims, undoes defanging (`hxxps://example[.]com`), puts `https://` in front of a scheme-less input,
 * accepts only http and https, lower-cases the host and converts an internationalized name to punycode,
 * drops credentials from the URL (they are never sent; `tricks.userinfo` keeps them as evidence) and keeps
 * the fragment. IP literals are accepted: the egress policy refuses private and loopback addresses when the
 * browser tries to reach them, which makes a `blocked` scan rather than an input error.
 */
export function normalizeScanUrl(input: string): ScanUrl | ScanUrlError {
  const trimmed = input.trim();
  const schemeAdded = trimmed.length > 0 && !hasScheme(trimmed);
  const text = schemeAdded ? (trimmed.startsWith("//") ? `https:${trimmed}` : `https://${trimmed}`) : trimmed;
  const parsed = parseTarget(text);
  if (!parsed.ok) return { ok: false, error: "invalid_url", reason: parsed.reason, message: parsed.message };
  if (parsed.host.kind === "ip")
    return {
      ok: true,
      url: parsed.href,
      hostname: parsed.host.address.replace(/^\[|\]$/g, ""),
      hostKind: "ip",
      registrableDomain: null,
      schemeAdded,
      tricks: parsed.tricks,
    };
  return {
    ok: true,
    url: parsed.href,
    hostname: parsed.host.hostname,
    hostKind: "domain",
    registrableDomain: parsed.host.icannDomain,
    schemeAdded,
    tricks: parsed.tricks,
  };
}

/** The same URL over plain HTTP (for a scheme-less input whose HTTPS could not connect). */
export function plainHttp(url: string): string {
  return url.replace(/^https:/i, "http:");
}
