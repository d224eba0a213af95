import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadClientConfig } from "../config.js";
import { isUserSitePolicy, USER_SITE_POLICIES, type UserSitePolicy } from "../engines/risk/policy.js";
import { DatabaseLockedError } from "../platform/db/database.js";
import { runRisk, runScreen } from "./screen.js";
import { StartupError, serve } from "./serve.js";
import { runDemo, runWorld } from "./world.js";

const USAGE = `Usage: domainlens <command> [options]

  serve                                       start the API and worker (see README for the environment)
  world [--sites DIR]                         run the test internet; print its configuration
  demo [--sites DIR]                          run the test internet and a server wired to it
  screen [--offline] [--concurrency N] [--user-site-policy evidence|strict]
                                              screen URLs or domains from stdin, one JSON line each
  risk URL [--offline] [--user-site-policy evidence|strict]
                                              one full domain risk report
  analyze --url URL --html FILE [--screenshot PNG | --no-render]
                                              scan report of a saved page (offline, no network; without
                                              --screenshot the page is rendered with every request refused)
  org create --name NAME [--credits USD]      create an organization and its first API key
  org show --org ID                           balance, limits, settings and usage of an organization
  org set --org ID --user-site-policy evidence|strict
                                              change an organization's domain-risk user-site policy
  key create --org ID                         issue another API key
  key revoke --key ID                         revoke an API key
  credits add --org ID --amount USD           add credits
  limits set --org ID --operation OP --per-minute N
                                              override one rate limit
  classification put --file FILE              store classifications (a JSON object or array)

Every command but serve, world, demo, screen, risk and analyze talks to a running server's admin API: DOMAINLENS_URL (default
http://127.0.0.1:8080) and ADMIN_TOKEN. Each prints JSON.`;

class UsageError extends Error {}
/** Bad input other than usage (an unreadable file…): exit code 2, without the usage text. */
class InputError extends Error {}

function need(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v.trim() === "") throw new UsageError(`--${name} is required`);
  return v.trim();
}

/** `--user-site-policy`: one of the policies, or the default when absent. */
function userSitePolicy(value: string | boolean | undefined): UserSitePolicy | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!isUserSitePolicy(text)) {
    throw new UsageError(`--user-site-policy must be ${USER_SITE_POLICIES.join(" or ")}`);
  }
  return text;
}

function usd(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number of dollars`);
  return n;
}

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const { url, adminToken } = loadClientConfig();
  if (!adminToken) throw new UsageError("ADMIN_TOKEN is not set: the CLI needs the server's admin token");
  let res: Response;
  try {
    res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new Error(
      `cannot reach DomainLens at ${url} (${(err as Error).message}); is 'domainlens serve' running?`,
    );
  }
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    process.stderr.write(`${JSON.stringify(parsed, null, 2)}\n`);
    process.exit(1);
  }
  return parsed;
}

async function run(argv: string[]): Promise<unknown> {
  const [command, sub, ...rest] = argv;
  if (command === "serve") {
    const server = await serve();
    const shutdown = () => {
      server.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGINT", shutdown);
    process.once("SIGTERM", shutdown);
    // A database that died cannot be served from: stop (journaled charges stay in the journal for the
    // next start to replay) and exit non-zero so a supervisor restarts the process.
    void server.failed.then(() => server.stop().finally(() => process.exit(1)));
    return undefined;
  }
  if (command === "world" || command === "demo") {
    const { values: worldArgs } = parseArgs({
      args: [sub, ...rest].filter((a): a is string => a !== undefined),
      options: { sites: { type: "string" } },
      strict: true,
    });
    const print = (line: string) => process.stdout.write(`${line}\n`);
    if (command === "world") await runWorld(worldArgs.sites, print);
    else await runDemo(worldArgs.sites, print);
    process.exit(0);
  }
  if (command === "screen" || command === "risk") {
    const { values: screenArgs, positionals } = parseArgs({
      args: [sub, ...rest].filter((a): a is string => a !== undefined),
      options: {
        offline: { type: "boolean", default: false },
        concurrency: { type: "string", default: "16" },
        "user-site-policy": { type: "string" },
      },
      allowPositionals: command === "risk",
      strict: true,
    });
    if (command === "risk") {
      const target = positionals[0];
      if (!target) throw new UsageError("risk needs a URL or domain");
      return runRisk(target, screenArgs.offline === true, userSitePolicy(screenArgs["user-site-policy"]));
    }
    const concurrency = Number.parseInt(String(screenArgs.concurrency), 10);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
      throw new UsageError("--concurrency must be a whole number from 1 to 256");
    }
    const policy = userSitePolicy(screenArgs["user-site-policy"]);
    await runScreen(
      { offline: screenArgs.offline === true, concurrency, ...(policy ? { userSitePolicy: policy } : {}) },
      (line) => process.stdout.write(`${line}\n`),
    );
    return undefined;
  }
  if (command === "analyze") {
    let analyzeArgs: Record<string, string | boolean | undefined>;
    try {
      analyzeArgs = parseArgs({
        args: [sub, ...rest].filter((a): a is string => a !== undefined),
        options: {
          url: { type: "string" },
          html: { type: "string" },
          screenshot: { type: "string" },
          "no-render": { type: "boolean" },
        },
        strict: true,
      }).values;
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
    const screenshot = analyzeArgs.screenshot;
    const { AnalyzeInputError, runAnalyze } = await import("./analyze.js");
    try {
      return await runAnalyze({
        url: need(analyzeArgs, "url"),
        html: need(analyzeArgs, "html"),
        screenshot: typeof screenshot === "string" ? screenshot : undefined,
        render: analyzeArgs["no-render"] !== true,
      });
    } catch (err) {
      if (err instanceof AnalyzeInputError) throw new InputError(err.message);
      throw err;
    }
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: "string" },
      credits: { type: "string" },
      org: { type: "string" },
      key: { type: "string" },
      amount: { type: "string" },
      operation: { type: "string" },
      "per-minute": { type: "string" },
      file: { type: "string" },
      "user-site-policy": { type: "string" },
    },
    strict: true,
  });
  const org = () => encodeURIComponent(need(values, "org"));
  switch (`${command} ${sub}`) {
    case "org create": {
      const credits = values.credits === undefined ? undefined : usd(values.credits, "credits");
      return admin("POST", "/admin/v1/orgs", {
        name: need(values, "name"),
        ...(credits === undefined ? {} : { credits_usd: credits }),
      });
    }
    case "org show":
      return admin("GET", `/admin/v1/orgs/${org()}`);
    case "org set": {
      const orgPath = `/admin/v1/orgs/${org()}`;
      const policy = userSitePolicy(values["user-site-policy"]);
      if (policy === undefined) throw new UsageError("org set needs a setting: --user-site-policy");
      return admin("PATCH", orgPath, { user_site_policy: policy });
    }
    case "key create":
      return admin("POST", `/admin/v1/orgs/${org()}/keys`);
    case "key revoke":
      return admin("DELETE", `/admin/v1/keys/${encodeURIComponent(need(values, "key"))}`);
    case "credits add":
      return admin("POST", `/admin/v1/orgs/${org()}/credits`, {
        amount_usd: usd(need(values, "amount"), "amount"),
      });
    case "limits set": {
      const perMinute = Number.parseInt(need(values, "per-minute"), 10);
      return admin("PUT", `/admin/v1/orgs/${org()}/limits`, { [need(values, "operation")]: perMinute });
    }
    case "classification put": {
      const data: unknown = JSON.parse(readFileSync(need(values, "file"), "utf8"));
      const records = Array.isArray(data) ? data : [data];
      const stored: unknown[] = [];
      for (const record of records) {
        const domain = (record as { domain?: unknown }).domain;
        if (typeof domain !== "string") throw new UsageError("every record needs a string 'domain'");
        stored.push(await admin("PUT", `/admin/v1/classifications/${encodeURIComponent(domain)}`, record));
      }
      return stored;
    }
    default:
      throw new UsageError(
        command ? `unknown command '${[command, sub].filter(Boolean).join(" ")}'` : "no command given",
      );
  }
}

run(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`domainlens: ${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (err instanceof InputError) {
      process.stderr.write(`domainlens: ${err.message}\n`);
      process.exit(2);
    }
    if (err instanceof ConfigError || err instanceof StartupError || err instanceof DatabaseLockedError) {
      process.stderr.write(`domainlens: ${err.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`domainlens: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
