import { type Kysely, sql } from "kysely";
import type { DB, ScanTermKind } from "../../platform/db/schema.js";
import { microsOf, type PageWindow, windowConditions } from "../cursor.js";
import type { ScanStatus } from "./schemas.js";
import { type ScanTerm, uniqueTerms } from "./terms.js";

/*
 * The SQL of GET /v1/scans (docs/scan-search.md). Without a term filter the list walks
 * scans (org_id, created_at DESC, id DESC), or the same index per status; with one, it walks the most
 * selective term's rows of `scan_terms` newest first and checks the other terms of each scan by its primary
 * key. Either way a page reads about as many rows as it returns, whatever the organization holds.
 */

export interface ScanQuery extends PageWindow {
  status?: ScanStatus;
  terms: ScanTerm[];
}

export interface ScanListRow {
  id: string;
  url: string;
  status: ScanStatus;
  created_at: Date;
  completed_at: Date | null;
  final_url: string | null;
  tags: string[];
  micros: string;
  final_assessment: string | null;
  threat_type: string | null;
  confidence_score: string | null;
  detected_brand: string | null;
}

/** Which term drives the walk: the one expected to match the fewest scans. */
const DRIVING_ORDER: ScanTermKind[] = [
  "dom",
  "screenshot",
  "ip",
  "host",
  "domain",
  "favicon",
  "favicon_mmh3",
  "tag",
  "brand",
  "asn",
  "threat",
  "assessment",
];

function drivingFirst(terms: ScanTerm[]): ScanTerm[] {
  return uniqueTerms(terms).sort((a, b) => DRIVING_ORDER.indexOf(a.kind) - DRIVING_ORDER.indexOf(b.kind));
}

export async function searchScans(db: Kysely<DB>, orgId: string, query: ScanQuery): Promise<ScanListRow[]> {
  const [driving, ...others] = drivingFirst(query.terms);
  // The walked index's columns: the scan's own, or the driving term's copy of them.
  const atColumn = driving ? "t.created_at" : "s.created_at";
  const idColumn = driving ? "t.scan_id" : "s.id";
  const at = sql.ref(atColumn);
  const id = sql.ref(idColumn);

  const from = driving ? sql`scan_terms t JOIN scans s ON s.id = t.scan_id` : sql`scans s`;
  const where = [sql`s.org_id = ${orgId}`];
  if (driving)
    where.push(sql`t.org_id = ${orgId} AND t.kind = ${driving.kind} AND t.value = ${driving.value}`);
  if (query.status) where.push(sql`s.status = ${query.status}`);
  where.push(...windowConditions(query, atColumn, idColumn));
  for (const term of others) {
    where.push(
      sql`EXISTS (SELECT 1 FROM scan_terms u WHERE u.scan_id = s.id AND u.kind = ${term.kind} AND u.value = ${term.value})`,
    );
  }
  const statement = sql<ScanListRow>`
    SELECT s.id, s.url, s.status, s.created_at, s.completed_at, s.final_url, s.tags,
           ${microsOf(atColumn)} AS micros,
           s.report->>'final_assessment' AS final_assessment,
           s.report->>'threat_type' AS threat_type,
           s.report->>'confidence_score' AS confidence_score,
           s.report->'site_context'->>'detected_brand' AS detected_brand
      FROM ${from}
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY ${at} DESC, ${id} DESC
     LIMIT ${query.limit + 1}`;
  if (others.length === 0) return (await statement.execute(db)).rows;
  // With a second term Postgres cannot see how the two go together (an address and a verdict) and, on a
  // large organization, takes the walk for a long one and splits it over parallel workers, whose start-up
  // costs more than the walk: measured at 1 million scans, p95 185-307 ms with them, 22-47 ms without
  // (docs/performance.md#scan-search). The walk stops after a page, so it runs in one process.
  return db.transaction().execute(async (tx) => {
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(tx);
    return (await statement.execute(tx)).rows;
  });
}
