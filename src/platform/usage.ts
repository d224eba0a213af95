import { type Kysely, sql } from "kysely";
import type { DB } from "./db/schema.js";

/** First day of the UTC month of `at`, as YYYY-MM-DD. */
export function usagePeriod(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
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
  /** The period of "now", valid from `periodFrom` (inclusive) to `periodUntil` (exclusive), in Unix ms. */
  private period = "";
  private periodFrom = 0;
  private periodUntil = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly flushIntervalMs = 1_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.flushIntervalMs);
    this.timer.unref();
  }

  record(orgId: string, operation: string, at?: Date): void {
    this.add(orgId, operation, at ? usagePeriod(at) : this.currentPeriod(), 1);
  }

  private currentPeriod(): string {
    const now = Date.now();
    if (now < this.periodFrom || now >= this.periodUntil) {
      const d = new Date(now);
      this.periodFrom = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      this.periodUntil = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      this.period = usagePeriod(d);
    }
    return this.period;
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
