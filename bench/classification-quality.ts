/**
 * bench/classification-quality: how well the classification crawl + analysis says what a careful reader
 * of each site would say. Every root-domain site of the test world (src/world/sites, "built-in") and of
 * the held-out corpus (bench/corpus/classification, "held-out") that carries `expect.purpose` is crawled
 * once through the egress gate, then analysed twice from the same capture: with the shipped lists
 * (`useLists: true`) and crawl-only (`useLists: false`). Sub-host fixtures (login.keystile.com,
 * alice.scribblehaus.com, …) are skipped: classification is per registrable domain.
 *
 *   npx tsx bench/classification-quality.ts                         # both corpora
 *   npx tsx bench/classification-quality.ts --corpus heldout        # or builtin
 *   npx tsx bench/classification-quality.ts --only tinyhop.link,coinquarry.com
 *   npx tsx bench/classification-quality.ts --save-captures /tmp/caps   # also keep each capture (JSON)
 *   npx tsx bench/classification-quality.ts --captures /tmp/caps        # analyse saved captures, no crawl
 *   npx tsx bench/classification-quality.ts --json /tmp/quality.json    # every expectation and outcome
 *
 * Options: --no-browser (JavaScript shells are analysed as fetched), --verbose (one line per site).
 * Knobs (environment): BENCH_CONCURRENCY sites crawled at once (2).
 *
 * Operators are compared exactly (trimmed) and normalized (case, punctuation, accents, "&"/"and", a
 * leading "the" and legal-form suffixes such as Inc., Ltd, GmbH, S.A.S., N.A. removed); an empty
 * expectation (nothing can be known) matches only an empty answer. Parents compare normalized, with
 * null and "" alike. Exits 0 whatever the figures; 1 only when the benchmark itself cannot run.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { loadConfig } from "../src/config.js";
import { type BrowserPool, createBrowserPool } from "../src/engines/browser/index.js";
import {
  type AnalysisEvidence,
  analyzeCapture,
  UNKNOWN_OPERATOR,
} from "../src/engines/classify/analyze/index.js";
import type { CrawlCapture } from "../src/engines/classify/capture.js";
import { createCrawler } from "../src/engines/classify/crawl/index.js";
import { FUNCTION_FLAGS } from "../src/engines/classify/taxonomy.js";
import type { ClassificationOutcome, FunctionFlag } from "../src/engines/classify/types.js";
import { createEgress, type Egress } from "../src/engines/net/index.js";
import { BUILTIN_SITES_DIR, startWorld, type World } from "../src/world/index.js";
import {
  argFlag,
  argValues,
  CLASSIFICATION_CORPUS,
  envInt,
  percentile,
  ratio,
  rootSites,
  table,
} from "./support.js";

type Group = "built-in" | "held-out";
type Mode = "lists" | "crawl-only";
const GROUPS: readonly Group[] = ["built-in", "held-out"];
const MODES: readonly Mode[] = ["lists", "crawl-only"];
const SITE_TIMEOUT_MS = 60_000;

const expectSchema = z.object({
  purpose: z.string().optional(),
  operator: z.string().nullable().optional(),
  parent_entity: z.string().nullable().optional(),
  functions: z.record(z.string(), z.boolean()).optional(),
  state: z.string().optional(),
});
type Expect = z.infer<typeof expectSchema>;

interface Site {
  host: string;
  group: Group;
  expect: Expect & { purpose: string };
}

interface Result {
  site: Site;
  crawlMs: number;
  error: string | null;
  capture: CrawlCapture | null;
  outcomes: Partial<Record<Mode, ClassificationOutcome>>;
}

// ---------------------------------------------------------------------------------------------------
// Sites and expectations
// ---------------------------------------------------------------------------------------------------

function readSites(dir: string, group: Group): Site[] {
  const sites: Site[] = [];
  for (const { host, expect } of rootSites(dir)) {
    const parsed = expectSchema.safeParse(expect ?? {});
    if (parsed.success && parsed.data.purpose) {
      sites.push({ host, group, expect: { ...parsed.data, purpose: parsed.data.purpose } });
    }
  }
  return sites;
}

function selectSites(): Site[] {
  const corpus = argValues("corpus");
  const only = new Set(argValues("only").map((h) => h.toLowerCase()));
  const wanted = (g: Group) => corpus.length === 0 || corpus.some((c) => g.replace("-", "").startsWith(c));
  return [
    ...(wanted("built-in") ? readSites(BUILTIN_SITES_DIR, "built-in") : []),
    ...(wanted("held-out") ? readSites(CLASSIFICATION_CORPUS, "held-out") : []),
  ].filter((s) => only.size === 0 || only.has(s.host));
}

// ---------------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------------

const LEGAL_SUFFIXES = new Set(
  (
    "inc incorporated llc llp lp ltd limited plc co company corp corporation gmbh mbh ag kg kgaa se sa sas " +
    "sarl srl sl slu bv nv ab oy oyj as asa aps uab pllc pc pty ek eg sro spa na cic"
  ).split(" "),
);

/** Lower-case words without punctuation, accents, legal-form suffixes or a leading "the". */
function normalizeName(value: string | null | undefined): string {
  let s = (value ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/株式会社|有限会社|合同会社/g, " ")
    .replace(/&/g, " and ")
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, "$1")
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  for (let changed = true; changed; ) {
    changed = false;
    const words = s.split(" ");
    const last = words.at(-1) ?? "";
    if (words.length > 1 && LEGAL_SUFFIXES.has(last)) {
      s = words.slice(0, -1).join(" ").replace(/ and$/, "");
      changed = true;
    }
  }
  return s.replace(/^the /, "");
}

/** The operator as compared: the analysis's "Unknown" placeholder counts as no answer. */
function shownOperator(value: string | undefined): string {
  const v = (value ?? "").trim();
  return v === UNKNOWN_OPERATOR ? "" : v;
}

function expectedFlags(site: Site): Set<string> {
  return new Set(
    Object.entries(site.expect.functions ?? {})
      .filter(([, v]) => v)
      .map(([k]) => k),
  );
}

interface Verdicts {
  purpose: boolean;
  operatorExact: boolean;
  operatorNormalized: boolean;
  parent: boolean;
  state: boolean | null;
}

function verdicts(site: Site, outcome: ClassificationOutcome | undefined): Verdicts {
  const record = outcome?.record;
  const expectedOperator = (site.expect.operator ?? "").trim();
  const operator = shownOperator(record?.identity.operator);
  return {
    purpose: record?.category.purpose === site.expect.purpose,
    operatorExact: record !== undefined && operator === expectedOperator,
    operatorNormalized: record !== undefined && normalizeName(operator) === normalizeName(expectedOperator),
    parent:
      record !== undefined &&
      normalizeName(record.identity.parent_entity) === normalizeName(site.expect.parent_entity),
    state: site.expect.state === undefined ? null : record?.state === site.expect.state,
  };
}

// ---------------------------------------------------------------------------------------------------
// Crawl or load, then analyse
// ---------------------------------------------------------------------------------------------------

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

async function crawlAll(sites: Site[], results: Result[], saveDir: string | undefined): Promise<void> {
  const concurrency = envInt("BENCH_CONCURRENCY", 2, 1, 16);
  const setup = performance.now();
  const world: World = await startWorld({ sitesDir: CLASSIFICATION_CORPUS });
  let egress: Egress | null = null;
  let browser: BrowserPool | null = null;
  try {
    const config = loadConfig({ ...world.env, LOG_LEVEL: "silent" });
    egress = createEgress(config.egress);
    browser = argFlag("no-browser")
      ? null
      : createBrowserPool({
          egress,
          executablePath: config.CHROMIUM_PATH,
          extraCaPem: config.egress.extraCaPem,
          size: Math.min(concurrency, 2),
        });
    const crawler = createCrawler({ egress, browser });
    console.log(
      `world: ${world.sites.length} sites; crawling ${sites.length} root domains, ${concurrency} at a time, ` +
        `browser ${browser ? "on" : "off"}; set-up ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );
    if (saveDir) mkdirSync(saveDir, { recursive: true });
    let done = 0;
    await pool(sites, concurrency, async (site) => {
      const started = performance.now();
      const result: Result = { site, crawlMs: 0, error: null, capture: null, outcomes: {} };
      try {
        result.capture = await crawler.crawl(site.host, { signal: AbortSignal.timeout(SITE_TIMEOUT_MS) });
        if (saveDir) writeFileSync(path.join(saveDir, `${site.host}.json`), JSON.stringify(result.capture));
      } catch (error) {
        result.error = `crawl: ${message(error)}`;
      }
      result.crawlMs = performance.now() - started;
      results.push(result);
      done++;
      if (done % 10 === 0 || done === sites.length)
        process.stderr.write(`  crawled ${done}/${sites.length}\n`);
    });
  } finally {
    await browser?.close();
    await egress?.close();
    await world.stop();
  }
}

function loadCaptures(sites: Site[], results: Result[], dir: string): void {
  for (const site of sites) {
    const result: Result = { site, crawlMs: 0, error: null, capture: null, outcomes: {} };
    try {
      result.capture = JSON.parse(readFileSync(path.join(dir, `${site.host}.json`), "utf8")) as CrawlCapture;
    } catch (error) {
      result.error = `capture: ${message(error)}`;
    }
    results.push(result);
  }
}

function analyzeAll(results: Result[]): void {
  for (const result of results) {
    if (!result.capture) continue;
    for (const mode of MODES) {
      try {
        const outcome = analyzeCapture(result.capture, { useLists: mode === "lists" });
        result.outcomes[mode] = outcome;
        // The analysis never throws: it reports its own failure as a fallback outcome.
        const failure = (outcome.evidence as Partial<AnalysisEvidence>).state?.signals.find((s) =>
          s.startsWith("analysis_error:"),
        );
        if (failure && !result.error?.includes(failure)) {
          result.error = `${result.error ? `${result.error}; ` : ""}analyze (${mode}) ${failure}`;
        }
      } catch (error) {
        result.error = `${result.error ? `${result.error}; ` : ""}analyze (${mode}): ${message(error)}`;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------

function accuracyTable(results: Result[]): void {
  const header = [
    "corpus",
    "mode",
    "sites",
    "purpose",
    "operator exact",
    "operator norm.",
    "parent",
    "state",
  ];
  const rows: string[][] = [];
  for (const group of GROUPS) {
    const inGroup = results.filter((r) => r.site.group === group);
    if (inGroup.length === 0) continue;
    for (const mode of MODES) {
      const v = inGroup.map((r) => verdicts(r.site, r.outcomes[mode]));
      const count = (f: (x: Verdicts) => boolean | null) => v.filter((x) => f(x) === true).length;
      const withState = v.filter((x) => x.state !== null).length;
      rows.push([
        group,
        mode,
        String(inGroup.length),
        ratio(
          count((x) => x.purpose),
          v.length,
        ),
        ratio(
          count((x) => x.operatorExact),
          v.length,
        ),
        ratio(
          count((x) => x.operatorNormalized),
          v.length,
        ),
        ratio(
          count((x) => x.parent),
          v.length,
        ),
        ratio(
          count((x) => x.state),
          withState,
        ),
      ]);
    }
  }
  table(header, rows);
}

function flagTable(results: Result[]): void {
  const header = ["flag", ...GROUPS.flatMap((g) => MODES.map((m) => `${g} ${m}: P / R`))];
  const rows = FUNCTION_FLAGS.map((flag: FunctionFlag) => {
    const cells = GROUPS.flatMap((group) =>
      MODES.map((mode) => {
        let tp = 0;
        let fp = 0;
        let fn = 0;
        for (const r of results.filter((x) => x.site.group === group)) {
          const want = expectedFlags(r.site).has(flag);
          const got = r.outcomes[mode]?.record.functions[flag] === true;
          if (want && got) tp++;
          else if (got) fp++;
          else if (want) fn++;
        }
        const p = tp + fp === 0 ? "–" : `${tp}/${tp + fp}`;
        const rc = tp + fn === 0 ? "–" : `${tp}/${tp + fn}`;
        return `${p} / ${rc}`;
      }),
    );
    return [flag, ...cells];
  });
  table(header, rows);
  console.log("\nP = true positives / flags set; R = true positives / flags expected; – = none.");
}

function describe(outcome: ClassificationOutcome | undefined): { purposes: string; operator: string } {
  if (!outcome) return { purposes: "(no outcome)", operator: "(no outcome)" };
  const top = outcome.evidence.purpose
    .slice(0, 3)
    .map((p) => `${p.purpose} ${p.score.toFixed(1)}`)
    .join(", ");
  const op = outcome.evidence.operator;
  return { purposes: top || outcome.record.category.purpose, operator: `"${op.value}" (${op.source})` };
}

function mismatches(site: Site, outcome: ClassificationOutcome | undefined): string[][] {
  const out: string[][] = [];
  const v = verdicts(site, outcome);
  const record = outcome?.record;
  const d = describe(outcome);
  if (!v.purpose) out.push(["purpose", site.expect.purpose, d.purposes]);
  if (!v.operatorNormalized) out.push(["operator", `"${site.expect.operator ?? ""}"`, d.operator]);
  if (!v.parent) {
    out.push(["parent", String(site.expect.parent_entity ?? null), String(record?.identity.parent_entity)]);
  }
  if (v.state === false) out.push(["state", site.expect.state ?? "", String(record?.state)]);
  const want = expectedFlags(site);
  const got = new Set(FUNCTION_FLAGS.filter((f) => record?.functions[f] === true));
  const missing = [...want].filter((f) => !got.has(f as FunctionFlag));
  const extra = [...got].filter((f) => !want.has(f));
  if (missing.length + extra.length > 0) {
    out.push([
      "flags",
      [...want].join(" ") || "(none)",
      [...missing.map((f) => `-${f}`), ...extra.map((f) => `+${f}`)].join(" "),
    ]);
  }
  return out;
}

function mismatchTable(results: Result[]): void {
  const rows: string[][] = [];
  for (const r of results) {
    if (r.error) rows.push([r.site.host, "-", "error", "", r.error]);
    const withLists = mismatches(r.site, r.outcomes.lists);
    const listed = new Set(withLists.map((m) => `${m[0]}|${m[2]}`));
    for (const m of withLists) rows.push([r.site.host, "lists", ...m]);
    for (const m of mismatches(r.site, r.outcomes["crawl-only"])) {
      if (!listed.has(`${m[0]}|${m[2]}`)) rows.push([r.site.host, "crawl-only", ...m]);
    }
  }
  if (rows.length === 0) console.log("No mismatches.");
  else table(["site", "mode", "field", "expected", "got (top purposes / operator source)"], rows);
}

function verboseTable(results: Result[]): void {
  const rows = results.map((r) => {
    const rec = r.outcomes.lists?.record;
    return [
      r.site.host,
      rec?.scraping_status ?? "-",
      rec?.state ?? "-",
      rec?.category.purpose ?? "-",
      rec?.confidence ?? "-",
      rec?.identity.operator ?? "-",
      `${(r.crawlMs / 1000).toFixed(1)} s`,
    ];
  });
  table(["site", "scraping", "state", "purpose", "confidence", "operator", "crawl"], rows);
}

function crawlSummary(results: Result[]): void {
  const times = results
    .filter((r) => r.capture)
    .map((r) => r.crawlMs)
    .sort((a, b) => a - b);
  const byStatus = new Map<string, number>();
  for (const r of results) {
    const status = r.outcomes.lists?.record.scraping_status ?? (r.error ? "error" : "-");
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }
  const statuses = [...byStatus].map(([k, n]) => `${k} ${n}`).join(", ");
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  if (times.length > 0 && (times.at(-1) ?? 0) > 0) {
    console.log(
      `crawl time per site: p50 ${s(percentile(times, 50))}, p95 ${s(percentile(times, 95))}, max ${s(times.at(-1) ?? 0)}`,
    );
  }
  console.log(`scraping_status: ${statuses}`);
}

async function main(): Promise<number> {
  const sites = selectSites();
  if (sites.length === 0) {
    console.error("no site matches the selection (--only / --corpus)");
    return 1;
  }
  const results: Result[] = [];
  const capturesDir = argValues("captures")[0];
  const started = performance.now();
  if (capturesDir) loadCaptures(sites, results, capturesDir);
  else await crawlAll(sites, results, argValues("save-captures")[0]);
  analyzeAll(results);
  results.sort((a, b) =>
    a.site.group !== b.site.group
      ? a.site.group < b.site.group
        ? -1
        : 1
      : a.site.host < b.site.host
        ? -1
        : a.site.host > b.site.host
          ? 1
          : 0,
  );

  console.log(
    `\n## Classification quality (${capturesDir ? `captures from ${capturesDir}` : "live crawl of the test world"}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  crawlSummary(results);
  console.log("");
  accuracyTable(results);
  console.log("\n### Function flags (precision / recall)\n");
  flagTable(results);
  if (argFlag("verbose")) {
    console.log("\n### Sites (with lists)\n");
    verboseTable(results);
  }
  console.log("\n### Mismatches (crawl-only rows only where they differ from the lists run)\n");
  mismatchTable(results);

  const jsonFile = argValues("json")[0];
  if (jsonFile) {
    const dump = results.map((r) => ({
      host: r.site.host,
      group: r.site.group,
      expect: r.site.expect,
      error: r.error,
      crawlMs: Math.round(r.crawlMs),
      outcomes: r.outcomes,
    }));
    writeFileSync(jsonFile, JSON.stringify(dump, null, 2));
    console.log(`\nwrote ${jsonFile}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
