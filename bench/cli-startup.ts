/**
 * Start-up of the `domainlens` command (docs/performance.md, "CLI start-up"): wall time of whole processes,
 * `node -e 0` measured in the same run as the floor. Runs `--help` and a one-line `screen --offline` through
 * bin/domainlens.js from the compiled dist/ (as installed) and from the TypeScript sources through tsx
 * (DOMAINLENS_FROM_SOURCE=1, what runs when dist/ is missing or older than the sources).
 *
 *   npm run build && npm run bench:cli-startup          # BENCH_RUNS=N runs each (default 7)
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { envInt, repo, table } from "./support.js";

const RUNS = envInt("BENCH_RUNS", 7, 1, 100);
const BIN = path.join(repo, "bin", "domainlens.js");

/** Whether bin/domainlens.js will run dist/ (the same test it makes). */
function compiledIsCurrent(): boolean {
  let built: number;
  try {
    built = Number(readFileSync(path.join(repo, "dist", ".build-stamp"), "utf8"));
  } catch {
    return false;
  }
  return readdirSync(path.join(repo, "src"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith(".test.ts"))
    .every((e) => statSync(path.join(e.parentPath, e.name)).mtimeMs <= built);
}

interface Case {
  name: string;
  args: string[];
  input?: string;
  env?: Record<string, string>;
}

function once(c: Case): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, c.args, {
    cwd: repo,
    input: c.input ?? "",
    env: { ...process.env, ...c.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${c.name}: exit ${run.status}\n${run.stderr.toString()}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const compiled = compiledIsCurrent();
if (!compiled) {
  console.log(
    "dist/ is missing or older than src/: run `npm run build` first; the compiled rows are skipped.\n",
  );
}
const fromSource = { DOMAINLENS_FROM_SOURCE: "1" };
const cases: Case[] = [
  { name: "node -e 0", args: ["-e", "0"] },
  ...(compiled
    ? [
        { name: "domainlens --help (dist)", args: [BIN, "--help"] },
        {
          name: "echo paypa1.com | domainlens screen --offline (dist)",
          args: [BIN, "screen", "--offline"],
          input: "paypa1.com\n",
        },
      ]
    : []),
  { name: "domainlens --help (tsx, from source)", args: [BIN, "--help"], env: fromSource },
  {
    name: "echo paypa1.com | domainlens screen --offline (tsx, from source)",
    args: [BIN, "screen", "--offline"],
    input: "paypa1.com\n",
    env: fromSource,
  },
];

// Interleaved rounds, so that a burst of load on the machine touches every case alike.
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
once(cases[0] as Case); // warms the file cache
for (let round = 0; round < RUNS; round++) {
  for (const c of cases) times.get(c.name)?.push(once(c));
}
const floor = median(times.get("node -e 0") ?? []);
console.log(
  `${RUNS} runs each, Node ${process.version}, load average ${(await import("node:os")).loadavg()[0]?.toFixed(2)}\n`,
);
table(
  ["command", "median s", "min s", "over node -e 0, s"],
  cases.map((c) => {
    const xs = times.get(c.name) ?? [];
    return [
      c.name,
      (median(xs) / 1000).toFixed(3),
      (Math.min(...xs) / 1000).toFixed(3),
      c.name === "node -e 0" ? "-" : ((median(xs) - floor) / 1000).toFixed(3),
    ];
  }),
);
