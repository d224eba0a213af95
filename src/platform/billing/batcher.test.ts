import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { newId } from "../ids.js";
import { ChargeBatcher } from "./batcher.js";
import { InsufficientBalanceError, topUp, UnknownOrganizationError } from "./ledger.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function org(balanceMicros: number): Promise<string> {
  const id = newId();
  await database.db.insertInto("organizations").values({ id, name: "t", limits: "{}" }).execute();
  if (balanceMicros > 0) {
    await database.db
      .transaction()
      .execute((tx) => topUp(tx, { orgId: id, amountMicros: balanceMicros, operation: "credits.initial" }));
  }
  return id;
}

async function state(orgId: string): Promise<{ balance: number; ledgerSum: number; debits: number[] }> {
  const row = await database.db
    .selectFrom("organizations")
    .select("balance_micros")
    .where("id", "=", orgId)
    .executeTakeFirstOrThrow();
  const rows = await database.db
    .selectFrom("ledger")
    .select(["kind", "amount_micros"])
    .where("org_id", "=", orgId)
    .orderBy("id")
    .execute();
  return {
    balance: row.balance_micros,
    ledgerSum: rows.reduce((s, r) => s + r.amount_micros, 0),
    debits: rows.filter((r) => r.kind === "debit").map((r) => -r.amount_micros),
  };
}

describe("ChargeBatcher", () => {
  it("commits the charges of several organizations in one group, each against its own balance", async () => {
    const rich = await org(100_000);
    const tight = await org(3_000);
    const batcher = new ChargeBatcher(database.db);
    const charge = (orgId: string) =>
      batcher.charge({ orgId, amountMicros: 1_000, operation: "classification.get" });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => charge(rich)),
      ...Array.from({ length: 5 }, () => charge(tight)),
    ]);
    expect(outcomes.slice(0, 5).every((o) => o.status === "fulfilled")).toBe(true);
    // Arrival order decides who is served while the balance lasts.
    expect(outcomes.slice(5).map((o) => o.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    for (const o of outcomes.slice(8)) {
      if (o.status === "rejected") expect(o.reason).toBeInstanceOf(InsufficientBalanceError);
    }
    expect(await state(rich)).toEqual({
      balance: 95_000,
      ledgerSum: 95_000,
      debits: [1_000, 1_000, 1_000, 1_000, 1_000],
    });
    expect(await state(tight)).toEqual({ balance: 0, ledgerSum: 0, debits: [1_000, 1_000, 1_000] });
    expect(batcher.stats.charges).toBe(10);
  });

  it("accepts charges in arrival order while the balance covers them, skipping those it cannot", async () => {
    const id = await org(5_000);
    const batcher = new ChargeBatcher(database.db);
    const outcomes = await Promise.allSettled(
      [3_000, 3_000, 1_000, 2_000].map((amountMicros) =>
        batcher.charge({ orgId: id, amountMicros, operation: "domain_risks.create" }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(await state(id)).toEqual({ balance: 1_000, ledgerSum: 1_000, debits: [3_000, 1_000] });
  });

  it("writes one ledger row per charge, in arrival order, with its operation, amount and resource", async () => {
    const id = await org(100_000);
    const batcher = new ChargeBatcher(database.db);
    const resourceId = newId();
    await Promise.all([
      batcher.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" }),
      batcher.charge({ orgId: id, amountMicros: 2_500, operation: "domain_risks.create", resourceId }),
      batcher.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" }),
    ]);
    const rows = await database.db
      .selectFrom("ledger")
      .select(["operation", "amount_micros", "resource_id"])
      .where("org_id", "=", id)
      .where("kind", "=", "debit")
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { operation: "classification.get", amount_micros: -1_000, resource_id: null },
      { operation: "domain_risks.create", amount_micros: -2_500, resource_id: resourceId },
      { operation: "classification.get", amount_micros: -1_000, resource_id: null },
    ]);
    expect((await state(id)).balance).toBe(95_500);
  });

  it("rejects charges of an unknown organization without affecting the others in the group", async () => {
    const id = await org(10_000);
    const batcher = new ChargeBatcher(database.db);
    const [unknown, known] = await Promise.allSettled([
      batcher.charge({ orgId: newId(), amountMicros: 1_000, operation: "classification.get" }),
      batcher.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" }),
    ]);
    expect(unknown?.status).toBe("rejected");
    if (unknown?.status === "rejected") expect(unknown.reason).toBeInstanceOf(UnknownOrganizationError);
    expect(known?.status).toBe("fulfilled");
    expect((await state(id)).balance).toBe(9_000);
  });

  it("never overdraws under concurrent batchers (several API nodes)", async () => {
    const id = await org(20_000);
    const nodes = [new ChargeBatcher(database.db), new ChargeBatcher(database.db)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        nodes[i % 2]?.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(20);
    const after = await state(id);
    expect(after.balance).toBe(0);
    expect(after.ledgerSum).toBe(0);
    const negative = await sql<{
      n: number;
    }>`select count(*)::int as n from organizations where balance_micros < 0`.execute(database.db);
    expect(negative.rows[0]?.n).toBe(0);
  });

  it("drain() commits what is queued", async () => {
    const id = await org(10_000);
    const batcher = new ChargeBatcher(database.db, { maxWaitMs: 50 });
    const pending = batcher.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" });
    await batcher.drain();
    await pending;
    expect((await state(id)).balance).toBe(9_000);
  });
});
