import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
let org: { orgId: string; apiKey: string; keyId: string };

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: "2048" } });
  org = await t.createOrg(5);
});
afterAll(async () => {
  await t?.close();
});

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  error: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers["content-type"])).toMatch(/^application\/problem\+json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status, error, type: `/errors/${error}` });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  expect(body.message).toBe(body.detail);
}

describe("API keys (SPEC §5)", () => {
  it("keys look like dl_live_ followed by at least 32 random characters", () => {
    expect(org.apiKey).toMatch(/^dl_live_[A-Za-z0-9_-]{32,}$/);
  });

  it("stores only a hash and a display prefix", async () => {
    const rows = await t.database.db
      .selectFrom("api_keys")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .execute();
    expect(rows).toHaveLength(1);
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(org.apiKey);
    expect(rows[0]?.display_prefix).toBe(org.apiKey.slice(0, 14));
  });

  it.each([
    ["no header", {}, "missing_api_key", /^Send your API key as 'Authorization: Bearer <API_KEY>'/, ""],
    [
      "a malformed key",
      { authorization: "Bearer not-a-key" },
      "invalid_api_key",
      /^This is not a DomainLens API key/,
      'error="invalid_token"',
    ],
    [
      "an unknown key",
      { authorization: `Bearer dl_live_${"A".repeat(43)}` },
      "invalid_api_key",
      /^No organization has this API key/,
      'error="invalid_token"',
    ],
    [
      "a non-bearer scheme",
      { authorization: "Basic dXNlcjpwYXNz" },
      "invalid_authorization_header",
      /uses the 'Basic' scheme.*'Authorization: Bearer <API_KEY>'/,
      'error="invalid_request"',
    ],
    [
      "a key without 'Bearer '",
      { authorization: `dl_live_${"A".repeat(43)}` },
      "invalid_authorization_header",
      /^The API key was sent without the 'Bearer ' scheme\. Send it as 'Authorization: Bearer <API_KEY>'/,
      'error="invalid_request"',
    ],
    [
      "'Bearer' and no key",
      { authorization: "Bearer " },
      "invalid_authorization_header",
      /no API key after it/,
      'error="invalid_request"',
    ],
  ])("answers 401 for %s, saying what to send", async (_label, headers, code, message, error) => {
    const res = await t.app.inject({ method: "GET", url: "/v2/domain-classification/example.com", headers });
    expectProblem(res, 401, code);
    expect(res.json().message).toMatch(message);
    expect(res.json().message).not.toMatch(/malformed or unknown/);
    const challenge = String(res.headers["www-authenticate"]);
    expect(challenge).toMatch(/^Bearer realm="DomainLens"/);
    if (error) expect(challenge).toContain(error);
    else expect(challenge).toBe('Bearer realm="DomainLens"');
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("accepts the scheme in any case", async () => {
    const res = await t.get("/v1/account", undefined, { authorization: `bearer ${org.apiKey}` });
    expect(res.statusCode).toBe(200);
  });

  it("revocation is effective at once on this node", async () => {
    const extra = await t.admin("POST", `/admin/v1/orgs/${org.orgId}/keys`);
    expect(extra.statusCode).toBe(201);
    const { key_id, api_key } = extra.json<{ key_id: string; api_key: string }>();
    expect((await t.get("/v1/account", api_key)).statusCode).toBe(200);
    const revoked = await t.admin("DELETE", `/admin/v1/keys/${key_id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().key_id).toBe(key_id);
    expectProblem(await t.get("/v1/account", api_key), 401, "api_key_revoked");
    // The organization's other key keeps working.
    expect((await t.get("/v1/account", org.apiKey)).statusCode).toBe(200);
  });
});

describe("errors", () => {
  it("answers unknown routes with 404 route_not_found", async () => {
    expectProblem(await t.get("/v9/nothing", org.apiKey), 404, "route_not_found");
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/v2/domain-classification/example.com" });
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.allow).toBe("GET");
  });

  it("rejects invalid JSON, wrong content type, extra fields and oversized bodies", async () => {
    const post = (payload: string, contentType = "application/json") =>
      t.app.inject({
        method: "POST",
        url: "/admin/v1/orgs",
        headers: { authorization: "Bearer test-admin-token-0123456789", "content-type": contentType },
        payload,
      });
    expectProblem(await post("{not json"), 400, "invalid_json");
    expectProblem(await post(""), 400, "invalid_json");
    expectProblem(await post("name=x", "application/x-www-form-urlencoded"), 415, "unsupported_media_type");
    expectProblem(await post("hello", "text/plain"), 415, "unsupported_media_type");
    const extra = await post(JSON.stringify({ name: "x", admin: true }));
    expectProblem(extra, 400, "invalid_request");
    expect(JSON.stringify(extra.json())).toContain("admin");
    expectProblem(await post(JSON.stringify({})), 400, "invalid_request");
    expectProblem(await post(JSON.stringify({ name: "x".repeat(5000) })), 413, "payload_too_large");
    // Prototype poisoning is still refused by the parser.
    expectProblem(await post('{"name":"x","__proto__":{"admin":true}}'), 400, "invalid_json");
  });

  it("refuses a NUL character anywhere in a JSON body with 400 invalid_request", async () => {
    const nul = await t.admin("POST", "/admin/v1/orgs", { name: "acme\u0000corp" });
    expectProblem(nul, 400, "invalid_request");
    expect(nul.json().message).toMatch(/NUL character/);
    // A backslash followed by "u0000" is ordinary text.
    const text = await t.admin("POST", "/admin/v1/orgs", { name: "acme\\u0000corp" });
    expect(text.statusCode).toBe(201);
    const shown = await t.admin("GET", `/admin/v1/orgs/${text.json().org_id}`);
    expect(shown.json().name).toBe("acme\\u0000corp");
  });

  it("echoes a valid X-Request-Id and generates one otherwise", async () => {
    const echoed = await t.get("/healthz", undefined, { "x-request-id": "trace-123" });
    expect(echoed.headers["x-request-id"]).toBe("trace-123");
    const generated = await t.get("/healthz", undefined, { "x-request-id": "bad id with spaces" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides internals of a 500 and names the request id", async () => {
    const original = t.services.account.get.bind(t.services.account);
    t.services.account.get = async () => {
      throw new Error("secret connection string postgres://u:p@db");
    };
    try {
      const res = await t.get("/v1/account", org.apiKey, { "x-request-id": "req-500" });
      expectProblem(res, 500, "internal_error");
      expect(res.body).not.toContain("secret");
      expect(res.json().detail).toContain("req-500");
    } finally {
      t.services.account.get = original;
    }
  });

  it("serves the meaning of every error code", async () => {
    const res = await t.get("/errors/insufficient_balance");
    expect(res.json()).toEqual({ error: "insufficient_balance", status: 402, title: expect.any(String) });
    expect((await t.get("/errors/nope")).statusCode).toBe(404);
  });
});

describe("admin API", () => {
  it("is disabled without ADMIN_TOKEN and refuses a wrong token", async () => {
    const noAdmin = await createTestApp({ env: { ADMIN_TOKEN: "" }, database: t.database });
    try {
      expectProblem(await noAdmin.admin("GET", `/admin/v1/orgs/${org.orgId}`), 404, "admin_disabled");
    } finally {
      await noAdmin.close();
    }
    const wrong = await t.app.inject({
      method: "GET",
      url: `/admin/v1/orgs/${org.orgId}`,
      headers: { authorization: "Bearer wrong-token-xxxxxxxx" },
    });
    expectProblem(wrong, 401, "invalid_admin_token");
    expect(wrong.json().message).toBe("The admin token is wrong: it is not this server's ADMIN_TOKEN.");
    expect(wrong.headers["www-authenticate"]).toMatch(
      /^Bearer realm="DomainLens admin", error="invalid_token"/,
    );
    const bare = await t.app.inject({
      method: "GET",
      url: `/admin/v1/orgs/${org.orgId}`,
      headers: { authorization: ADMIN_TOKEN },
    });
    expectProblem(bare, 401, "invalid_authorization_header");
    expect(bare.json().message).toContain("'Authorization: Bearer <ADMIN_TOKEN>'");
    // An API key is not an admin token.
    expectProblem(
      await t.app.inject({
        method: "GET",
        url: `/admin/v1/orgs/${org.orgId}`,
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      401,
      "invalid_admin_token",
    );
  });

  it("adds credits, overrides limits and reports balance, limits and usage", async () => {
    const o = await t.createOrg(1, "reporting");
    const credits = await t.admin("POST", `/admin/v1/orgs/${o.orgId}/credits`, { amount_usd: 2.5 });
    expect(credits.json()).toEqual({ balance_usd: 3.5 });
    expectProblem(
      await t.admin("POST", `/admin/v1/orgs/${o.orgId}/credits`, { amount_usd: -1 }),
      400,
      "invalid_request",
    );
    const limits = await t.admin("PUT", `/admin/v1/orgs/${o.orgId}/limits`, { "classification.get": 5 });
    expect(limits.json().limits["classification.get"]).toBe(5);
    expect(limits.json().limits["scans.create"]).toBe(10);
    expectProblem(
      await t.admin("PUT", `/admin/v1/orgs/${o.orgId}/limits`, { "no.such.op": 5 }),
      400,
      "invalid_request",
    );
    await t.get("/v2/domain-classification/unknown-one.com", o.apiKey);
    await t.get("/v2/domain-classification/unknown-two.com", o.apiKey);
    await t.services.usage.flush();
    const summary = await t.admin("GET", `/admin/v1/orgs/${o.orgId}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      org_id: o.orgId,
      name: "reporting",
      balance_usd: 3.5,
      limits: { "classification.get": 5 },
    });
    expect(summary.json().usage).toContainEqual({
      operation: "classification.get",
      calls: 2,
      charged_usd: 0,
    });
    const account = await t.get("/v1/account", o.apiKey);
    expect(account.json()).toMatchObject({
      name: "reporting",
      balance_usd: 3.5,
      limits: { "classification.get": 5 },
    });
    expect(account.json().usage_this_month).toContainEqual({
      operation: "classification.get",
      calls: 2,
      charged_usd: 0,
    });
  });

  it("answers 404 for unknown organizations and keys", async () => {
    expectProblem(
      await t.admin("GET", "/admin/v1/orgs/00000000-0000-4000-8000-000000000000"),
      404,
      "not_found",
    );
    expectProblem(await t.admin("GET", "/admin/v1/orgs/not-a-uuid"), 404, "not_found");
    expectProblem(
      await t.admin("DELETE", "/admin/v1/keys/00000000-0000-4000-8000-000000000000"),
      404,
      "not_found",
    );
  });
});
