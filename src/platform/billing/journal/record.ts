/**
 * The journal file format: one line per charge, `seq,orgId,operation,amountMicros,resourceId,at`.
 * Written by the writer (writer.ts), read back at recovery (slots.ts).
 */

export interface JournalRecord {
  seq: number;
  orgId: string;
  operation: string;
  amountMicros: number;
  resourceId: string | null;
  /** When the charge was made (ms since the epoch). */
  at: number;
}

export function formatRecord(r: JournalRecord): string {
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
