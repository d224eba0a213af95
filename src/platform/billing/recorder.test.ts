import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { testJournal } from "../../../test/support/journal.js";
import { newId } from "../ids.js";
import { InsufficientBalanceError, topUp } from "./ledger.js";
import { DebitRecorder } from "./recorder.js";

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
  await database.db
    .transaction()
    .execute((tx) => topUp(tx, { orgId: id, amountMicros: balanceMicros, operation: "credits.initial" }));
  return id;
}

async function debits(orgId: string) {
  return database.db
    .selectFrom("ledger")
    .select(["operation", "amount_micros", "resource_id"])
    .where("org_id", "=", orgId)
    .where("kind", "=", "debit")
    .orderBy("id")
    .execute();
}

describe("DebitRecorder", () => {
  it("puts each charge in the ledger before answering, and nothing for a free one", async () => {
    const id = await org(5_000);
    const recorder = new DebitRecorder(database.db);
    await recorder.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" });
    await recorder.charge({ orgId: id, amountMicros: 0, operation: "classification.get" });
    expect(await debits(id)).toEqual([
      { operation: "classification.get", amount_micros: -1_000, resource_id: null },
    ]);
    await expect(
      recorder.charge({ orgId: id, amountMicros: 5_000, operation: "classification.get" }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });

  it("spends only credit no charge journal holds", async () => {
    const id = await org(10_000);
    const journal = testJournal(database.db);
    try {
      await journal.charge({ orgId: id, amountMicros: 1_000, operation: "classification.get" });
      await expect(
        new DebitRecorder(database.db).charge({
          orgId: id,
          amountMicros: 1_000,
          operation: "classification.get",
        }),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
    } finally {
      await journal.close();
    }
  });
});
