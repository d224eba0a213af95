/**
 * The charge journal: charges that pay for no stored resource (classification cache hits), recorded at
 * the speed of an append to a local file (docs/billing.md#cache-hit-charges). This class composes its
 * parts and keeps the order of a charge's steps:
 *
 * 1. **Hold** (holds.ts): the charge is taken from credit this process reserved for the organization;
 *    when none is left to reserve, it fails with InsufficientBalanceError and the balance never goes
 *    negative.
 * 2. **Write** (writer.ts, rotation.ts): it is appended to this process's journal file, and its caller is
 *    answered once that write (and, with `sync: "always"`, its fdatasync) completed, so a charge answered
 *    as made survives a crash of the process.
 * 3. **Apply** (apply.ts): every `applyIntervalMs` the written charges go to the ledger in one
 *    transaction with the journal's checkpoint, so each is applied exactly once.
 * 4. **Recovery** (slots.ts): at open, a process takes a free journal slot of its database, replays what
 *    a crashed owner journaled after the checkpoint, and gives back its holds.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { Charge } from "../ledger.js";
import type { ChargeRecorder } from "../recorder.js";
import { LedgerApplier } from "./apply.js";
import { CreditHolds } from "./holds.js";
import { JournalFiles } from "./rotation.js";
import { type Slot, takeSlot } from "./slots.js";
import { type JournalSync, JournalUnavailableError, JournalWriter } from "./writer.js";

export { parseJournal } from "./record.js";
export { type JournalSync, JournalUnavailableError } from "./writer.js";

export interface ChargeJournalOptions {
  /** Directory of the journal slots (DATA_DIR/journal). */
  dir: string;
  /**
   * When the journal is fdatasync'ed: `always` before answering (a power loss loses no answered charge);
   * `interval` (default) every `syncIntervalMs` in the background (a process crash loses nothing, a
   * power loss at most the charges of the last interval, which are then never charged).
   */
  sync?: JournalSync;
  /** With `interval` sync (ms, default 100). */
  syncIntervalMs?: number;
  /** How often journaled charges are written to the ledger (ms). */
  applyIntervalMs?: number;
  /** A hold unused for this long is given back (ms). */
  idleReleaseMs?: number;
  /** The first hold of an organization covers this many charges of the asking price; later ones double. */
  minHoldCharges?: number;
  /** Largest single reservation (micro-dollars). */
  maxHoldMicros?: number;
  /** A journal file longer than this is closed and a new one started (bytes). */
  rotateBytes?: number;
}

export class ChargeJournal implements ChargeRecorder {
  private readonly syncIntervalMs: number;
  private readonly applyIntervalMs: number;
  private readonly holds: CreditHolds;
  private readonly files: JournalFiles;
  private readonly writer: JournalWriter;
  private readonly applier: LedgerApplier;

  private opening: Promise<void> | null = null;
  private isOpen = false;
  private closed = false;
  private slot: Slot | null = null;

  /** Writes, charges and ledger applications since start, for monitoring and the benchmark. */
  readonly stats = { writes: 0, charges: 0, applies: 0, applied: 0, applyMs: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ChargeJournalOptions,
  ) {
    this.syncIntervalMs = options.syncIntervalMs ?? 100;
    this.applyIntervalMs = options.applyIntervalMs ?? 100;
    this.holds = new CreditHolds(db, () => this.slot?.nodeId ?? "", {
      idleReleaseMs: options.idleReleaseMs ?? 1_000,
      minHoldCharges: options.minHoldCharges ?? 100,
      maxHoldMicros: options.maxHoldMicros ?? 10_000_000,
    });
    this.files = new JournalFiles(options.rotateBytes ?? 4 * 1024 * 1024);
    this.applier = new LedgerApplier(
      db,
      this.holds,
      this.stats,
      () => this.slot?.nodeId ?? null,
      (appliedSeq) => this.files.removeApplied(appliedSeq),
    );
    this.writer = new JournalWriter(this.files, options.sync ?? "interval", this.stats, {
      written: (records) => this.applier.add(records),
      refused: (records) => this.holds.putBack(records),
    });
  }

  /** This process's journal id (charge_journals.node_id, credit_holds.node_id); null before open(). */
  get nodeId(): string | null {
    return this.slot?.nodeId ?? null;
  }

  /** Throws when cache hits cannot be charged: the journal cannot be written (503 until restarted). */
  check(): void {
    if (this.writer.broken) throw new JournalUnavailableError(this.writer.broken);
  }

  /**
   * Takes a journal slot and replays what crashed processes left in this database's slots. Called at
   * start by the API; the first charge opens it otherwise.
   */
  open(): Promise<void> {
    this.opening ??= this.doOpen();
    return this.opening;
  }

  /** Resolves once the charge is journaled; rejects with InsufficientBalanceError when credit is short. */
  charge(charge: Charge): Promise<void> {
    if (charge.amountMicros === 0) return Promise.resolve();
    if (this.isOpen && !this.writer.broken && this.holds.trySpend(charge.orgId, charge.amountMicros)) {
      return this.writer.append(charge);
    }
    return this.chargeSlow(charge);
  }

  /** Waits until every charge made so far is written, then puts them in the ledger. */
  async flush(): Promise<void> {
    if (!this.opening) return;
    await this.opening;
    await this.writer.drained();
    await this.applier.applyAll(false);
    if (this.applier.lastError) throw this.applier.lastError;
  }

  /** Flushes, gives every hold back and closes the journal. Charges after this fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.opening) return;
    await this.opening.catch(() => {});
    if (!this.isOpen) return;
    // From here new charges fail (JournalUnavailableError); those already made are written and applied.
    this.isOpen = false;
    await this.writer.drained();
    this.applier.stop();
    this.writer.stop();
    await this.applier.applyAll(true);
    // Everything in the ledger: the files are no longer needed.
    this.files.close(!this.applier.lastError && this.applier.caughtUp);
    this.slot?.lock.release();
  }

  /** Opens the journal if needed, reserves credit when the hold does not cover the charge, then writes. */
  private async chargeSlow(charge: Charge): Promise<void> {
    if (charge.amountMicros < 0) throw new RangeError("a charge is a positive amount");
    if (this.closed) throw new JournalUnavailableError("the journal is closed");
    await this.open();
    this.check();
    await this.holds.take(charge.orgId, charge.amountMicros);
    return this.writer.append(charge);
  }

  private async doOpen(): Promise<void> {
    if (this.closed) throw new JournalUnavailableError("the journal is closed");
    const { slot, lastSeq, replayed } = await takeSlot(this.db, this.options.dir);
    this.stats.applied += replayed;
    this.slot = slot;
    this.files.open(slot.dir, lastSeq);
    this.applier.start(lastSeq, this.applyIntervalMs);
    this.writer.start(lastSeq, this.syncIntervalMs);
    this.isOpen = true;
  }
}
