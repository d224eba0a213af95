/**
 * Screens a file of URLs with DomainLens URL scans: submits them in batches of up to 100, then prints one
 * line per finished scan — url, final_assessment, threat_type, detected brand, separated by tabs.
 *
 *   export DOMAINLENS_URL=https://domainlens.example.com DOMAINLENS_API_KEY=dl_live_...
 *   npx tsx examples/screen-file.ts urls.txt                    # waits by polling GET /v1/scans
 *   npx tsx examples/screen-file.ts urls.txt --webhook-port 8787 --webhook-url https://hooks.example.net/
 *                                                               # waits for signed webhook deliveries
 *
 * urls.txt holds one URL (or domain) a line; empty lines and lines starting with # are skipped. Every scan
 * gets a tag of this run (`--tag`, default `screen-file:<time>`), so the run can be found again with
 * `GET /v1/scans?tag=…`. With --webhook-port, a receiver listens on that port and a webhook endpoint is
 * registered for the public URL that reaches it (--webhook-url, e.g. a tunnel's), for the run only; every
 * delivery's signature is verified. Item errors, progress and failures go to stderr; the exit status is 0
 * when every URL was scanned to the end, 1 otherwise.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { parseArgs } from "node:util";
import {
  createClient,
  type DomainLensClient,
  DomainLensError,
  type Scan,
  type ScanSummary,
  unwrap,
  verifyWebhook,
  WebhookVerificationError,
} from "../src/index.js";

const BATCH_SIZE = 100;
/** How long to wait after the last submission: the API fails a scan 10 minutes after its creation. */
const WAIT_LIMIT_MS = 12 * 60_000;
const POLL_INTERVAL_MS = 5_000;
/** With webhooks, a listing now and then catches a delivery that could not reach the receiver. */
const WEBHOOK_RECONCILE_MS = 60_000;
/** The largest delivery the receiver reads (a scan record is far smaller). */
const MAX_DELIVERY_BYTES = 4 * 1024 * 1024;

interface Outcome {
  url: string;
  assessment: string;
  threatType: string;
  brand: string;
}

function fromRecord(scan: Scan): Outcome {
  if (scan.status === "failed") {
    return { url: scan.url, assessment: "failed", threatType: scan.error?.code ?? "-", brand: "-" };
  }
  return {
    url: scan.url,
    assessment: scan.report?.final_assessment ?? "-",
    threatType: scan.report?.threat_type ?? "-",
    brand: scan.report?.site_context?.detected_brand ?? "-",
  };
}

function fromSummary(scan: ScanSummary): Outcome {
  return {
    url: scan.url,
    assessment: scan.status === "failed" ? "failed" : (scan.final_assessment ?? "-"),
    threatType: scan.threat_type ?? "-",
    brand: scan.detected_brand ?? "-",
  };
}

/** The URLs of a file: one a line, blank lines and `#` comment lines skipped. */
function readUrls(file: string): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * Submits the URLs in batches, handing each accepted scan id to `accepted` as its batch is answered;
 * reports every refused item and batch. Answers whether every URL became a scan.
 */
async function submit(
  client: DomainLensClient,
  urls: string[],
  tag: string,
  accepted: (scanId: string) => void,
): Promise<boolean> {
  let complete = true;
  for (let start = 0; start < urls.length; start += BATCH_SIZE) {
    const chunk = urls.slice(start, start + BATCH_SIZE);
    // Rate limits count items (100 a minute by default): the client waits out each 429's Retry-After.
    // The key makes a run repeated with the same --tag within 24 hours get the same scans back instead of
    // new ones (and charges): a run that was cut off can be resumed.
    const result = await client.POST("/v1/scans/batch", {
      body: { urls: chunk, tags: [tag] },
      headers: { "idempotency-key": `${tag}:${start}` },
    });
    const batch = result.data;
    if (batch === undefined) {
      const err = DomainLensError.from(result.response, result.error);
      console.error(`URLs ${start + 1}-${start + chunk.length} refused: ${err.code}: ${err.message}`);
      complete = false;
      if (err.status === 402) break; // out of credit: no later batch would be accepted either
      continue;
    }
    for (const item of batch.items) {
      if (item.scan_id) {
        accepted(item.scan_id);
      } else if (item.error) {
        complete = false;
        console.error(`${item.url}\terror ${item.error.error} (${item.error.status}): ${item.error.message}`);
      }
    }
    console.error(
      `submitted ${batch.accepted} of ${chunk.length} (charged $${batch.charged_usd.toFixed(2)})`,
    );
  }
  return complete;
}

/** Walks the run's scans and reports those that finished since the last walk; answers the pages read. */
async function reconcile(
  client: DomainLensClient,
  tag: string,
  pending: Set<string>,
  report: (id: string, outcome: Outcome) => void,
): Promise<number> {
  let pages = 0;
  let seen = 0;
  for await (const scan of client.eachScan({ tag, limit: 100 })) {
    if (seen++ % 100 === 0) pages++;
    if (pending.has(scan.scan_id) && (scan.status === "completed" || scan.status === "failed")) {
      report(scan.scan_id, fromSummary(scan));
    }
  }
  return pages;
}

/** Starts the receiver: every delivery is verified, then handed to `onScan`. */
function startReceiver(
  port: number,
  secret: () => string | null,
  onScan: (scan: Scan) => void,
): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_DELIVERY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_DELIVERY_BYTES) {
        res.writeHead(413).end();
        return;
      }
      const key = secret();
      if (req.method !== "POST" || key === null) {
        res.writeHead(404).end();
        return;
      }
      verifyWebhook(key, req.headers, Buffer.concat(chunks)).then(
        (event) => {
          res.writeHead(204).end();
          if (event.type === "scan.completed" || event.type === "scan.failed") onScan(event.data);
        },
        (err: unknown) => {
          const reason = err instanceof WebhookVerificationError ? err.message : String(err);
          console.error(`rejected a delivery: ${reason}`);
          res.writeHead(400).end();
        },
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve(server));
  });
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      tag: { type: "string" },
      "webhook-port": { type: "string" },
      "webhook-url": { type: "string" },
    },
  });
  const file = positionals[0];
  const apiKey = process.env.DOMAINLENS_API_KEY;
  if (!file || !apiKey) {
    console.error(
      "usage: DOMAINLENS_API_KEY=dl_live_... [DOMAINLENS_URL=...] screen-file.ts FILE [--tag TAG]\n" +
        "       [--webhook-port PORT --webhook-url PUBLIC_URL]",
    );
    return 2;
  }
  const webhookPort = values["webhook-port"] === undefined ? null : Number(values["webhook-port"]);
  if (webhookPort !== null && (!Number.isInteger(webhookPort) || !values["webhook-url"])) {
    console.error(
      "--webhook-port takes a port number and needs --webhook-url, the public URL that reaches it",
    );
    return 2;
  }
  const urls = readUrls(file);
  if (urls.length === 0) {
    console.error(`${file} holds no URL`);
    return 2;
  }
  const tag = values.tag ?? `screen-file:${new Date().toISOString().replace(/[-:]|\.\d+Z$/g, "")}`;
  const client = createClient({ baseUrl: process.env.DOMAINLENS_URL, apiKey });

  const pending = new Set<string>();
  let finished = 0;
  let wake: () => void = () => {};
  const report = (id: string, outcome: Outcome) => {
    if (!pending.delete(id)) return; // another run's scan, or a repeated delivery
    finished++;
    console.log([outcome.url, outcome.assessment, outcome.threatType, outcome.brand].join("\t"));
    if (pending.size === 0) wake();
  };

  // With webhooks the endpoint exists before the first scan, so no completion is missed.
  let receiver: Server | null = null;
  let webhookId: string | null = null;
  let secret: string | null = null;
  const early = new Map<string, Scan>(); // deliveries that arrive before their batch's answer
  const onDelivery = (scan: Scan) => {
    if (pending.has(scan.scan_id)) report(scan.scan_id, fromRecord(scan));
    else early.set(scan.scan_id, scan);
  };
  if (webhookPort !== null) {
    receiver = await startReceiver(webhookPort, () => secret, onDelivery);
    try {
      const endpoint = unwrap(
        await client.POST("/v1/webhooks", {
          body: {
            url: values["webhook-url"] ?? "",
            events: ["scan.completed", "scan.failed"],
            description: `screen-file ${tag}`,
          },
        }),
      );
      webhookId = endpoint.webhook_id;
      secret = endpoint.secret;
      console.error(`listening on port ${webhookPort} for deliveries to ${endpoint.url}`);
    } catch (err) {
      receiver.close();
      throw err;
    }
  }

  try {
    const complete = await submit(client, urls, tag, (id) => {
      pending.add(id);
      const delivered = early.get(id);
      if (delivered) report(id, fromRecord(delivered));
    });

    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (pending.size > 0 && Date.now() < deadline) {
      let pages = 0;
      if (!receiver) pages = await reconcile(client, tag, pending, report);
      if (pending.size === 0) break;
      // Webhooks: wait for the deliveries, and now and then list what finished in case one never came.
      // Polling: GET /v1/scans allows 60 pages a minute, so a long run walks its pages less often.
      const waitMs = receiver ? WEBHOOK_RECONCILE_MS : Math.max(POLL_INTERVAL_MS, pages * 1_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (receiver && pending.size > 0) await reconcile(client, tag, pending, report);
    }
    for (const id of pending) {
      console.error(
        `scan ${id} did not finish within ${WAIT_LIMIT_MS / 60_000} minutes (GET /v1/scans/${id})`,
      );
    }
    console.error(`${finished} scans finished`);
    return complete && pending.size === 0 ? 0 : 1;
  } finally {
    if (webhookId) {
      const removed = await client.DELETE("/v1/webhooks/{webhook_id}", {
        params: { path: { webhook_id: webhookId } },
      });
      if (removed.error) console.error(`could not delete webhook ${webhookId}: ${removed.error.message}`);
    }
    receiver?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DomainLensError ? `${err.code}: ${err.message}` : err);
    process.exit(1);
  },
);
