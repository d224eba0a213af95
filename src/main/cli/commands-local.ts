import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { type CommandSpec, type Invocation, need, usageError, wholeNumber } from "./args.js";
import type { CliContext } from "./context.js";
import { screenSummary, screenTable } from "./format.js";

/*
 * The commands that run in this process: the server, the test internet and the demo, and the offline and
 * bulk verdicts. Each imports its modules when it runs, so `--help` and the other commands never load them.
 */

const USER_SITE_POLICY = {
  type: "string",
  value: "evidence|strict",
  description: "how users' sites on hosting platforms are judged (docs/risk.md)",
  default: "evidence",
} as const;

async function userSitePolicy(values: Invocation["values"], command: string) {
  const { isUserSitePolicy, USER_SITE_POLICIES } = await import("../../engines/risk/policy.js");
  const text = String(values["user-site-policy"] ?? "evidence").trim();
  if (!isUserSitePolicy(text)) {
    throw usageError(`--user-site-policy must be ${USER_SITE_POLICIES.join(" or ")}`, command);
  }
  return text;
}

/** The server's environment with the --port, --host and --data-dir given on the command line. */
function serverEnv(values: Invocation["values"], env: Record<string, string | undefined>, command: string) {
  const out = { ...env };
  if (values.port !== undefined) out.PORT = String(wholeNumber(values, "port", 0, 65535, command));
  if (values.host !== undefined) out.HOST = need(values, "host", command);
  if (values["data-dir"] !== undefined) out.DATA_DIR = need(values, "data-dir", command);
  return out;
}

const SERVER_OPTIONS = {
  port: {
    type: "string",
    value: "N",
    description: "port to listen on, 0 for any free one (default: PORT, else 8080)",
  },
  host: {
    type: "string",
    value: "HOST",
    description: "address to listen on (default: HOST, else 127.0.0.1)",
  },
  "data-dir": {
    type: "string",
    value: "DIR",
    description: "the embedded database's directory without DATABASE_URL (default: DATA_DIR, else ./data)",
  },
} as const;

/** Inputs of `screen`: read whole from a file on standard input (so the total is known), else streamed. */
function screenLines(): { lines: AsyncIterable<string> | Iterable<string>; total: number | null } {
  let isFile = false;
  try {
    isFile = fstatSync(0).isFile();
  } catch {
    isFile = false;
  }
  if (isFile) {
    const text = readFileSync(0, "utf8");
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "" && !l.trim().startsWith("#"));
    return { lines, total: lines.length };
  }
  return {
    lines: (async function* () {
      const { createInterface } = await import("node:readline");
      yield* createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    })(),
    total: null,
  };
}

export function localCommands(ctx: CliContext): CommandSpec[] {
  return [
    {
      name: "serve",
      section: "Run DomainLens",
      summary: "start the API and the job worker (the same as npm start)",
      description:
        "Listens on --host:--port and keeps the embedded database in --data-dir unless DATABASE_URL is set; every other setting comes from the environment (README, Configuration). On the first start with an empty database it creates the organization 'default' and prints its API key once. Stops on Ctrl-C or SIGTERM.",
      options: SERVER_OPTIONS,
      examples: [
        "domainlens serve",
        "domainlens serve --port 9090 --data-dir /var/lib/domainlens",
        "PORT=0 domainlens serve              # any free port; the address is logged",
      ],
      async run({ values, command }) {
        const env = serverEnv(values, ctx.env, command);
        const { serve } = await import("../serve.js");
        const server = await serve(env);
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
        return ctx.keepRunning;
      },
    },
    {
      name: "world",
      section: "Run DomainLens",
      summary: "run the test internet and print its configuration",
      description:
        "Starts a hermetic internet on 127.77.0.0/16 (DNS, a CA, RDAP and the fixture sites) and prints its configuration as NAME=value lines for any DomainLens process (docs/world.md). Runs until Ctrl-C.",
      options: {
        sites: {
          type: "string",
          value: "DIR",
          description: "serve the sites of DIR instead of the built-in ones",
        },
      },
      examples: ["domainlens world > world.env", "domainlens world --sites ./my-sites"],
      async run({ values }) {
        const { runWorld } = await import("../world.js");
        await runWorld(typeof values.sites === "string" ? values.sites : undefined, ctx.print);
        return ctx.exitNow;
      },
    },
    {
      name: "demo",
      section: "Run DomainLens",
      summary: "run the test internet and a server wired to it, with a demo organization",
      description:
        "Starts the test internet and a DomainLens server that uses it instead of the real internet, creates the organization 'demo' and prints its API key and commands to try. The server listens on PORT (default 8080); when that port is taken and no port was asked for, it takes a free one. The test internet's configuration is written to a file (its path is printed). The embedded database lives in DATA_DIR (default ./data-demo). Runs until Ctrl-C.",
      options: {
        sites: {
          type: "string",
          value: "DIR",
          description: "serve the sites of DIR instead of the built-in ones",
        },
        port: {
          type: "string",
          value: "N",
          description: "the server's port, 0 for any free one (default: PORT, else 8080 or a free one)",
        },
      },
      examples: ["domainlens demo", "domainlens demo --port 9000", "PORT=0 domainlens demo"],
      async run({ values, command }) {
        const env = serverEnv(values, ctx.env, command);
        const { runDemo } = await import("../world.js");
        await runDemo(typeof values.sites === "string" ? values.sites : undefined, ctx.print, {
          env,
          portChosen: values.port !== undefined || (ctx.env.PORT ?? "") !== "",
          progress: ctx.progress(),
        });
        return ctx.exitNow;
      },
    },
    {
      name: "screen",
      section: "Verdicts on this machine",
      summary: "screen URLs or domains read from standard input, one verdict each",
      description:
        "Reads one URL or domain per line (blank lines and # comments are skipped) and prints one verdict per input, in input order: a table on a terminal, one JSON object per line otherwise ({input, final_assessment, threat_type, confidence_score, brand, findings}). Network checks (DNS, RDAP, TLS) use the same environment as the server; --offline checks the name alone, with no network at all.",
      options: {
        offline: { type: "boolean", description: "no network: the name and URL alone" },
        concurrency: {
          type: "string",
          value: "N",
          description: "inputs analysed at once, 1-256",
          default: "16",
        },
        "user-site-policy": USER_SITE_POLICY,
      },
      output: true,
      examples: [
        "domainlens screen --offline < urls.txt",
        "echo paypa1.com | domainlens screen --offline",
        "domainlens screen --json < urls.txt > verdicts.jsonl",
        "domainlens screen --user-site-policy strict < urls.txt",
      ],
      async run({ values, command }) {
        const concurrency = wholeNumber(values, "concurrency", 1, 256, command);
        const policy = await userSitePolicy(values, command);
        const mode = ctx.mode(values);
        const paint = ctx.paint(mode);
        const { runScreen } = await import("../screen.js");
        const { lines, total } = screenLines();
        const progress = ctx.progress();
        const tableFormat = screenTable(mode.columns);
        const counts = new Map<string, number>();
        let done = 0;
        if (!mode.json) ctx.print(tableFormat.header(paint));
        await runScreen(
          { offline: values.offline === true, concurrency, userSitePolicy: policy },
          lines,
          (result) => {
            done++;
            const verdict = "final_assessment" in result ? result.final_assessment : "error";
            counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
            progress.clear();
            ctx.print(mode.json ? JSON.stringify(result) : tableFormat.row(result, mode.color));
            progress.count(done, total, "screened");
          },
        );
        progress.done();
        if (!mode.json) process.stderr.write(`${screenSummary(counts, progress.elapsed())}\n`);
        return undefined;
      },
    },
    {
      name: "risk",
      section: "Verdicts on this machine",
      summary: "one full domain risk report of a URL or domain",
      description:
        "The report POST /v1/domain-risks answers (verdict, summary and findings), computed in this process with the server's environment for DNS, RDAP and TLS; --offline checks the name alone.",
      args: [{ name: "URL", required: true }],
      options: {
        offline: { type: "boolean", description: "no network: the name and URL alone" },
        "user-site-policy": USER_SITE_POLICY,
      },
      output: true,
      examples: ["domainlens risk https://paypa1.com/login", "domainlens risk paypa1.com --offline --json"],
      async run({ values, positionals, command }) {
        const policy = await userSitePolicy(values, command);
        const { runRisk } = await import("../screen.js");
        const report = await runRisk(positionals[0] ?? "", values.offline === true, policy);
        const failed = report as { error?: string; message?: string };
        if (typeof failed.error === "string") {
          if (ctx.mode(values).json) return ctx.failWith(report);
          throw usageError(failed.message ?? failed.error, command);
        }
        return ctx.show(values, report, "report");
      },
    },
    {
      name: "analyze",
      section: "Verdicts on this machine",
      summary: "the scan report of a saved page, offline",
      description:
        "Runs the scan agents (content, vision and what the URL says) on a page saved to disk, without any network. Without --screenshot the page is rendered in headless Chromium with every request refused, for the vision agent; --no-render skips that.",
      options: {
        url: { type: "string", value: "URL", description: "the URL the page was saved from (required)" },
        html: { type: "string", value: "FILE", description: "the saved HTML (required)" },
        screenshot: {
          type: "string",
          value: "PNG",
          description: "a screenshot of the page, instead of rendering it",
        },
        "no-render": { type: "boolean", description: "no screenshot and no render" },
      },
      output: true,
      examples: [
        "domainlens analyze --url https://paypa1.com/login --html login.html",
        "domainlens analyze --url https://example.com/ --html page.html --screenshot page.png --json",
      ],
      async run({ values, command }) {
        const url = need(values, "url", command);
        const html = need(values, "html", command);
        const progress = ctx.progress();
        progress.step(1, 2, "loading the analysis engines");
        const { AnalyzeInputError, runAnalyze } = await import("../analyze.js");
        try {
          const report = await runAnalyze({
            url,
            html,
            screenshot: typeof values.screenshot === "string" ? values.screenshot : undefined,
            render: values["no-render"] !== true,
            onStage: (stage) => progress.step(2, 2, stage),
            warn: (message) => {
              progress.clear();
              process.stderr.write(`${message}\n`);
            },
          });
          progress.done();
          return ctx.show(values, report, "report");
        } catch (err) {
          progress.done();
          if (err instanceof AnalyzeInputError) throw usageError(err.message, command);
          throw err;
        }
      },
    },
  ];
}

/** Reads a file named on the command line, or a usage error saying why it cannot be. */
export function readInputFile(file: string, command: string): string {
  try {
    const fd = openSync(file, "r");
    try {
      return readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(code ?? err);
    throw usageError(`cannot read ${file}: ${why}`, command);
  }
}
