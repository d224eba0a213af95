/**
 * bench/classification-speed: classification latency through the real HTTP API against the test world.
 *
 * The server is started in-process exactly as `domainlens serve` starts it (src/main/serve.ts: API and job
 * worker in one process, ROLE=all, embedded PGlite in a temporary data directory), configured only with
 * the world's environment. An organization with credits and raised rate limits is created through the
 * admin API. Then:
 *
 * 1. Cold classification: POST /v2/domain-classification for BENCH_DOMAINS (50) root domains of the world
 *    (src/world/sites and bench/corpus/classification, spread evenly over the sorted list), BENCH_CONCURRENCY
 *    (5) at a time; each job is polled at GET /v2/domain-classification/jobs/{id} every 100 ms until it is
 *    `complete` or `failed`. Latency is from sending the POST to receiving the poll that says `complete`.
 *    Target: p95 ≤ 3 s. Two other domains are classified first, unmeasured — a JavaScript shell and a
 *    plain site — so that Chromium's lazy launch and the hosting-network table load, one-off costs of a
 *    fresh process, do not land on the first measured jobs.
 * 2. Cache hits: GET /v2/domain-classification/{domain} for the classified domains, BENCH_CACHE_REQUESTS
 *    (400) requests, BENCH_CONCURRENCY at a time; p50 / p99.
 *
 *   npx tsx bench/classification-speed.ts
 *   BENCH_WORKERS=5 npx tsx bench/classification-speed.ts   # WORKER_CONCURRENCY (default: the product's)
 *
 * Exits 0 whether or not the target is met; 1 when the benchmark cannot run (the server does not start,
 * the API refuses the requests, or no job completes).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type RunningServer, serve } from "../src/main/serve.js";
import { BUILTIN_SITES_DIR, startWorld, type World } from "../src/world/index.js";
import { ApiClient, CLASSIFICATION_CORPUS, envInt, percentile, rootSites, table } from "./support.js";

const TARGET_P95_MS = 3_000;
const POLL_MS = 100;
const JOB_TIMEOUT_MS = 60_000;
const OPERATIONS = ["classification.create", "classification.get", "classification.jobs.get"];

interface JobRun {
  domain: string;
  /** POST → complete, in ms; null when the job did not complete. */
  latencyMs: number | null;
  postStatus: number;
  outcome: "complete" | "failed" | "timeout" | "refused" | "cached";
  polls: number;
  detail: string;
}

function hasPurpose(expect: unknown): boolean {
  return typeof expect === "object" && expect !== null && "purpose" in expect;
}

/** A site whose home page is an empty JavaScript mount point: the crawl needs the browser for it. */
function isJsShell(dir: string): boolean {
  try {
    return /<div id="(?:app|root)"[^>]*>\s*<\/div>/.test(readFileSync(path.join(dir, "index.html"), "utf8"));
  } catch {
    return false;
  }
}

/**
 * BENCH_DOMAINS domains spread evenly over the world's sorted root domains, and two left out of them to
 * warm up with: a JavaScript shell (Chromium starts lazily, on the first page that needs it) and a plain
 * site (the first crawl also loads the hosting-network table).
 */
function chooseDomains(count: number): { measured: string[]; warmUp: string[] } {
  const all = [BUILTIN_SITES_DIR, CLASSIFICATION_CORPUS]
    .flatMap((dir) => rootSites(dir).map((s) => ({ ...s, dir: path.join(dir, s.host) })))
    .filter((s) => hasPurpose(s.expect))
    .sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  const shell = all.filter((s) => isJsShell(s.dir)).at(-1)?.host;
  const pool = all.map((s) => s.host).filter((h) => h !== shell);
  const n = Math.min(count, pool.length);
  const picked = new Set(Array.from({ length: n }, (_, i) => pool[Math.floor((i * pool.length) / n)] ?? ""));
  const plain = pool.find((d) => !picked.has(d));
  return {
    measured: pool.filter((d) => picked.has(d)),
    warmUp: [shell, plain].filter((d): d is string => d !== undefined),
  };
}

function field(obj: unknown, name: string): unknown {
  return typeof obj === "object" && obj !== null ? (obj as Record<string, unknown>)[name] : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function classify(api: ApiClient, domain: string): Promise<JobRun> {
  const started = performance.now();
  const posted = await api.call("POST", "/v2/domain-classification", { domain });
  const run: JobRun = {
    domain,
    latencyMs: null,
    postStatus: posted.status,
    outcome: "refused",
    polls: 0,
    detail: "",
  };
  if (posted.status === 200) {
    run.outcome = "cached";
    run.latencyMs = performance.now() - started;
    return run;
  }
  const statusUrl = field(posted.json, "status_url");
  if (posted.status !== 202 || typeof statusUrl !== "string") {
    run.detail = `POST ${posted.status}: ${JSON.stringify(posted.json).slice(0, 160)}`;
    return run;
  }
  while (performance.now() - started < JOB_TIMEOUT_MS) {
    await sleep(POLL_MS);
    const polled = await api.call("GET", statusUrl);
    run.polls++;
    const status = field(polled.json, "status");
    if (status === "complete") {
      run.latencyMs = performance.now() - started;
      run.outcome = "complete";
      const result = field(polled.json, "result");
      run.detail = `${String(field(result, "scraping_status"))} ${String(field(field(result, "category"), "purpose"))}`;
      return run;
    }
    if (status === "failed" || polled.status >= 400) {
      run.outcome = "failed";
      run.detail = JSON.stringify(field(polled.json, "error") ?? polled.json).slice(0, 160);
      return run;
    }
  }
  run.outcome = "timeout";
  return run;
}

async function lanes<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        out.push(await work(item));
      }
    }),
  );
  return out;
}

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "n/a");

async function coldPhase(api: ApiClient, domains: string[], concurrency: number): Promise<JobRun[]> {
  const started = performance.now();
  const runs = await lanes(domains, concurrency, (d) => classify(api, d));
  const wall = performance.now() - started;
  const done = runs
    .filter((r) => r.outcome === "complete")
    .map((r) => r.latencyMs ?? 0)
    .sort((a, b) => a - b);
  const p95 = percentile(done, 95);
  const counts = ["complete", "failed", "timeout", "refused", "cached"]
    .map((o) => `${o} ${runs.filter((r) => r.outcome === o).length}`)
    .join(", ");
  console.log(`\n### POST → complete, ${domains.length} domains, concurrency ${concurrency}\n`);
  table(
    ["jobs", "p50", "p95", "max", "wall clock", `target p95 ≤ ${TARGET_P95_MS / 1000} s`],
    [
      [
        counts,
        ms(percentile(done, 50)),
        ms(p95),
        ms(done.at(-1) ?? Number.NaN),
        `${(wall / 1000).toFixed(1)} s`,
        done.length === 0 ? "n/a" : p95 <= TARGET_P95_MS ? "met" : "not met",
      ],
    ],
  );
  const slowest = [...runs].sort((a, b) => (b.latencyMs ?? Infinity) - (a.latencyMs ?? Infinity)).slice(0, 8);
  console.log("\nSlowest (and unfinished) jobs:\n");
  table(
    ["domain", "outcome", "latency", "polls", "detail"],
    slowest.map((r) => [r.domain, r.outcome, ms(r.latencyMs ?? Number.NaN), String(r.polls), r.detail]),
  );
  return runs;
}

async function cachePhase(
  api: ApiClient,
  domains: string[],
  requests: number,
  concurrency: number,
): Promise<void> {
  if (domains.length === 0) {
    console.log("\nNo classified domain: cache-hit latency not measured.");
    return;
  }
  const order = Array.from({ length: requests }, (_, i) => domains[i % domains.length] ?? "");
  let errors = 0;
  const latencies = await lanes(order, concurrency, async (domain) => {
    const t = performance.now();
    const res = await api.call("GET", `/v2/domain-classification/${encodeURIComponent(domain)}`);
    if (res.status !== 200) errors++;
    return performance.now() - t;
  });
  latencies.sort((a, b) => a - b);
  console.log(`\n### Cache hit: GET /v2/domain-classification/{domain}, concurrency ${concurrency}\n`);
  table(
    ["requests", "non-200", "p50", "p99", "max"],
    [
      [
        String(requests),
        String(errors),
        `${percentile(latencies, 50).toFixed(1)} ms`,
        `${percentile(latencies, 99).toFixed(1)} ms`,
        `${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
      ],
    ],
  );
}

async function admin(base: string, token: string, method: string, url: string, body: unknown) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function main(): Promise<number> {
  const count = envInt("BENCH_DOMAINS", 50, 1, 500);
  const concurrency = envInt("BENCH_CONCURRENCY", 5, 1, 64);
  const cacheRequests = envInt("BENCH_CACHE_REQUESTS", 400, 1, 100_000);
  const workers = process.env.BENCH_WORKERS;
  const { measured, warmUp } = chooseDomains(count);
  const adminToken = randomBytes(24).toString("hex");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dl-bench-classify-"));
  const setup = performance.now();
  let world: World | null = null;
  let server: RunningServer | null = null;
  try {
    world = await startWorld({ sitesDir: CLASSIFICATION_CORPUS });
    server = await serve(
      {
        ...world.env,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        ROLE: "all",
        ADMIN_TOKEN: adminToken,
        LOG_LEVEL: "silent",
        ...(workers ? { WORKER_CONCURRENCY: workers } : {}),
      },
      () => {},
    );
    if (!server.url) throw new Error("the server did not listen");
    const org = await admin(server.url, adminToken, "POST", "/admin/v1/orgs", {
      name: "bench-classification",
      credits_usd: 1000,
    });
    const limits = Object.fromEntries(OPERATIONS.map((op) => [op, 1_000_000]));
    await admin(server.url, adminToken, "PUT", `/admin/v1/orgs/${String(org.org_id)}/limits`, limits);
    const api = new ApiClient(server.url, String(org.api_key));
    const cpus = os.cpus();
    console.log(
      `## Classification speed through the API\n\n` +
        `machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, node ${process.version}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}\n` +
        `server: serve() ROLE=all, PGlite, WORKER_CONCURRENCY ${server.config.WORKER_CONCURRENCY}, ` +
        `BROWSER_POOL_SIZE ${server.config.BROWSER_POOL_SIZE}; world: ${world.sites.length} sites; ` +
        `set-up ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );
    for (const domain of warmUp) {
      const w = await classify(api, domain);
      console.log(
        `warm-up: ${domain} ${w.outcome} in ${ms(w.latencyMs ?? Number.NaN)} (not counted) ${w.detail}`,
      );
      if (w.outcome === "refused") throw new Error(`the API refused the warm-up request: ${w.detail}`);
    }
    const runs = await coldPhase(api, measured, concurrency);
    const classified = runs
      .filter((r) => r.outcome === "complete" || r.outcome === "cached")
      .map((r) => r.domain);
    await cachePhase(api, classified, cacheRequests, concurrency);
    return classified.length > 0 ? 0 : 1;
  } finally {
    await server?.stop();
    await world?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
