import { type Kysely, type RawBuilder, sql } from "kysely";
import { hammingDistance, parseHashHex } from "../../engines/scan/fingerprint.js";
import type { DB, ScanTermKind } from "../../platform/db/schema.js";
import { microsOf, type PageWindow, windowConditions } from "../cursor.js";
import type { ScanStatus } from "./schemas.js";
import type { ScanListRow } from "./search.js";
import type { MatchKind, ScanFingerprints } from "./similar-schemas.js";
import { NEAR_DISTANCE, probeValues } from "./similar-terms.js";

/*
 * The SQL of GET /v1/scans/{scan_id}/similar (docs/scan-search.md#similar-pages). Matches come from five
 * walks over scan_terms (org_id, kind, value, created_at DESC, scan_id DESC), each newest first and stopped
 * after a page: the scan's exact DOM, favicon and screenshot hashes, and the near-duplicate candidates of its
 * DOM SimHash and screenshot hash — the scans sharing one of 68 band values (each band and its one-bit
 * neighbours), merged newest first by the index, the newest NEAR_CANDIDATES of them measured on the whole
 * hash in the same statement. The page is the newest `limit` of the union; a match's `by` and distances are
 * then worked out from both scans' hashes.
 */

/** Near-duplicate candidates measured at most, per hash, per page. */
export const NEAR_CANDIDATES = 500;
/** A scan shares at most one band value per band with another, so it comes back at most this often. */
const BANDS = 4;

/** The kinds of a scan's own hashes, read to answer and to compare. */
const HASH_KINDS: ScanTermKind[] = ["dom", "dom_simhash", "favicon", "favicon_mmh3", "screenshot"];

type Hashes = Partial<Record<ScanTermKind, string>>;

interface Position {
  id: string;
  micros: string;
}

export interface SimilarRow {
  row: ScanListRow;
  by: MatchKind[];
  dom_distance: number | null;
  screenshot_distance: number | null;
}

export type SimilarOutcome =
  | { found: false }
  | { found: true; status: Exclude<ScanStatus, "completed"> }
  | {
      found: true;
      status: "completed";
      fingerprints: ScanFingerprints;
      matches: SimilarRow[];
      /** The position of the last match when there are more. */
      next: Position | null;
    };

async function ownHashes(
  db: Kysely<DB>,
  orgId: string,
  scanId: string,
): Promise<{ status: ScanStatus; hashes: Hashes } | null> {
  const rows = await db
    .selectFrom("scans as s")
    .leftJoin("scan_terms as t", (join) =>
      join.onRef("t.scan_id", "=", "s.id").on("t.kind", "in", HASH_KINDS),
    )
    .select(["s.status", "t.kind", "t.value"])
    .where("s.id", "=", scanId)
    .where("s.org_id", "=", orgId)
    .execute();
  const first = rows[0];
  if (!first) return null;
  const hashes: Hashes = {};
  for (const r of rows) if (r.kind && r.value !== null) hashes[r.kind] = r.value;
  return { status: first.status, hashes };
}

function fingerprintsOf(h: Hashes): ScanFingerprints {
  const mmh3 = h.favicon_mmh3 === undefined ? Number.NaN : Number(h.favicon_mmh3);
  return {
    dom: h.dom && h.dom_simhash ? { sha256: h.dom, simhash: h.dom_simhash } : null,
    favicon: h.favicon && Number.isInteger(mmh3) ? { sha256: h.favicon, mmh3 } : null,
    screenshot: h.screenshot ? { phash: h.screenshot } : null,
  };
}

/** The organization's other scans with this exact term, newest first: one page and one more. */
async function exactWalk(
  db: Kysely<DB>,
  orgId: string,
  self: string,
  term: { kind: ScanTermKind; value: string },
  window: PageWindow,
): Promise<Position[]> {
  const where = [
    sql`t.org_id = ${orgId}`,
    sql`t.kind = ${term.kind}`,
    sql`t.value = ${term.value}`,
    sql`t.scan_id <> ${self}`,
    ...windowConditions(window, "t.created_at", "t.scan_id"),
  ];
  const { rows } = await sql<Position>`
    SELECT t.scan_id AS id, ${microsOf("t.created_at")} AS micros
      FROM scan_terms t
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY t.created_at DESC, t.scan_id DESC
     LIMIT ${window.limit + 1}`.execute(db);
  return rows;
}

/**
 * The organization's other scans whose 64-bit hash (`hashKind`, 16 hex digits) is at most NEAR_DISTANCE bits
 * from `hash`, newest first: one page and one more, among the newest NEAR_CANDIDATES scans that share a
 * probed band value. One statement: a merge of the 68 band values' index ranges newest first, the whole hash
 * of each candidate by primary key, the distance in SQL.
 */
async function nearWalk(
  db: Kysely<DB>,
  orgId: string,
  self: string,
  kinds: { band: ScanTermKind; hash: ScanTermKind },
  hash: bigint,
  window: PageWindow,
): Promise<Position[]> {
  const branches: RawBuilder<unknown>[] = probeValues(hash).map((value) => {
    const where = [
      sql`t.org_id = ${orgId}`,
      sql`t.kind = ${kinds.band}`,
      sql`t.value = ${value}`,
      ...windowConditions(window, "t.created_at", "t.scan_id"),
    ];
    return sql`SELECT t.scan_id, t.created_at FROM scan_terms t WHERE ${sql.join(where, sql` AND `)}`;
  });
  const hex = hash.toString(16).padStart(16, "0");
  const statement = sql<Position>`
    SELECT c.scan_id AS id, ${microsOf("c.created_at")} AS micros
      FROM (${sql.join(branches, sql` UNION ALL `)}
            ORDER BY created_at DESC, scan_id DESC
            LIMIT ${NEAR_CANDIDATES}) c
      JOIN scan_terms h ON h.scan_id = c.scan_id AND h.kind = ${kinds.hash}
     WHERE c.scan_id <> ${self}
       AND bit_count(('x' || h.value)::bit(64) # ('x' || ${hex})::bit(64)) <= ${NEAR_DISTANCE}
     ORDER BY c.created_at DESC, c.scan_id DESC
     LIMIT ${BANDS * (window.limit + 1)}`;
  // The walk stops after a page: one process, no parallel workers to start (as in search.ts).
  const rows = await db.transaction().execute(async (tx) => {
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(tx);
    return (await statement.execute(tx)).rows;
  });
  return rows;
}

function newerFirst(a: Position, b: Position): number {
  const am = BigInt(a.micros);
  const bm = BigInt(b.micros);
  if (am !== bm) return am > bm ? -1 : 1;
  return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
}

function distance(a: string | undefined, b: string | undefined): number | null {
  const x = a === undefined ? null : parseHashHex(a);
  const y = b === undefined ? null : parseHashHex(b);
  return x === null || y === null ? null : hammingDistance(x, y);
}

/** What two scans share, by their hashes. */
function compare(own: Hashes, other: Hashes): Omit<SimilarRow, "row"> {
  const by: MatchKind[] = [];
  const dom_distance = distance(own.dom_simhash, other.dom_simhash);
  const screenshot_distance = distance(own.screenshot, other.screenshot);
  if (own.dom && own.dom === other.dom) by.push("dom_exact");
  else if (dom_distance !== null && dom_distance <= NEAR_DISTANCE) by.push("dom_near");
  if (own.favicon && own.favicon === other.favicon) by.push("favicon");
  if (screenshot_distance === 0) by.push("screenshot_exact");
  else if (screenshot_distance !== null && screenshot_distance <= NEAR_DISTANCE) by.push("screenshot_near");
  return { by, dom_distance, screenshot_distance };
}

/** The summaries and hashes of the given scans of the organization. */
async function readMatches(
  db: Kysely<DB>,
  orgId: string,
  ids: string[],
): Promise<{ rows: Map<string, ScanListRow>; hashes: Map<string, Hashes> }> {
  const { rows } = await sql<ScanListRow>`
    SELECT s.id, s.url, s.status, s.created_at, s.completed_at, s.final_url, s.tags,
           ${microsOf("s.created_at")} AS micros,
           s.report->>'final_assessment' AS final_assessment,
           s.report->>'threat_type' AS threat_type,
           s.report->>'confidence_score' AS confidence_score,
           s.report->'site_context'->>'detected_brand' AS detected_brand
      FROM scans s
     WHERE s.org_id = ${orgId} AND s.id IN (${sql.join(ids)})`.execute(db);
  const terms = await db
    .selectFrom("scan_terms")
    .select(["scan_id", "kind", "value"])
    .where("scan_id", "in", ids)
    .where("kind", "in", HASH_KINDS)
    .execute();
  const hashes = new Map<string, Hashes>();
  for (const t of terms) {
    const h = hashes.get(t.scan_id) ?? {};
    h[t.kind] = t.value;
    hashes.set(t.scan_id, h);
  }
  return { rows: new Map(rows.map((r) => [r.id, r])), hashes };
}

/**
 * The organization's other scans that look like its scan `scanId`, newest first, one page of `window`.
 * `found: false` when the organization has no such scan.
 */
export async function findSimilarScans(
  db: Kysely<DB>,
  orgId: string,
  scanId: string,
  window: PageWindow,
): Promise<SimilarOutcome> {
  const own = await ownHashes(db, orgId, scanId);
  if (!own) return { found: false };
  if (own.status !== "completed") return { found: true, status: own.status };
  const h = own.hashes;
  const walks: Array<() => Promise<Position[]>> = [];
  for (const kind of ["dom", "favicon", "screenshot"] as const) {
    const value = h[kind];
    if (value) walks.push(() => exactWalk(db, orgId, scanId, { kind, value }, window));
  }
  const simhash = h.dom_simhash ? parseHashHex(h.dom_simhash) : null;
  if (simhash !== null) {
    walks.push(() => nearWalk(db, orgId, scanId, { band: "dom_band", hash: "dom_simhash" }, simhash, window));
  }
  const phash = h.screenshot ? parseHashHex(h.screenshot) : null;
  if (phash !== null) {
    walks.push(() =>
      nearWalk(db, orgId, scanId, { band: "screenshot_band", hash: "screenshot" }, phash, window),
    );
  }
  // One after the other: a PGlite database is one connection, and a pool's connections serve other requests.
  const found = new Map<string, Position>();
  for (const walk of walks) for (const p of await walk()) found.set(p.id, p);
  const page = [...found.values()].sort(newerFirst).slice(0, window.limit + 1);
  const matches: SimilarRow[] = [];
  if (page.length > 0) {
    const read = await readMatches(
      db,
      orgId,
      page.map((p) => p.id),
    );
    for (const p of page) {
      const row = read.rows.get(p.id);
      if (!row) continue;
      const shared = compare(h, read.hashes.get(p.id) ?? {});
      if (shared.by.length > 0) matches.push({ row, ...shared });
    }
  }
  const more = matches.length > window.limit;
  const shown = matches.slice(0, window.limit);
  const last = shown.at(-1);
  return {
    found: true,
    status: "completed",
    fingerprints: fingerprintsOf(h),
    matches: shown,
    // The position the walks use: the terms' created_at (the scan's, as written with its terms), so the
    // next page starts exactly after this one.
    next: more && last ? (found.get(last.row.id) ?? { id: last.row.id, micros: last.row.micros }) : null,
  };
}
