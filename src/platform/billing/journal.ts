import { randomUUID } from "node:crypto";
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  ftruncate,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { acquireDirectoryLock, type DirectoryLock, DirectoryLockedError } from "../db/lock.js";
import type { DB } from "../db/schema.js";
import { monthContaining, type UsageMonth } from "../usage.js";
import {
  addTotals,
  type Charge,
  InsufficientBalanceError,
  type MonthlyCharge,
  UnknownOrganizationError,
} from "./ledger.js";

/**
 * Charges that pay for no stored resource (classification cache hits), at the speed of an append to a
 * local file (docs/billing.md#cache-hit-charges).
 *
 * - **Holds.** The process reserves credit per organization in the database (`credit_holds`, counted in
 *   `organizations.held_micros`, which every other debit leaves alone) and spends it in memory. A hold
 *   grows with the organization's traffic and is given back after `idleReleaseMs` without use. When the
 *   hold is spent and the database has no more unreserved credit, the charge fails with
 *   InsufficientBalanceError: the balance can never go negative.
 * - **Journal.** Each charge is appended to this process's journal file, and its caller is answered only
 *   once that write (and, with `sync: "always"`, its fdatasync) completed: a charge answered as made
 *   survives a crash of the process. Charges arriving while a write runs share the next write.
 * - **Ledger.** Every `applyIntervalMs` the journaled charges go to the ledger in one transaction: one
 *   ledger row per charge (dated when it was made), the balance and the hold lowered by their sum, and the
 *   journal's checkpoint (`charge_journals.applied_seq`) moved past them, so each is applied exactly once.
 * - **Recovery.** A process takes a free journal slot of its database at start (one per running process,
 *   locked), replays what a crashed owner journaled after the checkpoint, and gives back its holds.
 */
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

export type JournalSync = "always" | "interval";

interface JournalRecord {
  seq: number;
  orgId: string;
  operation: string;
  amountMicros: number;
  resourceId: string | null;
  /** When the charge was made (ms since the epoch). */
  at: number;
}

interface Hold {
  /** Reserved in the database and not yet spent. */
  available: number;
  /** Size of the next reservation. */
  nextSize: number;
  lastUsedAt: number;
  reserving: Promise<void> | null;
  /** The last reservation found no unreserved credit. */
  exhausted: boolean;
}

interface WriteGroup {
  text: string;
  records: JournalRecord[];
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface JournalFile {
  path: string;
  /** Highest sequence number written to it. */
  lastSeq: number;
}

interface Slot {
  nodeId: string;
  dir: string;
  lock: DirectoryLock;
}

const SLOT_FILE = "slot.json";
const FILE_RE = /^charges-(\d+)\.log$/;
/** Most charges written to the ledger by one transaction. */
const MAX_APPLY = 20_000;

export class JournalUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the charge journal cannot be written: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "JournalUnavailableError";
  }
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

function formatRecord(r: JournalRecord): string {
  return `${r.seq},${r.orgId},${r.operation},${r.amountMicros},${r.resourceId ?? ""},${r.at}\n`;
}

/** Records of a journal file; a torn last line (a write cut short by a crash) was never answered. */
export function parseJournal(text: string): JournalRecord[] {
  const out: JournalRecord[] = [];
  const complete = text.slice(0, text.lastIndexOf("\n") + 1);
  for (const line of complete.split("\n")) {
    if (line === "") continue;
    const [seq, orgId, operation, amount, resourceId, at] = line.split(",");
    const r: JournalRecord = {
      seq: Number(seq),
      orgId: orgId ?? "",
      operation: operation ?? "",
      amountMicros: Number(amount),
      resourceId: resourceId ? resourceId : null,
      at: Number(at),
    };
    if (!Number.isSafeInteger(r.seq) || !Number.isSafeInteger(r.amountMicros) || !r.orgId || !r.operation) {
      throw new Error(`unreadable charge journal line: ${JSON.stringify(line.slice(0, 200))}`);
    }
    out.push(r);
  }
  return out;
}

export class ChargeJournal {
  private readonly sync: JournalSync;
  private readonly syncIntervalMs: number;
  private readonly applyIntervalMs: number;
  private readonly idleReleaseMs: number;
  private readonly minHoldCharges: number;
  private readonly maxHoldMicros: number;
  private readonly rotateBytes: number;

  private opening: Promise<void> | null = null;
  private isOpen = false;
  private closed = false;
  private slot: Slot | null = null;
  private fd = -1;
  private file: JournalFile | null = null;
  private fileSize = 0;
  /** Written files whose charges are not all in the ledger yet. */
  private olderFiles: JournalFile[] = [];
  private broken: Error | null = null;
  private timer: NodeJS.Timeout | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  /** Written since the last fdatasync (interval sync). */
  private unsynced = false;
  private syncing = false;

  private seq = 0;
  private appliedSeq = 0;
  private readonly holds = new Map<string, Hold>();
  private pending: WriteGroup | null = null;
  private writing: WriteGroup | null = null;
  private writeScheduled = false;
  /** Written, not yet in the ledger, in sequence order. */
  private durable: JournalRecord[] = [];
  private applying: Promise<void> | null = null;
  private lastApplyError: Error | null = null;

  /** Writes, charges and ledger applications since start, for monitoring and the benchmark. */
  readonly stats = { writes: 0, charges: 0, applies: 0, applied: 0, applyMs: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ChargeJournalOptions,
  ) {
    this.sync = options.sync ?? "interval";
    this.syncIntervalMs = options.syncIntervalMs ?? 100;
    this.applyIntervalMs = options.applyIntervalMs ?? 100;
    this.idleReleaseMs = options.idleReleaseMs ?? 1_000;
    this.minHoldCharges = options.minHoldCharges ?? 100;
    this.maxHoldMicros = options.maxHoldMicros ?? 10_000_000;
    this.rotateBytes = options.rotateBytes ?? 4 * 1024 * 1024;
  }

  /** This process's journal id (charge_journals.node_id, credit_holds.node_id); null before open(). */
  get nodeId(): string | null {
    return this.slot?.nodeId ?? null;
  }

  /** Throws when cache hits cannot be charged: the journal cannot be written (503 until restarted). */
  check(): void {
    if (this.broken) throw new JournalUnavailableError(this.broken);
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
    if (!this.isOpen || this.broken) return this.chargeSlow(charge);
    const hold = this.holds.get(charge.orgId);
    if (hold !== undefined && hold.reserving === null && hold.available >= charge.amountMicros) {
      return this.spend(hold, charge);
    }
    return this.chargeSlow(charge);
  }

  /** Waits until every charge made so far is written, then puts them in the ledger. */
  async flush(): Promise<void> {
    if (!this.opening) return;
    await this.opening;
    await this.writesDone();
    await this.applyAll(false);
    if (this.lastApplyError) throw this.lastApplyError;
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
    await this.writesDone();
    if (this.timer) clearInterval(this.timer);
    if (this.syncTimer) clearInterval(this.syncTimer);
    await this.applyAll(true);
    if (this.fd >= 0) {
      fdatasyncSync(this.fd);
      closeSync(this.fd);
      this.fd = -1;
    }
    if (!this.lastApplyError && this.durable.length === 0) {
      // Everything is in the ledger: the files are no longer needed.
      for (const f of [...this.olderFiles, ...(this.file ? [this.file] : [])])
        rmSync(f.path, { force: true });
    }
    this.slot?.lock.release();
  }

  // -------------------------------------------------------------------------------------------------
  // Charging

  private async chargeSlow(charge: Charge): Promise<void> {
    if (charge.amountMicros < 0) throw new RangeError("a charge is a positive amount");
    if (this.closed) throw new JournalUnavailableError("the journal is closed");
    await this.open();
    if (this.broken) throw new JournalUnavailableError(this.broken);
    for (let attempt = 0; ; attempt++) {
      // Looked up again after every wait: an idle hold given back meanwhile is gone from the map, and
      // credit reserved into a forgotten hold would stay held.
      let hold = this.holds.get(charge.orgId);
      if (!hold) {
        hold = {
          available: 0,
          nextSize: 0,
          lastUsedAt: performance.now(),
          reserving: null,
          exhausted: false,
        };
        this.holds.set(charge.orgId, hold);
      }
      if (hold.reserving) {
        await hold.reserving;
        continue;
      }
      if (hold.available >= charge.amountMicros) return this.spend(hold, charge);
      if (attempt > 0 && hold.exhausted)
        throw new InsufficientBalanceError(charge.orgId, charge.amountMicros);
      const size = Math.min(
        this.maxHoldMicros,
        Math.max(hold.nextSize, charge.amountMicros * this.minHoldCharges, charge.amountMicros),
      );
      const current = hold;
      current.reserving = this.reserve(charge.orgId, size, charge.amountMicros)
        .then((got) => {
          current.available += got;
          current.nextSize = Math.min(this.maxHoldMicros, size * 2);
          current.exhausted = got === 0;
        })
        .finally(() => {
          current.reserving = null;
        });
      await current.reserving;
    }
  }

  private spend(hold: Hold, charge: Charge): Promise<void> {
    hold.available -= charge.amountMicros;
    hold.lastUsedAt = performance.now();
    return this.append(charge);
  }

  /**
   * Reserves up to `size` (at least `least`) of the organization's unreserved credit for this process.
   * Returns what was reserved: 0 when less than `least` is left.
   */
  private async reserve(orgId: string, size: number, least: number): Promise<number> {
    const nodeId = this.slot?.nodeId ?? "";
    return this.db.transaction().execute(async (tx) => {
      const org = await tx
        .selectFrom("organizations")
        .select(["balance_micros", "held_micros"])
        .where("id", "=", orgId)
        .forUpdate()
        .executeTakeFirst();
      if (!org) throw new UnknownOrganizationError(orgId);
      const amount = Math.min(size, org.balance_micros - org.held_micros);
      if (amount < least) return 0;
      await tx
        .updateTable("organizations")
        .set({ held_micros: sql`held_micros + ${amount}` })
        .where("id", "=", orgId)
        .execute();
      await tx
        .insertInto("credit_holds")
        .values({ node_id: nodeId, org_id: orgId, amount_micros: amount })
        .onConflict((oc) =>
          oc
            .columns(["node_id", "org_id"])
            .doUpdateSet({ amount_micros: sql`credit_holds.amount_micros + excluded.amount_micros` }),
        )
        .execute();
      return amount;
    });
  }

  private append(charge: Charge): Promise<void> {
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

  private readonly startWrite = (): void => {
    this.writeScheduled = false;
    const group = this.pending;
    if (group === null || this.writing) return;
    this.pending = null;
    this.writing = group;
    const buffer = Buffer.from(group.text, "utf8");
    const fd = this.fd;
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
    this.fileSize += bytes;
    const last = group.records[group.records.length - 1];
    if (this.file && last) this.file.lastSeq = last.seq;
    for (const r of group.records) this.durable.push(r);
    this.stats.writes++;
    this.stats.charges += group.records.length;
    this.writing = null;
    group.resolve();
    if (this.fileSize >= this.rotateBytes) this.rotate();
    if (this.durable.length >= MAX_APPLY) void this.apply();
    this.afterWrite();
  }

  /**
   * A failed write may have left part of the group in the file: cut the file back to its length before
   * the write, so nothing of a charge that was refused can be replayed. If even that fails, the journal
   * refuses charges from now on (JournalUnavailableError, 503) rather than risk charging twice.
   */
  private writeFailed(group: WriteGroup, err: Error): void {
    this.writing = null;
    for (const r of group.records) {
      const hold = this.holds.get(r.orgId);
      if (hold) hold.available += r.amountMicros;
    }
    ftruncate(this.fd, this.fileSize, (truncErr) => {
      if (truncErr) this.broken = truncErr;
      group.reject(new JournalUnavailableError(err));
      this.afterWrite();
    });
  }

  private afterWrite(): void {
    for (const waiter of this.writeWaiters.splice(0)) waiter();
    if (this.pending !== null && !this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(this.startWrite);
    }
  }

  private readonly writeWaiters: (() => void)[] = [];

  /** Resolves when nothing is waiting to be written. */
  private async writesDone(): Promise<void> {
    while (this.pending !== null || this.writing !== null) {
      await new Promise<void>((resolve) => this.writeWaiters.push(resolve));
    }
  }

  private readonly syncInBackground = (): void => {
    if (!this.unsynced || this.syncing || this.fd < 0) return;
    this.unsynced = false;
    this.syncing = true;
    fdatasync(this.fd, (err) => {
      this.syncing = false;
      if (err) this.unsynced = true; // retried at the next interval
    });
  };

  private rotate(): void {
    if (!this.slot || !this.file) return;
    const next = path.join(this.slot.dir, `charges-${this.seq + 1}.log`);
    const fd = openSync(next, "a");
    fdatasyncSync(this.fd);
    closeSync(this.fd);
    this.olderFiles.push(this.file);
    this.fd = fd;
    this.file = { path: next, lastSeq: this.seq };
    this.fileSize = 0;
  }

  // -------------------------------------------------------------------------------------------------
  // The ledger

  /**
   * Puts written charges in the ledger and gives back idle holds (all holds when `releaseAll`), in one
   * transaction. On failure everything is kept for the next attempt.
   */
  /** Applies until nothing written is left out of the ledger (or an attempt fails). */
  private async applyAll(releaseAll: boolean): Promise<void> {
    do {
      await this.apply(releaseAll);
    } while (this.durable.length > 0 && !this.lastApplyError);
  }

  private apply(releaseAll = false): Promise<void> {
    if (this.applying) return this.applying.then(() => (releaseAll ? this.apply(true) : undefined));
    this.applying = this.applyOnce(releaseAll).finally(() => {
      this.applying = null;
    });
    return this.applying;
  }

  private async applyOnce(releaseAll: boolean): Promise<void> {
    const slot = this.slot;
    if (!slot) return;
    const batch = this.durable.slice(0, MAX_APPLY);
    const now = performance.now();
    const releases = new Map<string, number>();
    for (const [orgId, hold] of this.holds) {
      if (hold.reserving || hold.available === 0) continue;
      if (releaseAll || now - hold.lastUsedAt >= this.idleReleaseMs) releases.set(orgId, hold.available);
    }
    if (batch.length === 0 && releases.size === 0) return;
    for (const [orgId, amount] of releases) {
      const hold = this.holds.get(orgId);
      if (hold) {
        hold.available -= amount;
        hold.nextSize = 0;
      }
    }
    const started = performance.now();
    try {
      await this.db.transaction().execute(async (tx) => {
        await writeCharges(tx, slot.nodeId, batch, releases);
      });
    } catch (err) {
      for (const [orgId, amount] of releases) {
        const hold = this.holds.get(orgId);
        if (hold) hold.available += amount;
      }
      this.lastApplyError = err instanceof Error ? err : new Error(String(err));
      return;
    }
    this.lastApplyError = null;
    this.durable.splice(0, batch.length);
    const last = batch[batch.length - 1];
    if (last) this.appliedSeq = last.seq;
    for (const [orgId, hold] of this.holds) {
      if (hold.available === 0 && !hold.reserving && releases.has(orgId)) this.holds.delete(orgId);
    }
    this.stats.applies++;
    this.stats.applied += batch.length;
    this.stats.applyMs += performance.now() - started;
    // Files whose charges are all in the ledger are no longer needed.
    this.olderFiles = this.olderFiles.filter((f) => {
      if (f.lastSeq > this.appliedSeq) return true;
      rmSync(f.path, { force: true });
      return false;
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Opening and recovery

  private async doOpen(): Promise<void> {
    if (this.closed) throw new JournalUnavailableError("the journal is closed");
    const installation = await this.db.selectFrom("installation").select("id").executeTakeFirstOrThrow();
    mkdirSync(this.options.dir, { recursive: true });
    let mine: Slot | null = null;
    let lastSeq = 0;
    for (const name of readdirSync(this.options.dir)) {
      const dir = path.join(this.options.dir, name);
      const meta = readSlotMeta(dir);
      if (!meta || meta.installation !== installation.id) continue;
      let lock: DirectoryLock;
      try {
        lock = acquireDirectoryLock(dir);
      } catch (err) {
        if (err instanceof DirectoryLockedError) continue; // a running process's journal
        throw err;
      }
      const slot = { nodeId: meta.nodeId, dir, lock };
      try {
        const seq = await this.recover(slot);
        if (mine === null) {
          mine = slot;
          lastSeq = seq;
        } else {
          lock.release();
          rmSync(dir, { recursive: true, force: true });
          await this.db.deleteFrom("charge_journals").where("node_id", "=", slot.nodeId).execute();
        }
      } catch (err) {
        lock.release();
        throw err;
      }
    }
    if (mine === null) {
      const nodeId = randomUUID();
      const dir = path.join(this.options.dir, nodeId);
      mkdirSync(dir, { recursive: true });
      await this.db.insertInto("charge_journals").values({ node_id: nodeId }).execute();
      writeFileSync(path.join(dir, SLOT_FILE), JSON.stringify({ installation: installation.id, nodeId }));
      mine = { nodeId, dir, lock: acquireDirectoryLock(dir) };
    }
    this.slot = mine;
    this.seq = lastSeq;
    this.appliedSeq = lastSeq;
    const file = path.join(mine.dir, `charges-${lastSeq + 1}.log`);
    this.fd = openSync(file, "a");
    this.file = { path: file, lastSeq };
    this.fileSize = 0;
    this.timer = setInterval(() => void this.apply(), this.applyIntervalMs);
    this.timer.unref();
    if (this.sync === "interval") {
      this.syncTimer = setInterval(this.syncInBackground, this.syncIntervalMs);
      this.syncTimer.unref();
    }
    this.isOpen = true;
  }

  /**
   * Applies the charges a slot's files hold past its checkpoint, gives back its holds and removes its
   * files. Returns the slot's last sequence number.
   */
  private async recover(slot: Slot): Promise<number> {
    const row = await this.db
      .selectFrom("charge_journals")
      .select("applied_seq")
      .where("node_id", "=", slot.nodeId)
      .executeTakeFirst();
    if (!row) await this.db.insertInto("charge_journals").values({ node_id: slot.nodeId }).execute();
    const applied = row?.applied_seq ?? 0;
    const files = readdirSync(slot.dir)
      .map((name) => ({ name, first: Number(FILE_RE.exec(name)?.[1] ?? Number.NaN) }))
      .filter((f) => Number.isSafeInteger(f.first))
      .sort((a, b) => a.first - b.first);
    let lastSeq = applied;
    const unapplied: JournalRecord[] = [];
    for (const f of files) {
      for (const r of parseJournal(readFileSync(path.join(slot.dir, f.name), "utf8"))) {
        lastSeq = Math.max(lastSeq, r.seq);
        if (r.seq > applied) unapplied.push(r);
      }
    }
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < unapplied.length; i += MAX_APPLY) {
        await writeCharges(tx, slot.nodeId, unapplied.slice(i, i + MAX_APPLY), new Map());
      }
      await releaseAllHolds(tx, slot.nodeId);
    });
    for (const f of files) rmSync(path.join(slot.dir, f.name), { force: true });
    this.stats.applied += unapplied.length;
    return lastSeq;
  }
}

function readSlotMeta(dir: string): { installation: string; nodeId: string } | null {
  try {
    const meta = JSON.parse(readFileSync(path.join(dir, SLOT_FILE), "utf8")) as Record<string, unknown>;
    if (typeof meta.installation === "string" && typeof meta.nodeId === "string") {
      return { installation: meta.installation, nodeId: meta.nodeId };
    }
  } catch {
    // not a slot
  }
  return null;
}

/**
 * In the caller's transaction: one ledger row per charge, each organization's balance and this node's
 * hold lowered by its charges, the holds lowered further by `releases`, the monthly totals raised and the
 * checkpoint moved.
 */
async function writeCharges(
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
async function releaseAllHolds(tx: Kysely<DB>, nodeId: string): Promise<void> {
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
