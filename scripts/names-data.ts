/**
 * The labelled names the name model is trained and measured on, read from `../shared/data` (never copied
 * into the repository): phishing domains by the month they were first seen, and legitimate domains from
 * popularity lists and UT1's categories, split by a hash of the site into training, tuning and reporting
 * parts so that the same site always lands in the same part.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describeHost, parseTarget } from "../src/engines/domain/index.js";
import { type NameInput, nameInput } from "../src/engines/risk/names/features.js";

export const SHARED_DATA = path.resolve(import.meta.dirname, "../../shared/data");
export const DEV = path.resolve(import.meta.dirname, "..", process.env.BENCH_DEV_DIR ?? "../shared/data/dev");

export const PHISHING_FILES = [
  "phishing/phishing_domains_2024-12_2025-05.csv",
  "phishing/phishing_domains_2025-06.csv",
] as const;
export const TRANCO = "knowledge/rank/tranco_top10k_2026-08-01.csv";
export const RADAR = "knowledge/rank/cloudflare_radar_top10k_2026-08-10.txt";
export const UT1_DIR = "benign/ut1";
/**
 * UT1 categories that are not samples of legitimate sites. `jobsearch` as shipped in ../shared/data has
 * 607 of its 1,724 entries (35 %) on Sublime's suspicious TLDs, against 0–13 % in every other category,
 * and 43 names of the `<brand>.com-<tail>` lure form that no other category has (toll and parcel lures,
 * crypto claims): a job-scam and phishing feed rather than job boards. Neither trained on nor counted as
 * legitimate.
 */
export const UT1_LEFT_OUT = new Set(["jobsearch"]);
/** Further legitimate lists of the shippable reference data (MIT and CC0). */
export const MORE_LEGITIMATE = {
  "misp/bank-website": "knowledge/misp/bank-website.json",
  "misp/google": "knowledge/misp/google.json",
  "misp/microsoft": "knowledge/misp/microsoft.json",
  "sublime/high_trust_sender_root_domains": "knowledge/sublime/high_trust_sender_root_domains.txt",
  "sublime/free_email_providers": "knowledge/sublime/free_email_providers.txt",
} as const;

/** A host as the model sees it. */
export interface Named {
  host: string;
  /** The site: registrable domain, or a user's site on a platform. */
  site: string;
  input: NameInput;
}

export function named(host: string): Named | null {
  const parsed = parseTarget(host);
  if (!parsed.ok || parsed.host.kind !== "domain") return null;
  const { hostname, icannDomain, icannSuffix } = parsed.host;
  const facts = describeHost(hostname, icannDomain, icannSuffix);
  return { host: hostname, site: facts.registrable, input: nameInput(facts) };
}

export interface PhishingEntry extends Named {
  /** `YYYY-MM` of first sight. */
  month: string;
}

export function devAvailable(): boolean {
  return PHISHING_FILES.every((f) => existsSync(path.join(DEV, f))) && existsSync(path.join(DEV, UT1_DIR));
}

/**
 * Every phishing entry of the dev files with a domain name, in file order; lines the URL parser refuses
 * (no verdict at all) and IP-address hosts (a verdict, but no name for the model) are counted apart.
 */
export function readPhishing(): { entries: PhishingEntry[]; refused: string[]; ipHosts: string[] } {
  const entries: PhishingEntry[] = [];
  const refused: string[] = [];
  const ipHosts: string[] = [];
  const seen = new Set<string>();
  for (const file of PHISHING_FILES) {
    const lines = readFileSync(path.join(DEV, file), "utf8").split(/\r?\n/);
    if (lines[0]?.trim() !== "first_seen,domain") throw new Error(`${file}: unexpected header`);
    for (const line of lines.slice(1)) {
      const comma = line.indexOf(",");
      if (comma < 0) continue;
      const host = line
        .slice(comma + 1)
        .trim()
        .toLowerCase();
      if (host === "" || seen.has(host)) continue;
      seen.add(host);
      const n = named(host);
      if (n) entries.push({ ...n, month: line.slice(0, 7) });
      else if (parseTarget(host).ok) ipHosts.push(host);
      else refused.push(host);
    }
  }
  return { entries, refused, ipHosts };
}

export type Part = "train" | "tune" | "report";

/** FNV-1a of the site: 6 in 10 sites train, 2 tune the flag levels, 2 are kept for reported figures. */
export function partOf(site: string): Part {
  let h = 0x811c9dc5;
  for (let i = 0; i < site.length; i++) {
    h ^= site.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const slot = h % 10;
  return slot < 6 ? "train" : slot < 8 ? "tune" : "report";
}

export interface LegitimateEntry extends Named {
  source: "tranco" | "radar" | `ut1/${string}` | keyof typeof MORE_LEGITIMATE;
  part: Part;
}

/** A list file's entries: trimmed, lower case, without blank and `#` comment lines. */
export function listLines(file: string): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** The hosts of a MISP warninglist file (a leading dot, "the domain and its subdomains", dropped). */
export function mispHosts(file: string): string[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { list: string[] }).list.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^\.+|\.+$/g, ""),
  );
}

/**
 * The legitimate domains: Tranco top 10k, Cloudflare Radar top 10k, UT1's categories, then MISP's bank,
 * Google and Microsoft lists and Sublime's high-trust senders and free mail providers (each site once,
 * under the first list that has it, in that order).
 */
export function readLegitimate(): LegitimateEntry[] {
  const out: LegitimateEntry[] = [];
  const seen = new Set<string>();
  const add = (host: string, source: LegitimateEntry["source"]) => {
    const n = named(host);
    if (!n || seen.has(n.site)) return;
    seen.add(n.site);
    out.push({ ...n, source, part: partOf(n.site) });
  };
  for (const line of listLines(path.join(SHARED_DATA, TRANCO)).slice(1))
    add(line.split(",")[1] ?? "", "tranco");
  for (const line of listLines(path.join(SHARED_DATA, RADAR))) add(line, "radar");
  const ut1 = path.join(DEV, UT1_DIR);
  if (existsSync(ut1)) {
    for (const file of readdirSync(ut1).sort()) {
      if (!file.endsWith(".txt") || UT1_LEFT_OUT.has(file.replace(/\.txt$/, ""))) continue;
      for (const line of listLines(path.join(ut1, file))) add(line, `ut1/${file.replace(/\.txt$/, "")}`);
    }
  }
  for (const [source, file] of Object.entries(MORE_LEGITIMATE) as [keyof typeof MORE_LEGITIMATE, string][]) {
    const full = path.join(SHARED_DATA, file);
    const hosts = file.endsWith(".json") ? mispHosts(full) : listLines(full);
    for (const host of hosts) add(host, source);
  }
  return out;
}

/** The key the model sees: names with the same key are one example. */
export function inputKey(input: NameInput): string {
  return `${input.name}|${input.suffix ?? "*"}`;
}
