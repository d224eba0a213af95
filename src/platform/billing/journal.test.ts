import { spawnSync } from "node:child_process";
import { appendFileSync, closeSync, mkdtempSync, openSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { testJournal } from "../../../test/support/journal.js";
import { tmpRoot } from "../../../test/support/paths.js";
import { newId } from "../ids.js";
import { type ChargeJournal, JournalUnavailableError, parseJournal } from "./journal/index.js";
import { debit, InsufficientBalanceError, topUp, UnknownOrganizationError } from "./ledger.js";

let database: TestDatabase;
const journals: ChargeJournal[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const j of journals) await j.close().catch(() => {});
  await database?.close();
});

function journal(options: Parameters<typeof testJournal>[1] = {}): ChargeJournal {
  const j = testJournal(database.db, options);
  journals.push(j);
  return j;
}

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

async function state(orgId: string) {
  const row = await database.db
    .selectFrom("organizations")
    .select(["balance_micros", "held_micros"])
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
    held: row.held_micros,
    ledgerSum: rows.reduce((s, r) => s + r.amount_micros, 0),
    debits: rows.filter((r) => r.kind === "debit").map((r) => -r.amount_micros),
  };
}

const hit = (orgId: string, amountMicros = 1_000) => ({
  orgId,
  amountMicros,
  operation: "classification.get",
});

/**
 * Makes a journal look like its process died: its slot's lock names a process that has exited, and the
 * test never touches the object again (a dead process writes nothing more).
 */
function crash(j: ChargeJournal, dir: string): void {
  const dead = spawnSync(process.execPath, ["-e", ""]).pid;
  writeFileSync(path.join(dir, j.nodeId ?? "", "domainlens.lock"), String(dead));
  journals.splice(journals.indexOf(j), 1);
}

describe("ChargeJournal", () => {
  it("answers charges of several organizations, each against its own balance, and puts them in the ledger", async () => {
    const rich = await org(100_000);
    const tight = await org(3_000);
    const j = journal();
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => j.charge(hit(rich))),
      ...Array.from({ length: 5 }, () => j.charge(hit(tight))),
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
    await j.flush();
    expect(await state(rich)).toMatchObject({
      balance: 95_000,
      ledgerSum: 95_000,
      debits: [1_000, 1_000, 1_000, 1_000, 1_000],
    });
    expect(await state(tight)).toEqual({ balance: 0, held: 0, ledgerSum: 0, debits: [1_000, 1_000, 1_000] });
    expect(j.stats.charges).toBe(8);
  });

  it("answers only after fdatasync with sync 'always', with the same ledger", async () => {
    const id = await org(10_000);
    const j = journal({ sync: "always" });
    await Promise.all(Array.from({ length: 4 }, () => j.charge(hit(id))));
    expect(j.stats).toMatchObject({ charges: 4 });
    await j.close();
    expect(await state(id)).toEqual({
      balance: 6_000,
      held: 0,
      ledgerSum: 6_000,
      debits: [1_000, 1_000, 1_000, 1_000],
    });
  });

  it("accepts charges in arrival order while the balance covers them, skipping those it cannot", async () => {
    const id = await org(5_000);
    const j = journal();
    const outcomes = await Promise.allSettled(
      [3_000, 3_000, 1_000, 2_000].map((amountMicros) => j.charge(hit(id, amountMicros))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    await j.flush();
    expect(await state(id)).toEqual({
      balance: 1_000,
      held: 1_000,
      ledgerSum: 1_000,
      debits: [3_000, 1_000],
    });
    await j.close();
    expect((await state(id)).held).toBe(0);
  });

  it("writes one ledger row per charge, in order, with its operation, amount, resource and time", async () => {
    const id = await org(100_000);
    const j = journal();
    const resourceId = newId();
    const before = Date.now();
    await Promise.all([
      j.charge(hit(id)),
      j.charge({ orgId: id, amountMicros: 2_500, operation: "domain_risks.create", resourceId }),
      j.charge(hit(id)),
    ]);
    const charged = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    const flushed = Date.now();
    await j.flush();
    const rows = await database.db
      .selectFrom("ledger")
      .select(["operation", "amount_micros", "resource_id", "created_at"])
      .where("org_id", "=", id)
      .where("kind", "=", "debit")
      .orderBy("id")
      .execute();
    expect(rows.map(({ created_at, ...r }) => r)).toEqual([
      { operation: "classification.get", amount_micros: -1_000, resource_id: null },
      { operation: "domain_risks.create", amount_micros: -2_500, resource_id: resourceId },
      { operation: "classification.get", amount_micros: -1_000, resource_id: null },
    ]);
    // Dated when the charge was made (between the call and its answer), not when the
    // ledger caught up (at least 50 ms later).
    for (const r of rows) {
      expect(r.created_at.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(r.created_at.getTime()).toBeLessThanOrEqual(charged + 1);
      expect(r.created_at.getTime()).toBeLessThan(flushed);
    }
    expect((await state(id)).balance).toBe(95_500);
  });

  it("rejects charges of an unknown organization without affecting the others", async () => {
    const id = await org(10_000);
    const j = journal();
    const [unknown, known] = await Promise.allSettled([j.charge(hit(newId())), j.charge(hit(id))]);
    expect(unknown?.status).toBe("rejected");
    if (unknown?.status === "rejected") expect(unknown.reason).toBeInstanceOf(UnknownOrganizationError);
    expect(known?.status).toBe("fulfilled");
    await j.flush();
    expect((await state(id)).balance).toBe(9_000);
  });

  it("never overdraws with several processes charging one organization", async () => {
    const id = await org(20_000);
    const nodes = [journal(), journal()];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => nodes[i % 2]?.charge(hit(id))),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(20);
    for (const n of nodes) await n.close();
    expect(await state(id)).toMatchObject({ balance: 0, held: 0, ledgerSum: 0 });
    const negative = await sql<{ n: number }>`
      select count(*)::int as n from organizations where balance_micros < 0 or held_micros < 0
    `.execute(database.db);
    expect(negative.rows[0]?.n).toBe(0);
  });

  it("keeps held credit from other debits, and gives an idle hold back", async () => {
    const id = await org(10_000);
    const j = journal({ idleReleaseMs: 150, applyIntervalMs: 25 });
    await j.charge(hit(id));
    // The whole balance is held for this process's next hits: a scan's debit cannot spend it now.
    expect((await state(id)).held).toBe(10_000);
    await expect(
      database.db
        .transaction()
        .execute((tx) => debit(tx, { orgId: id, amountMicros: 5_000, operation: "scans.create" })),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    await new Promise((r) => setTimeout(r, 400));
    expect(await state(id)).toMatchObject({ balance: 9_000, held: 0 });
    await database.db
      .transaction()
      .execute((tx) => debit(tx, { orgId: id, amountMicros: 5_000, operation: "scans.create" }));
    expect(await state(id)).toMatchObject({ balance: 4_000, held: 0, ledgerSum: 4_000 });
  });

  it("gives every held credit back when holds are released and taken again under way", async () => {
    const id = await org(1_000_000);
    const j = journal({ idleReleaseMs: 1, applyIntervalMs: 2 });
    let made = 0;
    for (let round = 0; round < 30; round++) {
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => j.charge(hit(id))));
      made += outcomes.filter((o) => o.status === "fulfilled").length;
      await new Promise((r) => setTimeout(r, round % 3));
    }
    expect(made).toBe(150);
    await j.close();
    expect(await state(id)).toMatchObject({ balance: 850_000, held: 0, ledgerSum: 850_000 });
    const holds = await database.db.selectFrom("credit_holds").selectAll().where("org_id", "=", id).execute();
    expect(holds).toEqual([]);
  });

  it("refuses hits it cannot write, charges none of them, and stays refused until restarted", async () => {
    const id = await org(10_000);
    const j = journal();
    await j.charge(hit(id));
    // The journal's file stops taking writes (as on an I/O error): its descriptor is swapped for a
    // read-only one of the same file, so the write fails, and so does cutting the file back.
    const inner = (j as unknown as { files: { fd: number; file: { path: string } } }).files;
    const readOnly = openSync(inner.file.path, "r");
    closeSync(inner.fd);
    inner.fd = readOnly;
    await expect(j.charge(hit(id))).rejects.toBeInstanceOf(JournalUnavailableError);
    expect(() => j.check()).toThrow(JournalUnavailableError);
    await expect(j.charge(hit(id))).rejects.toBeInstanceOf(JournalUnavailableError);
    await j.flush();
    // Only the hit made before the failure is charged.
    expect(await state(id)).toMatchObject({ balance: 9_000, ledgerSum: 9_000, debits: [1_000] });
  });

  it("replays, after a crash, the charges it answered and nothing else, exactly once", async () => {
    const id = await org(100_000);
    const dir = mkdtempSync(path.join(tmpRoot, "journal-"));
    const a = journal({ dir, applyIntervalMs: 3_600_000 });
    await Promise.all(Array.from({ length: 3 }, () => a.charge(hit(id))));
    await a.flush(); // three in the ledger before the crash
    await Promise.all(Array.from({ length: 4 }, () => a.charge(hit(id))));
    // The crash cut a fifth write short: that charge was never answered.
    appendFileSync(journalFile(dir, a), `999,${id},classification.get,1000,,${Date.now()}`);
    crash(a, dir);
    expect(await state(id)).toMatchObject({ balance: 97_000, held: 97_000 });

    const recovered = journal({ dir });
    await recovered.open();
    expect(recovered.nodeId).toBe(a.nodeId);
    expect(await state(id)).toEqual({
      balance: 93_000,
      held: 0,
      ledgerSum: 93_000,
      debits: Array.from({ length: 7 }, () => 1_000),
    });
    // New charges continue after the replayed ones and are not replayed again.
    await recovered.charge(hit(id));
    await recovered.close();
    const again = journal({ dir });
    await again.open();
    expect(await state(id)).toMatchObject({ balance: 92_000, held: 0, ledgerSum: 92_000 });
    expect((await state(id)).debits).toHaveLength(8);
  });
});

function journalFile(dir: string, j: ChargeJournal): string {
  const slot = path.join(dir, j.nodeId ?? "");
  const name = readdirSync(slot).find((f) => f.endsWith(".log"));
  if (!name) throw new Error("no journal file");
  return path.join(slot, name);
}

describe("parseJournal", () => {
  it("reads complete lines and ignores a torn last line", () => {
    const text = "1,o,classification.get,1000,,5\n2,o,classification.get,1000,r,6\n3,o,classif";
    expect(parseJournal(text).map((r) => [r.seq, r.resourceId, r.at])).toEqual([
      [1, null, 5],
      [2, "r", 6],
    ]);
  });
});
