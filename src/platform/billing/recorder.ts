import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { type Charge, debit } from "./ledger.js";

/**
 * The one way a service records a charge that pays for no stored resource — a classification cache hit,
 * whichever request found it (docs/billing.md#cache-hit-charges). The implementation is chosen once, by
 * the composition root (src/main/compose.ts): the charge journal (journal/index.ts) in a process serving
 * the API, a DebitRecorder in one that does not.
 *
 * Charges that pay for a stored resource (a classification job, a risk record, a scan) are not recorded
 * here: they commit with what they pay for, by `debit(tx, …)` in the service's own transaction.
 */
export interface ChargeRecorder {
  /**
   * Resolves once the charge is recorded: a charge answered as made is never lost by a crash of the
   * process. Rejects with InsufficientBalanceError (402) when the credit does not cover it, or
   * JournalUnavailableError (503) when charges cannot be recorded. Call it outside any transaction.
   */
  charge(charge: Charge): Promise<void>;
  /** Puts every charge recorded so far in the ledger (before balances and usage are read). */
  flush(): Promise<void>;
  /** Throws when charges cannot be recorded (the readiness check). */
  check(): void;
  /** Prepares recording before the first request (the journal replays what a crashed process left). */
  open(): Promise<void>;
  /** Flushes and gives back what recording holds (the journal's credit holds); charges after this fail. */
  close(): Promise<void>;
}

/**
 * Records each charge as a debit in its own transaction: the ledger row commits before the charge is
 * answered, and only unreserved credit (balance − held) is spent. For processes that serve no API (a
 * `ROLE=worker` process records no cache hit), which then take no journal slot and hold no credit.
 */
export class DebitRecorder implements ChargeRecorder {
  constructor(private readonly db: Kysely<DB>) {}

  async charge(charge: Charge): Promise<void> {
    if (charge.amountMicros === 0) return;
    await this.db.transaction().execute((tx) => debit(tx, charge));
  }

  async flush(): Promise<void> {}

  check(): void {}

  async open(): Promise<void> {}

  async close(): Promise<void> {}
}
