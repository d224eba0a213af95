import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeRisk } from "../../src/engines/risk/analyze.js";
import {
  ALL_OPERATIONS,
  KEYED_OPERATIONS,
  type OperationDef,
  type OperationSpec,
} from "../../src/platform/operations.js";
import { ADMIN_TOKEN, createTestApp, sampleClassification, type TestApp } from "../support/app.js";

/*
 * Walks the operation table (src/platform/operations.ts) joined with the app's routes and its OpenAPI
 * document, and checks every keyed operation the same way: a route added to the table is covered here
 * without a test of its own. Requests are built from the OpenAPI examples of each operation (its path and
 * query parameters and its body), so an operation whose examples do not make a valid request fails here.
 */

interface OpenApiParameter {
  in: "path" | "query" | "header";
  name: string;
  example?: unknown;
}
interface OpenApiOperation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

let t: TestApp;
let spec: OpenApiDocument;
let revokedKey: string;

/** An id nobody has: what an unknown resource is asked with. */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  // The risk engine offline (no network): POST /v1/domain-risks creates records without the internet.
  t = await createTestApp({ analyzeRisk: (input, options) => analyzeRisk(null, input, options) });
  spec = (await t.get("/openapi.json")).json<OpenApiDocument>();
  // The example domains of the classification reads are classified, so reading them is charged.
  for (const op of KEYED_OPERATIONS) {
    for (const p of documented(op).parameters ?? []) {
      if (p.in === "path" && p.name === "domain" && typeof p.example === "string") {
        const put = await t.admin(
          "PUT",
          `/admin/v1/classifications/${p.example}`,
          sampleClassification(p.example),
        );
        expect(put.statusCode).toBe(200);
      }
    }
  }
  const org = await t.createOrg(1, "revoked-keys");
  const extra = await t.admin("POST", `/admin/v1/orgs/${org.orgId}/keys`);
  revokedKey = extra.json<{ api_key: string }>().api_key;
  const revoked = await t.admin("DELETE", `/admin/v1/keys/${extra.json<{ key_id: string }>().key_id}`);
  expect(revoked.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

function documented(op: OperationSpec): OpenApiOperation {
  const entry = spec.paths[op.path]?.[op.method.toLowerCase()];
  if (!entry) throw new Error(`${op.method} ${op.path} (${op.name}) is not in the OpenAPI document`);
  return entry;
}

/** How many items a batch's example body holds in `field`. */
function itemsOf(payload: unknown, field: string): number {
  const items = (payload as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(items) ? items.length : 1;
}

/**
 * The operation's example request: path and query parameters from their examples (an unknown id where a
 * path parameter has none, or `id` when given), and the example body.
 */
function exampleRequest(op: OperationDef, id?: string): { url: string; payload?: unknown } {
  const parameters = documented(op).parameters ?? [];
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const example = parameters.find((p) => p.in === "path" && p.name === name)?.example;
    return encodeURIComponent(id ?? (typeof example === "string" ? example : UNKNOWN_ID));
  });
  const query = new URLSearchParams();
  for (const p of parameters)
    if (p.in === "query" && p.example !== undefined) query.set(p.name, String(p.example));
  const url = query.toString() ? `${path}?${query}` : path;
  const payload = documented(op).requestBody?.content?.["application/json"]?.example;
  return payload === undefined ? { url } : { url, payload };
}

function send(
  op: OperationDef,
  authorization: string | null,
  request = exampleRequest(op),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: op.method,
    url: request.url,
    headers: authorization === null ? {} : { authorization },
    ...(request.payload === undefined ? {} : { payload: request.payload as Record<string, unknown> }),
  });
}

function expectProblem(res: LightMyRequestResponse, status: number, error: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status, error, type: `/errors/${error}` });
}

const keyed = KEYED_OPERATIONS.map((op) => [op.name, op] as const);
const priced = KEYED_OPERATIONS.filter((op) => Object.values(op.prices ?? {}).some((p) => p.micros > 0)).map(
  (op) => [op.name, op] as const,
);
const owned = KEYED_OPERATIONS.filter((op) => op.owned).map((op) => [op.name, op] as const);
const admin = ALL_OPERATIONS.filter((op) => op.auth === "admin").map((op) => [op.name, op] as const);

describe("the operation table and the routes", () => {
  it("registers every operation of the table as a route", () => {
    for (const op of ALL_OPERATIONS) {
      expect(t.app.hasRoute({ method: op.method, url: op.url }), `${op.method} ${op.url}`).toBe(true);
    }
  });

  it("documents each operation with its operationId and security, and nothing else as keyed", async () => {
    const security = { key: [{ apiKey: [] }], admin: [{ adminToken: [] }], public: [], none: [] };
    for (const op of ALL_OPERATIONS) {
      const entry = spec.paths[op.path]?.[op.method.toLowerCase()];
      // Keyed and admin operations are all in the reference; some open pages are hidden from it.
      if (op.auth === "key" || op.auth === "admin") expect(entry, op.name).toBeDefined();
      if (!entry) continue;
      expect(entry.operationId).toBe(op.operationId);
      expect(entry.security).toEqual(security[op.auth]);
    }
    const keyedIds = new Set(KEYED_OPERATIONS.map((op) => op.operationId));
    for (const methods of Object.values(spec.paths)) {
      for (const entry of Object.values(methods)) {
        if (JSON.stringify(entry.security ?? []).includes("apiKey")) {
          expect(keyedIds.has(entry.operationId ?? "")).toBe(true);
        }
      }
    }
    // The browsable reference serves the same document.
    const ui = await t.get("/docs/json");
    expect(ui.statusCode).toBe(200);
    expect(Object.keys(ui.json<OpenApiDocument>().paths)).toEqual(Object.keys(spec.paths));
  });
});

describe.each(keyed)("keyed operation %s", (_name, op) => {
  it("answers 401 without a key, with a revoked key, and with a key sent without 'Bearer'", async () => {
    const missing = await send(op, null);
    expectProblem(missing, 401, "missing_api_key");
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="DomainLens"');
    expect(missing.headers["x-ratelimit-limit"]).toBeUndefined();

    const revoked = await send(op, `Bearer ${revokedKey}`);
    expectProblem(revoked, 401, "api_key_revoked");
    expect(revoked.headers["www-authenticate"]).toMatch(/^Bearer realm="DomainLens", error="invalid_token"/);
    expect(revoked.headers["x-ratelimit-limit"]).toBeUndefined();

    const bare = await send(op, revokedKey);
    expectProblem(bare, 401, "invalid_authorization_header");
    expect(bare.json().message).toContain("'Authorization: Bearer <API_KEY>'");
    expect(bare.headers["www-authenticate"]).toMatch(/^Bearer realm="DomainLens", error="invalid_request"/);
  });

  it("answers the SPEC §7.1 429 once its default limit is used up", async () => {
    const window = op.rateLimit;
    if (!window) throw new Error(`keyed operation ${op.name} has no rate limit`);
    const org = await t.createOrg(0, `limit-${op.name}`);
    const key = `Bearer ${org.apiKey}`;
    // A batch counts the items of its example body (docs/rate-limits.md).
    const items = op.auth === "key" && op.itemsIn ? itemsOf(exampleRequest(op).payload, op.itemsIn) : 1;
    expect(window.perMinute % items, `${op.name}'s example fits its limit a whole number of times`).toBe(0);
    for (let i = 0; i < window.perMinute / items; i++) {
      const res = await send(op, key);
      expect(res.statusCode, res.body).not.toBe(429);
      expect(res.headers["x-ratelimit-limit"]).toBe(String(window.perMinute));
    }
    const res = await send(op, key);
    expect(res.statusCode).toBe(429);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-ratelimit-limit"]).toBe(String(window.perMinute));
    expect(res.headers["x-ratelimit-remaining"]).toBe("0");
    expect(Number(res.headers["x-ratelimit-reset"])).toBeGreaterThan(Date.now() / 1000);
    expect(res.headers["ratelimit-policy"]).toBe(`"${window.name}";q=${window.perMinute};w=60`);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["error", "limit", "message", "retry_after"]);
    expect(body).toMatchObject({
      error: "rate_limit_exceeded",
      limit: window.perMinute,
      retry_after: retryAfter,
    });
    expect(body.message).toContain(`${retryAfter} seconds`);
    // Every operation of the window is now refused for this organization.
    for (const other of KEYED_OPERATIONS.filter((o) => o.rateLimit?.name === window.name)) {
      expect((await send(other, key)).statusCode).toBe(429);
    }
  });
});

describe.each(priced)("charged operation %s", (_name, op) => {
  it("answers 402 insufficient_balance to an organization without credit, and charges nothing", async () => {
    const org = await t.createOrg(0, `broke-${op.name}`);
    expectProblem(await send(op, `Bearer ${org.apiKey}`), 402, "insufficient_balance");
    expect(await t.ledger(org.orgId)).toEqual([]);
    expect((await t.balances(org.orgId)).balance).toBe(0);
  });
});

describe.each(owned)("operation %s on one organization's resource", (_name, op) => {
  it("answers another organization 404, byte for byte as for an unknown or malformed id", async () => {
    const ownership = op.owned;
    if (!ownership) throw new Error("unreachable");
    const creator = KEYED_OPERATIONS.find((o) => o.name === ownership.createdBy.name);
    if (!creator) throw new Error(`${ownership.createdBy.name} is not in the table`);
    const owner = await t.createOrg(5, `owner-${op.name}`);
    const created = await send(creator, `Bearer ${owner.apiKey}`);
    expect(created.statusCode, created.body).toBeGreaterThanOrEqual(200);
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = created.json()[ownership.idField];
    expect(typeof id).toBe("string");

    const other = await t.createOrg(5, `other-${op.name}`);
    const key = `Bearer ${other.apiKey}`;
    const foreign = await send(op, key, exampleRequest(op, id));
    const unknown = await send(op, key, exampleRequest(op, randomUUID()));
    const malformed = await send(op, key, exampleRequest(op, "not-an-id"));
    expectProblem(foreign, 404, "not_found");
    for (const res of [unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toBe(foreign.headers["content-type"]);
      expect(res.body).toBe(foreign.body);
    }
  });
});

describe.each(admin)("admin operation %s", (_name, op) => {
  it("answers 401 without the admin token and with a wrong one, saying which", async () => {
    const missing = await send(op, null);
    expectProblem(missing, 401, "invalid_admin_token");
    expect(missing.json().message).toContain("'Authorization: Bearer <ADMIN_TOKEN>'");
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="DomainLens admin"');

    const wrong = await send(op, `Bearer ${ADMIN_TOKEN}-not`);
    expectProblem(wrong, 401, "invalid_admin_token");
    expect(wrong.json().message).toMatch(/admin token is wrong/);
    expect(wrong.json().message).not.toMatch(/^Send/);
    expect(wrong.headers["www-authenticate"]).toMatch(
      /^Bearer realm="DomainLens admin", error="invalid_token"/,
    );
  });
});
