/** What the benchmark scripts share: paths of the data they read, environment knobs, and output. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getDomain } from "tldts";

export const repo = path.resolve(import.meta.dirname, "..");
/** The labelled dev data; BENCH_DEV_DIR overrides it (a missing folder exercises the skip path). */
export const DEV_DIR = path.resolve(repo, process.env.BENCH_DEV_DIR ?? "../shared/data/dev");
export const TRANCO_FILE = path.join(repo, "data/rank/tranco_top10k_2026-08-01.csv");
export const PHISHING_FILE = path.join(DEV_DIR, "phishing/phishing_domains_2024-12_2025-05.csv");

/** An integer knob from the environment, within bounds; unset or empty gives the fallback. */
export function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${raw}`);
  }
  return n;
}

/** A count with thousands separators. */
export function int(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** Prints a Markdown table, columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** The shipped Tranco top 10k, in rank order, lower-cased. */
export function readTranco(): string[] {
  const lines = readFileSync(TRANCO_FILE, "utf8").split(/\r?\n/);
  if (lines[0]?.trim() !== "rank,domain") throw new Error(`${TRANCO_FILE}: unexpected header`);
  return lines
    .slice(1)
    .map((line) => line.split(",")[1]?.trim().toLowerCase() ?? "")
    .filter((d) => d !== "");
}

/** The held-out classification corpus (site folders in the test world's format). */
export const CLASSIFICATION_CORPUS = path.join(repo, "bench/corpus/classification");

/** Every value given to a command-line option, as `--name value` or `--name=value`; commas split values. */
export function argValues(name: string, argv: readonly string[] = process.argv.slice(2)): string[] {
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === `--${name}`) values.push(argv[++i] ?? "");
    else if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
  }
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/** Whether a bare command-line switch (`--name`) was given. */
export function argFlag(name: string, argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes(`--${name}`);
}

/** The p-th percentile (0–100, nearest rank) of an ascending list; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

/** `n/d (xx.x%)`, or `n/a` when there is nothing to divide by. */
export function ratio(n: number, d: number): string {
  return d === 0 ? "n/a" : `${n}/${d} (${((100 * n) / d).toFixed(1)}%)`;
}

/** A site folder of the test world's format whose name is a registrable (root) domain. */
export interface RootSite {
  host: string;
  /** `expect` of its site.json, unchecked (undefined when there is none). */
  expect: unknown;
}

/**
 * The root-domain site folders of a corpus (sub-hosts such as login.example.com are left out), sorted by
 * name, with the ground truth of each site.json.
 */
export function rootSites(dir: string): RootSite[] {
  const sites: RootSite[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name.startsWith("_")) continue;
    const host = entry.name.toLowerCase();
    if (getDomain(host) !== host) continue;
    let expect: unknown;
    try {
      expect = (
        JSON.parse(readFileSync(path.join(dir, entry.name, "site.json"), "utf8")) as { expect?: unknown }
      ).expect;
    } catch {
      expect = undefined;
    }
    sites.push({ host, expect });
  }
  return sites.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
}
