import { parse } from "tldts";
import { hostIsUnder } from "../../domain/index.js";

/** Host, site and scheme of a URL, or null when it does not parse as http(s). */
export interface UrlParts {
  url: string;
  scheme: "http" | "https";
  host: string;
  /** The registrable name someone chose: ICANN registrable domain, or a user's site on a private-section platform. */
  site: string;
  /** Registrable domain under the ICANN section only (what RDAP and a registrant know). */
  icannDomain: string;
  ip: boolean;
  tld: string;
}

export function urlParts(raw: string | null | undefined): UrlParts | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (!host) return null;
  const withPrivate = parse(host, { allowPrivateDomains: true });
  const icann = parse(host);
  const ip = withPrivate.isIp === true;
  const site = ip ? host : (withPrivate.domain ?? host);
  return {
    url: url.href,
    scheme: url.protocol === "https:" ? "https" : "http",
    host,
    site,
    icannDomain: ip ? host : (icann.domain ?? host),
    ip,
    tld: ip ? "" : (icann.publicSuffix ?? ""),
  };
}

export function anyHostUnder(host: string, domains: readonly string[]): string | null {
  for (const d of domains) if (hostIsUnder(host, d)) return d;
  return null;
}
