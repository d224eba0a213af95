/**
 * Applying journaled charges to the ledger. Every `applyIntervalMs`, and whenever MAX_APPLY written
 * charges wait, they go to the ledger in one transaction: one `debit` row per charge (dated when it was
 * made, in order), each organization's balance and this process's hold lowered by their sum, what idle
 * holds have left given back, the monthly totals raised, and the journal's checkpoint
 * (`charge_journals.applied_seq`) moved past them, so each charge is applied exactly once, crash or not.
 * A failed transaction keeps everything for the next attempt. Recovery (slots.ts) uses the same writes.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";
import { monthContaining, type UsageMonth } from "../../usage.js";
import { addTotals, type MonthlyCharge } from "../ledger.js";
import type { CreditHolds } from "./holds.js";
import type { JournalRecord } from "./record.js";

/** Most charges written to the ledger by one transaction. */
export const MAX_APPLY = 20_000;

export class LedgerApplier {
  /** Written, not yet in the ledger, in sequence order. */
  private durable: JournalRecord[] = [];
  private applying: Promise<void> | null = null;
  private appliedSeq = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The error of the last attempt; null once one succeeded. */
  lastError: Error | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly holds: CreditHolds,
    private readonly stats: { applies: number; applied: number; applyMs: number },
    /** This process's journal id; null until the journal is open. */
    private readonly nodeId: () => string | null,
    /** Called after each successful transaction with the checkpoint (files up to it can go). */
    private readonly onApplied: (appliedSeq: number) => void,
  ) {}

  /** Continues after checkpoint `appliedSeq`, applying every `intervalMs`. */
  start(appliedSeq: number, intervalMs: number): void {
    this.appliedSeq = appliedSeq;
    this.timer = setInterval(() => void this.apply(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** True when every written charge is in the ledger. */
  get caughtUp(): boolean {
    return this.durable.length === 0;
  }

  /** Charges just written to the journal file. */
  add(records: readonly JournalRecord[]): void {
    for (const r of records) this.durable.push(r);
    if (this.durable.length >= MAX_APPLY) void this.apply();
  }

  /** Applies until nothing written is left out of the ledger (or an attempt fails). */
  async applyAll(releaseAll: boolean): Promise<void> {
    do {
      await this.apply(releaseAll);
    } while (this.durable.length > 0 && !this.lastError);
  }

  /**
   * Puts written charges in the ledger and gives back idle holds (all holds when `releaseAll`), in one
   * transaction; one at a time.
   */
  private apply(releaseAll = false): Promise<void> {
    if (this.applying) return this.applying.then(() => (releaseAll ? this.apply(true) : undefined));
    this.applying = this.applyOnce(releaseAll).finally(() => {
      this.applying = null;
    });
    return this.applying;
  }

  private async applyOnce(releaseAll: boolean): Promise<void> {
    const nodeId = this.nodeId();
    if (nodeId === null) return;
    const batch = this.durable.slice(0, MAX_APPLY);
    const releases = this.holds.takeIdle(releaseAll);
    if (batch.length === 0 && releases.size === 0) return;
    const started = performance.now();
    try {
      await this.db.transaction().execute(async (tx) => {
        await writeCharges(tx, nodeId, batch, releases);
      });
    } catch (err) {
      this.holds.restore(releases);
      this.lastError = err instanceof Error ? err : new Error(String(err));
      return;
    }
    this.lastError = null;
    this.durable.splice(0, batch.length);
    const last = batch[batch.length - 1];
    if (last) this.appliedSeq = last.seq;
    this.holds.forget(releases);
    this.stats.applies++;
    this.stats.applied += batch.length;
    this.stats.applyMs += performance.now() - started;
    this.onApplied(this.appliedSeq);
  }
}

/**
 * In the caller's transaction: one ledger row per charge, each organization's balance and this node's
 * hold lowered by its charges, the holds lowered further by `releases`, the monthly totals raised and the
 * checkpoint moved.
 */
export async function writeCharges(
  tx: Kysely<DB>,
  nodeId: string,
  batch: JournalRecord[],
  releases: Map<string, number>,
): Promise<void> {
  const spent = new Map<string, number>();
  for (const r of batch) spent.set(r.orgId, (spent.get(r.orgId) ?? 0) + r.amountMicros);
  const orgIds = [...new Set([...spent.keys(), ...releases.keys()])];
  const first = batch[0];
  if (first) {
    // Organizations, operations and resources travel once each; the rows refer to them by index, which
    // is cheaper to send and parse than a uuid and a text per row. unnest() yields the rows in array
    // order, so ledger ids follow the order in which the charges were made.
    const dict = <T>(values: T[]) => {
      const list: T[] = [];
      const index = new Map<T, number>();
      const refs = values.map((v) => {
        let i = index.get(v);
        if (i === undefined) {
          list.push(v);
          i = list.length;
          index.set(v, i);
        }
        return i;
      });
      return { list, refs };
    };
    const orgs = dict(batch.map((r) => r.orgId));
    const ops = dict(batch.map((r) => r.operation));
    const resources = dict(batch.filter((r) => r.resourceId !== null).map((r) => r.resourceId as string));
    let next = 0;
    const resourceRefs = batch.map((r) => (r.resourceId === null ? 0 : (resources.refs[next++] ?? 0)));
    await sql`
      INSERT INTO ledger (org_id, kind, operation, amount_micros, resource_id, created_at)
      SELECT (${orgs.list}::uuid[])[c.o], 'debit', (${ops.list}::text[])[c.p], -c.amount,
        (${resources.list}::uuid[])[c.r], ${new Date(first.at)}::timestamptz + c.ms * interval '1 millisecond'
      FROM unnest(
        ${orgs.refs}::int4[],
        ${ops.refs}::int4[],
        ${batch.map((r) => r.amountMicros)}::int8[],
        ${resourceRefs}::int4[],
        ${batch.map((r) => r.at - first.at)}::int8[]
      ) AS c(o, p, amount, r, ms)
    `.execute(tx);
  }
  if (orgIds.length > 0) {
    const spentOf = orgIds.map((id) => spent.get(id) ?? 0);
    const heldOf = orgIds.map((id) => (spent.get(id) ?? 0) + (releases.get(id) ?? 0));
    await sql`
      UPDATE organizations o
      SET balance_micros = o.balance_micros - t.spent, held_micros = o.held_micros - t.held
      FROM unnest(${orgIds}::uuid[], ${spentOf}::int8[], ${heldOf}::int8[]) AS t(id, spent, held)
      WHERE o.id = t.id
    `.execute(tx);
    await sql`
      UPDATE credit_holds h SET amount_micros = h.amount_micros - t.held
      FROM unnest(${orgIds}::uuid[], ${heldOf}::int8[]) AS t(id, held)
      WHERE h.node_id = ${nodeId} AND h.org_id = t.id
    `.execute(tx);
    await sql`DELETE FROM credit_holds WHERE node_id = ${nodeId} AND amount_micros = 0`.execute(tx);
  }
  await addTotals(tx, monthlyTotals(batch));
  const last = batch[batch.length - 1];
  if (last) {
    await tx
      .updateTable("charge_journals")
      .set({ applied_seq: last.seq, applied_at: new Date() })
      .where("node_id", "=", nodeId)
      .execute();
  }
}

/** Gives back every hold of a node (at recovery). */
export async function releaseAllHolds(tx: Kysely<DB>, nodeId: string): Promise<void> {
  await sql`
    UPDATE organizations o SET held_micros = o.held_micros - h.amount_micros
    FROM credit_holds h WHERE h.node_id = ${nodeId} AND h.org_id = o.id
  `.execute(tx);
  await sql`DELETE FROM credit_holds WHERE node_id = ${nodeId}`.execute(tx);
}

/** Net charges of a batch per organization, operation and UTC month of the charge. */
function monthlyTotals(batch: JournalRecord[]): MonthlyCharge[] {
  const totals = new Map<string, MonthlyCharge>();
  let month: UsageMonth = { period: "", from: 0, until: 0 };
  for (const r of batch) {
    month = monthContaining(month, r.at);
    const key = `${r.orgId}|${r.operation}|${month.period}`;
    const t = totals.get(key);
    if (t) t.chargedMicros += r.amountMicros;
    else
      totals.set(key, {
        orgId: r.orgId,
        operation: r.operation,
        period: month.period,
        chargedMicros: r.amountMicros,
      });
  }
  return [...totals.values()];
}
