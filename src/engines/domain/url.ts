import ipaddr from "ipaddr.js";
import { parse } from "tldts";
import { type DomainInputError, describeHostProblem, hostOfAuthority, normalizeDomain } from "./normalize.js";

export type UrlInputError = DomainInputError | "unsupported_scheme" | "malformed";

/** Things in the URL itself (not the name) that disguise where it leads. */
export interface UrlTricks {
  /** Text before `@` in the authority (`https://paypal.com@evil.top/`), decoded. */
  userinfo: string | null;
  /** The userinfo reads like a host name, so the URL appears to lead there. */
  userinfoHost: string | null;
  /** The host was written with percent-escapes. */
  encodedHost: boolean;
  /** An IPv4 address written in decimal, hex or octal instead of dotted quads. */
  obfuscatedIp: string | null;
  /** A port other than the scheme's default. */
  port: number | null;
  /** Percent-escapes of plain letters and digits in the path or query, or double escaping. */
  encodedPath: boolean;
  /** The path or query of the URL (for brand names written into it). */
  pathAndQuery: string;
}

export type ParsedTarget =
  | {
      ok: true;
      href: string;
      host: { kind: "domain"; hostname: string; icannDomain: string; icannSuffix: string };
      tricks: UrlTricks;
    }
  | { ok: true; href: string; host: { kind: "ip"; address: string; version: 4 | 6 }; tricks: UrlTricks }
  | { ok: false; reason: UrlInputError; message: string };

const MAX_INPUT = 2048;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const DEFANG_SCHEME = /^h[x*]{2}p(s?)(?=[:[])/i;
const DEFANG_DOT = /\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)/gi;
const DEFANG_COLON = /\[:\]/g;
const DOTTED_IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const ESCAPE = /%([0-9a-f]{2})/gi;
const HOST_LIKE = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/i;
/** A bare ASCII host name whose last label is not a number: needs no URL parsing. */
const PLAIN_HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/i;
/**
 * Browsers (WHATWG URL) accept an underscore in any label, and DNS and hosting platforms serve such names
 * (`kucoinlogin_io.netlify.app`): a URL to screen or scan may have one anywhere.
 */
const HOST_OPTIONS = { underscoreInRegistrable: true } as const;
const NUMERIC_LABEL = /(^|\.)(0x[0-9a-f]*|[0-9]+)\.?$/i;
const NEEDS_REFANG = /[[({]|^h[x*]/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const NO_TRICKS: UrlTricks = {
  userinfo: null,
  userinfoHost: null,
  encodedHost: false,
  obfuscatedIp: null,
  port: null,
  encodedPath: false,
  pathAndQuery: "/",
};

function fail(reason: UrlInputError, message: string): ParsedTarget {
  return { ok: false, reason, message };
}

/** Undoes the usual defanging of shared indicators: `hxxps://example[.]com`. */
function refang(text: string): string {
  return text.replace(DEFANG_SCHEME, "http$1").replace(DEFANG_DOT, ".").replace(DEFANG_COLON, ":");
}

/** Puts `http://` in front of a bare host; null for a scheme other than HTTP(S). */
function withScheme(text: string): string | null {
  if (text.startsWith("//")) return `http:${text}`;
  const scheme = SCHEME.exec(text);
  if (!scheme) return `http://${text}`;
  const name = (scheme[1] ?? "").toLowerCase();
  if (name === "http" || name === "https") return text;
  const rest = text.slice(scheme[0].length);
  // `example.com:8080/path` looks like a scheme but is a host and port.
  if (!rest.startsWith("//") && (name.includes(".") || /^\d/.test(rest))) return `http://${text}`;
  return null;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function looksRegistrable(host: string): boolean {
  const parsed = parse(host);
  return parsed.isIcann === true && parsed.domain !== null;
}

function rawAuthority(url: string): string {
  const start = url.indexOf("//");
  const from = start < 0 ? url.indexOf(":") + 1 : start + 2;
  const rest = url.slice(from);
  const end = rest.search(/[/?#\\]/);
  return end < 0 ? rest : rest.slice(0, end);
}

function escapesPlainText(pathAndQuery: string): boolean {
  let plain = 0;
  for (const match of pathAndQuery.matchAll(ESCAPE)) {
    const code = Number.parseInt(match[1] ?? "", 16);
    if (code === 0x25) return true;
    if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))
      plain++;
  }
  return plain >= 3;
}

/** Why the URL parser refused `url`, naming the label and character when the host is at fault. */
function unparsableMessage(url: string): string {
  const host = hostOfAuthority(rawAuthority(url));
  if (host === "") return "The URL has no host name.";
  if (host.startsWith("[")) return "The URL could not be parsed.";
  return describeHostProblem(host) ?? "The URL could not be parsed.";
}

/** The common case, a bare host name such as `Example.COM.`: the same result without a URL parser. */
function parseBareHost(text: string): ParsedTarget {
  const normalized = normalizeDomain(text, HOST_OPTIONS);
  if (!normalized.ok) return fail(normalized.reason, normalized.message);
  return {
    ok: true,
    href: `http://${normalized.hostname}/`,
    host: {
      kind: "domain",
      hostname: normalized.hostname,
      icannDomain: normalized.root,
      icannSuffix: normalized.suffix,
    },
    tricks: NO_TRICKS,
  };
}

/**
 * Parses what a caller submitted as a URL or bare domain: adds a scheme when missing, accepts
 * defanged input, keeps only HTTP(S), normalizes the host (lower case, IDN to punycode, trailing dot,
 * default port) and records the tricks the URL itself plays. Invalid input gives a typed reason.
 */
export function parseTarget(input: string): ParsedTarget {
  const trimmed = input.trim();
  if (trimmed.length === 0) return fail("empty", "No URL or domain was given.");
  if (trimmed.length > MAX_INPUT) return fail("too_long", "The URL is longer than 2048 characters.");
  // Raw control characters are never part of a URL (RFC 3986); percent-encode them (%00) to send them.
  if (CONTROL.test(trimmed)) return fail("malformed", "The URL contains control characters.");
  if (PLAIN_HOST.test(trimmed) && !NUMERIC_LABEL.test(trimmed)) return parseBareHost(trimmed);
  const text = withScheme(NEEDS_REFANG.test(trimmed) ? refang(trimmed) : trimmed);
  if (text === null)
    return fail("unsupported_scheme", "Only http and https URLs or bare domains can be analyzed.");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("malformed", unparsableMessage(text));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail("unsupported_scheme", "Only http and https URLs or bare domains can be analyzed.");
  }
  const authority = rawAuthority(text);
  const at = authority.lastIndexOf("@");
  const userinfo = at >= 0 ? decodeSafely(authority.slice(0, at)) : null;
  const rawHost = (at >= 0 ? authority.slice(at + 1) : authority).replace(/:\d*$/, "").toLowerCase();
  const userName = userinfo?.split(":")[0]?.trim().toLowerCase() ?? "";
  const userinfoHost = userName && HOST_LIKE.test(userName) && looksRegistrable(userName) ? userName : null;
  const pathAndQuery = `${url.pathname}${url.search}`;
  const tricks: UrlTricks = {
    userinfo,
    userinfoHost,
    encodedHost: rawHost.includes("%"),
    obfuscatedIp: null,
    port: url.port ? Number(url.port) : null,
    encodedPath: pathAndQuery.includes("%") && escapesPlainText(pathAndQuery),
    pathAndQuery,
  };
  if (url.username || url.password) {
    url.username = "";
    url.password = "";
  }
  const hostname = url.hostname.endsWith(".") ? url.hostname.replace(/\.+$/, "") : url.hostname;
  if (hostname.startsWith("[")) {
    return { ok: true, href: url.href, host: { kind: "ip", address: hostname, version: 6 }, tricks };
  }
  if (DOTTED_IPV4.test(hostname)) {
    const written = rawHost.replace(/\.+$/, "");
    if (written !== hostname) tricks.obfuscatedIp = written;
    return { ok: true, href: url.href, host: { kind: "ip", address: hostname, version: 4 }, tricks };
  }
  const normalized = normalizeDomain(hostname, HOST_OPTIONS);
  if (!normalized.ok) return fail(normalized.reason, normalized.message);
  if (url.hostname !== normalized.hostname) url.hostname = normalized.hostname;
  return {
    ok: true,
    href: url.href,
    host: {
      kind: "domain",
      hostname: normalized.hostname,
      icannDomain: normalized.root,
      icannSuffix: normalized.suffix,
    },
    tricks,
  };
}

const LOCAL_RANGES = new Set(["private", "loopback", "linkLocal", "uniqueLocal", "carrierGradeNat"]);

/**
 * An IP address on the visitor's own network (RFC 1918, carrier-grade NAT, loopback, link-local, IPv6
 * unique-local): a router's, printer's or intranet server's address, reachable only from inside that
 * network. `[…]` brackets of an IPv6 URL host are accepted.
 */
export function isLocalNetworkAddress(address: string): boolean {
  const bare = address.startsWith("[") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return LOCAL_RANGES.has(parsed.range());
}
