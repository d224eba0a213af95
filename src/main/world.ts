import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { startWorld, type World } from "../world/index.js";
import { serve } from "./serve.js";

type Print = (line: string) => void;

/** Resolves when the process is asked to stop (SIGINT or SIGTERM). */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** `domainlens world`: the test internet in the foreground, its configuration as NAME=value lines. */
export async function runWorld(sitesDir: string | undefined, print: Print): Promise<void> {
  const world = await startWorld(sitesDir ? { sitesDir } : {});
  for (const [name, value] of Object.entries(world.env)) print(`${name}=${value}`);
  process.stderr.write(
    `\nThe DomainLens test world is running: ${world.sites.length} sites on ${world.env.EGRESS_ALLOW_CIDRS}. ` +
      "Export the lines above into a DomainLens server's environment. Ctrl-C stops it.\n",
  );
  await untilSignal();
  await world.stop();
}

export interface Demo {
  world: World;
  url: string;
  apiKey: string;
  adminToken: string;
  stop(): Promise<void>;
}

/**
 * The world and a DomainLens server wired to it through ordinary configuration, with a demo
 * organization. The embedded database lives in DATA_DIR (default ./data-demo) and is kept between runs.
 */
export async function startDemo(
  sitesDir: string | undefined,
  env: Record<string, string | undefined> = process.env,
): Promise<Demo> {
  const world = await startWorld(sitesDir ? { sitesDir } : {});
  try {
    const adminToken = randomBytes(24).toString("base64url");
    const server = await serve(
      {
        ...env,
        ...world.env,
        ADMIN_TOKEN: adminToken,
        DATA_DIR: env.DATA_DIR ?? "./data-demo",
        LOG_LEVEL: env.LOG_LEVEL ?? "warn",
      },
      () => {},
    );
    const url = server.url ?? "";
    const res = await fetch(`${url}/admin/v1/orgs`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "demo", credits_usd: 10 }),
    });
    if (res.status !== 201)
      throw new Error(`could not create the demo organization: ${res.status} ${await res.text()}`);
    const { api_key: apiKey } = (await res.json()) as { api_key: string };
    return {
      world,
      url,
      apiKey,
      adminToken,
      stop: async () => {
        await server.stop();
        await world.stop();
      },
    };
  } catch (err) {
    await world.stop();
    throw err;
  }
}

/** Whether `port` can be listened on at `host` now (0 always can). */
export function portIsFree(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export interface DemoOptions {
  /** The environment the server gets (PORT, HOST, DATA_DIR…); default this process's. */
  env?: Record<string, string | undefined>;
  /** Whether the port was asked for (--port or PORT): then a taken port is an error, not replaced. */
  portChosen?: boolean;
  /** Progress of the start-up, on a terminal. */
  progress?: { step(index: number, total: number, text: string): void; done(line?: string): void };
}

/** The demo's port: PORT (default 8080) when free; when taken, a free one unless the port was asked for. */
async function demoPort(
  env: Record<string, string | undefined>,
  chosen: boolean,
): Promise<{ port: string; note: string }> {
  const host = env.HOST?.trim() || "127.0.0.1";
  const asked = env.PORT?.trim() || "8080";
  const port = Number(asked);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { port: asked, note: "" }; // named by serve
  if (await portIsFree(host, port)) return { port: asked, note: "" };
  if (chosen) {
    throw new DemoPortError(
      `port ${port} on ${host} is already in use. Choose another with --port N or PORT=N, or PORT=0 for any free port.`,
    );
  }
  return {
    port: "0",
    note: `Port ${port} is in use, so the demo took a free port. --port N or PORT=N chooses one.`,
  };
}

export class DemoPortError extends Error {
  override name = "DemoPortError";
}

/** Writes the world's configuration as NAME=value lines (for `set -a; . FILE; set +a`); returns the path. */
function writeWorldEnv(world: World, dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, "world.env");
  const lines = Object.entries(world.env).map(([name, value]) => `${name}=${shellQuote(value)}`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** A value as a POSIX shell word (single-quoted when it needs to be). */
function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:,@%+=-]*$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** `domainlens demo`: prints the key and commands to try, runs until interrupted. */
export async function runDemo(
  sitesDir: string | undefined,
  print: Print,
  options: DemoOptions = {},
): Promise<void> {
  const env = { ...(options.env ?? process.env) };
  const progress = options.progress;
  const { port, note } = await demoPort(env, options.portChosen ?? false);
  progress?.step(1, 2, "starting the test internet and the server");
  const demo = await startDemo(sitesDir, { ...env, PORT: port });
  progress?.step(2, 2, "writing the test internet's configuration");
  const configFile = writeWorldEnv(demo.world, env.DATA_DIR ?? "./data-demo");
  progress?.done();
  const sample =
    demo.world.sites.find((s) => s.hostname === "codewharf.dev")?.hostname ?? demo.world.sites[0]?.hostname;
  const cli = `DOMAINLENS_URL=${demo.url} DOMAINLENS_API_KEY=$KEY npx domainlens`;
  print(
    [
      "",
      `DomainLens demo: the API on ${demo.url}, wired to a test internet of ${demo.world.sites.length} sites`,
      `(EGRESS_ALLOW_CIDRS=${demo.world.env.EGRESS_ALLOW_CIDRS}, its own DNS, CA and RDAP; no real internet is used).`,
      ...(note ? [note] : []),
      "",
      `API key of the organization 'demo' ($10.00 of credits):`,
      `  export KEY=${demo.apiKey}`,
      `Admin token for this run: ${demo.adminToken}`,
      "",
      "Try, in another terminal:",
      `  curl -s ${demo.url}/v1/account -H "Authorization: Bearer $KEY"`,
      `  curl -s ${demo.url}/v1/domain-risks -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"url": "https://paypa1.com/"}'`,
      `  curl -s ${demo.url}/v2/domain-classification -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"domain": "${sample}"}'`,
      `  curl -s ${demo.url}/v2/domain-classification/jobs/<job_id> -H "Authorization: Bearer $KEY"   # until "complete"`,
      `  curl -si ${demo.url}/v2/domain-classification/${sample} -H "Authorization: Bearer $KEY"`,
      `  curl -s "${demo.url}/api/v1/classify?domain=www.${sample}"`,
      `  curl -s ${demo.url}/v1/scans -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"url": "https://paypa1.com/"}'`,
      `  curl -s ${demo.url}/v1/scans/<scan_id> -H "Authorization: Bearer $KEY"   # until "completed"; then /screenshot`,
      "",
      "Or with the command line:",
      `  ${cli} scan https://paypa1.com/ --wait --screenshot paypa1.png`,
      `  ${cli} classify www.${sample} --wait`,
      `  ${cli} scans list`,
      "",
      "In a browser (or xdg-open URL):",
      `  ${demo.url}/domains/${sample}`,
      `  ${demo.url}/docs`,
      "",
      `The test internet's configuration (NAME=value lines, as the server received them): ${configFile}`,
      `Another DomainLens process uses it after: set -a; . ${configFile}; set +a`,
      "",
      "The world's sites are listed in src/world/sites/README.md. Ctrl-C stops.",
    ].join("\n"),
  );
  await untilSignal();
  await demo.stop();
}
