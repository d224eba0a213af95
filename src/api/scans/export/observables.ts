import { isIP } from "node:net";
import { describeHost, listedShortener, parseTarget } from "../../../engines/domain/index.js";
import { SCAN_THREAT_TYPES } from "../../../engines/verdict/index.js";
import type { ExportInput } from "./index.js";

/** A host the browser navigated to: a domain name or an IP address, with the addresses it was reached at. */
export interface ObservedHost {
  /** Lower-case host name, or the IP address (IPv6 without brackets). */
  value: string;
  kind: "domain" | "ipv4" | "ipv6";
  /** For a domain: the name its registrant (or a hosting platform's user) chose. Null for addresses. */
  registrable: string | null;
  /** Addresses the egress gate connected to for this host, in order of first use. */
  addresses: string[];
  /**
   * Whether the host (and its registrable domain) can stand for the page in an indicator: false for link
   * shorteners and for a hosting platform's own host (users' pages live under its paths: the host is
   * everyone's).
   */
  specific: boolean;
}

/** The navigations of a scan: its URLs in order and their hosts. */
export interface Observed {
  /** The URL loaded, every hop of the redirect chain, the final URL; each once, in that order. */
  urls: string[];
  /** The URLs an indicator names: the URL loaded and the final URL (each once). */
  indicatorUrls: string[];
  hosts: ObservedHost[];
  /** Hosts of `indicatorUrls` (the page's own and the submitted URL's). */
  indicatorHosts: ObservedHost[];
}

function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

function describe(value: string): Omit<ObservedHost, "addresses"> {
  const ip = isIP(value);
  if (ip !== 0) {
    return { value, kind: ip === 4 ? "ipv4" : "ipv6", registrable: null, specific: true };
  }
  const parsed = parseTarget(value);
  if (!parsed.ok || parsed.host.kind !== "domain" || !parsed.host.icannDomain) {
    return { value, kind: "domain", registrable: null, specific: false };
  }
  const { hostname, icannDomain, icannSuffix } = parsed.host;
  const facts = describeHost(hostname, icannDomain, icannSuffix);
  const shortener = listedShortener(hostname, icannDomain) !== null;
  const platformHost = facts.platform?.userContent === "path";
  return { value, kind: "domain", registrable: facts.registrable, specific: !shortener && !platformHost };
}

/** The URLs, hosts and addresses of a scan's navigations (not of the page's subresources). */
export function observe(input: ExportInput): Observed {
  const { capture } = input;
  const urls = unique([capture.requestUrl, ...capture.chain.map((hop) => hop.url), capture.finalUrl]);
  const indicatorUrls = unique([capture.requestUrl, capture.finalUrl]);
  const addresses = new Map<string, string[]>();
  const remember = (url: string, address: string | null) => {
    const host = hostOf(url);
    if (!host) return;
    const list = addresses.get(host) ?? [];
    if (address && isIP(address) !== 0 && !list.includes(address)) list.push(address);
    addresses.set(host, list);
  };
  for (const url of urls) remember(url, null);
  for (const hop of capture.chain) remember(hop.url, hop.address);
  for (const request of capture.requests) {
    const host = hostOf(request.url);
    if (request.outcome === "ok" && host && addresses.has(host)) remember(request.url, request.address);
  }
  const hosts = [...addresses.entries()].map(([host, list]) => ({ ...describe(host), addresses: list }));
  const wanted = new Set(indicatorUrls.map(hostOf));
  return { urls, indicatorUrls, hosts, indicatorHosts: hosts.filter((h) => wanted.has(h.value)) };
}

function unique(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v.length > 0))];
}

/** What kind of threat a report names, for the vocabularies of the export formats. */
export type ThreatKind = "phishing" | "scam" | "malware" | null;

const PHISHING = new Set<string>([
  SCAN_THREAT_TYPES.phishing,
  SCAN_THREAT_TYPES.cardPhishing,
  SCAN_THREAT_TYPES.cryptoDrainer,
  SCAN_THREAT_TYPES.brandImpersonation,
  SCAN_THREAT_TYPES.clonedSite,
]);
const SCAM = new Set<string>([
  SCAN_THREAT_TYPES.scam,
  SCAN_THREAT_TYPES.giveaway,
  SCAN_THREAT_TYPES.generator,
  SCAN_THREAT_TYPES.techSupport,
  SCAN_THREAT_TYPES.invite,
]);

/** The threat a Malicious or Suspicious verdict names; null for other verdicts and other threat types. */
export function threatKind(input: ExportInput): ThreatKind {
  const { final_assessment, threat_type } = input.scan.report;
  if (final_assessment !== "Malicious" && final_assessment !== "Suspicious") return null;
  if (PHISHING.has(threat_type)) return "phishing";
  if (SCAM.has(threat_type)) return "scam";
  if (threat_type === SCAN_THREAT_TYPES.malware) return "malware";
  return null;
}

/** The brand the page showed, or null. */
export function detectedBrand(input: ExportInput): string | null {
  return input.scan.report.site_context?.detected_brand ?? null;
}

/** A timestamp as `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC, milliseconds). */
export function isoMillis(value: string): string {
  return new Date(value).toISOString();
}
