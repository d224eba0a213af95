import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { type Charge, InsufficientBalanceError, UnknownOrganizationError } from "./ledger.js";

interface Pending {
  charge: Charge;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * Group commit for charges that pay for no stored resource (classification cache hits).
 *
 * Each caller waits until its charge is committed, so nothing answered as charged can be lost on a
 * crash; charges arriving within the same few milliseconds share one transaction: one locked read of
 * each organization's balance, one balance update per organization and one multi-row ledger insert.
 * Charges are accepted in arrival order while the balance covers them; the rest are rejected with
 * InsufficientBalanceError, so the balance never goes negative.
 */
export class ChargeBatcher {
  private queue: Pending[] = [];
  private flushing = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly maxBatch: number;
  private readonly delayMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    options: { maxBatch?: number; delayMs?: number } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.delayMs = options.delayMs ?? 1;
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
    if (this.flushing || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    const batch = this.queue.splice(0, this.maxBatch);
    try {
      const outcome = await this.commit(batch);
      batch.forEach((p, i) => {
        const err = outcome[i];
        if (err) p.reject(err);
        else p.resolve();
      });
    } catch (err) {
      for (const p of batch) p.reject(err instanceof Error ? err : new Error(String(err)));
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Returns, per charge, null when committed or the error that rejected it. */
  private commit(batch: Pending[]): Promise<(Error | null)[]> {
    return this.db.transaction().execute(async (tx) => {
      const orgIds = [...new Set(batch.map((p) => p.charge.orgId))].sort();
      const rows = await tx
        .selectFrom("organizations")
        .select(["id", "balance_micros"])
        .where("id", "in", orgIds)
        .orderBy("id")
        .forUpdate()
        .execute();
      const balance = new Map(rows.map((r) => [r.id, r.balance_micros]));
      const spent = new Map<string, number>();
      const outcome: (Error | null)[] = [];
      const accepted: Charge[] = [];
      for (const { charge } of batch) {
        const available = balance.get(charge.orgId);
        if (available === undefined) {
          outcome.push(new UnknownOrganizationError(charge.orgId));
          continue;
        }
        const already = spent.get(charge.orgId) ?? 0;
        if (available - already < charge.amountMicros) {
          outcome.push(new InsufficientBalanceError(charge.orgId, charge.amountMicros));
          continue;
        }
        spent.set(charge.orgId, already + charge.amountMicros);
        accepted.push(charge);
        outcome.push(null);
      }
      for (const [orgId, total] of spent) {
        await tx
          .updateTable("organizations")
          .set({ balance_micros: sql`balance_micros - ${total}` })
          .where("id", "=", orgId)
          .execute();
      }
      if (accepted.length > 0) {
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
