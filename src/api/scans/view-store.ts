import type { Kysely } from "kysely";
import type { DB, ScanArtifactKind } from "../../platform/db/schema.js";
import { SCAN_COLUMNS, type ScanRow } from "./store.js";

/** A scan as its owner's result page reads it: the record, its organization, capture and screenshot kinds. */
export interface ViewedScanRow extends ScanRow {
  org_id: string;
  capture: Record<string, unknown> | null;
  screenshots: ScanArtifactKind[];
}

/**
 * The scan a signed view link names (docs/pages.md#scan-result-page), whatever its organization: the
 * link's signature, checked before this read, is what grants access. Null for an unknown id.
 */
export async function readViewedScan(db: Kysely<DB>, scanId: string): Promise<ViewedScanRow | null> {
  const row = await db
    .selectFrom("scans")
    .select([...SCAN_COLUMNS, "org_id", "capture"])
    .where("id", "=", scanId)
    .executeTakeFirst();
  if (!row) return null;
  const kinds = await db.selectFrom("scan_artifacts").select("kind").where("scan_id", "=", scanId).execute();
  return { ...row, screenshots: kinds.map((k) => k.kind) };
}

/** The organization that owns a scan, or null for an unknown id. */
export async function scanOwner(db: Kysely<DB>, scanId: string): Promise<string | null> {
  const row = await db.selectFrom("scans").select("org_id").where("id", "=", scanId).executeTakeFirst();
  return row?.org_id ?? null;
}
