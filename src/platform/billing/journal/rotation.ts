/**
 * File rotation: the files of this process's journal slot. Charges are appended to one file at a time;
 * once it holds `rotateBytes`, it is synced, closed and a new one started, named after the sequence
 * number of its first charge (`charges-<seq>.log`, so the files of a slot sort in charge order). An older
 * file is deleted once the ledger's checkpoint passed its last charge.
 */
import { closeSync, fdatasyncSync, openSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const FILE_RE = /^charges-(\d+)\.log$/;

function fileName(firstSeq: number): string {
  return `charges-${firstSeq}.log`;
}

/** The journal files of a slot directory (full paths), in charge order. */
export function journalFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => ({ name, first: Number(FILE_RE.exec(name)?.[1] ?? Number.NaN) }))
    .filter((f) => Number.isSafeInteger(f.first))
    .sort((a, b) => a.first - b.first)
    .map((f) => path.join(dir, f.name));
}

interface JournalFile {
  path: string;
  /** Highest sequence number written to it. */
  lastSeq: number;
}

export class JournalFiles {
  /** Descriptor of the file being written; -1 when none is open. */
  fd = -1;
  /** The file being written. */
  file: JournalFile | null = null;
  /** Bytes written to it so far: what a failed write is cut back to. */
  size = 0;
  /** Written files whose charges are not all in the ledger yet. */
  private older: JournalFile[] = [];
  private dir = "";

  constructor(private readonly rotateBytes: number) {}

  /** Starts a file in the slot directory for the charges after `lastSeq`. */
  open(dir: string, lastSeq: number): void {
    this.dir = dir;
    const file = path.join(dir, fileName(lastSeq + 1));
    this.fd = openSync(file, "a");
    this.file = { path: file, lastSeq };
    this.size = 0;
  }

  /** A write of `bytes` completed; `lastSeq` is the last charge it held. */
  wrote(bytes: number, lastSeq: number | undefined): void {
    this.size += bytes;
    if (this.file && lastSeq !== undefined) this.file.lastSeq = lastSeq;
  }

  /** Starts a new file when the current one is full; `seq` is the last sequence number handed out. */
  rotateIfFull(seq: number): void {
    if (this.size < this.rotateBytes || !this.file) return;
    const next = path.join(this.dir, fileName(seq + 1));
    const fd = openSync(next, "a");
    fdatasyncSync(this.fd);
    closeSync(this.fd);
    this.older.push(this.file);
    this.fd = fd;
    this.file = { path: next, lastSeq: seq };
    this.size = 0;
  }

  /** Deletes the older files whose charges are all in the ledger (up to `appliedSeq`). */
  removeApplied(appliedSeq: number): void {
    this.older = this.older.filter((f) => {
      if (f.lastSeq > appliedSeq) return true;
      rmSync(f.path, { force: true });
      return false;
    });
  }

  /** Syncs and closes the file being written; with `removeAll` (every charge in the ledger), deletes every file. */
  close(removeAll: boolean): void {
    if (this.fd >= 0) {
      fdatasyncSync(this.fd);
      closeSync(this.fd);
      this.fd = -1;
    }
    if (removeAll) {
      for (const f of [...this.older, ...(this.file ? [this.file] : [])]) rmSync(f.path, { force: true });
    }
  }
}
