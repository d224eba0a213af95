import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Classifier } from "../../src/api/classification/classify.js";
import type { StoredClassification } from "../../src/api/classification/schemas.js";
import type { RiskAnalyzer } from "../../src/api/risk/service.js";
import type { Scanner } from "../../src/api/scans/scan.js";
import { loadConfig } from "../../src/config.js";
import type { ClassificationEvidence } from "../../src/engines/classify/types.js";
import { normalizeScanUrl } from "../../src/engines/scan/capture/index.js";
import type { ScanCapture, ScanReport } from "../../src/engines/scan/types.js";
import { buildApp } from "../../src/http/app.js";
import type { Services } from "../../src/http/services.js";
import { closeServices, createServices } from "../../src/main/compose.js";
import type { DB } from "../../src/platform/db/schema.js";
import { JobRuntime, type JobRuntimeOptions } from "../../src/platform/jobs/index.js";
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "../../src/platform/ratelimit/index.js";
import { openTestDatabase, type TestDatabase } from "./db.js";
import { tmpRoot } from "./paths.js";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  /** Creates an organization through the admin API and returns its id and key. */
  createOrg(creditsUsd?: number, name?: string): Promise<{ orgId: string; apiKey: string; keyId: string }>;
  /** Balance in micro-dollars, and the sum of the organization's ledger. */
  balances(orgId: string): Promise<{ balance: number; ledgerSum: number }>;
  /** The organization's debits and refunds (top-ups left out), in ledger order, journaled charges included. */
  ledger(
    orgId: string,
  ): Promise<Array<{ kind: string; operation: string; amount_micros: number; resource_id: string | null }>>;
  get(path: string, apiKey?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(
    path: string,
    body: unknown,
    apiKey?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /**
   * Starts a job runtime running the classification crawl, scan and webhook delivery handlers (fast
   * polling, no backoff), woken when the app queues a crawl, a scan or a delivery. Stopped by close().
   */
  startWorker(options?: WorkerOptions): JobRuntime;
  admin(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface WorkerOptions extends Partial<Omit<JobRuntimeOptions, "handlers" | "db">> {
  /** The database handle of the worker (e.g. one a test can cut off); default the app's. */
  db?: Kysely<DB>;
  /** Replaces the crawl handler's maxAttempts / timeoutMs. */
  crawl?: { maxAttempts?: number; timeoutMs?: number };
  /** Replaces the scan handler's maxAttempts / timeoutMs (per attempt). */
  scanJob?: { maxAttempts?: number; timeoutMs?: number };
  /** Replaces the webhook delivery handler's retry schedule (default: none), persistent-failure span, timeout. */
  webhook?: { backoffMs?: (attempt: number) => number; disableAfterMs?: number; timeoutMs?: number };
}

/**
 * The app on a fresh database. The rate limiter is the in-memory one, or Redis when REDIS_URL is set
 * (each test app gets its own key prefix), as in production.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    limiter?: RateLimiter;
    database?: TestDatabase;
    /** The classifier of crawl jobs (a fake in API tests). */
    classify?: Classifier;
    /** The scanner of scan jobs (a fake in API tests). */
    scan?: Scanner;
    /** A scan's deadline after creation (default the service's). */
    scanDeadlineMs?: number;
    /** The analyzer of POST /v1/domain-risks (default the risk engine through the egress gate). */
    analyzeRisk?: RiskAnalyzer;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  // DATA_DIR holds the charge journal: the PGlite database's own directory, or a fresh one on Postgres.
  const ownDataDir = database.dataDir ? null : mkdtempSync(path.join(tmpRoot, "data-"));
  const config = loadConfig({
    ADMIN_TOKEN,
    DATA_DIR: database.dataDir ?? ownDataDir ?? "",
    ...options.env,
  });
  const redisUrl = process.env.REDIS_URL;
  const limiter =
    options.limiter ??
    (redisUrl
      ? createRedisRateLimiter(redisUrl, { keyPrefix: `dl:test:${Math.random().toString(36).slice(2)}:` })
      : createMemoryRateLimiter());
  const services = createServices(config, database, limiter, {
    classify: options.classify,
    scan: options.scan,
    scanDeadlineMs: options.scanDeadlineMs,
    analyzeRisk: options.analyzeRisk,
  });
  const app = await buildApp(services);
  const runtimes: JobRuntime[] = [];

  const admin: TestApp["admin"] = (method, path, body, headers = {}) =>
    app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  return {
    app,
    services,
    database,
    admin,
    async createOrg(creditsUsd = 10, name = "acme") {
      const res = await admin("POST", "/admin/v1/orgs", { name, credits_usd: creditsUsd });
      if (res.statusCode !== 201) throw new Error(`createOrg failed: ${res.statusCode} ${res.body}`);
      const body = res.json<{ org_id: string; api_key: string; key_id: string }>();
      return { orgId: body.org_id, apiKey: body.api_key, keyId: body.key_id };
    },
    async balances(orgId) {
      // Journaled charges reach the ledger within 100 ms; a test reads them at once.
      await services.charges.flush();
      const org = await database.db
        .selectFrom("organizations")
        .select("balance_micros")
        .where("id", "=", orgId)
        .executeTakeFirstOrThrow();
      const sum = await database.db
        .selectFrom("ledger")
        .select(sql<number>`coalesce(sum(amount_micros), 0)::int8`.as("s"))
        .where("org_id", "=", orgId)
        .executeTakeFirstOrThrow();
      return { balance: org.balance_micros, ledgerSum: sum.s };
    },
    async ledger(orgId) {
      await services.charges.flush(); // cache hits reach the ledger within 100 ms
      return database.db
        .selectFrom("ledger")
        .select(["kind", "operation", "amount_micros", "resource_id"])
        .where("org_id", "=", orgId)
        .where("kind", "<>", "topup")
        .orderBy("id")
        .execute();
    },
    get(path, apiKey, headers = {}) {
      return app.inject({
        method: "GET",
        url: path,
        headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
      });
    },
    post(path, body, apiKey, headers = {}) {
      return app.inject({
        method: "POST",
        url: path,
        headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
        payload: body as Record<string, unknown>,
      });
    },
    startWorker(workerOptions = {}) {
      const { crawl, scanJob, webhook, db, ...rest } = workerOptions;
      const runtime = new JobRuntime({
        db: db ?? database.db,
        handlers: [
          services.classification.crawlHandler(crawl),
          services.scans.jobHandler(scanJob),
          services.webhooks.deliveryHandler({ backoffMs: () => 0, ...webhook }),
        ],
        concurrency: 4,
        leaseMs: 1000,
        pollIntervalMs: 20,
        backoffMs: () => 0,
        ...rest,
      });
      runtimes.push(runtime);
      services.classification.onCrawlQueued(() => {
        for (const r of runtimes) r.notify();
      });
      services.scans.onScanQueued(() => {
        for (const r of runtimes) r.notify();
      });
      services.webhooks.onDeliveryQueued(() => {
        for (const r of runtimes) r.notify();
      });
      runtime.start();
      return runtime;
    },
    async close() {
      await Promise.all(runtimes.splice(0).map((r) => r.stop(0)));
      await app.close();
      if (options.database) {
        await services.charges.close();
        await services.usage.stop();
        await services.limiter.close();
        await services.egress.close();
      } else {
        await closeServices(services);
      }
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A complete stored classification for `domain`, with distinct, plausible content. */
export function sampleClassification(
  domain: string,
  overrides: Partial<StoredClassification> = {},
): StoredClassification {
  counter++;
  return {
    domain,
    state: "developed",
    scraping_status: "httpx_success",
    stability: "permanent",
    enrichment_status: "complete",
    confidence: "high",
    facts: {
      created_at: "2008-02-13",
      registered_date: "2008-02-13T18:31:40.000Z",
      rank: 100 + counter,
      hosting_provider: "Example Hosting Inc.",
      redirect_destination: null,
    },
    identity: {
      headline: `Developer platform #${counter}`,
      summary: "A hosted platform for building and shipping software.",
      operator: "Example Corp",
      parent_entity: "Example Holdings",
      topics: ["software", "developer tools"],
    },
    category: { purpose: "developer_platform", specialization: "Source code hosting" },
    functions: {
      is_ugc_platform: true,
      is_file_host: false,
      is_url_shortener: false,
      is_public_idp: false,
      is_crypto_platform: false,
      allows_user_subdomains: true,
      is_form_builder: false,
      is_document_host: false,
    },
    ...overrides,
  };
}

/**
 * A classifier for API tests, steered by the domain's first label:
 * - `nx-…`: the domain does not resolve (domain_unresolvable, not retried);
 * - `blocked-…`: refused by the egress policy (blocked_by_policy, not retried);
 * - `flaky-…`: a retryable crawl failure on every attempt;
 * - `boom-…`: the classifier throws;
 * - `hang-…`: never answers, ignoring its signal;
 * - `bad-…`: answers a record that does not validate;
 * - `down-…`: classified as a site that resolves but does not answer (state `unreachable`);
 * - anything else: a developed site (sampleClassification).
 * `hold(domain)` makes the next crawls of a domain wait until the returned function is called.
 */
export function fakeClassifier() {
  const calls: string[] = [];
  const gates = new Map<string, Promise<void>>();
  const classify: Classifier = async (domain) => {
    calls.push(domain);
    await gates.get(domain);
    const label = domain.split(/[-.]/)[0];
    switch (label) {
      case "nx":
        return {
          ok: false,
          code: "domain_unresolvable",
          message: `${domain} does not exist in DNS (NXDOMAIN).`,
          retryable: false,
        };
      case "blocked":
        return {
          ok: false,
          code: "blocked_by_policy",
          message: `${domain} leads to a private address.`,
          retryable: false,
        };
      case "flaky":
        return {
          ok: false,
          code: "crawl_failed",
          message: `DNS did not answer for ${domain}.`,
          retryable: true,
        };
      case "boom":
        throw new Error("/srv/domainlens/secret/path exploded");
      case "hang":
        return new Promise(() => {});
      case "bad": {
        const record = sampleClassification(domain);
        return {
          ok: true,
          outcome: { record: { ...record, state: "nonsense" as never }, evidence: fakeEvidence() },
        };
      }
      case "down":
        return {
          ok: true,
          outcome: {
            record: sampleClassification(domain, {
              state: "unreachable",
              scraping_status: "timeout",
              stability: "unknown",
              enrichment_status: "partial",
              confidence: "low",
            }),
            evidence: fakeEvidence(),
          },
        };
      default:
        return { ok: true, outcome: { record: sampleClassification(domain), evidence: fakeEvidence() } };
    }
  };
  return {
    classify,
    calls,
    /** How many crawls of `domain` started. */
    count(domain: string): number {
      return calls.filter((d) => d === domain).length;
    },
    hold(domain: string): () => void {
      let release = () => {};
      gates.set(
        domain,
        new Promise<void>((resolve) => {
          release = () => {
            gates.delete(domain);
            resolve();
          };
        }),
      );
      return () => release();
    },
  };
}

function fakeEvidence(): ClassificationEvidence {
  return {
    operator: {
      value: "Example Corp",
      source: "json_ld",
      candidates: [{ value: "Example Corp", source: "json_ld" }],
    },
    parent: { value: "Example Holdings", source: "entity_table" },
    purpose: [{ purpose: "developer_platform", score: 0.9, signals: ["secret-evidence-marker"] }],
    flags: {
      is_ugc_platform: ["crawl:signup"],
      is_file_host: [],
      is_url_shortener: [],
      is_public_idp: [],
      is_crypto_platform: [],
      allows_user_subdomains: ["list:psl_private"],
      is_form_builder: [],
      is_document_host: [],
    },
  };
}

/** A 1×1 PNG: what the fake scanner returns as its screenshots. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A browser capture of `url` for API tests (`ok`, a login form, two requests, a redirect). */
export function sampleCapture(url: string, overrides: Partial<ScanCapture> = {}): ScanCapture {
  const finalUrl = new URL("/login", url).href;
  return {
    version: 1,
    requestUrl: url,
    startedAt: "2026-06-01T10:00:00.000Z",
    finishedAt: "2026-06-01T10:00:01.200Z",
    source: "browser",
    outcome: "ok",
    reason: null,
    message: null,
    chain: [
      { url, status: 302, location: finalUrl, kind: "http", address: "192.0.2.10" },
      { url: finalUrl, status: 200, location: null, kind: "http", address: "192.0.2.10" },
    ],
    finalUrl,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    title: "Sign in",
    html: '<html><head><title>Sign in</title></head><body><form action="/session"><input type="password" name="pw"></form><!-- secret-dom-marker --></body></html>',
    htmlTruncated: false,
    text: "Sign in",
    favicon: { url: new URL("/favicon.ico", url).href, contentType: "image/x-icon", base64: "AAAA" },
    requests: [
      {
        url: finalUrl,
        method: "GET",
        resourceType: "document",
        status: 200,
        address: "192.0.2.10",
        outcome: "ok",
        reason: null,
      },
      {
        url: "http://10.0.0.1/track.js",
        method: "GET",
        resourceType: "script",
        status: null,
        address: null,
        outcome: "blocked",
        reason: "blocked_private_address",
      },
    ],
    forms: [
      {
        action: new URL("/session", url).href,
        method: "post",
        inputs: [{ type: "password", name: "pw", autocomplete: null }],
        visible: true,
      },
    ],
    cookies: [{ name: "sid", domain: new URL(url).hostname, secure: true, httpOnly: true, sameSite: "Lax" }],
    tls: {
      protocol: "TLSv1.3",
      subject: new URL(url).hostname,
      issuer: "Test CA",
      validFrom: "2026-01-01T00:00:00.000Z",
      validTo: "2027-01-01T00:00:00.000Z",
    },
    console: [{ type: "error", text: "Uncaught ReferenceError: x is not defined" }],
    downloads: [],
    dialogs: [],
    network: null,
    screenshots: { viewport: true, fullPage: true },
    durationMs: 1200,
    ...overrides,
  };
}

/** A scan report of `url` for API tests. */
export function sampleScanReport(url: string, overrides: Partial<ScanReport> = {}): ScanReport {
  return {
    request_url: url,
    final_assessment: "Benign",
    threat_type: "Benign",
    confidence_score: 85,
    executive_summary: "A sign-in page of the site's own service; nothing suggests impersonation.",
    evidence_findings: [],
    site_context: {
      apparent_purpose: "Sign-in page",
      primary_language: "en",
      detected_brand: null,
      page_title: "Sign in",
    },
    ...overrides,
  };
}

/**
 * A scanner for API tests, steered by the URL's host's first label:
 * - `slow-…`: answers after 300 ms;
 * - `broken-…`: the browser fails on every attempt (browser_error, retryable);
 * - `boom-…`: the scanner throws;
 * - `hang-…`: never answers, ignoring its signal;
 * - `bad-…`: answers a report that does not validate;
 * - `down-…`: the site does not answer: a completed capture with outcome `unreachable`, no screenshots, and
 *   an `Unknown` report with a SYS finding and no site context;
 * - `phish-…`: a Malicious brand impersonation;
 * - anything else: a Benign sign-in page with both screenshots.
 * `hold(host)` makes the next scans of a host wait until the returned function is called.
 */
export function fakeScanner() {
  const calls: string[] = [];
  const gates = new Map<string, Promise<void>>();
  const scan: Scanner = async (submitted) => {
    const target = normalizeScanUrl(submitted);
    if (!target.ok) throw new Error(`the fake scanner was given an invalid URL: ${submitted}`);
    const { url, hostname: host } = target;
    calls.push(host);
    await gates.get(host);
    const label = host.split(/[-.]/)[0];
    const artifacts = { viewport: TINY_PNG, fullPage: Buffer.concat([TINY_PNG, Buffer.from([0])]) };
    switch (label) {
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, 300));
        break;
      case "broken":
        return {
          ok: false,
          code: "browser_error",
          message: "Chromium crashed at /usr/lib/chromium",
          retryable: true,
        };
      case "boom":
        throw new Error("/srv/domainlens/secret/path exploded");
      case "hang":
        return new Promise(() => {});
      case "bad":
        return {
          ok: true,
          capture: sampleCapture(url),
          artifacts,
          report: { ...sampleScanReport(url), final_assessment: "Dangerous" as never },
        };
      case "down":
        return {
          ok: true,
          capture: sampleCapture(url, {
            outcome: "unreachable",
            reason: "connection_refused",
            message: "The server refused the connection.",
            chain: [],
            finalUrl: null,
            status: null,
            title: null,
            html: "",
            text: "",
            favicon: null,
            requests: [],
            forms: [],
            cookies: [],
            tls: null,
            console: [],
            screenshots: { viewport: false, fullPage: false },
          }),
          artifacts: { viewport: null, fullPage: null },
          report: sampleScanReport(url, {
            final_assessment: "Unknown",
            threat_type: "Unreachable Host",
            confidence_score: 0,
            executive_summary: "The site did not answer; the analysis halted.",
            evidence_findings: [
              {
                finding_id: "SYS-002",
                severity: "Informational",
                source_agent: "System",
                description: "The site could not be reached",
                details: "The server refused the connection.",
              },
            ],
            site_context: null,
          }),
        };
      case "cdn": {
        // Served from a public address (AS13335 in the installed ASN tables), for search by ASN.
        const capture = sampleCapture(url);
        capture.chain = capture.chain.map((hop) => ({ ...hop, address: "104.16.132.229" }));
        capture.requests = capture.requests.map((r) => (r.address ? { ...r, address: "104.16.132.229" } : r));
        return { ok: true, capture, artifacts, report: sampleScanReport(url) };
      }
      case "phish":
        return {
          ok: true,
          capture: sampleCapture(url),
          artifacts,
          report: sampleScanReport(url, {
            final_assessment: "Malicious",
            threat_type: "Phishing / Credential Theft",
            confidence_score: 92,
            executive_summary: "A PayPal sign-in page on a domain PayPal does not own.",
            evidence_findings: [
              {
                finding_id: "CON-001",
                severity: "High",
                source_agent: "Content Analysis Agent",
                description: "Password field on a brand look-alike page",
                details: "The page asks for a PayPal password.",
                category: "credential",
              },
            ],
            site_context: {
              apparent_purpose: "Credential harvesting",
              primary_language: "en",
              detected_brand: "PayPal",
              page_title: "Log in to your PayPal account",
            },
          }),
        };
      default:
        break;
    }
    return { ok: true, capture: sampleCapture(url), artifacts, report: sampleScanReport(url) };
  };
  return {
    scan,
    calls,
    /** How many scans of `host` started. */
    count(host: string): number {
      return calls.filter((h) => h === host).length;
    },
    hold(host: string): () => void {
      let release = () => {};
      gates.set(
        host,
        new Promise<void>((resolve) => {
          release = () => {
            gates.delete(host);
            resolve();
          };
        }),
      );
      return () => release();
    },
  };
}
