/** What the benchmark scripts share: paths of the data they read, environment knobs, and output. */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDomain } from "tldts";
import { dataFilePath } from "../src/engines/data-files.js";

export const repo = path.resolve(import.meta.dirname, "..");
/** The labelled dev data; BENCH_DEV_DIR overrides it (a missing folder exercises the skip path). */
export const DEV_DIR = path.resolve(repo, process.env.BENCH_DEV_DIR ?? "../shared/data/dev");
export const TRANCO_FILE = dataFilePath("rank/tranco_top10k_2026-08-01.csv");
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

// ---------------------------------------------------------------------------------------------------
// Through the HTTP API on the test world (bench/scan-quality, bench/scan-speed)
// ---------------------------------------------------------------------------------------------------

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `work` over `items`, at most `size` at a time; results in completion order. */
export async function lanes<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
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

/** A property of an unknown JSON value, or undefined. */
export function field(obj: unknown, name: string): unknown {
  return typeof obj === "object" && obj !== null ? (obj as Record<string, unknown>)[name] : undefined;
}

/** One line describing the machine: CPUs, Node, load average. */
export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, node ${process.version}, load average ` +
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")
  );
}

/** An authenticated JSON client of the public API. */
export class ApiClient {
  constructor(
    readonly base: string,
    private readonly authorization: string,
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(new URL(url, this.base), {
      method,
      headers: {
        authorization: `Bearer ${this.authorization}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, json };
  }
}

/** The outcome of one URL scan submitted through the API and polled until it finished. */
export interface ScanRun {
  url: string;
  /** The scan's id once the POST was accepted. */
  scanId: string | null;
  postStatus: number;
  /** `completed` / `failed` as the API said, `timeout` when it did not finish in time, `refused` on POST. */
  outcome: "completed" | "failed" | "timeout" | "refused";
  /** From sending the POST to receiving the poll that said `completed` or `failed`, in ms. */
  latencyMs: number | null;
  polls: number;
  /** The scan record's `report` (completed) or `error` (failed), or the refusal body. */
  report: unknown;
  error: unknown;
}

/** POST /v1/scans, then GET /v1/scans/{id} every `pollMs` until `completed` or `failed`. */
export async function runScan(
  api: ApiClient,
  url: string,
  options: { pollMs?: number; timeoutMs?: number } = {},
): Promise<ScanRun> {
  const pollMs = options.pollMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 180_000;
  const started = performance.now();
  const posted = await api.call("POST", "/v1/scans", { url });
  const id = field(posted.json, "scan_id");
  const run: ScanRun = {
    url,
    scanId: typeof id === "string" ? id : null,
    postStatus: posted.status,
    outcome: "refused",
    latencyMs: null,
    polls: 0,
    report: null,
    error: null,
  };
  if (posted.status !== 201 || typeof id !== "string") {
    run.error = posted.json;
    return run;
  }
  while (performance.now() - started < timeoutMs) {
    await sleep(pollMs);
    const polled = await api.call("GET", `/v1/scans/${encodeURIComponent(id)}`);
    run.polls++;
    const status = field(polled.json, "status");
    if (status === "completed" || status === "failed") {
      run.latencyMs = performance.now() - started;
      run.outcome = status;
      run.report = field(polled.json, "report") ?? null;
      run.error = field(polled.json, "error") ?? null;
      return run;
    }
    if (polled.status >= 400 && polled.status !== 429) {
      run.outcome = "failed";
      run.error = polled.json;
      return run;
    }
  }
  run.outcome = "timeout";
  return run;
}

/** The world fixtures a scan benchmark submits: every site with an `expect.kind`, and the URL to submit. */
export interface ScanFixture {
  host: string;
  url: string;
  kind: string;
  /** `expect.assessment` when the fixture states one. */
  assessment: string | null;
  brand: string | null;
  nxdomain: boolean;
  unreachable: boolean;
}

export function scanFixtures(
  sites: ReadonlyArray<{
    hostname: string;
    url: string;
    nxdomain: boolean;
    unreachable: boolean;
    expect: unknown;
  }>,
): ScanFixture[] {
  const out: ScanFixture[] = [];
  for (const site of sites) {
    const kind = field(site.expect, "kind");
    if (typeof kind !== "string") continue;
    const assessment = field(site.expect, "assessment");
    const brand = field(site.expect, "brand");
    out.push({
      host: site.hostname,
      url: site.url,
      kind,
      assessment: typeof assessment === "string" ? assessment : null,
      brand: typeof brand === "string" ? brand : null,
      nxdomain: site.nxdomain,
      unreachable: site.unreachable,
    });
  }
  return out.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
}

/** The test world and `domainlens serve` (API + worker, PGlite) in this process, with a funded organization. */
export interface ScanBench {
  world: import("../src/world/index.js").World;
  server: import("../src/main/serve.js").RunningServer;
  api: ApiClient;
  stop(): Promise<void>;
}

/**
 * Starts the world (built-in fixtures plus `sitesDir`) and the server exactly as `domainlens serve` starts it,
 * configured only with the world's environment and `env`; creates an organization with `creditsUsd` and the
 * scan limits raised so the benchmark measures scans, not the rate limiter.
 */
export async function startScanBench(
  options: { sitesDir?: string; env?: Record<string, string>; creditsUsd?: number } = {},
): Promise<ScanBench> {
  const { startWorld } = await import("../src/world/index.js");
  const { serve } = await import("../src/main/serve.js");
  const { randomBytes } = await import("node:crypto");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const adminToken = randomBytes(24).toString("hex");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dl-bench-scan-"));
  const world = await startWorld(options.sitesDir ? { sitesDir: options.sitesDir } : {});
  let server: import("../src/main/serve.js").RunningServer | null = null;
  const stop = async () => {
    await server?.stop();
    await world.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await serve(
      {
        ...world.env,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        ROLE: "all",
        ADMIN_TOKEN: adminToken,
        LOG_LEVEL: "silent",
        ...options.env,
      },
      () => {},
    );
    if (!server.url) throw new Error("the server did not listen");
    const admin = new ApiClient(server.url, adminToken);
    const org = await admin.call("POST", "/admin/v1/orgs", {
      name: "bench-scans",
      credits_usd: options.creditsUsd ?? 1000,
    });
    const orgId = field(org.json, "org_id");
    const apiKey = field(org.json, "api_key");
    if (org.status >= 300 || typeof orgId !== "string" || typeof apiKey !== "string") {
      throw new Error(`creating the organization failed: ${org.status} ${JSON.stringify(org.json)}`);
    }
    const limits = await admin.call("PUT", `/admin/v1/orgs/${orgId}/limits`, {
      "scans.create": 1_000_000,
      "scans.get": 1_000_000,
    });
    if (limits.status >= 300) {
      throw new Error(`raising the limits failed: ${limits.status} ${JSON.stringify(limits.json)}`);
    }
    return { world, server, api: new ApiClient(server.url, apiKey), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Memory of a process and every process below it (Linux /proc), in KiB; zeros elsewhere. */
export interface TreeMemory {
  /** VmRSS of `pid` itself. */
  selfRssKb: number;
  /** Sum of VmRSS of the descendants whose command name contains "chrom" (Chromium's process tree). */
  browserRssKb: number;
  /** Proportional set size of the same browser processes (shared pages counted once, split). */
  browserPssKb: number;
  browserProcesses: number;
}

function procStatus(pid: number, key: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${key}:`));
    return Number(line?.split(/\s+/)[1] ?? 0) || 0;
  } catch {
    return 0;
  }
}

function procPss(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Pss:"));
    return Number(line?.split(/\s+/)[1] ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function treeMemory(pid: number = process.pid): TreeMemory {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return { selfRssKb: 0, browserRssKb: 0, browserPssKb: 0, browserProcesses: 0 };
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      const child = Number(entry);
      names.set(child, name);
      const list = children.get(ppid) ?? [];
      list.push(child);
      children.set(ppid, list);
    } catch {
      // the process exited meanwhile
    }
  }
  const memory: TreeMemory = {
    selfRssKb: procStatus(pid, "VmRSS"),
    browserRssKb: 0,
    browserPssKb: 0,
    browserProcesses: 0,
  };
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const p = queue.pop() as number;
    queue.push(...(children.get(p) ?? []));
    if (!(names.get(p) ?? "").toLowerCase().includes("chrom")) continue;
    memory.browserRssKb += procStatus(p, "VmRSS");
    memory.browserPssKb += procPss(p);
    memory.browserProcesses++;
  }
  return memory;
}
