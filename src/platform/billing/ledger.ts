import { type Kysely, sql } from "kysely";
import type { DB, LedgerKind } from "../db/schema.js";

export class InsufficientBalanceError extends Error {
  constructor(
    readonly orgId: string,
    readonly requiredMicros: number,
  ) {
    super("insufficient balance");
    this.name = "InsufficientBalanceError";
  }
}

export class UnknownOrganizationError extends Error {
  constructor(readonly orgId: string) {
    super(`unknown organization ${orgId}`);
    this.name = "UnknownOrganizationError";
  }
}

export interface Charge {
  orgId: string;
  amountMicros: number;
  operation: string;
  resourceId?: string | null;
}

/**
 * Debits an organization inside the caller's transaction: the balance update is conditional, so a
 * concurrent debit can never take it below zero, and it spends only credit no charge journal holds
 * (balance − held); the ledger row commits with the resource it pays for.
 */
export async function debit(tx: Kysely<DB>, charge: Charge): Promise<number> {
  if (charge.amountMicros < 0) throw new RangeError("a debit amount is positive");
  const row = await tx
    .updateTable("organizations")
    .set({ balance_micros: sql`balance_micros - ${charge.amountMicros}` })
    .where("id", "=", charge.orgId)
    .where(sql<number>`balance_micros - held_micros`, ">=", charge.amountMicros)
    .returning("balance_micros")
    .executeTakeFirst();
  if (!row) {
    const exists = await tx
      .selectFrom("organizations")
      .select("id")
      .where("id", "=", charge.orgId)
      .executeTakeFirst();
    if (!exists) throw new UnknownOrganizationError(charge.orgId);
    throw new InsufficientBalanceError(charge.orgId, charge.amountMicros);
  }
  await insertLedger(tx, "debit", charge, -charge.amountMicros);
  return row.balance_micros;
}

/** Adds credit (a top-up) inside the caller's transaction and returns the new balance. */
export async function topUp(tx: Kysely<DB>, charge: Charge): Promise<number> {
  if (charge.amountMicros <= 0) throw new RangeError("a top-up amount is positive");
  const row = await tx
    .updateTable("organizations")
    .set({ balance_micros: sql`balance_micros + ${charge.amountMicros}` })
    .where("id", "=", charge.orgId)
    .returning("balance_micros")
    .executeTakeFirst();
  if (!row) throw new UnknownOrganizationError(charge.orgId);
  await insertLedger(tx, "topup", charge, charge.amountMicros);
  return row.balance_micros;
}

/**
 * Refunds everything debited for a resource, at most once (a unique index on refunds per resource
 * makes a second refund a no-op). Returns the refunded amount.
 */
export async function refundResource(tx: Kysely<DB>, resourceId: string, operation: string): Promise<number> {
  const debits = await tx
    .selectFrom("ledger")
    .select(["org_id", sql<number>`-sum(amount_micros)`.as("total")])
    .where("resource_id", "=", resourceId)
    .where("kind", "=", "debit")
    .groupBy("org_id")
    .execute();
  let refunded = 0;
  for (const d of debits) {
    if (d.total <= 0) continue;
    const inserted = await tx
      .insertInto("ledger")
      .values({
        org_id: d.org_id,
        kind: "refund",
        operation,
        amount_micros: d.total,
        resource_id: resourceId,
      })
      .onConflict((oc) => oc.column("resource_id").where("kind", "=", "refund").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) continue;
    await tx
      .updateTable("organizations")
      .set({ balance_micros: sql`balance_micros + ${d.total}` })
      .where("id", "=", d.org_id)
      .execute();
    await addToTotals(tx, d.org_id, operation, -d.total);
    refunded += d.total;
  }
  return refunded;
}

async function insertLedger(tx: Kysely<DB>, kind: LedgerKind, charge: Charge, amount: number): Promise<void> {
  await tx
    .insertInto("ledger")
    .values({
      org_id: charge.orgId,
      kind,
      operation: charge.operation,
      amount_micros: amount,
      resource_id: charge.resourceId ?? null,
    })
    .execute();
  if (kind !== "topup") await addToTotals(tx, charge.orgId, charge.operation, -amount);
}

/**
 * Adds net charges (debits positive, refunds negative) to ledger_totals for the month of the
 * transaction's time, which is the month of the ledger rows it writes (created_at defaults to now()).
 * Every writer of debit or refund rows calls this (or addTotals) in the same transaction.
 */
async function addToTotals(tx: Kysely<DB>, orgId: string, operation: string, charged: number): Promise<void> {
  await sql`
    INSERT INTO ledger_totals (org_id, operation, period, charged_micros)
    VALUES (${orgId}, ${operation}, date_trunc('month', now() AT TIME ZONE 'UTC')::date, ${charged})
    ON CONFLICT (org_id, operation, period)
    DO UPDATE SET charged_micros = ledger_totals.charged_micros + excluded.charged_micros
  `.execute(tx);
}

/** Net charges of one organization and operation in one month (YYYY-MM-01). */
export interface MonthlyCharge {
  orgId: string;
  operation: string;
  period: string;
  chargedMicros: number;
}

/** Adds net charges per organization, operation and month to ledger_totals, in the caller's transaction. */
export async function addTotals(tx: Kysely<DB>, totals: MonthlyCharge[]): Promise<void> {
  if (totals.length === 0) return;
  await sql`
    INSERT INTO ledger_totals (org_id, operation, period, charged_micros)
    SELECT * FROM unnest(
      ${totals.map((t) => t.orgId)}::uuid[],
      ${totals.map((t) => t.operation)}::text[],
      ${totals.map((t) => t.period)}::date[],
      ${totals.map((t) => t.chargedMicros)}::int8[]
    )
    ON CONFLICT (org_id, operation, period)
    DO UPDATE SET charged_micros = ledger_totals.charged_micros + excluded.charged_micros
  `.execute(tx);
}
