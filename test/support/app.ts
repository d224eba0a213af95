import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Classifier } from "../../src/api/classification/classify.js";
import type { StoredClassification } from "../../src/api/classification/schemas.js";
import { loadConfig } from "../../src/config.js";
import type { ClassificationEvidence } from "../../src/engines/classify/types.js";
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

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  /** Creates an organization through the admin API and returns its id and key. */
  createOrg(creditsUsd?: number, name?: string): Promise<{ orgId: string; apiKey: string; keyId: string }>;
  /** Balance in micro-dollars, and the sum of the organization's ledger. */
  balances(orgId: string): Promise<{ balance: number; ledgerSum: number }>;
  get(path: string, apiKey?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(
    path: string,
    body: unknown,
    apiKey?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /**
   * Starts a job runtime running the classification crawl handler (fast polling, no backoff), woken when
   * the app queues a crawl. Stopped by close().
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
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ ADMIN_TOKEN, ...options.env });
  const database = options.database ?? (await openTestDatabase());
  const redisUrl = process.env.REDIS_URL;
  const limiter =
    options.limiter ??
    (redisUrl
      ? createRedisRateLimiter(redisUrl, { keyPrefix: `dl:test:${Math.random().toString(36).slice(2)}:` })
      : createMemoryRateLimiter());
  const services = createServices(config, database, limiter, { classify: options.classify });
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
      const { crawl, db, ...rest } = workerOptions;
      const runtime = new JobRuntime({
        db: db ?? database.db,
        handlers: [services.classification.crawlHandler(crawl)],
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
      runtime.start();
      return runtime;
    },
    async close() {
      await Promise.all(runtimes.splice(0).map((r) => r.stop(0)));
      await app.close();
      if (options.database) {
        await services.batcher.drain();
        await services.usage.stop();
        await services.limiter.close();
        await services.egress.close();
      } else {
        await closeServices(services);
      }
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
