import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdempotencyStore, requestFingerprint } from "../../src/platform/idempotency.js";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../support/app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function orgCount(name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom("organizations")
    .select(sql<number>`count(*)`.as("n"))
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe("Idempotency-Key on POST", () => {
  it("replays the original status and body of a retry, creating nothing twice", async () => {
    const headers = { "idempotency-key": "create-org-1" };
    const first = await t.admin("POST", "/admin/v1/orgs", { name: "idem", credits_usd: 5 }, headers);
    expect(first.statusCode).toBe(201);
    const retry = await t.admin("POST", "/admin/v1/orgs", { credits_usd: 5, name: "idem" }, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(await orgCount("idem")).toBe(1);
  });

  it("refuses the same key with a different body with 422 idempotency_key_reused", async () => {
    const headers = { "idempotency-key": "create-org-2" };
    expect((await t.admin("POST", "/admin/v1/orgs", { name: "idem-2" }, headers)).statusCode).toBe(201);
    const other = await t.admin("POST", "/admin/v1/orgs", { name: "idem-2b" }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: "idempotency_key_reused", status: 422 });
    expect(await orgCount("idem-2b")).toBe(0);
  });

  it("lets a request that failed be retried with the same key", async () => {
    const headers = { "idempotency-key": "credits-3" };
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await t.admin("POST", `/admin/v1/orgs/${missing}/credits`, { amount_usd: 1 }, headers)).statusCode,
    ).toBe(404);
    const org = await t.createOrg(1, "idem-3");
    const path = `/admin/v1/orgs/${org.orgId}/credits`;
    const ok = await t.admin("POST", path, { amount_usd: 1 }, { "idempotency-key": "credits-3b" });
    expect(ok.json()).toEqual({ balance_usd: 2 });
    const again = await t.admin("POST", path, { amount_usd: 1 }, { "idempotency-key": "credits-3b" });
    expect(again.json()).toEqual({ balance_usd: 2 });
    expect((await t.balances(org.orgId)).balance).toBe(2_000_000);
  });

  it("rejects a malformed key", async () => {
    const res = await t.admin(
      "POST",
      "/admin/v1/orgs",
      { name: "x" },
      { "idempotency-key": "x".repeat(300) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("invalid_idempotency_key");
  });

  it("scopes keys: the admin and each organization have their own", async () => {
    const store = new IdempotencyStore(t.database.db);
    const fp = requestFingerprint("POST", "/v1/scans", { url: "https://a.example" });
    expect(await store.begin("org:a", "k", fp)).toEqual({ kind: "new" });
    expect(await store.begin("org:b", "k", fp)).toEqual({ kind: "new" });
    expect(await store.begin("org:a", "k", fp)).toEqual({ kind: "in_progress" });
    await store.complete("org:a", "k", 201, { scan_id: "s" });
    expect(await store.begin("org:a", "k", fp)).toEqual({
      kind: "replay",
      statusCode: 201,
      body: { scan_id: "s" },
    });
    expect(
      await store.begin("org:a", "k", requestFingerprint("POST", "/v1/scans", { url: "https://b.example" })),
    ).toEqual({
      kind: "mismatch",
    });
  });

  it("forgets keys after 24 hours", async () => {
    const store = new IdempotencyStore(t.database.db);
    const fp = requestFingerprint("POST", "/x", {});
    await store.begin("org:old", "k", fp);
    await store.complete("org:old", "k", 200, {});
    await t.database.db
      .updateTable("idempotency_keys")
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where("scope", "=", "org:old")
      .execute();
    expect(await store.begin("org:old", "k", requestFingerprint("POST", "/x", { other: 1 }))).toEqual({
      kind: "new",
    });
  });

  it("answers the admin token check before anything else", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/v1/orgs",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}x`, "idempotency-key": "k" },
      payload: { name: "x" },
    });
    expect(res.statusCode).toBe(401);
  });
});
