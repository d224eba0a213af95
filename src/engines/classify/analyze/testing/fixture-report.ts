import { existsSync, readFileSync } from "node:fs";
import type { CrawlCapture } from "../../capture.js";
import { FUNCTION_FLAGS } from "../../taxonomy.js";
import { analyzeCapture } from "../analyze.js";
import { fixtureCapture, fixtureHosts, SUBDOMAIN_FIXTURES } from "./fixture-capture.js";

/**
 * Per-fixture comparison of the analysis against the fixtures' `expect` (purpose, operator, parent, state,
 * flags), with or without the shipped lists. Used by the tests; run it directly for a table:
 * `npx tsx src/engines/classify/analyze/testing/fixture-report.ts [--no-lists]`.
 */
export interface FixtureResult {
  host: string;
  root: boolean;
  checks: Record<
    "purpose" | "operator" | "parent" | "state" | "flags",
    { ok: boolean; got: string; want: string }
  >;
}

/**
 * `captures` replaces the fixture-built capture of a host (e.g. captures saved from the real crawler:
 * `--captures <dir>` reads `<dir>/<host>.json`).
 */
export function evaluateFixtures(
  useLists = true,
  captures?: (host: string) => CrawlCapture | null,
): FixtureResult[] {
  const results: FixtureResult[] = [];
  for (const host of fixtureHosts()) {
    const built = fixtureCapture(host);
    const expect = built.expect;
    const capture = captures?.(host) ?? built.capture;
    if (!expect.state) continue;
    const { record } = analyzeCapture(capture, { useLists });
    const wantFlags = FUNCTION_FLAGS.filter((f) => expect.functions?.[f]).join(",");
    const gotFlags = FUNCTION_FLAGS.filter((f) => record.functions[f]).join(",");
    const wantOperator = expect.operator ?? "Unknown";
    const check = (got: string, want: string) => ({ ok: got === want, got, want });
    results.push({
      host,
      root: !SUBDOMAIN_FIXTURES.has(host),
      checks: {
        purpose: check(record.category.purpose, expect.purpose ?? "other"),
        operator: check(record.identity.operator, wantOperator),
        parent: check(record.identity.parent_entity ?? "null", expect.parent_entity ?? "null"),
        state: check(record.state, expect.state),
        flags: check(gotFlags, wantFlags),
      },
    });
  }
  return results;
}

function main(): void {
  const useLists = !process.argv.includes("--no-lists");
  const dirIndex = process.argv.indexOf("--captures");
  const dir = dirIndex > 0 ? process.argv[dirIndex + 1] : undefined;
  const load = dir
    ? (host: string) => {
        const file = `${dir}/${host}.json`;
        return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CrawlCapture) : null;
      }
    : undefined;
  const results = evaluateFixtures(useLists, load);
  const keys = ["purpose", "operator", "parent", "state", "flags"] as const;
  for (const r of results) {
    const bad = keys
      .filter((k) => !r.checks[k].ok)
      .map((k) => `${k}: got ${r.checks[k].got} want ${r.checks[k].want}`);
    console.log(`${r.root ? " " : "*"} ${r.host.padEnd(34)} ${bad.length === 0 ? "ok" : bad.join(" | ")}`);
  }
  for (const scope of [true, false]) {
    const set = results.filter((r) => r.root === scope);
    const line = keys.map((k) => `${k} ${set.filter((r) => r.checks[k].ok).length}/${set.length}`).join("  ");
    console.log(`${scope ? "root domains" : "sub-hosts   "}: ${line}`);
  }
}

if (process.argv[1]?.endsWith("fixture-report.ts")) main();
