/**
 * Journal slots, their locking and recovery. A slot is a directory under DATA_DIR/journal named by its
 * node id (charge_journals.node_id, credit_holds.node_id), tagged with its database's installation id
 * (so a journal is never replayed into another database) and locked by the process writing it. At start
 * a process locks every unlocked slot of its database and recovers it: the charges after the slot's
 * checkpoint go to the ledger and its holds are given back, in one transaction, then its files are
 * deleted. It keeps the first slot it recovered as its own (the others are removed), or creates one.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { acquireDirectoryLock, type DirectoryLock, DirectoryLockedError } from "../../db/lock.js";
import type { DB } from "../../db/schema.js";
import { MAX_APPLY, releaseAllHolds, writeCharges } from "./apply.js";
import { type JournalRecord, parseJournal } from "./record.js";
import { journalFilesIn } from "./rotation.js";

const SLOT_FILE = "slot.json";

export interface Slot {
  nodeId: string;
  dir: string;
  lock: DirectoryLock;
}

export interface TakenSlot {
  slot: Slot;
  /** The last sequence number the slot's files held (or its checkpoint): new charges continue after it. */
  lastSeq: number;
  /** Charges recovered into the ledger, over every slot replayed. */
  replayed: number;
}

/** Locks a slot for this process under `dir`, after replaying every unlocked slot of this database. */
export async function takeSlot(db: Kysely<DB>, dir: string): Promise<TakenSlot> {
  const installation = await db.selectFrom("installation").select("id").executeTakeFirstOrThrow();
  mkdirSync(dir, { recursive: true });
  let mine: Slot | null = null;
  let lastSeq = 0;
  let replayed = 0;
  for (const name of readdirSync(dir)) {
    const slotDir = path.join(dir, name);
    const meta = readSlotMeta(slotDir);
    if (!meta || meta.installation !== installation.id) continue;
    let lock: DirectoryLock;
    try {
      lock = acquireDirectoryLock(slotDir);
    } catch (err) {
      if (err instanceof DirectoryLockedError) continue; // a running process's journal
      throw err;
    }
    const slot = { nodeId: meta.nodeId, dir: slotDir, lock };
    try {
      const recovered = await recover(db, slot);
      replayed += recovered.replayed;
      if (mine === null) {
        mine = slot;
        lastSeq = recovered.lastSeq;
      } else {
        lock.release();
        rmSync(slotDir, { recursive: true, force: true });
        await db.deleteFrom("charge_journals").where("node_id", "=", slot.nodeId).execute();
      }
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  if (mine === null) {
    const nodeId = randomUUID();
    const slotDir = path.join(dir, nodeId);
    mkdirSync(slotDir, { recursive: true });
    await db.insertInto("charge_journals").values({ node_id: nodeId }).execute();
    writeFileSync(path.join(slotDir, SLOT_FILE), JSON.stringify({ installation: installation.id, nodeId }));
    mine = { nodeId, dir: slotDir, lock: acquireDirectoryLock(slotDir) };
  }
  return { slot: mine, lastSeq, replayed };
}

/**
 * Applies the charges a slot's files hold past its checkpoint, gives back its holds and removes its
 * files. Returns the slot's last sequence number and how many charges it applied.
 */
async function recover(db: Kysely<DB>, slot: Slot): Promise<{ lastSeq: number; replayed: number }> {
  const row = await db
    .selectFrom("charge_journals")
    .select("applied_seq")
    .where("node_id", "=", slot.nodeId)
    .executeTakeFirst();
  if (!row) await db.insertInto("charge_journals").values({ node_id: slot.nodeId }).execute();
  const applied = row?.applied_seq ?? 0;
  const files = journalFilesIn(slot.dir);
  let lastSeq = applied;
  const unapplied: JournalRecord[] = [];
  for (const file of files) {
    for (const r of parseJournal(readFileSync(file, "utf8"))) {
      lastSeq = Math.max(lastSeq, r.seq);
      if (r.seq > applied) unapplied.push(r);
    }
  }
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < unapplied.length; i += MAX_APPLY) {
      await writeCharges(tx, slot.nodeId, unapplied.slice(i, i + MAX_APPLY), new Map());
    }
    await releaseAllHolds(tx, slot.nodeId);
  });
  for (const file of files) rmSync(file, { force: true });
  return { lastSeq, replayed: unapplied.length };
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
