/**
 * bench/scan-quality: how right URL scans are.
 *
 * 1. Offline, through the code path of `domainlens analyze --url URL --html FILE [--screenshot PNG]`
 *    (a saved page: content and vision agents, no network evidence, nothing fetched):
 *    a. `../shared/data/dev/pages/phishtank_2024-07-05/`: 200 real saved phishing pages and 114 screenshots,
 *       each analysed at the URL its `_manifest.csv` gives (`https://` prefixed when the capture has no
 *       scheme). Detection rate (Malicious or Suspicious; target ≥ 90 %), brand identification rate on the
 *       pages whose URL or text names a brand, threat types, and every miss. Skipped with a message when the
 *       folder is missing (it is never committed and never fetched from).
 *    b. `bench/corpus/scan-benign/`: legitimate pages written for DomainLens (logins, SSO, banks, shops,
 *       checkouts, newsletters, multi-language, obfuscated analytics), analysed at their manifest URL.
 *       False-positive rate (Malicious or Suspicious; target ≤ 2 %) and every false positive.
 *    c. `bench/corpus/scan-phish/`: phishing and scam pages written for DomainLens in batches, each by
 *       someone who saw neither the agents' code nor the dev pages, held out until its first run: detection
 *       per batch (target ≥ 85 % at a batch's first run), threat type and brand against the manifest.
 *    The corpus pages (b, c) are rendered offline as analyze does (one Chromium for the run).
 * 2. Through the HTTP API on the test world: every world fixture with an `expect.kind` POSTed to /v1/scans
 *    and polled until it finished. Threats (phishing, scam, malware) must come back Malicious or Suspicious;
 *    other fixtures must come back with their stated `expect.assessment` (Benign when none is stated).
 *
 *   npx tsx bench/scan-quality.ts                   # everything
 *   npx tsx bench/scan-quality.ts --part offline    # 1 only (no world; Chromium renders the corpus pages)
 *   npx tsx bench/scan-quality.ts --part phishtank|benign|phish   # 1a, 1b or 1c alone
 *   npx tsx bench/scan-quality.ts --part phish --part benign --batch 4 --batch 9   # some batches only
 *   npx tsx bench/scan-quality.ts --part api        # 2 only
 *   npx tsx bench/scan-quality.ts --verbose         # every page's row, not only misses and false positives
 *
 * Knobs (environment): BENCH_LIMIT (analyse only the first N phishing pages), BENCH_CONCURRENCY (scans in
 * flight through the API, default 2), BENCH_DEV_DIR (labelled data folder).
 *
 * Exits 0 whether or not the targets are met; 1 when the benchmark itself cannot run.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Parser } from "htmlparser2";
import type { Browser } from "playwright-core";
import { parse as parseHost } from "tldts";
import { SAVED_RENDER_ARGS } from "../src/engines/browser/saved-render.js";
import { brandRegistry } from "../src/engines/domain/index.js";
import { brandOfPhrase, brandsNamedIn } from "../src/engines/scan/agents/brand-names.js";
import type { ScanReport } from "../src/engines/scan/types.js";
import { runAnalyze } from "../src/main/analyze.js";
import {
  argFlag,
  argValues,
  DEV_DIR,
  envInt,
  field,
  lanes,
  machineLine,
  ratio,
  repo,
  runScan,
  type ScanRun,
  scanFixtures,
  startScanBench,
  table,
} from "./support.js";

const DETECTION_TARGET = 0.9;
const FP_TARGET = 0.02;
const PHISHTANK_DIR = path.join(DEV_DIR, "pages/phishtank_2024-07-05");
const BENIGN_DIR = path.join(repo, "bench/corpus/scan-benign");
const PHISH_DIR = path.join(repo, "bench/corpus/scan-phish");
const PHISH_TARGET = 0.85;
const THREAT_KINDS = new Set(["phishing", "scam", "malware"]);

// ---------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------

/** RFC 4180 CSV (quoted fields, doubled quotes), first row = header. */
function readCsv(file: string): Array<Record<string, string>> {
  const text = readFileSync(file, "utf8");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  const [header, ...body] = rows.filter((r) => r.some((v) => v !== ""));
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? "").trim()])));
}

/** A saved page to analyse offline, with what we know about it. */
interface SavedPage {
  id: string;
  url: string;
  htmlFile: string;
  screenshotFile: string | null;
  /** Benign set: the brand the page legitimately belongs to; phishing set: unused. */
  brand: string | null;
  kind: string;
  /** Benign set: 1 = the pages the agents were tuned with; later batches were each held out at their first run. */
  batch: number;
}

function phishtankPages(limit: number): SavedPage[] {
  const rows = readCsv(path.join(PHISHTANK_DIR, "_manifest.csv"));
  const pages: SavedPage[] = [];
  for (const row of rows) {
    const id = row.id ?? "";
    const htmlFile = path.join(PHISHTANK_DIR, row.html_file || `${id}.html`);
    if (!id || !existsSync(htmlFile)) continue;
    const raw = row.phishtank_url || row.url_as_captured || "";
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
    const shot = row.screenshot_online ? path.join(PHISHTANK_DIR, row.screenshot_online) : null;
    pages.push({
      id,
      url,
      htmlFile,
      screenshotFile: shot && existsSync(shot) ? shot : null,
      brand: null,
      kind: "phishing",
      batch: 0,
    });
  }
  pages.sort((a, b) => (a.id < b.id ? -1 : 1));
  return limit > 0 ? pages.slice(0, limit) : pages;
}

function benignPages(): SavedPage[] {
  const manifest = JSON.parse(readFileSync(path.join(BENIGN_DIR, "manifest.json"), "utf8")) as Array<{
    file: string;
    url: string;
    kind: string;
    brand: string | null;
    batch?: number;
  }>;
  return manifest.map((m) => ({
    id: m.file.replace(/\.html$/, ""),
    url: m.url,
    htmlFile: path.join(BENIGN_DIR, m.file),
    screenshotFile: null,
    brand: m.brand,
    kind: m.kind,
    batch: m.batch ?? 1,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Ground truth for the brand of a phishing page (independent of the agents' own brand matching)
// ---------------------------------------------------------------------------------------------------

/** Title and visible text of saved HTML (script, style, template and noscript contents left out). */
function titleAndText(html: string): { title: string; text: string } {
  let title = "";
  let inTitle = false;
  let skip = 0;
  const parts: string[] = [];
  const hidden = new Set(["script", "style", "noscript", "template", "svg"]);
  const parser = new Parser(
    {
      onopentagname(name) {
        if (hidden.has(name)) skip++;
        if (name === "title") inTitle = true;
      },
      onclosetag(name) {
        if (hidden.has(name)) skip = Math.max(0, skip - 1);
        if (name === "title") inTitle = false;
      },
      ontext(data) {
        if (inTitle) title += data;
        else if (skip === 0) parts.push(data);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.slice(0, 2_000_000));
  parser.end();
  return {
    title: title.replace(/\s+/g, " ").trim(),
    text: parts.join(" ").replace(/\s+/g, " ").trim().slice(0, 200_000),
  };
}

function brandKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Whether the brand a corpus manifest names (as its writer spelled it: "SBI", "SharePoint", "HMRC") is the
 * brand the report detected (as the brand table names it: "State Bank of India", "Microsoft", "GOV.UK"):
 * the same key, or the table's reading of the writer's name.
 */
function sameBrand(expected: string, got: string | null | undefined): boolean {
  if (!got) return false;
  if (brandKey(expected) === brandKey(got)) return true;
  const read = brandOfPhrase(expected)?.brand.name ?? brandsNamedIn(expected, 1)[0]?.brand.name;
  return read !== undefined && brandKey(read) === brandKey(got);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Letters without accents, styled Unicode letters folded (𝙼𝚎𝚝𝚊 → Meta), as lures write brand names. */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "");
}

function wordPattern(form: string, flags: string): RegExp {
  const body = escapeRegExp(form).replace(/\s+/g, "\\s*");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, flags);
}

interface BrandMatcher {
  brand: string;
  /** Distinctive tokens (strong: 5+ letters, not an ordinary word): substrings of a host name. */
  strong: string[];
  /** Other tokens: only a whole label or hyphen-separated word of a host name. */
  other: string[];
  /** Title and text, any case: distinctive tokens, multi-word names, names with `&`, `.` or `+`. */
  anyCase: RegExp[];
  /** Title and text, as written: acronyms of three letters or more (`USPS`, `DHL`). */
  exact: RegExp[];
  /** Title only, as written: other names (`Chase`, `Ledger`, `BT`), ordinary words elsewhere. */
  titleOnly: RegExp[];
}

let matchers: BrandMatcher[] | undefined;

function brandMatchers(): BrandMatcher[] {
  matchers ??= brandRegistry().brands.map((b) => {
    const strong = b.tokens.filter((t) => t.strength === "strong").map((t) => t.text);
    const other = b.tokens.filter((t) => t.strength !== "strong").map((t) => t.text);
    const anyCase = new Set<string>(strong);
    const exact: string[] = [];
    const titleOnly: string[] = [];
    const name = b.name.trim();
    const key = brandKey(name);
    if ((/\s/.test(name) && key.length >= 6) || /[&.+]/.test(name) || strong.includes(key)) anyCase.add(name);
    else if (/^[A-Z]{3,}$/.test(name)) exact.push(name);
    else titleOnly.push(name);
    return {
      brand: b.name,
      strong,
      other,
      anyCase: [...anyCase].map((f) => wordPattern(f, "giu")),
      exact: exact.map((f) => wordPattern(f, "gu")),
      titleOnly: titleOnly.map((f) => wordPattern(f, "gu")),
    };
  });
  return matchers;
}

interface ExpectedBrand {
  brand: string;
  source: "url" | "title" | "text";
}

/** Brands a phishing page's URL names (host labels outside the public or platform suffix), with a score. */
function brandsOfUrl(url: string): Map<string, number> {
  const out = new Map<string, number>();
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return out;
  }
  const parsed = parseHost(host, { allowPrivateDomains: true });
  const labels = [parsed.subdomain, parsed.domainWithoutSuffix].filter((l) => l).join(".");
  const compact = labels.replace(/[^a-z0-9]/g, "");
  const words = new Set(labels.split(/[.\-_]+/));
  for (const m of brandMatchers()) {
    if (m.strong.some((t) => compact.includes(t))) out.set(m.brand, 3);
    else if (m.other.some((t) => words.has(t))) out.set(m.brand, 2);
  }
  return out;
}

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  return (text.match(re) ?? []).length;
}

/**
 * The brand a phishing page impersonates, as far as its URL, title and visible text tell: each brand scores
 * 3 for a distinctive token in the host (2 for another token as a whole word), 3 for its name in the title,
 * 1 for three or more mentions in the text; the highest score wins (URL first on a tie). Null when nothing
 * names a brand of the table.
 */
function expectedBrand(url: string, html: string): ExpectedBrand | null {
  const { title: rawTitle, text: rawText } = titleAndText(html);
  const title = fold(rawTitle);
  const text = fold(rawText);
  const urlScores = brandsOfUrl(url);
  let best: { brand: string; score: number; source: ExpectedBrand["source"] } | null = null;
  for (const m of brandMatchers()) {
    const fromUrl = urlScores.get(m.brand) ?? 0;
    const inTitle = [...m.anyCase, ...m.exact, ...m.titleOnly].some((re) => count(re, title) > 0);
    const mentions = [...m.anyCase, ...m.exact].reduce((n, re) => n + count(re, text), 0);
    const score = fromUrl + (inTitle ? 3 : 0) + (mentions >= 3 ? 1 : 0);
    if (score === 0) continue;
    const source = fromUrl > 0 ? "url" : inTitle ? "title" : "text";
    if (!best || score > best.score || (score === best.score && source === "url" && best.source !== "url")) {
      best = { brand: m.brand, score, source };
    }
  }
  return best ? { brand: best.brand, source: best.source } : null;
}

/**
 * Saved "phishing" pages that hold no phishing content any more: the hosting or CDN took the site down
 * (Cloudflare's phishing interstitial, "Account Suspended"), or the capture got a directory listing, a
 * server's default page, a site builder's placeholder, or an empty document. Reported apart: a detector
 * cannot be expected to find a lure that is not in the page. (Pages whose lure is built by scripts count as
 * phishing content.)
 */
function placeholderReason(html: string): string | null {
  const { title, text } = titleAndText(html);
  const both = `${title} ${text}`;
  if (/Suspected phishing site \| Cloudflare/i.test(title)) return "Cloudflare phishing interstitial";
  if (/^Account Suspended\b/i.test(title)) return "hosting: account suspended";
  if (/^Index of \//.test(title)) return "directory listing";
  if (/Default Page: It works/i.test(title)) return "web server default page";
  if (/This website was created for free in WebWave/i.test(both)) return "site builder placeholder";
  // A page built by its scripts is a lure all the same (the browser would show it); one with neither
  // scripts nor anything to fill in or look at is not.
  if (!/<(form|input|iframe|img|svg|canvas|script)\b/i.test(html) && text.length < 200) return "empty page";
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Offline analysis
// ---------------------------------------------------------------------------------------------------

interface Analysed {
  page: SavedPage;
  report: ScanReport | null;
  error: string | null;
  ms: number;
}

const flagged = (r: ScanReport | null) =>
  r !== null && (r.final_assessment === "Malicious" || r.final_assessment === "Suspicious");

/** `https://evil.example/x` → `hxxps://evil[.]example/x`: printed phishing URLs must not be clickable. */
function defang(url: string): string {
  return url.replace(/^http/i, "hxxp").replace(/\./g, "[.]");
}

function clip(s: string, n: number): string {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
}

const SEVERITY_ORDER = ["Critical", "High", "Medium", "Low", "Informational"];

/** Finding codes with severity initial, most severe first, informational ones left out: `CON-003:H VIS-001:M`. */
function codesOf(findings: ReadonlyArray<{ finding_id: string; severity: string }>, max = 6): string {
  return [...findings]
    .filter((f) => f.severity !== "Informational")
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
    .slice(0, max)
    .map((f) => `${f.finding_id}:${f.severity.slice(0, 1)}`)
    .join(" ");
}

function findingCodes(r: ScanReport | null, max = 6): string {
  return r ? codesOf(r.evidence_findings, max) : "";
}

async function analyseAll(
  pages: SavedPage[],
  label: string,
  browser: Browser | null = null,
): Promise<Analysed[]> {
  const out: Analysed[] = [];
  let i = 0;
  for (const page of pages) {
    i++;
    const started = performance.now();
    try {
      // What `domainlens analyze --url URL --html FILE [--screenshot PNG]` runs (file checks and decoding
      // included), without a process per page.
      // A page without a screenshot is rendered offline when a browser is given (analyze's default).
      const report = await runAnalyze({
        url: page.url,
        html: page.htmlFile,
        screenshot: page.screenshotFile ?? undefined,
        render: browser !== null,
        ...(browser ? { browser } : {}),
        warn: () => undefined,
      });
      out.push({ page, report, error: null, ms: performance.now() - started });
    } catch (err) {
      out.push({
        page,
        report: null,
        error: err instanceof Error ? err.message : String(err),
        ms: performance.now() - started,
      });
    }
    if (i % 20 === 0 || i === pages.length) process.stderr.write(`  ${label}: ${i}/${pages.length}\n`);
  }
  return out;
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

function msStats(results: Analysed[]): string {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return `per page: p50 ${Math.round(p(0.5))} ms, p95 ${Math.round(p(0.95))} ms, max ${Math.round(times.at(-1) ?? 0)} ms`;
}

async function phishingSet(verbose: boolean): Promise<void> {
  console.log("\n## 1a. Saved phishing pages (PhishTank, 2024-07-05), offline\n");
  if (!existsSync(path.join(PHISHTANK_DIR, "_manifest.csv"))) {
    console.log(
      `SKIPPED: ${PHISHTANK_DIR} is missing. The labelled pages live outside the repository ` +
        "(../shared/data/dev, never committed); set BENCH_DEV_DIR to point at another copy.",
    );
    return;
  }
  const pages = phishtankPages(envInt("BENCH_LIMIT", 0, 0, 100_000));
  const withShots = pages.filter((p) => p.screenshotFile).length;
  console.log(`${pages.length} pages (${withShots} with a screenshot), each analysed at its manifest URL.\n`);
  const results = await analyseAll(pages, "phishing");
  const html = new Map(results.map((r) => [r.page.id, readFileSync(r.page.htmlFile, "utf8")]));
  const placeholder = new Map<string, string>();
  for (const r of results) {
    const reason = placeholderReason(html.get(r.page.id) ?? "");
    if (reason) placeholder.set(r.page.id, reason);
  }
  const live = results.filter((r) => !placeholder.has(r.page.id));
  const errors = results.filter((r) => r.error !== null);

  // Brand identification where the URL or the page names a brand (pages with phishing content).
  const branded = live
    .map((r) => ({ r, expected: expectedBrand(r.page.url, html.get(r.page.id) ?? "") }))
    .filter((x): x is { r: Analysed; expected: ExpectedBrand } => x.expected !== null);
  const identified = branded.filter(
    (x) =>
      x.r.report?.site_context?.detected_brand != null &&
      brandKey(x.r.report.site_context.detected_brand) === brandKey(x.expected.brand),
  );
  const detectionRow = (label: string, set: Analysed[]) => {
    const detected = set.filter((r) => flagged(r.report)).length;
    return [
      label,
      String(set.length),
      ratio(detected, set.length),
      String(set.filter((r) => r.report?.final_assessment === "Malicious").length),
      String(set.filter((r) => r.report?.final_assessment === "Suspicious").length),
      String(set.filter((r) => r.error !== null).length),
      set.length === 0 ? "n/a" : detected / set.length >= DETECTION_TARGET ? "PASS" : "FAIL",
    ];
  };
  table(
    [
      "set",
      "pages",
      "detected (Malicious or Suspicious)",
      "Malicious",
      "Suspicious",
      "errors",
      `target ≥ ${DETECTION_TARGET * 100}%`,
    ],
    [
      detectionRow("all saved pages", results),
      detectionRow("pages with phishing content", live),
      detectionRow(
        "  with a screenshot",
        live.filter((r) => r.page.screenshotFile),
      ),
      detectionRow(
        "  without a screenshot",
        live.filter((r) => !r.page.screenshotFile),
      ),
      detectionRow(
        "taken-down / placeholder pages",
        results.filter((r) => placeholder.has(r.page.id)),
      ),
    ],
  );
  console.log(
    `\n${msStats(results)}; with a screenshot: ${msStats(results.filter((r) => r.page.screenshotFile))}`,
  );
  console.log(
    "\nTaken-down / placeholder pages: the saved page holds no lure (signatures in placeholderReason()):\n",
  );
  table(
    ["reason", "pages", "flagged", "ids"],
    countBy([...placeholder.values()], (v) => v).map(([reason, n]) => {
      const ids = results.filter((r) => placeholder.get(r.page.id) === reason);
      return [
        reason,
        String(n),
        String(ids.filter((r) => flagged(r.report)).length),
        ids.map((r) => r.page.id).join(" "),
      ];
    }),
  );
  if (errors.length > 0) {
    console.log(`\n### Errors (${errors.length})\n`);
    table(
      ["id", "error"],
      errors.map((r) => [r.page.id, clip(r.error ?? "", 120)]),
    );
  }

  console.log("\n### Brand identification\n");
  console.log(
    "Pages with phishing content only. Expected brand (see expectedBrand()): brands of the brand table " +
      "(data/brands) score 3 for a distinctive token in the URL's host labels (2 for another token as a whole " +
      "word), 3 for their name in the title, 1 for three or more mentions in the visible text; the highest " +
      "wins. Identified: `site_context.detected_brand` is that brand.\n",
  );
  table(
    ["pages naming a brand", "by URL", "by title", "by text", "brand identified", "detected among them"],
    [
      [
        String(branded.length),
        String(branded.filter((x) => x.expected.source === "url").length),
        String(branded.filter((x) => x.expected.source === "title").length),
        String(branded.filter((x) => x.expected.source === "text").length),
        ratio(identified.length, branded.length),
        ratio(branded.filter((x) => flagged(x.r.report)).length, branded.length),
      ],
    ],
  );
  console.log("\nBy expected brand:\n");
  table(
    ["expected brand", "pages", "identified", "detected", "detected_brand given instead"],
    countBy(branded, (x) => x.expected.brand).map(([brand, n]) => {
      const of = branded.filter((x) => x.expected.brand === brand);
      const wrong = countBy(
        of.filter((x) => !identified.includes(x)),
        (x) => x.r.report?.site_context?.detected_brand ?? "(none)",
      )
        .map(([b, c]) => `${b} ×${c}`)
        .join(", ");
      return [
        brand,
        String(n),
        String(of.filter((x) => identified.includes(x)).length),
        String(of.filter((x) => flagged(x.r.report)).length),
        wrong,
      ];
    }),
  );

  console.log("\n### Threat types\n");
  table(
    ["final_assessment", "threat_type", "pages"],
    countBy(
      results,
      (r) => `${r.report?.final_assessment ?? "error"}\t${r.report?.threat_type ?? r.error ?? ""}`,
    ).map(([k, n]) => {
      const [a, t] = k.split("\t");
      return [a ?? "", clip(t ?? "", 60), String(n)];
    }),
  );
  console.log("\nMost frequent findings on the phishing pages:\n");
  table(
    ["finding", "pages"],
    countBy(
      results.flatMap((r) => [...new Set((r.report?.evidence_findings ?? []).map((f) => f.finding_id))]),
      (id) => id,
    )
      .slice(0, 15)
      .map(([id, n]) => [id, String(n)]),
  );

  const misses = live.filter((r) => !flagged(r.report));
  console.log(
    `\n### Misses on pages with phishing content (${misses.length}): not Malicious or Suspicious\n`,
  );
  const missRows = (list: Analysed[]) =>
    list.map((r) => [
      r.page.id,
      clip(defang(r.page.url), 60),
      r.page.screenshotFile ? "yes" : "",
      r.report?.final_assessment ?? "error",
      String(r.report?.confidence_score ?? ""),
      r.report?.site_context?.detected_brand ?? "",
      clip(r.report?.site_context?.page_title ?? titleAndText(html.get(r.page.id) ?? "").title, 40),
      placeholder.get(r.page.id) ?? "",
      r.error ? clip(r.error, 60) : findingCodes(r.report),
    ]);
  const missHeader = [
    "id",
    "url (defanged)",
    "shot",
    "got",
    "conf",
    "brand",
    "title",
    "placeholder",
    "findings",
  ];
  if (misses.length > 0) table(missHeader, missRows(misses));
  const unidentified = branded.filter((x) => !identified.includes(x) && flagged(x.r.report));
  if (unidentified.length > 0) {
    console.log(`\n### Detected, but the brand was not identified (${unidentified.length})\n`);
    table(
      ["id", "url (defanged)", "expected", "from", "detected_brand", "got"],
      unidentified.map((x) => [
        x.r.page.id,
        clip(defang(x.r.page.url), 60),
        x.expected.brand,
        x.expected.source,
        x.r.report?.site_context?.detected_brand ?? "(none)",
        x.r.report?.final_assessment ?? "",
      ]),
    );
  }
  if (verbose) {
    console.log("\n### Every page\n");
    table(missHeader, missRows(results));
  }
}

/**
 * The Chromium the corpus pages are rendered in: each page written for DomainLens (benign and phishing) is
 * analysed as `domainlens analyze --url URL --html FILE` does by default — rendered offline at its URL with
 * every request refused (the pages are self-contained), the screenshot (1280 × 800) for the vision agent
 * and the document the page's scripts leave for the content agent. One browser for the whole run, a fresh
 * context per page. Null (pages analysed from their markup, no screenshot) when Chromium is missing or
 * `--no-render` is given.
 */
async function corpusBrowser(): Promise<Browser | null> {
  if (argFlag("no-render")) return null;
  const { findChromium } = await import("../src/engines/browser/index.js");
  let executablePath: string;
  try {
    executablePath = findChromium({ override: process.env.CHROMIUM_PATH });
  } catch {
    console.log("Chromium not found: corpus pages are analysed from their markup, without screenshots.\n");
    return null;
  }
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath, args: SAVED_RENDER_ARGS });
}

/** The benign batches present, in order; the newest is the held-out one. */
function batchesOf(results: readonly Analysed[]): number[] {
  return [...new Set(results.map((r) => r.page.batch))].sort((a, b) => a - b);
}

/** What each kind of page in the phishing corpus should be labelled (`threat_type`). */
const EXPECTED_THREAT: Record<string, string> = {
  credential: "Phishing / Credential Theft",
  payment: "Phishing / Payment Card Theft",
  giveaway: "Scam / Fake Giveaway",
  generator: "Scam / Fake Generator",
  invite: "Scam / Invitation or Dating Lure",
  "tech-support": "Scam / Tech Support",
  "fake-shop": "Scam / Fraudulent E-commerce",
  "crypto-drainer": "Crypto Drainer / Wallet Phishing",
  "cloned-decoy": "Cloned Site",
};

/** `--batch N` (repeatable): only those batches of the written corpora, e.g. a new batch's first run. */
function onlyBatches(pages: SavedPage[]): SavedPage[] {
  const wanted = argValues("batch").map(Number);
  return wanted.length === 0 ? pages : pages.filter((p) => wanted.includes(p.batch));
}

function phishCorpusPages(): SavedPage[] {
  const file = path.join(PHISH_DIR, "manifest.json");
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Array<{
    file: string;
    url: string;
    kind: string;
    brand: string | null;
    batch: number;
  }>;
  return manifest.map((m) => ({
    id: m.file.replace(/\.html$/, ""),
    url: m.url,
    htmlFile: path.join(PHISH_DIR, m.file),
    screenshotFile: null,
    brand: m.brand,
    kind: m.kind,
    batch: m.batch,
  }));
}

async function phishCorpusSet(verbose: boolean, browser: Browser | null): Promise<void> {
  console.log("\n## 1c. Phishing and scam pages written for DomainLens (bench/corpus/scan-phish), offline\n");
  const pages = onlyBatches(phishCorpusPages());
  if (pages.length === 0) {
    console.log("SKIPPED: bench/corpus/scan-phish/manifest.json is missing.");
    return;
  }
  console.log(
    `${pages.length} pages, ${browser ? "each rendered offline (every request refused) as analyze does" : "analysed from their markup (--no-render)"}.\n`,
  );
  const results = await analyseAll(pages, "phish corpus", browser);
  const detectedIn = (set: Analysed[]) => set.filter((r) => flagged(r.report)).length;
  const typed = (set: Analysed[]) =>
    set.filter(
      (r) =>
        EXPECTED_THREAT[r.page.kind] === undefined || r.report?.threat_type === EXPECTED_THREAT[r.page.kind],
    ).length;
  const branded = (set: Analysed[]) => set.filter((r) => r.page.brand !== null);
  const brandRight = (set: Analysed[]) =>
    branded(set).filter((r) => sameBrand(r.page.brand ?? "", r.report?.site_context?.detected_brand)).length;
  const row = (label: string, set: Analysed[]) => [
    label,
    String(set.length),
    ratio(detectedIn(set), set.length),
    String(set.filter((r) => r.report?.final_assessment === "Malicious").length),
    String(set.filter((r) => r.report?.final_assessment === "Suspicious").length),
    ratio(typed(set), set.length),
    ratio(brandRight(set), branded(set).length),
    set.length === 0 ? "n/a" : detectedIn(set) / set.length >= PHISH_TARGET ? "PASS" : "FAIL",
  ];
  table(
    [
      "set",
      "pages",
      "detected (Malicious or Suspicious)",
      "Malicious",
      "Suspicious",
      "threat type as expected",
      "brand identified",
      `target ≥ ${PHISH_TARGET * 100}%`,
    ],
    [
      row("all", results),
      ...batchesOf(results).map((b) =>
        row(
          `batch ${b}`,
          results.filter((r) => r.page.batch === b),
        ),
      ),
    ],
  );
  console.log(`\n${msStats(results)}`);
  console.log("\nBy kind of page:\n");
  table(
    ["kind", "pages", "detected", "expected threat_type", "threat types given"],
    countBy(results, (r) => r.page.kind).map(([kind]) => {
      const set = results.filter((r) => r.page.kind === kind);
      return [
        kind,
        String(set.length),
        String(detectedIn(set)),
        EXPECTED_THREAT[kind] ?? "(any)",
        countBy(set, (r) => r.report?.threat_type ?? "error")
          .map(([t, n]) => `${t} ${n}`)
          .join("; "),
      ];
    }),
  );
  const rows = (list: Analysed[]) =>
    list.map((r) => [
      r.page.id,
      clip(defang(r.page.url), 60),
      `${r.page.kind} (${r.page.batch})`,
      r.report?.final_assessment ?? "error",
      clip(r.report?.threat_type ?? "", 30),
      `${r.page.brand ?? "-"} / ${r.report?.site_context?.detected_brand ?? "-"}`,
      r.error ? clip(r.error, 60) : findingCodes(r.report),
    ]);
  const header = ["page", "url", "kind (batch)", "got", "threat_type", "brand exp/got", "findings"];
  const misses = results.filter((r) => !flagged(r.report));
  console.log(`\n### Misses (${misses.length})\n`);
  if (misses.length > 0) table(header, rows(misses));
  const wrongType = results.filter(
    (r) =>
      flagged(r.report) &&
      EXPECTED_THREAT[r.page.kind] !== undefined &&
      r.report?.threat_type !== EXPECTED_THREAT[r.page.kind],
  );
  console.log(`\n### Detected with another threat type than expected (${wrongType.length})\n`);
  if (wrongType.length > 0) table(header, rows(wrongType));
  const wrongBrand = branded(results).filter(
    (r) => !sameBrand(r.page.brand ?? "", r.report?.site_context?.detected_brand),
  );
  console.log(`\n### Brand not identified (${wrongBrand.length})\n`);
  if (wrongBrand.length > 0) table(header, rows(wrongBrand));
  if (verbose) {
    console.log("\n### Every page\n");
    table(header, rows(results));
  }
}

async function benignSet(verbose: boolean, browser: Browser | null): Promise<void> {
  console.log("\n## 1b. Benign pages (bench/corpus/scan-benign), offline\n");
  const pages = onlyBatches(benignPages());
  console.log(
    `${pages.length} pages, ${browser ? "each rendered offline (every request refused) as analyze does" : "analysed from their markup (--no-render)"}.\n`,
  );
  const results = await analyseAll(pages, "benign", browser);
  const fps = results.filter((r) => flagged(r.report));
  const errors = results.filter((r) => r.error !== null);
  const fpRow = (label: string, set: Analysed[]) => {
    const n = set.filter((r) => flagged(r.report)).length;
    return [
      label,
      String(set.length),
      ratio(n, set.length),
      String(set.filter((r) => r.report?.final_assessment === "Malicious").length),
      String(set.filter((r) => r.report?.final_assessment === "Suspicious").length),
      String(set.filter((r) => r.report?.final_assessment === "Unknown").length),
      String(set.filter((r) => r.error !== null).length),
      set.length === 0 ? "n/a" : n / set.length <= FP_TARGET ? "PASS" : "FAIL",
    ];
  };
  table(
    [
      "set",
      "pages",
      "false positives (Malicious or Suspicious)",
      "Malicious",
      "Suspicious",
      "Unknown",
      "errors",
      `target ≤ ${FP_TARGET * 100}%`,
    ],
    [
      fpRow("all benign pages", results),
      ...batchesOf(results).map((batch, i, all) =>
        fpRow(
          batch === 1
            ? "batch 1 (seen while the agents were tuned)"
            : i === all.length - 1
              ? `batch ${batch} (the newest, written without access to the agents; held out until its first run)`
              : `batch ${batch} (held out at its first run, seen since)`,
          results.filter((r) => r.page.batch === batch),
        ),
      ),
    ],
  );
  console.log(`\n${msStats(results)}`);
  console.log("\nBy kind of page:\n");
  table(
    ["kind", "pages", "flagged"],
    countBy(results, (r) => r.page.kind).map(([kind, n]) => [
      kind,
      String(n),
      String(results.filter((r) => r.page.kind === kind && flagged(r.report)).length),
    ]),
  );
  const owned = results.filter((r) => r.page.brand !== null);
  const ownedRight = owned.filter(
    (r) => brandKey(r.report?.site_context?.detected_brand ?? "") === brandKey(r.page.brand ?? ""),
  );
  console.log(
    `\nBrand pages on the brand's own domain: detected_brand is the page's brand on ${ratio(ownedRight.length, owned.length)}.`,
  );
  const rows = (list: Analysed[]) =>
    list.map((r) => [
      r.page.id,
      clip(r.page.url, 60),
      `${r.page.kind} (${r.page.batch})`,
      r.report?.final_assessment ?? "error",
      clip(r.report?.threat_type ?? "", 30),
      String(r.report?.confidence_score ?? ""),
      r.report?.site_context?.detected_brand ?? "",
      r.error ? clip(r.error, 60) : findingCodes(r.report),
    ]);
  const header = ["page", "url", "kind (batch)", "got", "threat_type", "conf", "brand", "findings"];
  console.log(`\n### False positives (${fps.length})\n`);
  if (fps.length > 0) {
    table(header, rows(fps));
    console.log("");
    for (const r of fps) {
      console.log(`- ${r.page.id}: ${clip(r.report?.executive_summary ?? "", 400)}`);
      for (const f of r.report?.evidence_findings ?? []) {
        if (f.severity === "Informational") continue;
        console.log(
          `    - ${f.finding_id} ${f.severity}: ${clip(f.description, 120)} — ${clip(f.details, 160)}`,
        );
      }
    }
  }
  if (errors.length > 0) {
    console.log(`\n### Errors (${errors.length})\n`);
    table(header, rows(errors));
  }
  if (verbose) {
    console.log("\n### Every page\n");
    table(header, rows(results));
  }
}

// ---------------------------------------------------------------------------------------------------
// Through the API on the test world
// ---------------------------------------------------------------------------------------------------

function isRight(kind: string, expected: string | null, got: string | null): boolean {
  if (got === null) return false;
  if (THREAT_KINDS.has(kind)) return got === "Malicious" || got === "Suspicious";
  return got === (expected ?? "Benign");
}

async function apiSet(): Promise<number> {
  console.log("\n## 2. World fixtures through the API (POST /v1/scans, polled to completion)\n");
  const concurrency = envInt("BENCH_CONCURRENCY", 2, 1, 16);
  const setup = performance.now();
  const bench = await startScanBench();
  try {
    const fixtures = scanFixtures(bench.world.sites);
    console.log(
      `${machineLine()}\nserver: serve() ROLE=all, PGlite, WORKER_CONCURRENCY ${bench.server.config.WORKER_CONCURRENCY}, ` +
        `BROWSER_POOL_SIZE ${bench.server.config.BROWSER_POOL_SIZE}; ${fixtures.length} fixtures with expect.kind, ` +
        `${concurrency} in flight; set-up ${((performance.now() - setup) / 1000).toFixed(1)} s\n` +
        "Rule: phishing/scam/malware must be Malicious or Suspicious; every other fixture its expect.assessment " +
        "(Benign when none is stated).\n",
    );
    const started = performance.now();
    const runs = new Map<string, ScanRun>();
    await lanes(fixtures, concurrency, async (f) => {
      runs.set(f.host, await runScan(bench.api, f.url));
    });
    const wall = performance.now() - started;
    let right = 0;
    const rows = fixtures.map((f) => {
      const run = runs.get(f.host);
      const report = run?.report ?? null;
      const got = run?.outcome === "completed" ? String(field(report, "final_assessment") ?? "") : null;
      const ok = isRight(f.kind, f.assessment, got);
      if (ok) right++;
      const context = field(report, "site_context");
      const findings = field(report, "evidence_findings");
      const codes = Array.isArray(findings)
        ? codesOf(
            findings.map((x: unknown) => ({
              finding_id: String(field(x, "finding_id")),
              severity: String(field(x, "severity")),
            })),
          )
        : "";
      const expected = THREAT_KINDS.has(f.kind) ? "Malicious/Suspicious" : (f.assessment ?? "Benign");
      return [
        f.host,
        f.kind,
        expected,
        got ?? `${run?.outcome ?? "not run"} ${clip(JSON.stringify(run?.error ?? ""), 50)}`,
        clip(String(field(report, "threat_type") ?? ""), 28),
        String(field(report, "confidence_score") ?? ""),
        `${f.brand ?? "-"} / ${String(field(context, "detected_brand") ?? "-")}`,
        run?.latencyMs != null ? `${(run.latencyMs / 1000).toFixed(1)} s` : "",
        ok ? "yes" : "NO",
        codes,
      ];
    });
    table(
      [
        "fixture",
        "kind",
        "expected",
        "got",
        "threat_type",
        "conf",
        "brand exp/got",
        "time",
        "right",
        "findings",
      ],
      rows,
    );
    console.log(
      `\nright: ${ratio(right, fixtures.length)} (target: every one); wall clock ${(wall / 1000).toFixed(1)} s`,
    );
    const wrong = rows.filter((r) => r[8] === "NO");
    if (wrong.length > 0) console.log(`wrong: ${wrong.map((r) => r[0]).join(", ")}`);
    return [...runs.values()].some((r) => r.outcome === "completed") ? 0 : 1;
  } finally {
    await bench.stop();
  }
}

async function main(): Promise<number> {
  const parts = argValues("part");
  const want = (p: string) => parts.length === 0 || parts.includes(p);
  const verbose = argFlag("verbose");
  console.log(`# URL scan quality\n\n${machineLine()}`);
  let code = 0;
  if (want("offline") || want("phishtank")) await phishingSet(verbose);
  if (want("offline") || want("benign") || want("phish")) {
    const browser = await corpusBrowser();
    try {
      if (want("offline") || want("phish")) await phishCorpusSet(verbose, browser);
      if (want("offline") || want("benign")) await benignSet(verbose, browser);
    } finally {
      await browser?.close();
    }
  }
  if (want("api")) code = await apiSet();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
