import { mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { ChargeJournal, type ChargeJournalOptions } from "../../src/platform/billing/journal/index.js";
import type { DB } from "../../src/platform/db/schema.js";
import { tmpRoot } from "./paths.js";

/** A charge journal in a fresh directory, for tests that build services by hand. */
export function testJournal(db: Kysely<DB>, options: Partial<ChargeJournalOptions> = {}): ChargeJournal {
  mkdirSync(tmpRoot, { recursive: true });
  return new ChargeJournal(db, { dir: mkdtempSync(path.join(tmpRoot, "journal-")), ...options });
}
