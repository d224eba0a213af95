import { type Kysely, sql } from "kysely";
import { refundResource } from "../../platform/billing/ledger.js";
import type { DB, ScanArtifactKind, ScanVisibility } from "../../platform/db/schema.js";
import { OPS } from "../../platform/operations.js";
import type { ScanError, ScanStatus } from "./schemas.js";
import { type ScanTerm, tagTerms, uniqueTerms } from "./terms.js";

/*
 * The SQL of scans. A scan's row in `jobs` has the scan's id. Every state change after creation is made by
 * the job handler inside the runtime's transaction (fenced on the attempt holding the lease), and only from
 * an unfinished state, so a scan finishes once: completed, or failed and refunded.
 */

export const SCAN_JOB_KIND = "scan.url";
/** The ledger operation of a scan's charge and of its refund (the operation table's). */
export const SCAN_OPERATION = OPS.scansCreate.ledgerName;

const UNFINISHED: ScanStatus[] = ["pending", "processing"];

export async function insertScan(
  tx: Kysely<DB>,
  scan: {
    id: string;
    orgId: string;
    url: string;
    tags: string[];
    terms: ScanTerm[];
    /** The reuse key of the normalized URL (docs/sharing.md). */
    urlKey?: string;
    /** `unlisted` with its share token, or private (the default). */
    share?: { token: string } | null;
  },
): Promise<Date> {
  const row = await tx
    .insertInto("scans")
    .values({
      id: scan.id,
      org_id: scan.orgId,
      url: scan.url,
      job_id: scan.id,
      tags: scan.tags,
      url_key: scan.urlKey ?? null,
      ...(scan.share ? { visibility: "unlisted" as const, share_token: scan.share.token } : {}),
    })
    .returning("created_at")
    .executeTakeFirstOrThrow();
  await insertTerms(tx, scan.id, scan.terms);
  return row.created_at;
}

/**
 * Adds search terms to a scan (each once; a term it has already is kept). Each term takes the scan's
 * organization and creation time from the scan's row in SQL, to the microsecond, so term walks and scan
 * walks order and page a scan alike.
 */
async function insertTerms(tx: Kysely<DB>, scanId: string, terms: readonly ScanTerm[]): Promise<void> {
  const unique = uniqueTerms(terms);
  if (unique.length === 0) return;
  const kinds = unique.map((t) => t.kind);
  const values = unique.map((t) => t.value);
  await sql`INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
            SELECT s.id, s.org_id, t.kind, t.value, s.created_at
              FROM scans s, unnest(${kinds}::text[], ${values}::text[]) AS t(kind, value)
             WHERE s.id = ${scanId}
            ON CONFLICT (scan_id, kind, value) DO NOTHING`.execute(tx);
}

/** Replaces the tags of the organization's scan; null when it has no such scan. */
export async function replaceTags(
  db: Kysely<DB>,
  orgId: string,
  scanId: string,
  tags: string[],
): Promise<ScanRow | null> {
  return db.transaction().execute((tx) => replaceTagsIn(tx, orgId, scanId, tags));
}

/** replaceTags inside the caller's transaction. */
export async function replaceTagsIn(
  tx: Kysely<DB>,
  orgId: string,
  scanId: string,
  tags: string[],
): Promise<ScanRow | null> {
  const row = await tx
    .updateTable("scans")
    .set({ tags })
    .where("id", "=", scanId)
    .where("org_id", "=", orgId)
    .returning(SCAN_COLUMNS)
    .executeTakeFirst();
  if (!row) return null;
  await tx.deleteFrom("scan_terms").where("scan_id", "=", scanId).where("kind", "=", "tag").execute();
  await insertTerms(tx, scanId, tagTerms(tags));
  return row;
}

/** pending → processing, when a worker starts the scan's first attempt. */
export async function markProcessing(tx: Kysely<DB>, scanId: string): Promise<void> {
  await tx
    .updateTable("scans")
    .set({ status: "processing" })
    .where("id", "=", scanId)
    .where("status", "=", "pending")
    .execute();
}

export interface StoredArtifact {
  kind: ScanArtifactKind;
  data: Buffer;
}

/** Completes an unfinished scan with its report, capture and screenshots; false when it was finished. */
export async function completeScan(
  tx: Kysely<DB>,
  scanId: string,
  outcome: {
    report: unknown;
    capture: unknown;
    finalUrl: string | null;
    artifacts: StoredArtifact[];
    terms: ScanTerm[];
  },
): Promise<boolean> {
  const row = await tx
    .updateTable("scans")
    .set({
      status: "completed",
      report: JSON.stringify(outcome.report),
      capture: JSON.stringify(outcome.capture),
      final_url: outcome.finalUrl,
      error: null,
      completed_at: sql`now()`,
    })
    .where("id", "=", scanId)
    .where("status", "in", UNFINISHED)
    .returning(["org_id", "created_at"])
    .executeTakeFirst();
  if (!row) return false;
  await insertTerms(tx, scanId, outcome.terms);
  for (const artifact of outcome.artifacts) {
    await tx
      .insertInto("scan_artifacts")
      .values({ scan_id: scanId, kind: artifact.kind, content_type: "image/png", data: artifact.data })
      .onConflict((oc) => oc.columns(["scan_id", "kind"]).doNothing())
      .execute();
  }
  return true;
}

/** Fails an unfinished scan and refunds its charge (once); false when it was finished. */
export async function failScan(tx: Kysely<DB>, scanId: string, error: ScanError): Promise<boolean> {
  const row = await tx
    .updateTable("scans")
    .set({ status: "failed", error: JSON.stringify(error), report: null, completed_at: sql`now()` })
    .where("id", "=", scanId)
    .where("status", "in", UNFINISHED)
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await refundResource(tx, scanId, SCAN_OPERATION);
  return true;
}

export interface ScanRow {
  id: string;
  url: string;
  status: ScanStatus;
  report: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  created_at: Date;
  completed_at: Date | null;
  tags: string[];
  visibility: ScanVisibility;
  /** The share link's token while the scan is unlisted (docs/sharing.md). */
  share_token: string | null;
  /** When the retention purge deleted its screenshots and capture. */
  artifacts_purged_at: Date | null;
}

/** The columns of a ScanRow. */
export const SCAN_COLUMNS = [
  "id",
  "url",
  "status",
  "report",
  "error",
  "created_at",
  "completed_at",
  "tags",
  "visibility",
  "share_token",
  "artifacts_purged_at",
] as const;

/** The organization's scan (without its capture), or null. */
export async function readScan(db: Kysely<DB>, orgId: string, scanId: string): Promise<ScanRow | null> {
  const row = await db
    .selectFrom("scans")
    .select(SCAN_COLUMNS)
    .where("id", "=", scanId)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  return row ?? null;
}

/** A scan with its organization, whoever owns it: for the worker's own use (its webhook event), never a caller's. */
export async function readScanOfAnyOrg(
  db: Kysely<DB>,
  scanId: string,
): Promise<(ScanRow & { org_id: string }) | null> {
  const row = await db
    .selectFrom("scans")
    .select([...SCAN_COLUMNS, "org_id"])
    .where("id", "=", scanId)
    .executeTakeFirst();
  return row ?? null;
}

/** The organization's scan's status and capture, with the kinds of screenshot stored; or null. */
export async function readCapture(
  db: Kysely<DB>,
  orgId: string,
  scanId: string,
): Promise<{
  status: ScanStatus;
  capture: Record<string, unknown> | null;
  screenshots: ScanArtifactKind[];
  artifacts_purged_at: Date | null;
} | null> {
  const row = await db
    .selectFrom("scans")
    .select(["status", "capture", "artifacts_purged_at"])
    .where("id", "=", scanId)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!row) return null;
  const kinds = await db.selectFrom("scan_artifacts").select("kind").where("scan_id", "=", scanId).execute();
  return { ...row, screenshots: kinds.map((k) => k.kind) };
}

/** A screenshot of the organization's completed scan, or null. */
export async function readArtifact(
  db: Kysely<DB>,
  orgId: string,
  scanId: string,
  kind: ScanArtifactKind,
): Promise<{ contentType: string; data: Buffer } | null> {
  const row = await db
    .selectFrom("scan_artifacts as a")
    .innerJoin("scans as s", "s.id", "a.scan_id")
    .select(["a.content_type", "a.data"])
    .where("a.scan_id", "=", scanId)
    .where("a.kind", "=", kind)
    .where("s.org_id", "=", orgId)
    .where("s.status", "=", "completed")
    .executeTakeFirst();
  if (!row) return null;
  const bytes = row.data;
  const data = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { contentType: row.content_type, data };
}

/**
 * Queue time between two items of one organization's batches: a batch of N takes N of these on the
 * organization's fair queue (docs/scan-search.md#batches).
 */
export const BATCH_ITEM_SPACING_MS = 1_000;

/**
 * The queue places of a new batch's `n` items: one spacing apart, from now or from where the
 * organization's unfinished batch items end, whichever is later. Called after the batch's first debit
 * has locked the organization's row, so two batches of one organization never share places.
 */
export async function batchQueueTimes(tx: Kysely<DB>, orgId: string, n: number): Promise<Date[]> {
  const { rows } = await sql<{ base: Date }>`
    SELECT greatest(now(), coalesce(max(j.fair_at) + ${BATCH_ITEM_SPACING_MS} * interval '1 millisecond', now())) AS base
      FROM scans s JOIN jobs j ON j.id = s.job_id
     WHERE s.org_id = ${orgId} AND s.status IN ('pending', 'processing') AND j.fair_at IS NOT NULL`.execute(
    tx,
  );
  const base = new Date(rows[0]?.base ?? Date.now()).getTime();
  return Array.from({ length: n }, (_, i) => new Date(base + i * BATCH_ITEM_SPACING_MS));
}
