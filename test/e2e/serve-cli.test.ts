import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, sampleClassification } from "../support/app.js";
import { openTestDatabase, type TestDatabase } from "../support/db.js";
import { tmpRoot } from "../support/paths.js";
import { runCli, type Spawned, spawnCli } from "../support/process.js";

const KEY_RE = /dl_live_[A-Za-z0-9_-]{32,}/;
const URL_RE = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/;

let database: TestDatabase;
let env: Record<string, string>;
let server: Spawned;
let baseUrl: string;
let defaultKey: string;

beforeAll(async () => {
  // A copied (empty, migrated) database: PGlite in its own DATA_DIR, or a fresh Postgres database.
  database = await openTestDatabase();
  const dataDir = database.dataDir ?? path.join(tmpRoot, "serve-unused");
  mkdirSync(dataDir, { recursive: true });
  if (database.kind === "pglite") await database.close();
  env = {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: "info",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  server = spawnCli(["serve"], env);
  baseUrl = (await server.waitFor(URL_RE))[1] ?? "";
  defaultKey = (await server.waitFor(KEY_RE))[0];
  // As a load balancer would: traffic once the server says it is ready (database, Redis, journal).
  const until = Date.now() + 30_000;
  while ((await fetch(`${baseUrl}/readyz`)).status !== 200 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 200));
});

afterAll(async () => {
  await server?.stop();
  if (database.kind === "postgres") await database.close();
});

async function call(pathname: string, key: string) {
  const res = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("npm start / domainlens serve", () => {
  it("creates the default organization with $10.00 and prints its key once", async () => {
    const account = await call("/v1/account", defaultKey);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ name: "default", balance_usd: 10 });
    expect(server.output().match(new RegExp(KEY_RE, "g"))).toHaveLength(1);
  });

  it("launches Chromium at start, before a crawl needs it", async () => {
    const pid = server.child.pid ?? 0;
    const chromiumChild = () =>
      readdirSync("/proc")
        .filter((d) => /^\d+$/.test(d))
        .some((d) => {
          try {
            const stat = readFileSync(`/proc/${d}/stat`, "utf8");
            const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            return ppid === pid && readFileSync(`/proc/${d}/cmdline`, "utf8").includes("chrom");
          } catch {
            return false; // the process ended meanwhile
          }
        });
    const until = Date.now() + 30_000;
    while (!chromiumChild() && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(chromiumChild()).toBe(true);
  });

  it("serves the read endpoints with rate-limit headers and the problem body", async () => {
    const miss = await call("/v2/domain-classification/example.com", defaultKey);
    expect({ status: miss.status, body: miss.body }).toMatchObject({ status: 404 });
    expect(miss.headers.get("x-ratelimit-limit")).toBe("60");
    expect(miss.body.error).toBe("not_found");
    const pub = await fetch(`${baseUrl}/api/v1/classify?domain=example.com`);
    expect(pub.status).toBe(404);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/v2/domain-classification/{domain}", "/api/v1/classify", "/v1/account"]),
    );
    expect((await fetch(`${baseUrl}/docs`)).status).toBeLessThan(400);
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).toContain("domainlens_http_requests_total");
  });

  it("runs the admin commands of the CLI against the running server", async () => {
    const cliEnv = { DOMAINLENS_URL: baseUrl, ADMIN_TOKEN };
    const created = await runCli(["org", "create", "--name", "cli-org", "--credits", "3"], cliEnv);
    expect(created.code).toBe(0);
    const org = JSON.parse(created.output) as { org_id: string; api_key: string };
    expect(org.api_key).toMatch(KEY_RE);
    expect((await call("/v1/account", org.api_key)).body).toMatchObject({ name: "cli-org", balance_usd: 3 });

    const credits = await runCli(["credits", "add", "--org", org.org_id, "--amount", "1.5"], cliEnv);
    expect(JSON.parse(credits.output)).toEqual({ balance_usd: 4.5 });

    const key = JSON.parse((await runCli(["key", "create", "--org", org.org_id], cliEnv)).output) as {
      key_id: string;
      api_key: string;
    };
    expect((await call("/v1/account", key.api_key)).status).toBe(200);
    const revoked = await runCli(["key", "revoke", "--key", key.key_id], cliEnv);
    expect(revoked.code).toBe(0);
    expect((await call("/v1/account", key.api_key)).status).toBe(401);

    const shown = JSON.parse((await runCli(["org", "show", "--org", org.org_id], cliEnv)).output) as Record<
      string,
      unknown
    >;
    expect(shown).toMatchObject({ org_id: org.org_id, balance_usd: 4.5 });

    const bad = await runCli(["org", "create"], cliEnv);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--name is required");
    const noToken = await runCli(["org", "show", "--org", org.org_id], { DOMAINLENS_URL: baseUrl });
    expect(noToken.code).not.toBe(0);
    expect(noToken.output).toContain("ADMIN_TOKEN");
  }, 180_000); // eight CLI processes, each booting Node and tsx: slow on a loaded 2-core machine

  it("sets an organization's user-site policy with the CLI (org set), shown in GET /v1/account", async () => {
    const cliEnv = { DOMAINLENS_URL: baseUrl, ADMIN_TOKEN };
    const res = await fetch(`${baseUrl}/admin/v1/orgs`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "policy-org", credits_usd: 1 }),
    });
    const org = (await res.json()) as { org_id: string; api_key: string };
    expect((await call("/v1/account", org.api_key)).body.user_site_policy).toBe("evidence");

    const set = await runCli(["org", "set", "--org", org.org_id, "--user-site-policy", "strict"], cliEnv);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.output)).toMatchObject({ org_id: org.org_id, user_site_policy: "strict" });
    expect((await call("/v1/account", org.api_key)).body.user_site_policy).toBe("strict");

    const bad = await runCli(["org", "set", "--org", org.org_id, "--user-site-policy", "lenient"], cliEnv);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--user-site-policy must be evidence or strict");
    expect((await call("/v1/account", org.api_key)).body.user_site_policy).toBe("strict");
  }, 120_000);

  it("never writes the key to the log", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toMatch(KEY_RE);
  });

  it.runIf(process.env.DATABASE_URL === undefined)(
    "refuses a second process on the same embedded data directory",
    async () => {
      const second = await runCli(["serve"], { ...env });
      expect(second.code).toBe(1);
      expect(second.output).toContain("in use by another DomainLens process");
    },
  );

  it("refuses ROLE=worker on the embedded database and names an invalid variable", async () => {
    const worker = await runCli(["serve"], { ROLE: "worker", DATA_DIR: path.join(tmpRoot, "never") });
    expect(worker.code).toBe(1);
    expect(worker.output).toContain("ROLE=worker needs DATABASE_URL");
    const badPort = await runCli(["serve"], { PORT: "eighty", DATA_DIR: path.join(tmpRoot, "never") });
    expect(badPort.code).toBe(1);
    expect(badPort.output).toContain("PORT");
  });

  it.runIf(process.env.DATABASE_URL !== undefined && process.env.REDIS_URL !== undefined)(
    "two API processes sharing one Redis enforce one limit together",
    async () => {
      const second = spawnCli(["serve"], { ...env, ROLE: "api" });
      try {
        const secondUrl = (await second.waitFor(URL_RE))[1] ?? "";
        const created = await runCli(["org", "create", "--name", "shared-limit", "--credits", "1"], {
          DOMAINLENS_URL: baseUrl,
          ADMIN_TOKEN,
        });
        const key = (JSON.parse(created.output) as { api_key: string }).api_key;
        const statuses = await Promise.all(
          Array.from({ length: 90 }, (_, i) =>
            fetch(`${i % 2 === 0 ? baseUrl : secondUrl}/v2/domain-classification/example.com`, {
              headers: { authorization: `Bearer ${key}` },
            }).then((r) => r.status),
          ),
        );
        expect(statuses.filter((s) => s === 404)).toHaveLength(60);
        expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      } finally {
        await second.stop();
      }
    },
  );

  it("stops on SIGTERM and prints no key on the next start", async () => {
    expect(await server.stop()).toBe(0);
    server = spawnCli(["serve"], env);
    baseUrl = (await server.waitFor(URL_RE))[1] ?? "";
    expect((await call("/v1/account", defaultKey)).status).toBe(200);
    expect(server.output()).not.toMatch(KEY_RE);
  });

  it("keeps every answered cache-hit charge through a SIGKILL, charged once", async () => {
    const admin = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const org = await admin("POST", "/admin/v1/orgs", { name: "killed", credits_usd: 1 });
    await admin("PUT", "/admin/v1/classifications/crash-test.org", sampleClassification("crash-test.org"));
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${baseUrl}/v2/domain-classification/crash-test.org`, {
          headers: { authorization: `Bearer ${String(org.api_key)}` },
        }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(statuses.map(() => 200));
    // Killed at once: most of these charges are in the journal only, not yet in the ledger.
    server.child.kill("SIGKILL");
    await server.exited();
    server = spawnCli(["serve"], env);
    baseUrl = (await server.waitFor(URL_RE))[1] ?? "";
    const after = await admin("GET", `/admin/v1/orgs/${String(org.org_id)}`);
    expect(after.balance_usd).toBe(0.96);
    expect(after.usage).toContainEqual(
      expect.objectContaining({ operation: "classification.get", charged_usd: 0.04 }),
    );
  });
});
