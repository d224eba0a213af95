import { type Kysely, sql } from "kysely";
import type { DB, ScanArtifactKind } from "../../platform/db/schema.js";
import { newShareToken, type Visibility } from "./sharing.js";
import { SCAN_COLUMNS, type ScanRow } from "./store.js";

/*
 * The SQL of reuse, share links and artifact retention (docs/sharing.md).
 */

/**
 * The organization's newest completed scan of a URL (by its reuse key) created at most `maxAgeSeconds`
 * ago whose artifacts are still kept; null when there is none. One read of scans_org_url_recent (the
 * status is a literal, not a parameter, so that every plan can use that partial index; the same below).
 */
export async function findReusableScan(
  db: Kysely<DB>,
  orgId: string,
  urlKey: string,
  maxAgeSeconds: number,
): Promise<ScanRow | null> {
  const row = await db
    .selectFrom("scans")
    .select(SCAN_COLUMNS)
    .where("org_id", "=", orgId)
    .where("url_key", "=", urlKey)
    .where("status", "=", sql.lit("completed"))
    .where("artifacts_purged_at", "is", null)
    .where("created_at", ">=", sql<Date>`now() - make_interval(secs => ${maxAgeSeconds}::int)`)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Sets the visibility of the organization's scan: `unlisted` keeps the share token it has or creates one,
 * `private` deletes it (the link is dead for good). False when the organization has no such scan.
 */
export async function setVisibility(
  tx: Kysely<DB>,
  orgId: string,
  scanId: string,
  visibility: Visibility,
): Promise<boolean> {
  const row = await tx
    .updateTable("scans")
    .set(
      visibility === "unlisted"
        ? { visibility, share_token: sql<string>`coalesce(share_token, ${newShareToken()})` }
        : { visibility, share_token: null },
    )
    .where("id", "=", scanId)
    .where("org_id", "=", orgId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export interface SharedScanRow extends ScanRow {
  capture: Record<string, unknown> | null;
  /** Whether the viewport screenshot is stored. */
  has_viewport: boolean;
  /** Whether the full-page screenshot is stored. */
  has_full_page: boolean;
}

/** The unlisted scan a share token opens, with its capture; null for any other token. */
export async function readSharedScan(db: Kysely<DB>, token: string): Promise<SharedScanRow | null> {
  const row = await db
    .selectFrom("scans as s")
    .select([
      ...SCAN_COLUMNS.map((c) => `s.${c}` as const),
      "s.capture",
      sql<boolean>`exists (select 1 from scan_artifacts a where a.scan_id = s.id and a.kind = 'viewport')`.as(
        "has_viewport",
      ),
      sql<boolean>`exists (select 1 from scan_artifacts a where a.scan_id = s.id and a.kind = 'full_page')`.as(
        "has_full_page",
      ),
    ])
    .where("s.share_token", "=", token)
    .where("s.visibility", "=", "unlisted")
    .executeTakeFirst();
  return row ?? null;
}

/** A screenshot of the scan a share token opens, with the scan's state; null for any other token. */
export async function readSharedScreenshot(
  db: Kysely<DB>,
  token: string,
  kind: ScanArtifactKind = "viewport",
): Promise<{ status: ScanRow["status"]; purged: boolean; data: Buffer | null } | null> {
  const row = await db
    .selectFrom("scans as s")
    .leftJoin("scan_artifacts as a", (join) => join.onRef("a.scan_id", "=", "s.id").on("a.kind", "=", kind))
    .select(["s.status", "s.artifacts_purged_at", "a.data"])
    .where("s.share_token", "=", token)
    .where("s.visibility", "=", "unlisted")
    .executeTakeFirst();
  if (!row) return null;
  const bytes = row.status === "completed" ? row.data : null;
  const data = bytes
    ? Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : null;
  return { status: row.status, purged: row.artifacts_purged_at !== null, data };
}

/** Organizations with a retention period, and that period in days. */
export async function retentionPolicies(db: Kysely<DB>): Promise<Array<{ orgId: string; days: number }>> {
  const rows = await db
    .selectFrom("organizations")
    .select(["id", "artifact_retention_days"])
    .where("artifact_retention_days", "is not", null)
    .execute();
  return rows.flatMap((r) =>
    r.artifact_retention_days === null ? [] : [{ orgId: r.id, days: r.artifact_retention_days }],
  );
}

/**
 * Purges the artifacts of up to `limit` of the organization's completed scans created more than `days`
 * days ago, oldest first, in one transaction: their screenshots are deleted, their capture (with the DOM)
 * cleared and `artifacts_purged_at` set; report, verdict, tags and search terms stay. Returns how many.
 */
export async function purgeArtifactsBatch(
  db: Kysely<DB>,
  orgId: string,
  days: number,
  limit: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom("scans")
      .select("id")
      .where("org_id", "=", orgId)
      .where("status", "=", sql.lit("completed"))
      .where("artifacts_purged_at", "is", null)
      .where("created_at", "<", sql<Date>`now() - make_interval(days => ${days}::int)`)
      .orderBy("created_at")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx.deleteFrom("scan_artifacts").where("scan_id", "in", ids).execute();
    await tx
      .updateTable("scans")
      .set({ capture: null, artifacts_purged_at: sql<Date>`now()` })
      .where("id", "in", ids)
      .execute();
    return ids.length;
  });
}
