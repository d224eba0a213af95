import ipaddr from "ipaddr.js";
import { describeHost, parseTarget } from "../../engines/domain/index.js";
import type { ScanCapture } from "../../engines/scan/types.js";
import type { ScanTermKind } from "../../platform/db/schema.js";
import type { ScanReportBody } from "./schemas.js";

/*
 * What a scan can be found by (GET /v1/scans filters, docs/scan-search.md): one `scan_terms` row per
 * (kind, value). Values are normalized here, once, the same way for what is stored and what is asked.
 */

export interface ScanTerm {
  kind: ScanTermKind;
  value: string;
}

/** The most tags a scan carries, and the longest tag. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 64;
/** A tag: letters, digits and `. _ : / -`, starting with a letter or digit; kept in lower case. */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._:/-]*$/u;

/** A tag as stored: trimmed, lower case (NFC). */
export function normalizeTag(tag: string): string {
  return tag.trim().normalize("NFC").toLowerCase();
}

/** Tags as stored: normalized, each once, in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag))];
}

/** A host name as stored: lower case, IDN labels in punycode, no trailing dot; null when it is not one. */
export function normalizeHostTerm(input: string): string | null {
  const parsed = parseTarget(input.trim());
  if (!parsed.ok) return null;
  return parsed.host.kind === "ip" ? normalizeAddress(parsed.host.address) : parsed.host.hostname;
}

/** An IP address in its canonical text (IPv6 compressed, lower case, no brackets); null when it is not one. */
export function normalizeAddress(input: string): string | null {
  const text = input.trim().replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return null;
  return ipaddr.process(text).toString();
}

/** `13335`, `AS13335` or `as13335` → 13335; null otherwise. */
export function parseAsn(input: string): number | null {
  const match = /^(?:as)?(\d{1,10})$/i.exec(input.trim());
  if (!match) return null;
  const asn = Number(match[1]);
  return asn <= 4_294_967_295 ? asn : null;
}

/**
 * The host and domain terms of a URL: its host, and its registrable domain both as the Public Suffix List's
 * ICANN section has it (`github.io`) and as a user of a hosting platform picked it (`alice.github.io`).
 */
export function urlTerms(url: string | null): ScanTerm[] {
  if (!url) return [];
  const parsed = parseTarget(url);
  if (!parsed.ok) return [];
  if (parsed.host.kind === "ip") {
    const address = normalizeAddress(parsed.host.address);
    return address ? [{ kind: "host", value: address }] : [];
  }
  const { hostname, icannDomain, icannSuffix } = parsed.host;
  const terms: ScanTerm[] = [{ kind: "host", value: hostname }];
  if (icannDomain) {
    terms.push({ kind: "domain", value: icannDomain });
    const registrable = describeHost(hostname, icannDomain, icannSuffix).registrable;
    if (registrable !== icannDomain) terms.push({ kind: "domain", value: registrable });
  }
  return terms;
}

export function tagTerms(tags: readonly string[]): ScanTerm[] {
  return tags.map((value) => ({ kind: "tag", value }));
}

/** The verdict's terms: assessment, threat type and detected brand, in lower case. */
export function reportTerms(report: ScanReportBody): ScanTerm[] {
  const terms: ScanTerm[] = [
    { kind: "assessment", value: report.final_assessment.toLowerCase() },
    { kind: "threat", value: report.threat_type.toLowerCase() },
  ];
  const brand = report.site_context?.detected_brand;
  if (brand) terms.push({ kind: "brand", value: brand.toLowerCase() });
  return terms;
}

/** Looks up the autonomous system of a public address; null when it has none or the table is unavailable. */
export type AsnOf = (address: string) => Promise<number | null>;

/**
 * What a finished capture adds: the final URL's host and domains, and every address the browser connected
 * to (redirects and requests) with its autonomous system.
 */
export async function captureTerms(capture: ScanCapture, asnOf: AsnOf | null): Promise<ScanTerm[]> {
  const addresses = new Set<string>();
  for (const hop of capture.chain) if (hop.address) addresses.add(hop.address);
  for (const request of capture.requests) if (request.address) addresses.add(request.address);
  const terms = urlTerms(capture.finalUrl);
  const asns = new Set<number>();
  for (const raw of addresses) {
    const address = normalizeAddress(raw);
    if (!address) continue;
    terms.push({ kind: "ip", value: address });
    const asn = asnOf ? await asnOf(address) : null;
    if (asn !== null) asns.add(asn);
  }
  for (const asn of asns) terms.push({ kind: "asn", value: String(asn) });
  return terms;
}

/** Each (kind, value) once. */
export function uniqueTerms(terms: readonly ScanTerm[]): ScanTerm[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = `${t.kind}\u0000${t.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
