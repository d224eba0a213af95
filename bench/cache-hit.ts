/**
 * bench/cache-hit: throughput and latency of a charged classification cache hit
 * (GET /v2/domain-classification/{domain}, authenticated, rate limited, billed) against a bare Fastify
 * hello-world on the same machine, measured alternately with the same load settings.
 *
 *   npx tsx bench/cache-hit.ts                                   # PGlite + in-memory rate limits
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   REDIS_URL=redis://127.0.0.1:6379/3 npx tsx bench/cache-hit.ts # Postgres + Redis
 *
 * Knobs (environment): BENCH_CONNECTIONS (16), BENCH_SECONDS per target (10), BENCH_ROUNDS (5),
 * BENCH_WARMUP_SECONDS per target (3), CHARGE_JOURNAL_SYNC (the product's setting, default interval), BENCH_CPU_PROFILE (a directory: writes a V8 CPU profile of the
 * server process during each measured run, for chrome://inspect or speedscope).
 *
 * The load generator (autocannon) runs in a child process, so it never shares an event loop with the
 * servers. Each run sends a fixed number of requests sized from the previous run's rate, so every request
 * sent gets its response (autocannon drops in-flight requests when a timed run ends), which lets billing be
 * reconciled exactly: debits in the ledger × $0.001 = the balance drop = the 2xx responses received.
 * Exits 1 when billing does not reconcile or a run fails; exits 0 otherwise, targets met or not.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/http/app.js";
import type { Services } from "../src/http/services.js";
import { closeServices, createServices } from "../src/main/compose.js";
import { ChargeJournal } from "../src/platform/billing/journal/index.js";
import { PRICES } from "../src/platform/billing/prices.js";
import { type Database, openDatabase } from "../src/platform/db/database.js";
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "../src/platform/ratelimit/index.js";
import { sampleClassification } from "../test/support/app.js";
import { envInt } from "./support.js";

const TARGET_RATIO = 0.35;
const TARGET_P99_MS = 25;
const DOMAIN = "github.com";
const OPERATION = "classification.get";
const CREDITS_USD = 100_000;
/** Longest the whole benchmark may take before it gives up. */
const OVERALL_TIMEOUT_MS = 10 * 60_000;

interface RunRequest {
  type: "run";
  url: string;
  headers: Record<string, string>;
  connections: number;
  amount: number;
}

interface RunResult {
  type: "result";
  /** Responses received, by status class. */
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** From the first request sent to the last response received. */
  elapsedMs: number;
  /** Latency of every response, in ms. */
  latencies: number[];
  /** CPU time of the load client (user + system) during the run, in µs. */
  clientCpuUs: number;
  /** CPU time of the server process (user + system) during the run, in µs; set by the coordinator. */
  serverCpuUs?: number;
  /** CPU time used on the machine by every other process during the run, in µs (Linux only). */
  otherCpuUs?: number;
}

interface RunFailure {
  type: "failure";
  message: string;
}

type ClientMessage = RunResult | RunFailure;

// ---------------------------------------------------------------------------------------------------
// Load client (child process)
// ---------------------------------------------------------------------------------------------------

function runLoad(req: RunRequest): Promise<ClientMessage> {
  return new Promise((resolve) => {
    const latencies: number[] = [];
    let ok2xx = 0;
    let non2xx = 0;
    let lastResponseAt = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const instance = autocannon(
      {
        url: req.url,
        headers: req.headers,
        connections: req.connections,
        pipelining: 1,
        amount: req.amount,
        timeout: 10,
        // Results are taken from the response events below.
        sampleInt: 100,
      },
      (err, result) => {
        if (err) {
          resolve({ type: "failure", message: err instanceof Error ? err.message : String(err) });
          return;
        }
        const cpu = process.cpuUsage(cpuBefore);
        resolve({
          type: "result",
          clientCpuUs: cpu.user + cpu.system,
          ok2xx,
          non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          elapsedMs: lastResponseAt - started,
          latencies,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      lastResponseAt = performance.now();
      latencies.push(responseTime);
      if (statusCode >= 200 && statusCode < 300) ok2xx++;
      else non2xx++;
    });
  });
}

function loadClientMain(): void {
  process.on("message", (msg: RunRequest) => {
    void runLoad(msg).then((out) => process.send?.(out));
  });
  process.on("disconnect", () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------
// Coordinator (parent process)
// ---------------------------------------------------------------------------------------------------

class LoadClient {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), ["--load-client"], {
      execArgv: process.execArgv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
  }

  run(req: Omit<RunRequest, "type">, timeoutMs: number): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`a load run did not finish within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const onMessage = (msg: ClientMessage) => {
        cleanup();
        if (msg.type === "failure") reject(new Error(`load client: ${msg.message}`));
        else resolve(msg);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`load client exited (${code})`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.child.off("message", onMessage);
        this.child.off("exit", onExit);
      };
      this.child.on("message", onMessage);
      this.child.on("exit", onExit);
      this.child.send({ type: "run", ...req } satisfies RunRequest);
    });
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** CPU time used by the whole machine since boot, in µs, from /proc/stat; null where unavailable. */
function machineBusyUs(): number | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: processes' time plus time taken by the hypervisor
    // (steal); interrupt time is left out, as loopback networking of the benchmark itself lands there.
    const busy = [0, 1, 2, 7].reduce((a, i) => a + (ticks[i] ?? 0), 0);
    return Number.isFinite(busy) ? (busy * 1_000_000) / 100 : null;
  } catch {
    return null;
  }
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Latest measured requests per second, used to size the next run. */
  rate: number;
  measured: RunResult[];
  /** 2xx responses received over every run (warm-up included). */
  total2xx: number;
  totalNon2xx: number;
  totalErrors: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Server CPU time per request, in µs. */
  cpuPerRequest: number;
  /** CPU used by other processes during the runs, in cores (1 = one core fully busy). */
  otherCores: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? Number.NaN;
}

function figuresOf(runs: RunResult[]): Figures {
  const requests = runs.reduce((n, r) => n + r.ok2xx + r.non2xx, 0);
  const elapsed = runs.reduce((n, r) => n + r.elapsedMs, 0);
  const cpu = runs.reduce((n, r) => n + (r.serverCpuUs ?? 0), 0);
  const other = runs.reduce((n, r) => n + (r.otherCpuUs ?? 0), 0);
  const all = new Float64Array(requests);
  let i = 0;
  for (const r of runs) for (const l of r.latencies) all[i++] = l;
  all.sort();
  return {
    rps: elapsed > 0 ? (requests * 1000) / elapsed : 0,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests,
    cpuPerRequest: requests > 0 ? cpu / requests : 0,
    otherCores: elapsed > 0 ? other / (elapsed * 1000) : 0,
  };
}

async function runOnce(
  client: LoadClient,
  target: Target,
  connections: number,
  seconds: number,
  measured: boolean,
): Promise<RunResult> {
  const amount = Math.max(connections * 10, Math.round(target.rate * seconds));
  // Generous: a run sized for `seconds` at the last rate may meet a slower server.
  const timeoutMs = seconds * 6_000 + 15_000;
  const cpuBefore = process.cpuUsage();
  const machineBefore = machineBusyUs();
  const result = await client.run(
    { url: target.url, headers: target.headers, connections, amount },
    timeoutMs,
  );
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = machineBusyUs();
  result.serverCpuUs = cpu.user + cpu.system;
  if (machineBefore !== null && machineAfter !== null) {
    result.otherCpuUs = Math.max(0, machineAfter - machineBefore - result.serverCpuUs - result.clientCpuUs);
  }
  const count = result.ok2xx + result.non2xx;
  if (result.elapsedMs > 0 && count > 0) target.rate = (count * 1000) / result.elapsedMs;
  target.total2xx += result.ok2xx;
  target.totalNon2xx += result.non2xx;
  target.totalErrors += result.errors + result.timeouts;
  if (measured) target.measured.push(result);
  return result;
}

async function warmUp(client: LoadClient, target: Target, connections: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  // Short runs, each sized to about half a second at the last rate; bounded in number.
  for (let i = 0; i < 40 && performance.now() < until; i++) {
    await runOnce(client, target, connections, 0.5, false);
  }
}

interface Backend {
  label: string;
  database: Database;
  limiter: RateLimiter;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function withPgAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}

async function openBackend(): Promise<Backend> {
  const suffix = randomBytes(6).toString("hex");
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const limiter = redisUrl
    ? createRedisRateLimiter(redisUrl, { keyPrefix: `dl:bench:${suffix}:` })
    : createMemoryRateLimiter();
  const env: Record<string, string> = {};
  if (redisUrl) env.REDIS_URL = redisUrl;
  if (adminUrl) {
    const name = `dl_bench_${suffix}`;
    await withPgAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    const tmp = mkdtempSync(path.join(os.tmpdir(), "dl-bench-"));
    // The charge journal's directory.
    env.DATA_DIR = tmp;
    const config = loadConfig(env);
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmp,
      poolSize: config.DB_POOL_SIZE,
    });
    return {
      label: redisUrl ? "postgres+redis" : "postgres+memory",
      database,
      limiter,
      env,
      cleanup: async () => {
        await withPgAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        rmSync(tmp, { recursive: true, force: true });
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dl-bench-"));
  env.DATA_DIR = dataDir;
  const database = await openDatabase({ dataDir });
  return {
    label: redisUrl ? "pglite+redis" : "pglite",
    database,
    limiter,
    env,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function adminCall(base: string, token: string, method: string, url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function billingState(services: Services, orgId: string) {
  const db = services.database.db;
  const org = await db
    .selectFrom("organizations")
    .select("balance_micros")
    .where("id", "=", orgId)
    .executeTakeFirstOrThrow();
  const debits = await db
    .selectFrom("ledger")
    .select([
      sql<number>`count(*)::int8`.as("n"),
      sql<number>`coalesce(-sum(amount_micros), 0)::int8`.as("micros"),
    ])
    .where("org_id", "=", orgId)
    .where("kind", "=", "debit")
    .where("operation", "=", OPERATION)
    .executeTakeFirstOrThrow();
  const usage = await db
    .selectFrom("usage_counters")
    .select(sql<number>`coalesce(sum(calls), 0)::int8`.as("calls"))
    .where("org_id", "=", orgId)
    .where("operation", "=", OPERATION)
    .executeTakeFirstOrThrow();
  return {
    balance: Number(org.balance_micros),
    debits: Number(debits.n),
    debitMicros: Number(debits.micros),
    usageCalls: Number(usage.calls),
  };
}

function fmt(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "n/a";
}

/** The charge journal's counters: the process measured serves the API, so it records hits in the journal. */
function journalStats(services: Services): ChargeJournal["stats"] {
  if (!(services.charges instanceof ChargeJournal))
    throw new Error("the cache hits are not charged by the journal");
  return services.charges.stats;
}

async function main(): Promise<number> {
  const connections = envInt("BENCH_CONNECTIONS", 16, 1, 256);
  const seconds = envInt("BENCH_SECONDS", 10, 1, 120);
  const rounds = envInt("BENCH_ROUNDS", 5, 1, 20);
  const warmupSeconds = envInt("BENCH_WARMUP_SECONDS", 3, 0, 60);
  const adminToken = randomBytes(24).toString("hex");

  const backend = await openBackend();
  const config = loadConfig({
    ...backend.env,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: "silent",
    CHARGE_JOURNAL_SYNC: process.env.CHARGE_JOURNAL_SYNC,
  });
  const services = createServices(config, backend.database, backend.limiter);
  services.usage.start();
  let app: FastifyInstance | null = null;
  let hello: FastifyInstance | null = null;
  const client = new LoadClient();
  try {
    app = await buildApp(services);
    const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    hello = Fastify({ logger: false });
    hello.get("/", async () => ({ hello: "world" }));
    const helloUrl = await hello.listen({ port: 0, host: "127.0.0.1" });

    // An organization with credits and a raised limit, through the admin API.
    const org = await adminCall(appUrl, adminToken, "POST", "/admin/v1/orgs", {
      name: "bench",
      credits_usd: CREDITS_USD,
    });
    const orgId = String(org.org_id);
    const apiKey = String(org.api_key);
    await adminCall(appUrl, adminToken, "PUT", `/admin/v1/orgs/${orgId}/limits`, { [OPERATION]: 1_000_000 });
    await services.classification.put(sampleClassification(DOMAIN));

    // One checked request: 200, the classification, the rate limit headers.
    const route = `/v2/domain-classification/${DOMAIN}`;
    const probe = await fetch(`${appUrl}${route}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const probeBody = (await probe.json()) as { domain?: string };
    if (probe.status !== 200 || probeBody.domain !== DOMAIN || !probe.headers.get("x-ratelimit-remaining")) {
      throw new Error(`the probe request failed: ${probe.status} ${JSON.stringify(probeBody)}`);
    }
    await services.charges.flush();
    await services.usage.flush();
    const before = await billingState(services, orgId);

    const appTarget: Target = {
      name: "cache hit",
      url: `${appUrl}${route}`,
      headers: { authorization: `Bearer ${apiKey}` },
      rate: 1000,
      measured: [],
      total2xx: 0,
      totalNon2xx: 0,
      totalErrors: 0,
    };
    const helloTarget: Target = {
      name: "hello world",
      url: `${helloUrl}/`,
      headers: {},
      rate: 1000,
      measured: [],
      total2xx: 0,
      totalNon2xx: 0,
      totalErrors: 0,
    };

    const cpus = os.cpus();
    process.stdout.write(
      `backend: ${backend.label} (database ${backend.database.kind}, rate limiter ${services.limiter.backend})\n` +
        `machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, node ${process.version}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}\n` +
        `load: autocannon, ${connections} connections, pipelining 1, warm-up ${warmupSeconds} s, ` +
        `${rounds} × ${fmt(seconds / rounds, 1)} s per target, alternating\n`,
    );

    await warmUp(client, appTarget, connections, warmupSeconds);
    await warmUp(client, helloTarget, connections, warmupSeconds);
    const profileDir = process.env.BENCH_CPU_PROFILE;
    const profiler = profileDir ? new Session() : null;
    if (profiler && profileDir) {
      mkdirSync(profileDir, { recursive: true });
      profiler.connect();
      await profiler.post("Profiler.enable");
    }
    const journal = { ...journalStats(services) };
    const measure = async (target: Target, label: string, round: number) => {
      if (profiler) await profiler.post("Profiler.start");
      await runOnce(client, target, connections, seconds / rounds, true);
      if (profiler && profileDir) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(path.join(profileDir, `${label}-${round + 1}.cpuprofile`), JSON.stringify(profile));
      }
    };
    for (let round = 0; round < rounds; round++) {
      await measure(appTarget, "cache-hit", round);
      await measure(helloTarget, "hello", round);
    }
    profiler?.disconnect();
    const a = figuresOf(appTarget.measured);
    const h = figuresOf(helloTarget.measured);
    const stats = journalStats(services);
    const writes = stats.writes - journal.writes;
    const perWrite = writes > 0 ? (stats.charges - journal.charges) / writes : 0;
    const applies = stats.applies - journal.applies;
    const perApply = applies > 0 ? (stats.applied - journal.applied) / applies : 0;
    const applyMs = applies > 0 ? (stats.applyMs - journal.applyMs) / applies : 0;
    const ratio = h.rps > 0 ? a.rps / h.rps : 0;
    const rows = [
      ["", "req/s", "p50 ms", "p99 ms", "requests", "server CPU µs/req", "other load (cores)"],
      [
        appTarget.name,
        fmt(a.rps, 0),
        fmt(a.p50),
        fmt(a.p99),
        String(a.requests),
        fmt(a.cpuPerRequest, 0),
        fmt(a.otherCores),
      ],
      [
        helloTarget.name,
        fmt(h.rps, 0),
        fmt(h.p50),
        fmt(h.p99),
        String(h.requests),
        fmt(h.cpuPerRequest, 0),
        fmt(h.otherCores),
      ],
    ];
    const widths = [0, 1, 2, 3, 4, 5, 6].map((c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
    process.stdout.write("\n");
    for (const r of rows) {
      process.stdout.write(
        `${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join("  ")}\n`,
      );
    }
    const ratioOk = ratio >= TARGET_RATIO;
    const p99Ok = a.p99 <= TARGET_P99_MS;
    process.stdout.write(
      `\nratio (cache hit ÷ hello world req/s): ${fmt(ratio, 3)}  target ≥ ${TARGET_RATIO}: ${ratioOk ? "met" : "NOT MET"}\n` +
        `cache hit p99: ${fmt(a.p99)} ms  target ≤ ${TARGET_P99_MS} ms: ${p99Ok ? "met" : "NOT MET"}\n` +
        `charge journal: ${writes} writes, ${fmt(perWrite, 1)} charges per write; ` +
        `${applies} ledger transactions, ${fmt(perApply, 0)} charges and ${fmt(applyMs)} ms each\n` +
        "other load: CPU time of every other process on the machine during the runs, in cores " +
        "(on postgres+redis it includes the Postgres and Redis servers)\n",
    );

    // Billing: every 2xx was charged once, and nothing else was.
    await services.charges.flush();
    await services.usage.flush();
    const after = await billingState(services, orgId);
    const answered = appTarget.total2xx;
    const debits = after.debits - before.debits;
    const charged = after.debitMicros - before.debitMicros;
    const drop = before.balance - after.balance;
    const counted = after.usageCalls - before.usageCalls;
    const reconciled =
      debits === answered &&
      charged === answered * PRICES.classification_hit &&
      drop === charged &&
      after.balance >= 0;
    // Every request let through by the rate limiter is counted, charged or not.
    const countedAll = counted === answered + appTarget.totalNon2xx;
    process.stdout.write(
      `\nbilling: ${answered} 2xx responses (warm-up included), ${debits} ledger debits, ` +
        `$${fmt(charged / 1e6, 3)} charged, balance drop $${fmt(drop / 1e6, 3)}: ` +
        `${reconciled ? "reconciled" : "DOES NOT RECONCILE"}\n` +
        `usage counter: +${counted} calls ${countedAll ? "(every request counted)" : "(MISSING COUNTS)"}\n`,
    );
    const clean = appTarget.totalNon2xx === 0 && appTarget.totalErrors === 0 && helloTarget.totalErrors === 0;
    if (!clean) {
      process.stdout.write(
        `errors: cache hit ${appTarget.totalNon2xx} non-2xx, ${appTarget.totalErrors} errors/timeouts; ` +
          `hello world ${helloTarget.totalErrors} errors/timeouts\n`,
      );
    }
    return reconciled && countedAll && clean ? 0 : 1;
  } finally {
    client.close();
    if (hello) await hello.close();
    if (app) await app.close();
    await closeServices(services);
    await backend.cleanup();
  }
}

if (process.argv.includes("--load-client")) {
  loadClientMain();
} else {
  const guard = setTimeout(() => {
    process.stderr.write("bench/cache-hit: gave up after the overall time limit\n");
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);
  guard.unref();
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(
        `bench/cache-hit failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
