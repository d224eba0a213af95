import { readDataText } from "../data-files.js";

const TRANCO_FILE = "rank/tranco_top10k_2026-08-01.csv";

let ranks: Map<string, number> | undefined;

function load(): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of readDataText(TRANCO_FILE).split(/\r?\n/)) {
    const comma = line.indexOf(",");
    if (comma < 0) continue;
    const rank = Number(line.slice(0, comma));
    const domain = line
      .slice(comma + 1)
      .trim()
      .toLowerCase();
    if (Number.isInteger(rank) && rank > 0 && domain && !map.has(domain)) map.set(domain, rank);
  }
  return map;
}

/** Rank of a registrable domain in the shipped Tranco top 10,000, or null when it is not listed. */
export function trancoRank(domain: string): number | null {
  ranks ??= load();
  return ranks.get(domain) ?? null;
}

/** The shipped Tranco list in rank order (benchmarks and quality checks). */
export function trancoDomains(): string[] {
  ranks ??= load();
  return [...ranks.keys()];
}
