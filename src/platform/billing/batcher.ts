import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { type Charge, InsufficientBalanceError, UnknownOrganizationError } from "./ledger.js";

interface Pending {
  charge: Charge;
  resolve: () => void;
  reject: (err: Error) => void;
}

type Outcome = Error | null;

/**
 * Group commit for charges that pay for no stored resource (classification cache hits).
 *
 * Each caller waits until its charge is committed, so nothing answered as charged can be lost on a
 * crash. A commit takes every charge queued when it starts; it starts once a turn of the event loop has
 * brought no new charge (requests that are already being read join the group), at most `maxWaitMs`
 * after it was due, and never while the previous commit is in flight. An idle server commits a lone
 * charge at once, a busy one in groups as large as the number of requests in flight.
 *
 * In a commit, each organization's charges are written by one statement — its own transaction — that
 * debits their sum only if the balance covers it and inserts one ledger row per charge. Statements of
 * different organizations run side by side and lock one row each, so they cannot deadlock. An
 * organization whose balance does not cover all of its charges has them accepted in arrival order while
 * the balance lasts, under a row lock, and the rest rejected with InsufficientBalanceError. The balance
 * never goes negative: every debit is conditional on the row's current balance (and the organizations
 * table refuses a negative balance).
 */
export class ChargeBatcher {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  /** While a commit is due: the queue length at the last look, and when it became due. */
  private seen = 0;
  private dueAt = 0;
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  /** Commits made, charges in them and time spent committing since start, for monitoring. */
  readonly stats = { batches: 0, charges: 0, commitMs: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    options: { maxBatch?: number; maxWaitMs?: number } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxWaitMs = options.maxWaitMs ?? 2;
  }

  charge(charge: Charge): Promise<void> {
    if (charge.amountMicros === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ charge, resolve, reject });
      this.schedule();
    });
  }

  /** Commits everything queued; used at shutdown. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.flushing) {
      if (!this.flushing) await this.flush();
      else await new Promise((r) => setTimeout(r, 1));
    }
  }

  private schedule(): void {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    this.seen = this.queue.length;
    this.dueAt = performance.now();
    setImmediate(this.look);
  }

  /** Runs after each turn's I/O: commits once a turn brought nothing new, or the wait is over. */
  private readonly look = (): void => {
    const grew = this.queue.length > this.seen;
    if (grew && this.queue.length < this.maxBatch && performance.now() - this.dueAt < this.maxWaitMs) {
      this.seen = this.queue.length;
      setImmediate(this.look);
      return;
    }
    this.scheduled = false;
    void this.flush();
  };

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    const batch = this.queue.splice(0, this.maxBatch);
    this.stats.batches++;
    this.stats.charges += batch.length;
    const started = performance.now();
    try {
      const byOrg = new Map<string, Pending[]>();
      for (const p of batch) {
        const group = byOrg.get(p.charge.orgId);
        if (group) group.push(p);
        else byOrg.set(p.charge.orgId, [p]);
      }
      await Promise.all([...byOrg.values()].map((group) => this.settle(group)));
    } finally {
      this.stats.commitMs += performance.now() - started;
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Commits one organization's charges and answers each caller; never throws. */
  private async settle(group: Pending[]): Promise<void> {
    let outcome: Outcome[];
    try {
      outcome = await this.commitOrg(group.map((p) => p.charge));
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      outcome = group.map(() => error);
    }
    group.forEach((p, i) => {
      const err = outcome[i];
      if (err) p.reject(err);
      else p.resolve();
    });
  }

  /** Charges of one organization, in arrival order. Returns, per charge, null when committed or its error. */
  private async commitOrg(charges: Charge[]): Promise<Outcome[]> {
    if (await this.debitAll(charges)) return charges.map(() => null);
    return this.debitWhileCovered(charges);
  }

  /**
   * One statement: debits the sum of the charges if the balance covers it, and inserts their ledger rows.
   * Returns false, having written nothing, when the balance is short or the organization unknown.
   */
  private async debitAll(charges: Charge[]): Promise<boolean> {
    const first = charges[0];
    if (first === undefined) return true;
    const total = charges.reduce((sum, c) => sum + c.amountMicros, 0);
    const uniform = charges.every(
      (c) => c.operation === first.operation && c.amountMicros === first.amountMicros && !c.resourceId,
    );
    // The common case (cache hits) takes scalar parameters, which are cheaper to send than arrays.
    const rows = uniform
      ? sql`SELECT ${first.operation}::text AS operation, ${first.amountMicros}::int8 AS amount,
            NULL::uuid AS resource_id, seq FROM generate_series(1, ${charges.length}::int) AS seq`
      : sql`SELECT * FROM unnest(
            ${charges.map((c) => c.operation)}::text[],
            ${charges.map((c) => c.amountMicros)}::int8[],
            ${charges.map((c) => c.resourceId ?? null)}::uuid[]
          ) WITH ORDINALITY AS c(operation, amount, resource_id, seq)`;
    const result = await sql<{ written: number }>`
      WITH paid AS (
        UPDATE organizations SET balance_micros = balance_micros - ${total}
        WHERE id = ${first.orgId} AND balance_micros >= ${total}
        RETURNING id
      ), entries AS (
        INSERT INTO ledger (org_id, kind, operation, amount_micros, resource_id)
        SELECT paid.id, 'debit', c.operation, -c.amount, c.resource_id
        FROM paid, (${rows}) AS c
        ORDER BY c.seq
        RETURNING 1
      )
      SELECT count(*)::int AS written FROM entries
    `.execute(this.db);
    // All or nothing: the ledger rows are inserted only when the debit was made.
    const written = Number(result.rows[0]?.written ?? 0);
    if (written !== 0 && written !== charges.length) {
      throw new Error(`charge statement wrote ${written} ledger rows for ${charges.length} charges`);
    }
    return written === charges.length;
  }

  /** Accepts charges in arrival order while the locked balance covers them; rejects the rest. */
  private debitWhileCovered(charges: Charge[]): Promise<Outcome[]> {
    return this.db.transaction().execute(async (tx) => {
      const orgId = charges[0]?.orgId ?? "";
      const row = await tx
        .selectFrom("organizations")
        .select("balance_micros")
        .where("id", "=", orgId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return charges.map(() => new UnknownOrganizationError(orgId));
      let spent = 0;
      const accepted: Charge[] = [];
      const outcome = charges.map((charge): Outcome => {
        if (row.balance_micros - spent < charge.amountMicros) {
          return new InsufficientBalanceError(charge.orgId, charge.amountMicros);
        }
        spent += charge.amountMicros;
        accepted.push(charge);
        return null;
      });
      if (accepted.length > 0) {
        await tx
          .updateTable("organizations")
          .set({ balance_micros: sql`balance_micros - ${spent}` })
          .where("id", "=", orgId)
          .execute();
        await tx
          .insertInto("ledger")
          .values(
            accepted.map((c) => ({
              org_id: c.orgId,
              kind: "debit" as const,
              operation: c.operation,
              amount_micros: -c.amountMicros,
              resource_id: c.resourceId ?? null,
            })),
          )
          .execute();
      }
      return outcome;
    });
  }
}
