/**
 * Start-up time of `npm start` on a warm data directory (the issue's target: under 10 s).
 *
 *   npx tsx bench/startup.ts [runs=3]
 *
 * The first start creates and migrates the embedded database (cold); each following start opens it
 * (warm). Prints the time from spawning `npm start` until GET /readyz answers 200, and the process's
 * own "DomainLens started" log line, for every run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const runs = Number(process.argv[2] ?? 3);
const repo = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "dl-startup-"));

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stopping it stops npm and the server it runs.
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  try {
    const deadline = Date.now() + 60_000;
    let url: string | undefined;
    while (Date.now() < deadline) {
      url ??= /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      if (url) {
        const res = await fetch(`${url}/readyz`).catch(() => null);
        if (res?.status === 200) return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`server did not become ready:\n${out}`);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

try {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const ms = await startOnce();
    times.push(ms);
    console.log(`${i === 0 ? "cold (new data directory)" : `warm run ${i}`}: ${(ms / 1000).toFixed(2)} s`);
  }
  const warm = times.slice(1);
  const worst = Math.max(...warm);
  console.log(
    `warm start: best ${(Math.min(...warm) / 1000).toFixed(2)} s, worst ${(worst / 1000).toFixed(2)} s (target < 10 s: ${worst < 10_000 ? "met" : "NOT met"})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
