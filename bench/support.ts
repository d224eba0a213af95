/** What the benchmark scripts share: paths of the data they read, environment knobs, and output. */
import { readFileSync } from "node:fs";
import path from "node:path";

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
