import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "./paths.js";

export const CLI = path.join(repoRoot, "bin", "domainlens.js");

export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `re` in stdout+stderr, or rejects on exit or timeout. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited(): Promise<number | null>;
  stop(): Promise<number | null>;
}

export function spawnCli(args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => out,
    waitFor(re, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(re);
          if (m) {
            cleanup();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${re}; output:\n${out}`));
        }, timeoutMs);
        const onExit = () => {
          check();
          cleanup();
          reject(new Error(`process exited before ${re}; output:\n${out}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
      });
    },
    exited: () => exit,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exit;
    },
  };
}

/** Runs a CLI command to completion. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const p = spawnCli(args, env);
  const code = await p.exited();
  return { code, output: p.output() };
}
