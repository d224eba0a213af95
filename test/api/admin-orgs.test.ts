import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface OrgPage {
  data: Array<{ org_id: string; name: string; balance_usd: number; created_at: string }>;
  next_cursor: string | null;
}

describe("GET /admin/v1/orgs", () => {
  it("lists organizations newest first with their balance, in cursor pages", async () => {
    const first = await t.createOrg(1.5, "list-first");
    const second = await t.createOrg(0, "list-second");
    const third = await t.createOrg(3, "list-third");

    const page1 = await t.admin("GET", "/admin/v1/orgs?limit=2");
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json<OrgPage>();
    expect(body1.data.map((o) => o.org_id)).toEqual([third.orgId, second.orgId]);
    expect(body1.data[0]).toEqual({
      org_id: third.orgId,
      name: "list-third",
      balance_usd: 3,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(body1.next_cursor).toEqual(expect.any(String));

    const page2 = await t.admin("GET", `/admin/v1/orgs?limit=2&cursor=${body1.next_cursor}`);
    const ids = page2.json<OrgPage>().data.map((o) => o.org_id);
    expect(ids[0]).toBe(first.orgId);
    expect(ids).not.toContain(third.orgId);
  });

  it("finds the organizations of one name (how a lost default key is replaced)", async () => {
    const lost = await t.createOrg(2, "default");
    await t.createOrg(1, "not-default");
    const listed = (await t.admin("GET", "/admin/v1/orgs?name=default")).json<OrgPage>();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ org_id: lost.orgId, name: "default", balance_usd: 2 });
    expect(listed.next_cursor).toBeNull();

    const key = await t.admin("POST", `/admin/v1/orgs/${lost.orgId}/keys`);
    expect(key.statusCode).toBe(201);
    const account = await t.get("/v1/account", key.json<{ api_key: string }>().api_key);
    expect(account.json()).toMatchObject({ name: "default", balance_usd: 2 });
  });

  it("lists an organization's keys by id and first characters, so a lost one can be revoked", async () => {
    const lost = await t.createOrg(1, "default");
    await t.createOrg(1, "other");
    const fresh = (await t.admin("POST", `/admin/v1/orgs/${lost.orgId}/keys`)).json<{
      key_id: string;
      api_key: string;
    }>();
    type KeyList = {
      data: Array<{ key_id: string; prefix: string; created_at: string; revoked_at: string | null }>;
    };
    const listed = (await t.admin("GET", `/admin/v1/orgs/${lost.orgId}/keys`)).json<KeyList>();
    expect(listed.data.map((k) => k.key_id)[0]).toBe(fresh.key_id); // newest first, this org's only
    expect(listed.data).toHaveLength(2);
    const old = listed.data[1];
    expect(old?.revoked_at).toBeNull();
    expect(lost.apiKey.startsWith(old?.prefix ?? "?")).toBe(true);
    expect(old?.prefix.length).toBeLessThan(lost.apiKey.length / 2); // never the key itself
    expect(JSON.stringify(listed)).not.toContain(lost.apiKey);

    expect((await t.admin("DELETE", `/admin/v1/keys/${old?.key_id}`)).statusCode).toBe(200);
    expect((await t.get("/v1/account", lost.apiKey)).statusCode).toBe(401);
    expect((await t.get("/v1/account", fresh.api_key)).statusCode).toBe(200);
    const after = (await t.admin("GET", `/admin/v1/orgs/${lost.orgId}/keys`)).json<KeyList>();
    expect(after.data[1]?.revoked_at).not.toBeNull();
    expect(after.data[0]?.revoked_at).toBeNull();

    expect(
      (await t.admin("GET", "/admin/v1/orgs/00000000-0000-4000-8000-000000000000/keys")).statusCode,
    ).toBe(404);
    expect((await t.get(`/admin/v1/orgs/${lost.orgId}/keys`, fresh.api_key)).statusCode).toBe(401);
  });

  it("needs the admin token and refuses a bad cursor or limit", async () => {
    const org = await t.createOrg(1, "keyed");
    expect((await t.get("/admin/v1/orgs", org.apiKey)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/admin/v1/orgs" })).statusCode).toBe(401);
    const badCursor = await t.admin("GET", "/admin/v1/orgs?cursor=nonsense");
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ error: "invalid_cursor" });
    expect((await t.admin("GET", "/admin/v1/orgs?limit=0")).statusCode).toBe(400);
    expect((await t.admin("GET", "/admin/v1/orgs?limit=101")).statusCode).toBe(400);
  });
});
