/**
 * bench/webhook-delivery: how soon a receiver gets a webhook after its event commits, and how many
 * deliveries a second one worker process makes, against a baseline of the same signed POSTs sent straight
 * to the same receiver (no queue, no egress gate) in the same process run (docs/performance.md#webhooks).
 *
 *   npx tsx bench/webhook-delivery.ts                              # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhook-delivery.ts
 *
 * Knobs (environment): BENCH_EVENTS (500), WEBHOOK_CONCURRENCY (the product's default, 8).
 * Latency: BENCH_EVENTS events committed one at a time, 20 ms apart, each timed from its commit to its
 * receipt. Throughput: BENCH_EVENTS more committed in one transaction, timed until the last is received.
 * Each event is a real outbox write (enqueueEvent in a transaction, as a scan's completion makes it), each
 * delivery a real job through the egress gate to a receiver on 127.0.0.1 (EGRESS_ALLOW_CIDRS), whose
 * signature the receiver verifies. Exits 1 when a delivery is lost or does not verify.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { signedHeaders, verify } from "../src/api/webhooks/signing.js";
import { enqueueEvent } from "../src/api/webhooks/store.js";
import { loadConfig } from "../src/config.js";
import { closeServices, createServices } from "../src/main/compose.js";
import { openDatabase } from "../src/platform/db/database.js";
import { JobRuntime } from "../src/platform/jobs/index.js";
import { createMemoryRateLimiter } from "../src/platform/ratelimit/index.js";
import { envInt, table } from "./support.js";

const EVENTS = envInt("BENCH_EVENTS", 500, 10, 100_000);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dl-bench-webhooks-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    EGRESS_ALLOW_CIDRS: "127.0.0.1/32",
    WEBHOOK_ALLOW_HTTP: "true",
    LOG_LEVEL: "silent",
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 10 });
  const services = createServices(config, database, createMemoryRateLimiter());

  // The receiver: verifies each signature and notes when each event arrived.
  let secret = "";
  const arrived = new Map<string, number>();
  let bad = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const ok = verify(
        secret,
        {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        },
        body,
        Math.floor(Date.now() / 1000),
      );
      if (!ok) bad++;
      const n = (JSON.parse(body) as { data: { n: string } }).data.n;
      if (!arrived.has(n)) arrived.set(n, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  const org = await services.orgs.createOrg("bench-webhooks", 0);
  const endpoint = await services.webhooks.create(org.orgId, { url, events: ["scan.completed"] });
  secret = endpoint.secret;
  const record = { scan_id: "bench", status: "completed", report: { final_assessment: "Malicious" } };

  // Baseline: the same signed POSTs straight to the receiver, WEBHOOK_CONCURRENCY at a time.
  const baselineStarted = performance.now();
  let next = 0;
  const direct = async () => {
    while (next < EVENTS) {
      const i = next++;
      const body = JSON.stringify({
        type: "scan.completed",
        timestamp: new Date().toISOString(),
        data: { ...record, n: `b${i}` },
      });
      const res = await request(url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          ...signedHeaders([secret.slice(6)], `b${i}`, Math.floor(Date.now() / 1000), body),
        },
      });
      await res.body.dump();
    }
  };
  await Promise.all(Array.from({ length: config.WEBHOOK_CONCURRENCY }, direct));
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;

  // DomainLens: outbox writes committed one by one, delivered by a webhook runtime.
  const runtime = new JobRuntime({
    db: database.db,
    handlers: [services.webhooks.deliveryHandler()],
    concurrency: config.WEBHOOK_CONCURRENCY,
  });
  runtime.start();
  const waitAll = async (names: string[]) => {
    const deadline = Date.now() + 180_000;
    while (names.some((n) => !arrived.has(n)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  // Latency: events committed one at a time, 20 ms apart (a busy worker's scan completions).
  const committed = new Map<string, number>();
  for (let i = 0; i < EVENTS; i++) {
    const n = `e${i}`;
    await database.db.transaction().execute((tx) =>
      enqueueEvent(tx, {
        orgId: org.orgId,
        type: "scan.completed",
        resourceId: null,
        data: { ...record, n },
      }),
    );
    committed.set(n, performance.now());
    runtime.notify();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await waitAll([...committed.keys()]);
  const latencies = [...committed]
    .filter(([n]) => arrived.has(n))
    .map(([n, at]) => (arrived.get(n) ?? at) - at)
    .sort((a, b) => a - b);
  // Throughput: a backlog of events committed at once (a batch of scans finishing together), drained.
  const backlog = Array.from({ length: EVENTS }, (_v, i) => `t${i}`);
  await database.db.transaction().execute(async (tx) => {
    for (const n of backlog) {
      await enqueueEvent(tx, {
        orgId: org.orgId,
        type: "scan.completed",
        resourceId: null,
        data: { ...record, n },
      });
    }
  });
  const drainStarted = performance.now();
  runtime.notify();
  await waitAll(backlog);
  const seconds = (Math.max(...backlog.map((n) => arrived.get(n) ?? 0)) - drainStarted) / 1000;
  const drained = backlog.filter((n) => arrived.has(n)).length;
  await runtime.stop(5_000);
  const lost = EVENTS - latencies.length + (EVENTS - drained);

  console.log(
    `# Webhook delivery, ${EVENTS} events, WEBHOOK_CONCURRENCY ${config.WEBHOOK_CONCURRENCY}, ${config.DATABASE_URL ? "Postgres" : "PGlite"}`,
  );
  table(
    ["path", "deliveries/s", "commit → receipt p50 ms", "p95 ms", "p99 ms", "lost", "bad signatures"],
    [
      ["direct signed POST (baseline)", (EVENTS / baselineSeconds).toFixed(0), "-", "-", "-", "0", "-"],
      [
        "outbox → job → egress gate",
        (drained / seconds).toFixed(0),
        quantile(latencies, 0.5).toFixed(1),
        quantile(latencies, 0.95).toFixed(1),
        quantile(latencies, 0.99).toFixed(1),
        String(lost),
        String(bad),
      ],
    ],
  );
  console.log(
    `throughput ratio (DomainLens / baseline): ${(drained / seconds / (EVENTS / baselineSeconds)).toFixed(2)}`,
  );

  server.close();
  await closeServices(services);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (lost > 0 || bad > 0) process.exit(1);
}

await main();
