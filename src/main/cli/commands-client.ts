import { writeFileSync } from "node:fs";
import { CliError, type CommandSpec, EXIT, usageError, type Values, wholeNumber } from "./args.js";
import type { CliContext } from "./context.js";
import { call, download, keyServer, type Server } from "./http.js";

/*
 * The client commands: an organization's own calls to a running server (DOMAINLENS_URL, DOMAINLENS_API_KEY),
 * charged like any other call (docs/billing.md).
 */

const SECTION = "Client (a running server: DOMAINLENS_URL, DOMAINLENS_API_KEY)";

const WAIT_OPTIONS = {
  wait: { type: "boolean", description: "wait until it has finished, then print the result" },
  timeout: {
    type: "string",
    value: "SECONDS",
    description: "how long --wait waits before giving up (exit code 4)",
    default: "120",
  },
} as const;

const SCAN_STATUSES = ["pending", "processing", "completed", "failed"];

interface ScanRecord {
  scan_id: string;
  url: string;
  status: string;
  [field: string]: unknown;
}

interface ClassificationJob {
  job_id: string;
  domain: string;
  status: string;
  [field: string]: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `finished`, every second, up to --timeout; exit code 4 when it runs out. */
async function poll<T>(
  values: Values,
  command: string,
  read: () => Promise<T>,
  finished: (value: T) => boolean,
  onPoll: (value: T) => void,
): Promise<T> {
  const deadline = Date.now() + wholeNumber(values, "timeout", 1, 86_400, command) * 1000;
  let value = await read();
  onPoll(value);
  while (!finished(value)) {
    if (Date.now() >= deadline) {
      throw new CliError(
        `gave up waiting after ${String(values.timeout)} s; it is still running (--timeout sets how long to wait)`,
        EXIT.timeout,
      );
    }
    await sleep(1000);
    value = await read();
    onPoll(value);
  }
  return value;
}

/** A signed link to the scan's result page (GET /v1/scans/{id}/view), or null when none is given. */
async function resultPage(server: Server, scanId: string): Promise<{ url: string; expires: string } | null> {
  try {
    const link = await call<{ view_url?: unknown; expires_at?: unknown }>(
      server,
      "GET",
      `/v1/scans/${scanId}/view`,
    );
    if (typeof link.view_url !== "string") return null;
    // A path relative to the API's base URL, as every path the command line calls.
    return { url: `${server.url}${link.view_url}`, expires: String(link.expires_at ?? "") };
  } catch {
    // The report is what was asked for; a page link the server cannot give is left out.
    return null;
  }
}

export function clientCommands(ctx: CliContext): CommandSpec[] {
  return [
    {
      name: "scan",
      section: SECTION,
      summary: "scan a URL in a real browser on the server ($0.05, refunded if it fails)",
      description:
        "Creates a scan (POST /v1/scans) and prints it. With --wait it follows the scan until it completes or fails and prints the report; --screenshot FILE (implies --wait) saves the page's screenshot. --id follows a scan created before instead of creating one. A failed scan exits with 1.",
      args: [{ name: "URL", required: false }],
      options: {
        ...WAIT_OPTIONS,
        screenshot: {
          type: "string",
          value: "FILE",
          description: "save the screenshot (PNG) here; implies --wait",
        },
        id: {
          type: "string",
          value: "SCAN_ID",
          description: "an existing scan to show or wait for, instead of a URL",
        },
      },
      output: true,
      examples: [
        "domainlens scan https://paypa1.com/login --wait",
        "domainlens scan https://paypa1.com/login --screenshot paypa1.png",
        "domainlens scan --id 0b7e4c1a-… --wait --json",
      ],
      async run({ values, positionals, command }) {
        const url = positionals[0]?.trim();
        const id = typeof values.id === "string" ? values.id.trim() : "";
        if (!url && !id) throw usageError("scan needs a URL (or --id SCAN_ID)", command);
        if (url && id) throw usageError("give a URL or --id, not both", command);
        const screenshot = typeof values.screenshot === "string" ? values.screenshot : undefined;
        const wait = values.wait === true || screenshot !== undefined;
        const server = await keyServer(command);
        const created = id ? null : await call<ScanRecord>(server, "POST", "/v1/scans", { url });
        const scanId = encodeURIComponent(created?.scan_id ?? id);
        let scan = created ?? (await call<ScanRecord>(server, "GET", `/v1/scans/${scanId}`));
        if (wait) {
          const progress = ctx.progress();
          scan = await poll(
            values,
            command,
            () => call<ScanRecord>(server, "GET", `/v1/scans/${scanId}`),
            (s) => s.status === "completed" || s.status === "failed",
            (s) => progress.update(`scan ${s.status}… ${Math.round(progress.elapsed())}s`, true),
          );
          progress.done();
        }
        const notes: string[] = [];
        if (screenshot !== undefined && scan.status === "completed") {
          writeFileSync(screenshot, await download(server, `/v1/scans/${scanId}/screenshot`));
          notes.push(`Screenshot saved to ${screenshot}`);
        }
        if (!ctx.mode(values).json && scan.status === "completed") {
          const page = await resultPage(server, scanId);
          if (page) notes.push(`Result page (open in a browser until ${page.expires}): ${page.url}`);
        }
        const shown = ctx.show(values, scan, "scan", notes.join("\n"));
        if (scan.status === "failed") return ctx.failWith(shown, EXIT.failure);
        return shown;
      },
    },
    {
      name: "classify",
      section: SECTION,
      summary: "who operates a domain and what it is for ($0.001 cached, $0.01 when it is crawled)",
      description:
        "POST /v2/domain-classification: a fresh classification is printed at once; otherwise the server crawls the domain and this prints the job, or with --wait follows it and prints the result. A failed crawl exits with 1 (its charge is refunded).",
      args: [{ name: "DOMAIN", required: true }],
      options: WAIT_OPTIONS,
      output: true,
      examples: ["domainlens classify example.com", "domainlens classify www.codewharf.dev --wait"],
      async run({ values, positionals, command }) {
        const server: Server = await keyServer(command);
        const first = await call<Record<string, unknown>>(server, "POST", "/v2/domain-classification", {
          domain: positionals[0]?.trim(),
        });
        if (typeof first.job_id !== "string") return ctx.show(values, first, "classification");
        let job = first as ClassificationJob;
        if (values.wait === true) {
          const progress = ctx.progress();
          const path = `/v2/domain-classification/jobs/${encodeURIComponent(job.job_id)}`;
          job = await poll(
            values,
            command,
            () => call<ClassificationJob>(server, "GET", path),
            (j) => j.status === "complete" || j.status === "failed",
            (j) =>
              progress.update(`crawling ${j.domain}: ${j.status}… ${Math.round(progress.elapsed())}s`, true),
          );
          progress.done();
          if (job.status === "complete" && job.result) return ctx.show(values, job.result, "classification");
        }
        const shown = ctx.show(values, job, "job");
        if (job.status === "failed") return ctx.failWith(shown, EXIT.failure);
        return shown;
      },
    },
    {
      name: "scans list",
      section: SECTION,
      summary: "the organization's scans, newest first",
      options: {
        status: {
          type: "string",
          value: "STATUS",
          description: `only scans in this status: ${SCAN_STATUSES.join(", ")}`,
        },
        limit: { type: "string", value: "N", description: "scans per page, 1-100", default: "25" },
        cursor: {
          type: "string",
          value: "CURSOR",
          description: "the next page, as the previous one named it",
        },
      },
      output: true,
      examples: ["domainlens scans list", "domainlens scans list --status completed --limit 100 --json"],
      async run({ values, command }) {
        const query = new URLSearchParams({ limit: String(wholeNumber(values, "limit", 1, 100, command)) });
        if (typeof values.status === "string") {
          if (!SCAN_STATUSES.includes(values.status)) {
            throw usageError(`--status must be one of ${SCAN_STATUSES.join(", ")}`, command);
          }
          query.set("status", values.status);
        }
        if (typeof values.cursor === "string") query.set("cursor", values.cursor);
        const page = await call(await keyServer(command), "GET", `/v1/scans?${query}`);
        return ctx.show(values, page, "scans");
      },
    },
  ];
}
