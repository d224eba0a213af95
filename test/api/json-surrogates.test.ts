import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, sampleClassification, type TestApp } from "../support/app.js";

let t: TestApp;
let org: { orgId: string; apiKey: string; keyId: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await t.createOrg(5);
});
afterAll(async () => {
  await t?.close();
});

type Response = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

function expectInvalidRequest(res: Response): void {
  expect(res.statusCode).toBe(400);
  expect(String(res.headers["content-type"])).toMatch(/^application\/problem\+json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status: 400, error: "invalid_request", type: "/errors/invalid_request" });
  expect(String(body.message)).toMatch(/surrogate|UTF-8/);
}

/** Sends `payload` (JSON text or raw bytes) as an application/json body. */
function send(
  method: "POST" | "PUT",
  url: string,
  payload: string | Buffer,
  authorization: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization, "content-type": "application/json" },
    payload,
  });
}

const scan = (payload: string | Buffer) => send("POST", "/v1/scans", payload, `Bearer ${org.apiKey}`);

/** The admin classification import of `domain`, with `summary` spliced in as raw JSON text. */
function importClassification(domain: string, summaryJson: string) {
  const record = sampleClassification(domain);
  const text = JSON.stringify(record).replace(JSON.stringify(record.identity.summary), summaryJson);
  return send("PUT", `/admin/v1/classifications/${domain}`, text, `Bearer ${ADMIN_TOKEN}`);
}

async function scansOf(orgId: string): Promise<number> {
  const rows = await t.database.db.selectFrom("scans").select("id").where("org_id", "=", orgId).execute();
  return rows.length;
}

describe("unpaired UTF-16 surrogates in JSON bodies", () => {
  it.each([
    ["a lone high surrogate", '{"url":"https://example.com/\\ud800"}'],
    ["a lone low surrogate", '{"url":"https://example.com/\\uDC00x"}'],
    ["a high surrogate at the end of a string", '{"url":"https://example.com/a\\uD83D"}'],
    ["two high surrogates in a row", '{"url":"https://example.com/\\ud83d\\ud83d"}'],
    ["a lone surrogate in a key", '{"url":"https://example.com/","\\ud800":1}'],
  ])("POST /v1/scans refuses %s (escaped) with 400 invalid_request, charging nothing", async (_l, body) => {
    const before = await t.balances(org.orgId);
    expectInvalidRequest(await scan(body));
    expect((await t.balances(org.orgId)).balance).toBe(before.balance);
    expect(await scansOf(org.orgId)).toBe(0);
  });

  it("POST /v1/scans refuses a raw unpaired surrogate (its UTF-8-style bytes) with 400 invalid_request", async () => {
    const raw = Buffer.concat([
      Buffer.from('{"url":"https://example.com/'),
      Buffer.from([0xed, 0xa0, 0x80]), // U+D800 encoded as if it were a code point
      Buffer.from('"}'),
    ]);
    expectInvalidRequest(await scan(raw));
    expect(await scansOf(org.orgId)).toBe(0);
  });

  it("the admin classification import refuses escaped and raw unpaired surrogates", async () => {
    expectInvalidRequest(await importClassification("surrogate-a.com", '"A platform \\ud800 for code."'));
    expectInvalidRequest(await importClassification("surrogate-b.com", '"A platform \\uDFFF for code."'));
    // The bytes a lone low surrogate (U+DC00) would have if it were encoded like a code point: ED B0 80.
    const [head, tail] = JSON.stringify(sampleClassification("surrogate-c.com")).split("A hosted");
    const raw = Buffer.concat([
      Buffer.from(`${head}A `),
      Buffer.from([0xed, 0xb0, 0x80]),
      Buffer.from(`${tail}`),
    ]);
    expectInvalidRequest(
      await send("PUT", "/admin/v1/classifications/surrogate-c.com", raw, `Bearer ${ADMIN_TOKEN}`),
    );
    const stored = await t.database.db
      .selectFrom("classifications")
      .select("domain")
      .where("domain", "in", ["surrogate-a.com", "surrogate-b.com", "surrogate-c.com"])
      .execute();
    expect(stored).toEqual([]);
  });

  it("accepts surrogate pairs, escaped or raw, and text that only looks like an escape", async () => {
    const escapedPair = await importClassification("pair-a.com", '"Code hosting \\ud83d\\ude00 for all."');
    expect(escapedPair.statusCode).toBeLessThan(300);
    const rawPair = await importClassification("pair-b.com", JSON.stringify("Code hosting 😀 for all."));
    expect(rawPair.statusCode).toBeLessThan(300);
    // A backslash followed by "ud800" is ordinary text.
    const text = await t.admin("POST", "/admin/v1/orgs", { name: "acme\\ud800corp" });
    expect(text.statusCode).toBe(201);
    const shown = await t.admin("GET", `/admin/v1/orgs/${text.json().org_id}`);
    expect(shown.json().name).toBe("acme\\ud800corp");
    const emoji = await t.admin("POST", "/admin/v1/orgs", { name: "acme 😀" });
    expect(emoji.statusCode).toBe(201);
  });
});
