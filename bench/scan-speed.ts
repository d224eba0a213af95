/**
 * bench/scan-speed: URL scan latency, throughput and memory through the real HTTP API on the test world.
 *
 * The world and the server are started in this process exactly as `domainlens serve` starts them (API and job
 * worker together, ROLE=all, embedded PGlite in a temporary data directory, Chromium from the system),
 * configured only with the world's environment. An organization with credits and raised scan limits is
 * created through the admin API. Then, for each client concurrency (1 and 4 by default):
 *
 * - BENCH_SCANS scans (default: one per world fixture with an `expect.kind`, minus the NXDOMAIN and
 *   unreachable ones, which measure connection timeouts rather than scans) are POSTed to /v1/scans, that
 *   many at a time, each polled at GET /v1/scans/{id} every 250 ms until `completed` or `failed`.
 *   Latency is from sending the POST to receiving the poll that says so (queueing included).
 *   Targets: p50 ≤ 5 s, p95 ≤ 12 s.
 * - Throughput: completed scans per minute of wall clock.
 * - Peak memory, sampled every 200 ms: RSS of this process (API, worker, the world's servers and the
 *   load client together, so an upper bound for a worker) and of Chromium's process tree below it (sum of
 *   VmRSS, which counts pages shared between Chromium processes once per process, and sum of PSS, which
 *   splits them).
 * - CPU: cores used by this process tree and by everything else on the machine during the run (the machine
 *   is shared; other load slows scans down).
 *
 * One scan runs first, unmeasured, so the browser launch and the first OCR/model loads do not land on the
 * first measured scan.
 *
 *   npx tsx bench/scan-speed.ts
 *   npx tsx bench/scan-speed.ts --concurrency 1,2,4
 *   BENCH_WORKERS=4 BENCH_BROWSERS=2 npx tsx bench/scan-speed.ts   # WORKER_CONCURRENCY, BROWSER_POOL_SIZE
 *
 * Exits 0 whether or not the targets are met; 1 when the benchmark cannot run (the server does not start,
 * the API refuses the requests, or no scan completes).
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import {
  argValues,
  envInt,
  field,
  lanes,
  machineLine,
  percentile,
  runScan,
  type ScanFixture,
  type ScanRun,
  scanFixtures,
  startScanBench,
  table,
  treeMemory,
} from "./support.js";

const TARGET_P50_MS = 5_000;
const TARGET_P95_MS = 12_000;
const SAMPLE_MS = 200;
const TICKS_PER_SECOND = 100;

/** CPU time of a process and all its descendants, and of the whole machine, in clock ticks (Linux). */
function cpuTicks(root: number): { tree: number; machine: number } | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
    const t = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system + steal: what processes (and the hypervisor) took.
    const machine = [0, 1, 2, 7].reduce((a, i) => a + (t[i] ?? 0), 0);
    const children = new Map<number, number[]>();
    const own = new Map<number, number>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const ppid = Number(rest[1]);
        // utime, stime, cutime, cstime (fields 14–17 of stat; 12–15 after the command): the children's
        // part counts the processes that already exited (Chromium renderers of closed contexts).
        own.set(
          Number(entry),
          [11, 12, 13, 14].reduce((a, i) => a + Number(rest[i] ?? 0), 0),
        );
        const list = children.get(ppid) ?? [];
        list.push(Number(entry));
        children.set(ppid, list);
      } catch {
        // gone meanwhile
      }
    }
    let tree = 0;
    const queue = [root];
    while (queue.length > 0) {
      const p = queue.pop() as number;
      tree += own.get(p) ?? 0;
      queue.push(...(children.get(p) ?? []));
    }
    return { tree, machine };
  } catch {
    return null;
  }
}

interface Peak {
  selfKb: number;
  browserRssKb: number;
  browserPssKb: number;
  /** Largest this-process + browser RSS seen in one sample. */
  totalKb: number;
  processes: number;
}

function sampleMemory(peak: Peak): void {
  const m = treeMemory();
  peak.selfKb = Math.max(peak.selfKb, m.selfRssKb);
  peak.browserRssKb = Math.max(peak.browserRssKb, m.browserRssKb);
  peak.browserPssKb = Math.max(peak.browserPssKb, m.browserPssKb);
  peak.totalKb = Math.max(peak.totalKb, m.selfRssKb + m.browserRssKb);
  peak.processes = Math.max(peak.processes, m.browserProcesses);
}

const mib = (kb: number) => `${Math.round(kb / 1024)} MiB`;
const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "n/a");

interface Phase {
  concurrency: number;
  runs: ScanRun[];
  /** `duration_ms` of each completed scan's capture (the browser part), read after the phase. */
  captureMs: number[];
  wallMs: number;
  peak: Peak;
  treeCores: number | null;
  otherCores: number | null;
  /** CPU seconds this process tree (Chromium included) spent per completed scan. */
  cpuPerScan: number | null;
}

async function phase(
  api: Parameters<typeof runScan>[0],
  urls: string[],
  concurrency: number,
): Promise<Phase> {
  const peak: Peak = { selfKb: 0, browserRssKb: 0, browserPssKb: 0, totalKb: 0, processes: 0 };
  sampleMemory(peak);
  const timer = setInterval(() => sampleMemory(peak), SAMPLE_MS);
  const cpuBefore = cpuTicks(process.pid);
  const started = performance.now();
  const runs = await lanes(urls, concurrency, (url) =>
    runScan(api, url, { pollMs: 250, timeoutMs: 300_000 }),
  );
  const wallMs = performance.now() - started;
  clearInterval(timer);
  sampleMemory(peak);
  const cpuAfter = cpuTicks(process.pid);
  let treeCores: number | null = null;
  let otherCores: number | null = null;
  if (cpuBefore && cpuAfter && wallMs > 0) {
    const seconds = wallMs / 1000;
    const tree = (cpuAfter.tree - cpuBefore.tree) / TICKS_PER_SECOND;
    const machine = (cpuAfter.machine - cpuBefore.machine) / TICKS_PER_SECOND;
    treeCores = tree / seconds;
    otherCores = Math.max(0, machine - tree) / seconds;
  }
  const completed = runs.filter((r) => r.outcome === "completed").length;
  const cpuPerScan =
    cpuBefore && cpuAfter && completed > 0
      ? (cpuAfter.tree - cpuBefore.tree) / TICKS_PER_SECOND / completed
      : null;
  // The browser's share of each scan, read after the clock stopped.
  const captureMs: number[] = [];
  for (const run of runs) {
    if (run.outcome !== "completed" || !run.scanId) continue;
    const capture = await api.call("GET", `/v1/scans/${run.scanId}/capture`);
    const ms = field(capture.json, "duration_ms");
    if (typeof ms === "number") captureMs.push(ms);
  }
  captureMs.sort((a, b) => a - b);
  return { concurrency, runs, captureMs, wallMs, peak, treeCores, otherCores, cpuPerScan };
}

function report(p: Phase): string[] {
  const done = p.runs
    .filter((r) => r.outcome === "completed")
    .map((r) => r.latencyMs ?? 0)
    .sort((a, b) => a - b);
  const p50 = percentile(done, 50);
  const p95 = percentile(done, 95);
  const others = p.runs.length - done.length;
  const perMinute = p.wallMs > 0 ? (done.length * 60_000) / p.wallMs : 0;
  const met = done.length === 0 ? "n/a" : p50 <= TARGET_P50_MS && p95 <= TARGET_P95_MS ? "met" : "NOT MET";
  return [
    String(p.concurrency),
    `${done.length}${others > 0 ? ` (+${others} not completed)` : ""}`,
    sec(p50),
    sec(p95),
    sec(done.at(-1) ?? Number.NaN),
    `${sec(percentile(p.captureMs, 50))} / ${sec(percentile(p.captureMs, 95))}`,
    `${(p.wallMs / 1000).toFixed(1)} s`,
    perMinute.toFixed(1),
    mib(p.peak.selfKb),
    `${mib(p.peak.browserRssKb)} / ${mib(p.peak.browserPssKb)} (${p.peak.processes} proc)`,
    mib(p.peak.totalKb),
    p.treeCores === null ? "n/a" : `${p.treeCores.toFixed(2)} / ${(p.otherCores ?? 0).toFixed(2)}`,
    p.cpuPerScan === null ? "n/a" : `${p.cpuPerScan.toFixed(2)} s`,
    met,
  ];
}

/**
 * The floor under any scan on this machine, measured in the same run: the CPU that Chromium (through the
 * product's own pool, launch switches and egress proxy) spends on a fresh context whose page stays open for
 * `holdMs` (the median capture time at concurrency 1) and navigates nowhere. Every scan pays at least this
 * for its fresh context; what a page then does comes on top.
 */
async function chromiumFloor(
  worldEnv: Record<string, string>,
  holdMs: number,
  runs: number,
): Promise<{ cpuPerContext: number; holdMs: number } | null> {
  const { loadConfig } = await import("../src/config.js");
  const { createBrowsing } = await import("../src/main/compose.js");
  const { egress, browser } = createBrowsing(loadConfig({ ...worldEnv, DATA_DIR: os.tmpdir() }), 1);
  const hold = () =>
    browser.run((session) => session.page.waitForTimeout(holdMs), { timeoutMs: holdMs + 20_000 });
  try {
    await hold();
    const before = cpuTicks(process.pid);
    for (let i = 0; i < runs; i++) await hold();
    const after = cpuTicks(process.pid);
    if (!before || !after) return null;
    return { cpuPerContext: (after.tree - before.tree) / TICKS_PER_SECOND / runs, holdMs };
  } finally {
    await browser.close();
    await egress.close();
  }
}

function chooseUrls(fixtures: ScanFixture[], count: number): string[] {
  const usable = fixtures.filter((f) => !f.nxdomain && !f.unreachable);
  return Array.from({ length: count }, (_, i) => usable[i % usable.length]?.url ?? "").filter(
    (u) => u !== "",
  );
}

async function main(): Promise<number> {
  const levels = argValues("concurrency").map(Number);
  const concurrencies = levels.length > 0 ? levels : [1, 4];
  for (const c of concurrencies) {
    if (!Number.isInteger(c) || c < 1 || c > 32) throw new Error(`--concurrency: 1 to 32, got ${c}`);
  }
  const env: Record<string, string> = {};
  if (process.env.BENCH_WORKERS) env.WORKER_CONCURRENCY = process.env.BENCH_WORKERS;
  if (process.env.BENCH_BROWSERS) env.BROWSER_POOL_SIZE = process.env.BENCH_BROWSERS;
  const setup = performance.now();
  const bench = await startScanBench({ env });
  try {
    const fixtures = scanFixtures(bench.world.sites);
    const usable = fixtures.filter((f) => !f.nxdomain && !f.unreachable);
    const count = envInt("BENCH_SCANS", usable.length, 1, 10_000);
    const urls = chooseUrls(fixtures, count);
    if (urls.length === 0) throw new Error("no world fixture to scan");
    console.log(
      `# URL scan speed through the API\n\n${machineLine()}\n` +
        `server: serve() ROLE=all, PGlite, WORKER_CONCURRENCY ${bench.server.config.WORKER_CONCURRENCY}, ` +
        `BROWSER_POOL_SIZE ${bench.server.config.BROWSER_POOL_SIZE}; world: ${bench.world.sites.length} sites; ` +
        `${urls.length} scans per concurrency over ${usable.length} fixtures ` +
        `(left out: ${fixtures
          .filter((f) => f.nxdomain || f.unreachable)
          .map((f) => f.host)
          .join(", ")}); set-up ${((performance.now() - setup) / 1000).toFixed(1)} s; ` +
        `${os.cpus().length} CPUs`,
    );
    const warm = await runScan(bench.api, usable[0]?.url ?? urls[0] ?? "", { pollMs: 250 });
    console.log(
      `warm-up: ${warm.url} ${warm.outcome} in ${sec(warm.latencyMs ?? Number.NaN)} (not counted)` +
        (warm.outcome === "completed" ? "" : ` ${JSON.stringify(warm.error)}`),
    );
    if (warm.outcome === "refused")
      throw new Error(`the API refused the warm-up scan: ${JSON.stringify(warm.error)}`);

    const phases: Phase[] = [];
    for (const c of concurrencies) phases.push(await phase(bench.api, urls, c));

    console.log(
      `\n### POST → completed (targets: p50 ≤ ${TARGET_P50_MS / 1000} s, p95 ≤ ${TARGET_P95_MS / 1000} s)\n`,
    );
    table(
      [
        "concurrency",
        "completed",
        "p50",
        "p95",
        "max",
        "capture p50 / p95",
        "wall clock",
        "scans/min",
        "peak RSS node",
        "peak Chromium RSS / PSS",
        "peak node + Chromium RSS",
        "CPU cores bench / other",
        "CPU per scan",
        "targets",
      ],
      phases.map(report),
    );
    console.log(
      "\ncapture: the browser's part of a scan (`duration_ms` of GET /v1/scans/{id}/capture); the rest is " +
        "queueing, analysis (vision and OCR included) and storing. peak RSS node: this process (API + worker + " +
        "the test world + the load client); Chromium: the browser processes below it. CPU: cores used by this " +
        "process tree (Chromium included) / by the rest of the machine.",
    );
    const single = phases.find((p) => p.concurrency === 1) ?? phases[0];
    const hold = Math.round(percentile(single?.captureMs ?? [], 50)) || 2_000;
    const floor = await chromiumFloor(bench.world.env, hold, envInt("BENCH_FLOOR_RUNS", 8, 1, 100));
    const cores = os.cpus().length;
    if (floor) {
      console.log(
        `\n### Baseline: the Chromium floor (same run)\n\nA fresh context whose page stays open ${sec(hold)} ` +
          `(the median capture at concurrency ${single?.concurrency ?? 1}) and loads nothing costs ` +
          `${floor.cpuPerContext.toFixed(2)} CPU s. With ${cores} cores, scans cannot go faster than ` +
          `${((cores * 60) / floor.cpuPerContext).toFixed(1)} per minute on the browser's floor alone.`,
      );
      for (const p of phases) {
        if (p.cpuPerScan === null) continue;
        // Closed loop: c scans in flight share the cores; each takes at least c × CPU per scan / cores.
        const bound = (p.concurrency * p.cpuPerScan) / cores;
        const floorBound = (p.concurrency * floor.cpuPerContext) / cores;
        console.log(
          `- concurrency ${p.concurrency}: ${p.cpuPerScan.toFixed(2)} CPU s per scan (floor ${(
            (100 * floor.cpuPerContext) / p.cpuPerScan
          ).toFixed(0)}% of it) → at least ${sec(bound * 1000)} per scan when ${p.concurrency} share ` +
            `${cores} cores (${sec(floorBound * 1000)} from the floor alone).`,
        );
      }
    }
    for (const p of phases) {
      const slow = [...p.runs]
        .sort((a, b) => (b.latencyMs ?? Number.POSITIVE_INFINITY) - (a.latencyMs ?? Number.POSITIVE_INFINITY))
        .slice(0, 5);
      console.log(`\nSlowest at concurrency ${p.concurrency}:\n`);
      table(
        ["url", "outcome", "latency", "polls", "error"],
        slow.map((r) => [
          r.url,
          r.outcome,
          sec(r.latencyMs ?? Number.NaN),
          String(r.polls),
          r.error ? JSON.stringify(r.error).slice(0, 80) : "",
        ]),
      );
    }
    return phases.some((p) => p.runs.some((r) => r.outcome === "completed")) ? 0 : 1;
  } finally {
    await bench.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
