/**
 * The operation table: every route of the HTTP API is one operation here, and everything else about it
 * derives from its entry — the route's method and path, its auth mode, its rate limit and usage counter,
 * its prices and the ledger name of its charges, and its OpenAPI `operationId` and `security`
 * (docs/api-operations.md). Routes are registered from it (src/http/route.ts); start-up fails for a route
 * that is not (src/http/plugins/auth.ts).
 */

/**
 * How a route authenticates: `key` an organization's API key (SPEC §5), `admin` the server's ADMIN_TOKEN,
 * `public` no credentials but a per-client-address rate limit, `none` no credentials and no limit.
 */
export type AuthMode = "key" | "admin" | "public" | "none";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A price: the name `GET /v1/account` shows it under (`prices_usd`) and its amount in micro-dollars. */
export interface Price<N extends string = string> {
  readonly name: N;
  readonly micros: number;
}

function price<const N extends string>(name: N, micros: number): Price<N> {
  return { name, micros };
}

// SPEC §8; the scan price is DomainLens's own (SPEC leaves it open): see docs/billing.md.
const CLASSIFICATION_HIT = price("classification_hit", 1_000);
const CLASSIFICATION_MISS = price("classification_miss", 10_000);
const CLASSIFICATION_NOT_FOUND = price("classification_not_found", 0);
const DOMAIN_RISK = price("domain_risk", 2_500);
const SCAN = price("scan", 50_000);

interface CommonSpec {
  /**
   * The operation's stable name. For keyed operations it is also the name of its rate-limit window (SPEC §8
   * limits, per-organization overrides), of its usage counter and of the ledger rows of its charges:
   * stored data, so a name never changes (see `ledgerName`).
   */
  readonly name: string;
  readonly method: HttpMethod;
  /** The path, OpenAPI style: `/v1/scans/{scan_id}`; `*` is a wildcard tail (HTML pages). */
  readonly path: string;
}

/** What another keyed operation's spec may point at. */
interface KeyedRef {
  readonly name: string;
  readonly auth: "key";
  readonly rateLimit: RateLimitWindow | null;
}

interface KeySpec extends CommonSpec {
  readonly auth: "key";
  /** Default limit per organization per minute of the operation's own window (SPEC §8)… */
  readonly perMinute?: number;
  /** …or the operation whose window (and usage counter) this one counts against. */
  readonly limitedAs?: KeyedRef;
  /** What the operation charges, by outcome. */
  readonly prices?: Readonly<Record<string, Price>>;
  /**
   * A batch: the body field holding its items. The rate limit and the usage counter count the items, not
   * the request (docs/rate-limits.md), once the body is valid.
   */
  readonly itemsIn?: string;
  /** Ledger operation name of its charges and refunds when it is not `name` (kept across renames). */
  readonly ledgerName?: string;
  /**
   * The operation reads a resource that belongs to one organization, created by `createdBy` and named by
   * the `idField` of that operation's response: another organization's id answers 404 like an unknown one.
   */
  readonly owned?: { readonly createdBy: KeyedRef; readonly idField: string };
}

interface OpenSpec extends CommonSpec {
  readonly auth: "admin" | "public" | "none";
}

export type OperationSpec = KeySpec | OpenSpec;

/** A rate-limit window of keyed operations: its name (SPEC §8) and default limit per minute. */
export interface RateLimitWindow {
  readonly name: string;
  readonly perMinute: number;
}

/** An operation of the table: its spec and what derives from it. */
export type OperationDef<S extends OperationSpec = OperationSpec> = S & {
  /** The OpenAPI operationId: the name in camelCase (`domain_risks.create` → `domainRisksCreate`). */
  readonly operationId: string;
  /** The path as Fastify routes it (`/v1/scans/:scan_id`). */
  readonly url: string;
  /**
   * The rate-limit window of a keyed operation, which is also its usage counter: its own, or its
   * `limitedAs` operation's. Null for the others (`public` routes are limited per client address, by
   * PUBLIC_RATE_LIMIT_PER_MINUTE).
   */
  readonly rateLimit: RateLimitWindow | null;
  /** The ledger `operation` of its charges and refunds. */
  readonly ledgerName: string;
};

function camelCase(name: string): string {
  return name.replace(/[._]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function windowOf(spec: OperationSpec): RateLimitWindow | null {
  if (spec.auth !== "key") return null;
  if (spec.perMinute !== undefined && spec.limitedAs !== undefined) {
    throw new Error(`operation table: ${spec.name} has both perMinute and limitedAs`);
  }
  const window = spec.limitedAs
    ? spec.limitedAs.rateLimit
    : spec.perMinute !== undefined
      ? { name: spec.name, perMinute: spec.perMinute }
      : null;
  if (!window) {
    throw new Error(
      `operation table: keyed operation ${spec.name} needs perMinute, or limitedAs an operation with one`,
    );
  }
  return window;
}

/** An entry of the operation table, with what derives from its spec. */
export function defineOperation<const S extends OperationSpec>(spec: S): OperationDef<S> {
  return {
    ...spec,
    operationId: camelCase(spec.name),
    url: spec.path.replace(/\{(\w+)\}/g, ":$1"),
    rateLimit: windowOf(spec),
    ledgerName: (spec.auth === "key" ? spec.ledgerName : undefined) ?? spec.name,
  };
}

// Operations other entries point at.
const scansCreate = defineOperation({
  name: "scans.create",
  method: "POST",
  path: "/v1/scans",
  auth: "key",
  perMinute: 10,
  prices: { scan: SCAN },
});
const scansGet = defineOperation({
  name: "scans.get",
  method: "GET",
  path: "/v1/scans/{scan_id}",
  auth: "key",
  perMinute: 60,
  owned: { createdBy: scansCreate, idField: "scan_id" },
});
const domainRisksCreate = defineOperation({
  name: "domain_risks.create",
  method: "POST",
  path: "/v1/domain-risks",
  auth: "key",
  perMinute: 20,
  prices: { analysis: DOMAIN_RISK },
});
const classificationCreate = defineOperation({
  name: "classification.create",
  method: "POST",
  path: "/v2/domain-classification",
  auth: "key",
  perMinute: 10,
  prices: { hit: CLASSIFICATION_HIT, miss: CLASSIFICATION_MISS },
});

const webhooksCreate = defineOperation({
  name: "webhooks.create",
  method: "POST",
  path: "/v1/webhooks",
  auth: "key",
  // Every change to endpoints (create, update, delete, rotate, test, retry) shares this window.
  perMinute: 30,
});
const webhooksList = defineOperation({
  name: "webhooks.list",
  method: "GET",
  path: "/v1/webhooks",
  auth: "key",
  // Every read of endpoints and deliveries shares this window.
  perMinute: 60,
});
const webhookOwned = { createdBy: webhooksCreate, idField: "webhook_id" } as const;

/** The table. Keys are the operationIds. */
export const OPS = {
  // Keyed API (SPEC §4, §8). The windows keep this order: limits are listed in it.
  scansCreate,
  scansGet,
  scansScreenshotGet: defineOperation({
    name: "scans.screenshot.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/screenshot",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  scansCaptureGet: defineOperation({
    name: "scans.capture.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/capture",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  // Exports of a completed scan (docs/export.md): reads of one scan, like the capture.
  scansExportGet: defineOperation({
    name: "scans.export.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/export",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  scansHarGet: defineOperation({
    name: "scans.har.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/har",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  scansDomGet: defineOperation({
    name: "scans.dom.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/dom",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  // A short-lived signed link to the scan's result page (docs/pages.md#scan-result-page).
  scansViewGet: defineOperation({
    name: "scans.view.get",
    method: "GET",
    path: "/v1/scans/{scan_id}/view",
    auth: "key",
    limitedAs: scansGet,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  scansBatch: defineOperation({
    name: "scans.batch",
    method: "POST",
    path: "/v1/scans/batch",
    auth: "key",
    // Items per minute: a batch of N counts N.
    perMinute: 100,
    itemsIn: "urls",
    prices: { scan: SCAN },
    // Each item is a scan: charged and refunded like one.
    ledgerName: scansCreate.name,
  }),
  scansList: defineOperation({
    name: "scans.list",
    method: "GET",
    path: "/v1/scans",
    auth: "key",
    perMinute: 60,
  }),
  scansUpdate: defineOperation({
    name: "scans.update",
    method: "PATCH",
    path: "/v1/scans/{scan_id}",
    auth: "key",
    perMinute: 60,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  scansSimilar: defineOperation({
    name: "scans.similar",
    method: "GET",
    path: "/v1/scans/{scan_id}/similar",
    auth: "key",
    // A search of its own, like the list: pivoting never slows polling (scans.get).
    perMinute: 60,
    owned: { createdBy: scansCreate, idField: "scan_id" },
  }),
  domainRisksCreate,
  domainRisksBatch: defineOperation({
    name: "domain_risks.batch",
    method: "POST",
    path: "/v1/domain-risks/batch",
    auth: "key",
    // Items per minute: a batch of N counts N.
    perMinute: 100,
    itemsIn: "urls",
    prices: { analysis: DOMAIN_RISK },
    // Each item is an analysis: charged like one.
    ledgerName: domainRisksCreate.name,
  }),
  domainRisksList: defineOperation({
    name: "domain_risks.list",
    method: "GET",
    path: "/v1/domain-risks",
    auth: "key",
    perMinute: 60,
  }),
  domainRisksGet: defineOperation({
    name: "domain_risks.get",
    method: "GET",
    path: "/v1/domain-risks/{risk_id}",
    auth: "key",
    perMinute: 20,
    owned: { createdBy: domainRisksCreate, idField: "risk_id" },
  }),
  classificationCreate,
  classificationGet: defineOperation({
    name: "classification.get",
    method: "GET",
    path: "/v2/domain-classification/{domain}",
    auth: "key",
    perMinute: 60,
    prices: { hit: CLASSIFICATION_HIT, notFound: CLASSIFICATION_NOT_FOUND },
  }),
  classificationJobsGet: defineOperation({
    name: "classification.jobs.get",
    method: "GET",
    path: "/v2/domain-classification/jobs/{id}",
    auth: "key",
    perMinute: 60,
    owned: { createdBy: classificationCreate, idField: "job_id" },
  }),
  classificationJobsList: defineOperation({
    name: "classification.jobs.list",
    method: "GET",
    path: "/v2/domain-classification/jobs",
    auth: "key",
    perMinute: 60,
  }),
  accountGet: defineOperation({
    name: "account.get",
    method: "GET",
    path: "/v1/account",
    auth: "key",
    perMinute: 60,
  }),
  webhooksCreate,
  webhooksList,
  webhooksGet: defineOperation({
    name: "webhooks.get",
    method: "GET",
    path: "/v1/webhooks/{webhook_id}",
    auth: "key",
    limitedAs: webhooksList,
    owned: webhookOwned,
  }),
  webhooksUpdate: defineOperation({
    name: "webhooks.update",
    method: "PATCH",
    path: "/v1/webhooks/{webhook_id}",
    auth: "key",
    limitedAs: webhooksCreate,
    owned: webhookOwned,
  }),
  webhooksDelete: defineOperation({
    name: "webhooks.delete",
    method: "DELETE",
    path: "/v1/webhooks/{webhook_id}",
    auth: "key",
    limitedAs: webhooksCreate,
    owned: webhookOwned,
  }),
  webhooksRotateSecret: defineOperation({
    name: "webhooks.rotate_secret",
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/rotate-secret",
    auth: "key",
    limitedAs: webhooksCreate,
    owned: webhookOwned,
  }),
  webhooksTest: defineOperation({
    name: "webhooks.test",
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/test",
    auth: "key",
    limitedAs: webhooksCreate,
    owned: webhookOwned,
  }),
  webhooksDeliveriesList: defineOperation({
    name: "webhooks.deliveries.list",
    method: "GET",
    path: "/v1/webhooks/{webhook_id}/deliveries",
    auth: "key",
    limitedAs: webhooksList,
    owned: webhookOwned,
  }),
  webhooksDeliveriesGet: defineOperation({
    name: "webhooks.deliveries.get",
    method: "GET",
    path: "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}",
    auth: "key",
    limitedAs: webhooksList,
    owned: webhookOwned,
  }),
  webhooksDeliveriesRetry: defineOperation({
    name: "webhooks.deliveries.retry",
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry",
    auth: "key",
    limitedAs: webhooksCreate,
    owned: webhookOwned,
  }),

  // Public: no key, limited per client address.
  publicClassify: defineOperation({
    name: "public.classify",
    method: "GET",
    path: "/api/v1/classify",
    auth: "public",
  }),
  pagesSearch: defineOperation({ name: "pages.search", method: "GET", path: "/domains", auth: "public" }),
  pagesDomain: defineOperation({ name: "pages.domain", method: "GET", path: "/domains/*", auth: "public" }),
  pagesHome: defineOperation({ name: "pages.home", method: "GET", path: "/", auth: "public" }),
  // Share links of unlisted scans (docs/sharing.md).
  sharesGet: defineOperation({ name: "shares.get", method: "GET", path: "/s/{token}", auth: "public" }),
  sharesScreenshotGet: defineOperation({
    name: "shares.screenshot.get",
    method: "GET",
    path: "/s/{token}/screenshot",
    auth: "public",
  }),
  // The organization's own scan result page and its files, through a signed link (docs/pages.md).
  pagesScan: defineOperation({
    name: "pages.scan",
    method: "GET",
    path: "/scans/{scan_id}/view",
    auth: "public",
  }),
  pagesScanFile: defineOperation({
    name: "pages.scan_file",
    method: "GET",
    path: "/scans/{scan_id}/view/{file}",
    auth: "public",
  }),

  // Admin API: the server's ADMIN_TOKEN.
  adminOrgsList: defineOperation({
    name: "admin.orgs.list",
    method: "GET",
    path: "/admin/v1/orgs",
    auth: "admin",
  }),
  adminOrgsCreate: defineOperation({
    name: "admin.orgs.create",
    method: "POST",
    path: "/admin/v1/orgs",
    auth: "admin",
  }),
  adminOrgsGet: defineOperation({
    name: "admin.orgs.get",
    method: "GET",
    path: "/admin/v1/orgs/{id}",
    auth: "admin",
  }),
  adminOrgsUpdate: defineOperation({
    name: "admin.orgs.update",
    method: "PATCH",
    path: "/admin/v1/orgs/{id}",
    auth: "admin",
  }),
  adminKeysList: defineOperation({
    name: "admin.keys.list",
    method: "GET",
    path: "/admin/v1/orgs/{id}/keys",
    auth: "admin",
  }),
  adminKeysCreate: defineOperation({
    name: "admin.keys.create",
    method: "POST",
    path: "/admin/v1/orgs/{id}/keys",
    auth: "admin",
  }),
  adminKeysRevoke: defineOperation({
    name: "admin.keys.revoke",
    method: "DELETE",
    path: "/admin/v1/keys/{key_id}",
    auth: "admin",
  }),
  adminCreditsAdd: defineOperation({
    name: "admin.credits.add",
    method: "POST",
    path: "/admin/v1/orgs/{id}/credits",
    auth: "admin",
  }),
  adminLimitsSet: defineOperation({
    name: "admin.limits.set",
    method: "PUT",
    path: "/admin/v1/orgs/{id}/limits",
    auth: "admin",
  }),
  adminClassificationsPut: defineOperation({
    name: "admin.classifications.put",
    method: "PUT",
    path: "/admin/v1/classifications/{domain}",
    auth: "admin",
  }),

  // Free and open: health, metrics, the API reference and its pages.
  healthLive: defineOperation({ name: "health.live", method: "GET", path: "/healthz", auth: "none" }),
  healthReady: defineOperation({ name: "health.ready", method: "GET", path: "/readyz", auth: "none" }),
  metricsGet: defineOperation({ name: "metrics.get", method: "GET", path: "/metrics", auth: "none" }),
  errorsGet: defineOperation({ name: "errors.get", method: "GET", path: "/errors/{code}", auth: "none" }),
  openapiGet: defineOperation({ name: "openapi.get", method: "GET", path: "/openapi.json", auth: "none" }),
  deprecationsDomainRisksV1Get: defineOperation({
    name: "deprecations.domain_risks_v1.get",
    method: "GET",
    path: "/deprecations/domain-risks-v1",
    auth: "none",
  }),
} as const;

type AnyOp = (typeof OPS)[keyof typeof OPS];

/** Every operation of the table, in table order. */
export const ALL_OPERATIONS: readonly OperationDef[] = Object.values(OPS);

/** The keyed operations (API key), in table order. */
export const KEYED_OPERATIONS: readonly OperationDef<KeySpec>[] = ALL_OPERATIONS.filter(
  (op): op is OperationDef<KeySpec> => op.auth === "key",
);

/** The operations a request may pay for: those with prices. */
export type PricedOperation = Extract<AnyOp, { readonly prices: Readonly<Record<string, Price>> }>;

/** What a charge of `op` for `outcome` writes to the ledger: its operation name and amount. */
export function chargeOf<O extends PricedOperation>(
  op: O,
  outcome: keyof O["prices"] & string,
): { operation: string; amountMicros: number } {
  const p = (op.prices as Readonly<Record<string, Price>>)[outcome];
  if (!p) throw new Error(`operation ${op.name} has no price for ${outcome}`);
  return { operation: op.ledgerName, amountMicros: p.micros };
}

/** The name of a rate-limit window (SPEC §8): the names per-organization limits are set under. */
export type Operation = Extract<AnyOp, { readonly perMinute: number }>["name"];

type PricesOf<O> = O extends { readonly prices: infer P } ? P[keyof P] : never;
type NameOf<P> = P extends Price<infer N> ? N : never;
/** The public name of a price (`prices_usd` of `GET /v1/account`). */
export type PriceName = NameOf<PricesOf<AnyOp>>;

/**
 * Checks what the types do not: names, operationIds and routes are unique, a price name has one amount.
 * Throws on the first problem; run at import, so a bad table stops start-up.
 */
export function checkOperationTable(ops: readonly OperationDef[]): void {
  const seen = new Map<string, string>();
  const once = (kind: string, value: string, owner: string) => {
    const prior = seen.get(`${kind}|${value}`);
    if (prior) throw new Error(`operation table: ${owner} repeats the ${kind} ${value} of ${prior}`);
    seen.set(`${kind}|${value}`, owner);
  };
  const prices = new Map<string, number>();
  for (const op of ops) {
    once("name", op.name, op.name);
    once("operationId", op.operationId, op.name);
    once("route", `${op.method} ${op.url}`, op.name);
    if (op.auth !== "key") continue;
    for (const p of Object.values(op.prices ?? {})) {
      const prior = prices.get(p.name);
      if (prior !== undefined && prior !== p.micros) {
        throw new Error(`operation table: price ${p.name} has two amounts (${prior} and ${p.micros})`);
      }
      prices.set(p.name, p.micros);
    }
  }
}

checkOperationTable(ALL_OPERATIONS);

/** The rate-limit windows (SPEC §8), in table order. */
export const OPERATION_NAMES: readonly Operation[] = KEYED_OPERATIONS.filter(
  (op) => op.perMinute !== undefined,
).map((op) => op.name as Operation);

export function isOperation(name: string): name is Operation {
  return (OPERATION_NAMES as readonly string[]).includes(name);
}

const DEFAULT_LIMITS = new Map(
  KEYED_OPERATIONS.flatMap((op) => (op.perMinute === undefined ? [] : [[op.name, op.perMinute] as const])),
);

/** The default per-minute limit of a window (SPEC §8). */
export function defaultLimit(name: Operation): number {
  return DEFAULT_LIMITS.get(name) ?? 0;
}

export function defaultLimits(): Record<Operation, number> {
  const out = {} as Record<Operation, number>;
  for (const name of OPERATION_NAMES) out[name] = defaultLimit(name);
  return out;
}

/** Every price in micro-dollars by its public name, sorted by name (as `GET /v1/account` lists them). */
export function pricesByName(): Record<PriceName, number> {
  const out = new Map<string, number>();
  for (const op of KEYED_OPERATIONS)
    for (const p of Object.values(op.prices ?? {})) out.set(p.name, p.micros);
  return Object.fromEntries([...out].sort(([a], [b]) => (a < b ? -1 : 1))) as Record<PriceName, number>;
}
