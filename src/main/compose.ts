import path from "node:path";
import { AccountService } from "../api/account/service.js";
import { OrgService } from "../api/admin/service.js";
import { engineClassifier } from "../api/classification/classifier.js";
import type { Classifier } from "../api/classification/classify.js";
import { freshnessPolicy } from "../api/classification/freshness.js";
import { ClassificationService } from "../api/classification/service.js";
import { type RiskAnalyzer, RiskService } from "../api/risk/service.js";
import { ScanExportService } from "../api/scans/export-service.js";
import { ArtifactRetention } from "../api/scans/retention.js";
import type { Scanner } from "../api/scans/scan.js";
import { engineScanner } from "../api/scans/scanner.js";
import { ScanService } from "../api/scans/service.js";
import { ScanShareService } from "../api/scans/share-service.js";
import { ViewLinkSigner } from "../api/scans/view-link.js";
import { ScanViewService } from "../api/scans/view-service.js";
import { WebhookService } from "../api/webhooks/service.js";
import type { Config } from "../config.js";
import { type BrowserPool, createBrowserPool } from "../engines/browser/index.js";
import { createCrawler } from "../engines/classify/crawl/index.js";
import { defaultAsnLookup } from "../engines/net/asn.js";
import { createEgress, type Egress } from "../engines/net/index.js";
import { analyzeRisk } from "../engines/risk/analyze.js";
import type { Services } from "../http/services.js";
import { ChargeJournal } from "../platform/billing/journal/index.js";
import { type ChargeRecorder, DebitRecorder } from "../platform/billing/recorder.js";
import { type Database, openDatabase } from "../platform/db/database.js";
import { IdempotencyStore } from "../platform/idempotency.js";
import { KeyStore } from "../platform/keys/store.js";
import { LimitsCache } from "../platform/limits.js";
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "../platform/ratelimit/index.js";
import { UsageRecorder } from "../platform/usage.js";

/** Parts a caller (tests, benchmarks) may replace. */
export interface ServiceOverrides {
  /** Crawls and analyzes a domain for classification jobs. */
  classify?: Classifier;
  /** Captures and analyzes a URL for scan jobs. */
  scan?: Scanner;
  /** How long after creation a scan may run before it fails as `scan_timeout`. */
  scanDeadlineMs?: number;
  /** Analyzes a URL for POST /v1/domain-risks (default: the risk engine through the egress gate). */
  analyzeRisk?: RiskAnalyzer;
}

/**
 * The egress gate and the browser pool behind it, as configured. Lazy: Chromium starts on the first page
 * that needs it, so API-only processes never launch it.
 */
export function createBrowsing(
  config: Config,
  poolSize: number = config.BROWSER_POOL_SIZE,
): { egress: Egress; browser: BrowserPool } {
  const egress = createEgress(config.egress);
  const browser = createBrowserPool({
    egress,
    executablePath: config.CHROMIUM_PATH,
    size: poolSize,
    extraCaPem: config.egress.extraCaPem,
  });
  return { egress, browser };
}

/** Wires the services of one process around a database and a rate limiter. */
export function createServices(
  config: Config,
  database: Database,
  limiter: RateLimiter,
  overrides: ServiceOverrides = {},
): Services {
  const db = database.db;
  const keys = new KeyStore(db);
  const charges = createChargeRecorder(config, db);
  const orgs = new OrgService(db, keys, charges);
  const { egress, browser } = createBrowsing(config);
  const scans = new ScanService(db, {
    scan: overrides.scan ?? engineScanner({ egress, browser }),
    deadlineMs: overrides.scanDeadlineMs,
    checkAddress: (address) => egress.policy.checkAddress(address),
    asnOf: async (address) => {
      const found = await defaultAsnLookup().lookup(address);
      return found.status === "found" ? found.asn : null;
    },
  });
  const shares = new ScanShareService(db);
  const scanExports = new ScanExportService(db);
  return {
    config,
    database,
    limiter,
    egress,
    browser,
    keys,
    limits: new LimitsCache(db),
    idempotency: new IdempotencyStore(db),
    usage: new UsageRecorder(db),
    charges,
    orgs,
    account: new AccountService(orgs),
    classification: new ClassificationService(db, charges, {
      classify: overrides.classify ?? engineClassifier(createCrawler({ egress, browser })),
      freshness: freshnessPolicy(config.CLASSIFICATION_FRESH_DAYS, config.CLASSIFICATION_RECHECK_HOURS),
      publicCrawlBudgetPerHour: config.PUBLIC_CRAWL_BUDGET_PER_HOUR,
      crawlTimeoutMs: config.CLASSIFICATION_CRAWL_TIMEOUT_MS,
    }),
    risk: new RiskService(
      db,
      overrides.analyzeRisk ?? ((input, options) => analyzeRisk(egress, input, options)),
    ),
    scans,
    shares,
    scanViews: new ScanViewService(db, {
      signer: new ViewLinkSigner(db),
      scans,
      shares,
      exports: scanExports,
      asnOf: async (address) => {
        const found = await defaultAsnLookup().lookup(address);
        return found.status === "found" ? { asn: found.asn, org: found.org } : null;
      },
    }),
    retention: new ArtifactRetention(db),
    scanExports,
    webhooks: new WebhookService(db, {
      fetch: (url, options) => egress.fetch(url, options),
      checkAddress: (address) => egress.policy.checkAddress(address),
      allowedPorts: egress.policy.allowedPorts,
      hasAllowlist: egress.policy.allowCidrs.length > 0,
      allowHttp: config.WEBHOOK_ALLOW_HTTP,
    }),
  };
}

/**
 * How this process records cache-hit charges, for every service that makes them: the charge journal
 * (docs/billing.md#cache-hit-charges) when it serves the API; a process that does not (ROLE=worker)
 * records no cache hit, and debits directly rather than take a journal slot.
 */
function createChargeRecorder(config: Config, db: Database["db"]): ChargeRecorder {
  if (config.ROLE === "worker") return new DebitRecorder(db);
  return new ChargeJournal(db, {
    dir: path.join(config.DATA_DIR, "journal"),
    sync: config.CHARGE_JOURNAL_SYNC,
  });
}

export function createLimiter(config: Config): RateLimiter {
  return config.REDIS_URL ? createRedisRateLimiter(config.REDIS_URL) : createMemoryRateLimiter();
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  });
}

/** Puts journaled charges in the ledger, gives back credit holds, flushes usage counts, closes connections. */
export async function closeServices(services: Services): Promise<void> {
  await services.charges.close();
  await services.usage.stop();
  await services.limiter.close();
  await services.browser.close();
  await services.egress.close();
  await services.database.close();
}
