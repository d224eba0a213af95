import { type Kysely, sql } from "kysely";
import type { DB } from "./db/schema.js";

/** First day of the UTC month of `at`, as YYYY-MM-DD. */
export function usagePeriod(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/** A UTC month: its period (YYYY-MM-01) and its span, from (inclusive) to until (exclusive), in Unix ms. */
export interface UsageMonth {
  period: string;
  from: number;
  until: number;
}

/** The UTC month of `atMs` (Unix ms). */
export function usageMonth(atMs: number): UsageMonth {
  const d = new Date(atMs);
  return {
    period: usagePeriod(d),
    from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    until: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/** The UTC month containing `atMs`: `known` itself when it does (so it is computed once a month, not per call). */
export function monthContaining(known: UsageMonth, atMs: number): UsageMonth {
  return atMs >= known.from && atMs < known.until ? known : usageMonth(atMs);
}

/**
 * Counts calls per organization, operation and month. Counts are informational (charges live in the
 * ledger), so they are batched in memory and written every `flushIntervalMs`; a crash loses at most
 * that interval of counts and never a charge.
 */
export class UsageRecorder {
  private pending = new Map<string, { orgId: string; operation: string; period: string; calls: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The month of "now", recomputed only when "now" leaves it. */
  private month: UsageMonth = { period: "", from: 0, until: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly flushIntervalMs = 1_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.flushIntervalMs);
    this.timer.unref();
  }

  /** Counts `calls` (default 1: a batch counts its items) of an operation for the organization. */
  record(orgId: string, operation: string, at?: Date, calls = 1): void {
    this.add(orgId, operation, at ? usagePeriod(at) : this.currentPeriod(), calls);
  }

  private currentPeriod(): string {
    this.month = monthContaining(this.month, Date.now());
    return this.month.period;
  }

  private add(orgId: string, operation: string, period: string, calls: number): void {
    const key = `${orgId}|${operation}|${period}`;
    const entry = this.pending.get(key);
    if (entry) entry.calls += calls;
    else this.pending.set(key, { orgId, operation, period, calls });
  }

  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.db
      .insertInto("usage_counters")
      .values(
        batch.map((b) => ({ org_id: b.orgId, operation: b.operation, period: b.period, calls: b.calls })),
      )
      .onConflict((oc) =>
        oc
          .columns(["org_id", "operation", "period"])
          .doUpdateSet({ calls: sql`usage_counters.calls + excluded.calls` }),
      )
      .execute()
      .then(
        () => undefined,
        (err: unknown) => {
          // Put the counts back so the next flush retries them.
          for (const b of batch) this.add(b.orgId, b.operation, b.period, b.calls);
          throw err;
        },
      )
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
