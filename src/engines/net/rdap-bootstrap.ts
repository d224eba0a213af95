import { readFile } from "node:fs/promises";
import { dataFileUrl } from "../data-files.js";

/** TLD → RDAP base URLs (https first, each ending in "/"). */
export type RdapBootstrap = ReadonlyMap<string, readonly string[]>;

const SHIPPED_IANA = dataFileUrl("rdap/iana_rdap_dns.json");
const SHIPPED_SUPPLEMENT = dataFileUrl("rdap/supplemental_cctld_rdap.json");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function normalizeBase(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.href.endsWith("/") ? parsed.href : `${parsed.href}/`;
  } catch {
    return null;
  }
}

function sortHttpsFirst(urls: string[]): string[] {
  return [...urls].sort((a, b) => Number(b.startsWith("https:")) - Number(a.startsWith("https:")));
}

/**
 * Reads an IANA RDAP DNS bootstrap document (RFC 9224: `services: [[tlds], [urls]]`). Returns null when
 * the document has no usable service.
 */
export function parseIanaBootstrap(
  document: unknown,
  into = new Map<string, string[]>(),
): Map<string, string[]> | null {
  if (!isRecord(document) || !Array.isArray(document.services)) return null;
  for (const service of document.services) {
    if (!Array.isArray(service)) continue;
    const tlds = strings(service[0]);
    const urls = strings(service[1])
      .map(normalizeBase)
      .filter((u): u is string => u !== null);
    if (urls.length === 0) continue;
    for (const tld of tlds) into.set(tld.toLowerCase().replace(/^\.|\.$/g, ""), sortHttpsFirst(urls));
  }
  return into.size > 0 ? into : null;
}

/** Adds ccTLD servers missing from IANA's file (the supplemental list never overrides IANA). */
export function addSupplemental(document: unknown, into: Map<string, string[]>): void {
  if (!isRecord(document) || !Array.isArray(document.ccTldRdapServers)) return;
  for (const entry of document.ccTldRdapServers) {
    if (!isRecord(entry) || typeof entry.tld !== "string" || typeof entry.rdapServer !== "string") continue;
    const tld = entry.tld.toLowerCase();
    const base = normalizeBase(entry.rdapServer);
    if (base && !into.has(tld)) into.set(tld, [base]);
  }
}

let shipped: Promise<RdapBootstrap> | undefined;

/** The bootstrap shipped in data/rdap (IANA plus supplemental ccTLDs), read once per process. */
export function loadShippedBootstrap(): Promise<RdapBootstrap> {
  shipped ??= (async () => {
    const [iana, supplement] = await Promise.all([
      readFile(SHIPPED_IANA, "utf8").then((text): unknown => JSON.parse(text)),
      readFile(SHIPPED_SUPPLEMENT, "utf8").then((text): unknown => JSON.parse(text)),
    ]);
    const map = parseIanaBootstrap(iana);
    if (!map) throw new Error("The shipped RDAP bootstrap has no services.");
    addSupplemental(supplement, map);
    return map;
  })();
  const loading = shipped;
  loading.catch(() => {
    if (shipped === loading) shipped = undefined;
  });
  return loading;
}
