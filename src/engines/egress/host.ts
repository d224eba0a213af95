import { isIP } from "node:net";

/** A host as the gate sees it after WHATWG canonicalization: an IP address or a DNS name. */
export type CanonicalHost = { kind: "ip"; address: string; family: 4 | 6 } | { kind: "name"; name: string };

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Reads a host the way a browser does: every IPv4 notation (decimal, octal, hex, short, mixed, trailing
 * dot, full-width digits) becomes dotted decimal and IPv6 is compressed, so the policy only ever sees
 * one spelling of an address. Names are lower-cased, IDNs become punycode, and a trailing dot is dropped.
 * Returns null when the text is not a valid host.
 */
export function canonicalHost(input: string): CanonicalHost | null {
  const text = input.trim();
  if (text.length === 0 || /[\s@/?#\\]/.test(text)) return null;
  const bare = stripBrackets(text);
  const literal = isIP(bare) === 6 && !text.startsWith("[") ? `[${bare}]` : text;
  let hostname: string;
  try {
    hostname = new URL(`http://${literal}/`).hostname;
  } catch {
    return null;
  }
  return fromUrlHostname(hostname);
}

/** Interprets `URL.hostname` (already canonical; IPv6 in brackets). */
export function fromUrlHostname(hostname: string): CanonicalHost | null {
  const bare = stripBrackets(hostname);
  const family = isIP(bare);
  if (family === 4 || family === 6) return { kind: "ip", address: bare, family };
  const name = bare.toLowerCase().replace(/\.$/, "");
  if (name.length === 0 || name.length > 253) return null;
  return { kind: "name", name };
}

/** The text of a host as it goes into a URL authority or a log line: IPv6 in brackets. */
export function hostText(host: CanonicalHost): string {
  if (host.kind === "name") return host.name;
  return host.family === 6 ? `[${host.address}]` : host.address;
}

/** Splits `host:port` (IPv6 in brackets) as found in a CONNECT request or a config rule. */
export function splitHostPort(text: string): { host: string; port: string } | null {
  const match = /^(\[[^\]]*\]|[^:[\]]*):([^:]*)$/.exec(text.trim());
  if (!match) return null;
  const [, host = "", port = ""] = match;
  return { host, port };
}

export function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}

/** Names reserved for the local machine (RFC 6761), refused without asking DNS. */
export function isLocalhostName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost") || name === "localhost.localdomain";
}
