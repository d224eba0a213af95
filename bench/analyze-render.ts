/**
 * bench/analyze-render: what rendering a saved page costs `domainlens analyze --html FILE` (no
 * `--screenshot`): each page analysed twice in this process through `runAnalyze`, the CLI's code path —
 * once rendered in headless Chromium with every request refused (the default: Chromium launched, the page
 * drawn, the vision agent on the screenshot), once with `--no-render` (the baseline, text only) — and the
 * per-page wall time of each, with their ratio.
 *
 *   npx tsx bench/analyze-render.ts            # 20 pages of bench/corpus/scan-benign
 *   BENCH_LIMIT=40 npx tsx bench/analyze-render.ts
 *
 * Target (issue 15): with rendering p50 ≤ 3 s per page on this machine; without, unchanged.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { runAnalyze } from "../src/main/analyze.js";
import { envInt, machineLine, repo, table } from "./support.js";

const CORPUS = path.join(repo, "bench/corpus/scan-benign");

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const limit = envInt("BENCH_LIMIT", 20, 1, 275);
  const files = readdirSync(CORPUS)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .slice(0, limit);
  console.log(`# analyze with and without rendering\n\n${machineLine()}\n${files.length} saved pages\n`);
  const rendered: number[] = [];
  const plain: number[] = [];
  let failedRenders = 0;
  // One unmeasured run of each, so module loading and the OCR engine's first start are not counted.
  const first = path.join(CORPUS, files[0] ?? "");
  await runAnalyze({ url: "https://example.com/", html: first, warn: () => undefined });
  await runAnalyze({ url: "https://example.com/", html: first, render: false });
  for (const file of files) {
    const html = path.join(CORPUS, file);
    const url = `https://${file.replace(/\.html$/, "")}.com/`;
    let started = performance.now();
    await runAnalyze({ url, html, warn: () => failedRenders++ });
    rendered.push(performance.now() - started);
    started = performance.now();
    await runAnalyze({ url, html, render: false });
    plain.push(performance.now() - started);
  }
  const ms = (x: number) => `${(x / 1000).toFixed(2)} s`;
  table(
    ["mode", "pages", "p50", "p95", "max"],
    [
      [
        "rendered (default)",
        String(rendered.length),
        ms(percentile(rendered, 0.5)),
        ms(percentile(rendered, 0.95)),
        ms(Math.max(...rendered)),
      ],
      [
        "--no-render (baseline)",
        String(plain.length),
        ms(percentile(plain, 0.5)),
        ms(percentile(plain, 0.95)),
        ms(Math.max(...plain)),
      ],
    ],
  );
  console.log(
    `\nratio of p50s (rendered / baseline): ${(percentile(rendered, 0.5) / Math.max(1, percentile(plain, 0.5))).toFixed(1)}; renders that failed: ${failedRenders}`,
  );
  console.log(`target: rendered p50 ≤ 3 s: ${percentile(rendered, 0.5) <= 3000 ? "met" : "NOT met"}`);
}

await main();
