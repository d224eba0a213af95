import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debit, InsufficientBalanceError, refundResource, topUp } from "../../src/platform/billing/ledger.js";
import { newId } from "../../src/platform/ids.js";
import { createTestApp, sampleClassification, type TestApp } from "../support/app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.admin("PUT", "/admin/v1/classifications/example.net", sampleClassification("example.net"));
});
afterAll(async () => {
  await t?.close();
});

describe("credit ledger (SPEC §8)", () => {
  it("under 50 concurrent cache reads with credit for 10, exactly 10 succeed and the balance never goes negative", async () => {
    const org = await t.createOrg(0.01, "tight");
    await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "classification.get": 1000 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.get("/v2/domain-classification/example.net", org.apiKey)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    for (const r of responses.filter((x) => x.statusCode === 402)) {
      expect(r.json().error).toBe("insufficient_balance");
    }
    expect(await t.balances(org.orgId)).toEqual({ balance: 0, ledgerSum: 0 });
    const debits = await t.database.db
      .selectFrom("ledger")
      .select(sql<number>`count(*)`.as("n"))
      .where("org_id", "=", org.orgId)
      .where("kind", "=", "debit")
      .executeTakeFirstOrThrow();
    expect(debits.n).toBe(10);
  });

  it("debits in a transaction can never overdraw, even concurrently", async () => {
    const org = await t.createOrg(0.025, "tx");
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        t.database.db.transaction().execute((tx) =>
          debit(tx, {
            orgId: org.orgId,
            amountMicros: 2_500,
            operation: "domain_risks.create",
            resourceId: newId(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    }
    expect(await t.balances(org.orgId)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it("a charge rolls back with the resource it pays for", async () => {
    const org = await t.createOrg(1, "rollback");
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await debit(tx, {
          orgId: org.orgId,
          amountMicros: 10_000,
          operation: "classification.create",
          resourceId: newId(),
        });
        throw new Error("the resource could not be created");
      }),
    ).rejects.toThrow("could not be created");
    expect(await t.balances(org.orgId)).toEqual({ balance: 1_000_000, ledgerSum: 1_000_000 });
  });

  it("refunds a resource exactly once", async () => {
    const org = await t.createOrg(1, "refund");
    const resourceId = newId();
    await t.database.db
      .transaction()
      .execute((tx) =>
        debit(tx, { orgId: org.orgId, amountMicros: 50_000, operation: "scans.create", resourceId }),
      );
    expect((await t.balances(org.orgId)).balance).toBe(950_000);
    const first = await t.database.db
      .transaction()
      .execute((tx) => refundResource(tx, resourceId, "scans.create"));
    const second = await t.database.db
      .transaction()
      .execute((tx) => refundResource(tx, resourceId, "scans.create"));
    expect([first, second]).toEqual([50_000, 0]);
    expect(await t.balances(org.orgId)).toEqual({ balance: 1_000_000, ledgerSum: 1_000_000 });
  });

  it("keeps the balance equal to the ledger sum across top-ups, debits and refunds", async () => {
    const org = await t.createOrg(0, "sum");
    await t.database.db.transaction().execute(async (tx) => {
      await topUp(tx, { orgId: org.orgId, amountMicros: 123_456, operation: "credits.topup" });
      await debit(tx, { orgId: org.orgId, amountMicros: 1_000, operation: "classification.get" });
    });
    const { balance, ledgerSum } = await t.balances(org.orgId);
    expect(balance).toBe(122_456);
    expect(ledgerSum).toBe(balance);
    const mismatched = await sql<{ id: string }>`
      SELECT o.id FROM organizations o
      LEFT JOIN (SELECT org_id, sum(amount_micros) AS s FROM ledger GROUP BY org_id) l ON l.org_id = o.id
      WHERE o.balance_micros <> coalesce(l.s, 0)`.execute(t.database.db);
    expect(mismatched.rows).toEqual([]);
  });
  it("reports charges per operation this month as the ledger's sums: cache hits, debits and refunds", async () => {
    const org = await t.createOrg(1, "usage");
    for (let i = 0; i < 3; i++) {
      expect((await t.get("/v2/domain-classification/example.net", org.apiKey)).statusCode).toBe(200);
    }
    const refunded = newId();
    await t.database.db.transaction().execute(async (tx) => {
      await debit(tx, {
        orgId: org.orgId,
        amountMicros: 50_000,
        operation: "scans.create",
        resourceId: refunded,
      });
      await debit(tx, {
        orgId: org.orgId,
        amountMicros: 50_000,
        operation: "scans.create",
        resourceId: newId(),
      });
      await debit(tx, { orgId: org.orgId, amountMicros: 2_500, operation: "domain_risks.create" });
      await refundResource(tx, refunded, "scans.create");
    });
    await t.services.usage.flush();
    const account = await t.get("/v1/account", org.apiKey);
    const charged = Object.fromEntries(
      (account.json().usage_this_month as Array<{ operation: string; charged_usd: number }>).map((u) => [
        u.operation,
        u.charged_usd,
      ]),
    );
    expect(charged).toMatchObject({
      "classification.get": 0.003,
      "scans.create": 0.05,
      "domain_risks.create": 0.0025,
    });
    // The same figures as summing the organization's ledger.
    const sums = await t.database.db
      .selectFrom("ledger")
      .select(["operation", sql<number>`-sum(amount_micros)::int8`.as("charged")])
      .where("org_id", "=", org.orgId)
      .where("kind", "in", ["debit", "refund"])
      .groupBy("operation")
      .execute();
    for (const row of sums) expect(charged[row.operation]).toBe(row.charged / 1_000_000);
    const admin = await t.admin("GET", `/admin/v1/orgs/${org.orgId}`);
    expect(admin.json().usage).toContainEqual({ operation: "scans.create", calls: 0, charged_usd: 0.05 });
  });
});
