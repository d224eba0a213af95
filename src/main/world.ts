import { randomBytes } from "node:crypto";
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

/** `domainlens demo`: prints the key and example calls, runs until interrupted. */
export async function runDemo(sitesDir: string | undefined, print: Print): Promise<void> {
  const demo = await startDemo(sitesDir);
  const sample =
    demo.world.sites.find((s) => s.hostname === "codewharf.dev")?.hostname ?? demo.world.sites[0]?.hostname;
  print(
    [
      "",
      `DomainLens demo: the API on ${demo.url}, wired to a test internet of ${demo.world.sites.length} sites`,
      `(${demo.world.env.EGRESS_ALLOW_CIDRS}, its own DNS, CA and RDAP; no real internet is used).`,
      "",
      `API key of the organization 'demo' ($10.00 of credits):`,
      `  export KEY=${demo.apiKey}`,
      `Admin token for this run: ${demo.adminToken}`,
      "",
      "Try:",
      `  curl -s ${demo.url}/v1/account -H "Authorization: Bearer $KEY"`,
      `  curl -s ${demo.url}/v1/domain-risks -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"url": "https://paypa1.com/"}'`,
      `  curl -s ${demo.url}/v2/domain-classification -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"domain": "${sample}"}'`,
      `  curl -s ${demo.url}/v2/domain-classification/jobs/<job_id> -H "Authorization: Bearer $KEY"   # until "complete"`,
      `  curl -si ${demo.url}/v2/domain-classification/${sample} -H "Authorization: Bearer $KEY"`,
      `  curl -s "${demo.url}/api/v1/classify?domain=www.${sample}"`,
      `  open ${demo.url}/domains/${sample}`,
      `  curl -s ${demo.url}/v1/scans -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{"url": "https://paypa1.com/"}'`,
      `  curl -s ${demo.url}/v1/scans/<scan_id> -H "Authorization: Bearer $KEY"   # until "completed"; then /screenshot`,
      "",
      "The world's configuration, as the server received it:",
      ...Object.entries(demo.world.env).map(([name, value]) => `  ${name}=${value}`),
      "",
      `API reference: ${demo.url}/docs. The world's sites are listed in src/world/sites/README.md. Ctrl-C stops.`,
    ].join("\n"),
  );
  await untilSignal();
  await demo.stop();
}
