/**
 * Write batching and fsync. Charges appended during one turn of the event loop share one write, made at
 * the next `setImmediate`; each caller's promise resolves once that write completed (with sync `always`,
 * once its fdatasync completed too; with `interval`, the file is fdatasync'ed in the background every
 * `syncIntervalMs`). A failed write is cut back out of the file and refused to its callers; if even that
 * fails, the writer is broken and the journal refuses charges until the process is restarted.
 */
import { fdatasync, ftruncate, writeSync } from "node:fs";
import type { Charge } from "../ledger.js";
import { formatRecord, type JournalRecord } from "./record.js";
import type { JournalFiles } from "./rotation.js";

export type JournalSync = "always" | "interval";

export class JournalUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the charge journal cannot be written: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "JournalUnavailableError";
  }
}

interface WriteGroup {
  text: string;
  records: JournalRecord[];
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: Error) => void;
}

function newGroup(): WriteGroup {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody awaits any more (its callers gone) must not be an unhandled rejection.
  promise.catch(() => {});
  return { text: "", records: [], promise, resolve, reject };
}

export interface WriterEvents {
  /** A write completed: its records are in the file (and synced, with `always`). */
  written(records: JournalRecord[]): void;
  /** A write failed: its records were refused to their callers and are not in the file. */
  refused(records: JournalRecord[]): void;
}

export class JournalWriter {
  /** The last sequence number handed out. */
  seq = 0;
  /** Set when a failed write could not be cut back out of the file. */
  broken: Error | null = null;
  private pending: WriteGroup | null = null;
  private writing: WriteGroup | null = null;
  private writeScheduled = false;
  private readonly waiters: (() => void)[] = [];
  private syncTimer: NodeJS.Timeout | null = null;
  /** Written since the last fdatasync (interval sync). */
  private unsynced = false;
  private syncing = false;

  constructor(
    private readonly files: JournalFiles,
    private readonly sync: JournalSync,
    private readonly stats: { writes: number; charges: number },
    private readonly events: WriterEvents,
  ) {}

  /** Continues after sequence number `lastSeq`; with `interval` sync, starts the background fdatasync. */
  start(lastSeq: number, syncIntervalMs: number): void {
    this.seq = lastSeq;
    if (this.sync === "interval") {
      this.syncTimer = setInterval(this.syncInBackground, syncIntervalMs);
      this.syncTimer.unref();
    }
  }

  stop(): void {
    if (this.syncTimer) clearInterval(this.syncTimer);
  }

  /** Resolves once the charge is written (see the header); rejects with JournalUnavailableError. */
  append(charge: Charge): Promise<void> {
    const record: JournalRecord = {
      seq: ++this.seq,
      orgId: charge.orgId,
      operation: charge.operation,
      amountMicros: charge.amountMicros,
      resourceId: charge.resourceId ?? null,
      at: Date.now(),
    };
    let group = this.pending;
    if (group === null) {
      group = newGroup();
      this.pending = group;
    }
    group.records.push(record);
    group.text += formatRecord(record);
    if (!this.writing && !this.writeScheduled) {
      this.writeScheduled = true;
      // Charges of requests already being read in this turn of the event loop join the write.
      setImmediate(this.startWrite);
    }
    return group.promise;
  }

  /** Resolves when nothing is waiting to be written. */
  async drained(): Promise<void> {
    while (this.pending !== null || this.writing !== null) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private readonly startWrite = (): void => {
    this.writeScheduled = false;
    const group = this.pending;
    if (group === null || this.writing) return;
    this.pending = null;
    this.writing = group;
    const buffer = Buffer.from(group.text, "utf8");
    const fd = this.files.fd;
    // A write into the page cache takes microseconds: made here, it spares a round trip through the
    // thread pool that every answer would otherwise wait for. Only the fdatasync goes there.
    let written = 0;
    try {
      written = writeSync(fd, buffer, 0, buffer.length);
    } catch (err) {
      this.writeFailed(group, err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (written !== buffer.length) {
      this.writeFailed(group, new Error(`short write (${written} of ${buffer.length} bytes)`));
      return;
    }
    if (this.sync !== "always") {
      this.unsynced = true;
      this.written(group, buffer.length);
      return;
    }
    fdatasync(fd, (err) => {
      if (err) this.writeFailed(group, err);
      else this.written(group, buffer.length);
    });
  };

  private written(group: WriteGroup, bytes: number): void {
    this.files.wrote(bytes, group.records[group.records.length - 1]?.seq);
    this.stats.writes++;
    this.stats.charges += group.records.length;
    this.writing = null;
    group.resolve();
    this.files.rotateIfFull(this.seq);
    this.events.written(group.records);
    this.afterWrite();
  }

  /**
   * A failed write may have left part of the group in the file: cut the file back to its length before
   * the write, so nothing of a charge that was refused can be replayed. If even that fails, the writer is
   * broken (JournalUnavailableError, 503, until restarted) rather than risk charging twice.
   */
  private writeFailed(group: WriteGroup, err: Error): void {
    this.writing = null;
    this.events.refused(group.records);
    ftruncate(this.files.fd, this.files.size, (truncErr) => {
      if (truncErr) this.broken = truncErr;
      group.reject(new JournalUnavailableError(err));
      this.afterWrite();
    });
  }

  private afterWrite(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
    if (this.pending !== null && !this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(this.startWrite);
    }
  }

  private readonly syncInBackground = (): void => {
    const fd = this.files.fd;
    if (!this.unsynced || this.syncing || fd < 0) return;
    this.unsynced = false;
    this.syncing = true;
    fdatasync(fd, (err) => {
      this.syncing = false;
      if (err) this.unsynced = true; // retried at the next interval
    });
  };
}
