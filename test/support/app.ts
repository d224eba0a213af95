import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import type { StoredClassification } from "../../src/api/classification/schemas.js";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/http/app.js";
import type { Services } from "../../src/http/services.js";
import { closeServices, createServices } from "../../src/main/compose.js";
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
  admin(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The app on a fresh database. The rate limiter is the in-memory one, or Redis when REDIS_URL is set
 * (each test app gets its own key prefix), as in production.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; limiter?: RateLimiter; database?: TestDatabase } = {},
): Promise<TestApp> {
  const config = loadConfig({ ADMIN_TOKEN, ...options.env });
  const database = options.database ?? (await openTestDatabase());
  const redisUrl = process.env.REDIS_URL;
  const limiter =
    options.limiter ??
    (redisUrl
      ? createRedisRateLimiter(redisUrl, { keyPrefix: `dl:test:${Math.random().toString(36).slice(2)}:` })
      : createMemoryRateLimiter());
  const services = createServices(config, database, limiter);
  const app = await buildApp(services);

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
    async close() {
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
