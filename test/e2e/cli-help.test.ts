import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../support/db.js";
import { repoRoot, tmpRoot } from "../support/paths.js";
import { CLI, runCli, spawnCli } from "../support/process.js";

/** Runs the CLI with `input` on standard input; stdout and stderr apart. */
function cli(
  args: string[],
  env: Record<string, string> = {},
  input = "",
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Every command the program's help lists (`org list`, `scan`…). */
function listedCommands(help: string): string[] {
  return help
    .split("\n")
    .filter((l) => /^ {2}[a-z]/.test(l))
    .map((l) => l.trim().split(/\s{2,}/)[0] ?? "");
}

describe("domainlens --help", () => {
  it("answers --help, -h and help with every command, the exit codes and no error", async () => {
    const long = await cli(["--help"]);
    expect(long.code).toBe(0);
    expect(long.stdout).toMatch(/^Usage: domainlens <command>/);
    expect(long.stdout).toContain("Exit codes: 0 done, 1 failed, 2 wrong usage");
    for (const args of [["-h"], ["help"]]) {
      const other = await cli(args);
      expect(other.code).toBe(0);
      expect(other.stdout).toBe(long.stdout);
    }
    expect(listedCommands(long.stdout)).toEqual(
      expect.arrayContaining([
        "serve",
        "demo",
        "screen",
        "risk",
        "analyze",
        "scan",
        "classify",
        "scans list",
      ]),
    );
    expect(listedCommands(long.stdout)).toEqual(expect.arrayContaining(["org list", "key create"]));
  });

  it("explains every command with its options and examples, and starts nothing", async () => {
    const commands = listedCommands((await cli(["--help"])).stdout);
    expect(commands.length).toBeGreaterThanOrEqual(18);
    for (const command of commands) {
      const words = command.split(" ");
      const help = await cli([...words, "--help"]);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain(`Usage: domainlens ${command}`);
      expect(help.stdout, command).toContain("Examples:\n  domainlens ");
      expect(help.stdout, command).toContain("-h, --help");
    }
    const viaHelp = await cli(["help", "org", "list"]);
    expect(viaHelp.stdout).toContain("Usage: domainlens org list");
    expect(viaHelp.stdout).toContain("--name NAME");
    const group = await cli(["org", "--help"]);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain("org list");
    expect(group.stdout).toContain("org create");
  }, 240_000);

  it("serve --help prints help instead of starting a server", async () => {
    const help = await cli(["serve", "--help"], { PORT: "0", DATA_DIR: path.join(tmpRoot, "never-served") });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--port N");
    expect(help.stdout).toContain("--data-dir DIR");
    expect(help.stdout).not.toContain("DomainLens started");
  });
});

describe("usage errors", () => {
  it("names the valid options of an unknown option, with exit code 2", async () => {
    const run = await cli(["screen", "--offlin"], {}, "paypa1.com\n");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("unknown option '--offlin' for 'screen' (did you mean --offline?)");
    expect(run.stderr).toContain("--concurrency N");
    expect(run.stderr).toContain("Run 'domainlens screen --help'");
  });

  it("names the commands for an unknown command, and a group's for an unknown sub-command", async () => {
    const run = await cli(["scna", "https://example.com/"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'scna' (did you mean 'scan'?)");
    expect(run.stderr).toContain("Commands: serve, world, demo, screen");
    const sub = await cli(["org", "lst"]);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("unknown command 'org lst' (did you mean 'org list'?)");
    expect(sub.stderr).toContain("'org' commands: list, create, show, set");
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: domainlens <command>");
  });

  it("refuses a missing argument, a value given to a flag and an option without its value", async () => {
    const missing = await cli(["risk", "--offline"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("risk needs URL");
    const valued = await cli(["screen", "--offline=yes"]);
    expect(valued.code).toBe(2);
    expect(valued.stderr).toContain("'--offline' takes no value");
    const valueless = await cli(["screen", "--concurrency"]);
    expect(valueless.code).toBe(2);
    expect(valueless.stderr).toContain("'--concurrency' needs a value");
  });
});

describe("output for people and for programs", () => {
  it("prints JSON when piped or with --json, and a readable report with --human", async () => {
    const piped = await cli(["risk", "paypa1.com", "--offline"]);
    expect(piped.code).toBe(0);
    const report = JSON.parse(piped.stdout) as { final_assessment: string; evidence_findings: unknown[] };
    expect(report.final_assessment).toBe("Suspicious");
    expect(JSON.parse((await cli(["risk", "paypa1.com", "--offline", "--json"])).stdout)).toEqual(report);

    const human = await cli(["risk", "paypa1.com", "--offline", "--human"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("Suspicious  58/100  Phishing / Credential Theft");
    expect(human.stdout).toMatch(/Findings \(\d+\)\n {2}High +DR-DOM-002 /);
    expect(human.stdout).toContain("imitates PayPal");
    expect(human.stdout).not.toContain("\u001b[");
  });

  it("prints the screen verdicts as a table, coloured only when asked and never with NO_COLOR", async () => {
    const input = "paypa1.com\nexample.com\nnot a url\n";
    const table = await cli(["screen", "--offline", "--human"], {}, input);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^INPUT +VERDICT +SCORE +THREAT +BRAND +FINDINGS$/);
    expect(lines[1]).toMatch(
      /^paypa1\.com +Suspicious +58 +Phishing \/ Credential Theft +PayPal +DR-DOM-002/,
    );
    expect(lines[2]).toMatch(/^example\.com +Benign /);
    expect(lines[3]).toMatch(/^not a url +error /);
    expect(table.stderr).toContain("3 screened in");

    const coloured = await cli(["screen", "--offline", "--human"], { FORCE_COLOR: "1" }, input);
    expect(coloured.stdout).toContain("\u001b[33mSuspicious");
    const plain = await cli(["screen", "--offline", "--human"], { FORCE_COLOR: "1", NO_COLOR: "1" }, input);
    expect(plain.stdout).not.toContain("\u001b[");
    expect(plain.stdout).toBe(table.stdout);
  });
});

describe("serve --port --host --data-dir, and a port in use", () => {
  let database: TestDatabase;
  let taken: Server;
  let takenPort: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (database.kind === "pglite") await database.close();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: "127.0.0.1", port: 0 }, resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => taken?.close(resolve));
    if (database?.kind === "postgres") await database.close();
  });

  const dbEnv = () => ({
    ADMIN_TOKEN: "test-admin-token-0123456789",
    LOG_LEVEL: "info",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });

  it("listens where the options say, over PORT and DATA_DIR", async () => {
    const dataDir = database.dataDir ?? path.join(tmpRoot, "serve-options-unused");
    mkdirSync(dataDir, { recursive: true });
    // A free port, found by binding and releasing it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen({ host: "127.0.0.1", port: 0 }, resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));

    const server = spawnCli(["serve", "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir], {
      ...dbEnv(),
      PORT: String(takenPort),
      DATA_DIR: path.join(tmpRoot, "never-used-data-dir"),
    });
    try {
      await server.waitFor(new RegExp(`"url":"http://127\\.0\\.0\\.1:${port}"`), 120_000);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 180_000);

  it("says which port is taken and how to choose another, for serve and for the demo", async () => {
    const dataDir = path.join(tmpRoot, `serve-taken-${process.pid}`);
    const serve = await runCli(["serve", "--port", String(takenPort), "--data-dir", dataDir], dbEnv());
    expect(serve.code).toBe(1);
    expect(serve.output).toContain(`port ${takenPort} on 127.0.0.1 is already in use`);
    expect(serve.output).toContain("--port N or PORT=N");
    expect(serve.output).not.toMatch(/dl_live_/);

    const demo = await runCli(["demo", "--port", String(takenPort)], { DATA_DIR: dataDir });
    expect(demo.code).toBe(1);
    expect(demo.output).toContain(`port ${takenPort} on 127.0.0.1 is already in use`);
    expect(demo.output).toContain("PORT=0 for any free port");
  }, 180_000);
});
