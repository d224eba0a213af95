import { sql } from "kysely";
import { ApiError } from "./errors.js";

/*
 * Cursor pagination of the list endpoints (docs/scan-search.md): rows come newest first by
 * (created_at, id), and a cursor is the position of the last row of a page, to microseconds. A row created
 * after a page was read sorts before it, so pages already handed out never shift.
 */

export interface Position {
  /** created_at as microseconds since the epoch (a decimal string: exact beyond 2^53). */
  micros: string;
  id: string;
}

const PATTERN = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.micros}.${position.id}`, "utf8").toString("base64url");
}

/** The position a cursor names; `invalid_cursor` for anything this API did not hand out. */
export function decodeCursor(cursor: string): Position {
  const text = /^[A-Za-z0-9_-]{1,128}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = PATTERN.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new ApiError(
      "invalid_cursor",
      "The cursor is not one this API returned. Use the next_cursor of the previous page, or start without a cursor.",
    );
  }
  return { micros: match[1], id: match[2] };
}

/** SQL: a row's created_at in microseconds since the epoch, as text (exact). */
export const microsOf = (column: string) =>
  sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;

/** SQL: the timestamp a position names (integer arithmetic, no rounding). */
export const timestampOf = (position: Position) =>
  sql`(timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond')`;

/** Default and largest page size. */
export const DEFAULT_PAGE = 25;
export const MAX_PAGE = 100;

/** What a list query asks of its page: the time range, the size and where the previous page ended. */
export interface PageWindow {
  createdAfter?: Date;
  createdBefore?: Date;
  /** Rows to return (one more is read to know whether there is a next page). */
  limit: number;
  /** The position of the last row of the previous page. */
  after?: Position;
}

/** The page window of a list query's common parameters (an invalid cursor is `invalid_cursor`). */
export function pageWindow(query: {
  created_after?: string;
  created_before?: string;
  limit?: number;
  cursor?: string;
}): PageWindow {
  return {
    createdAfter: query.created_after ? new Date(query.created_after) : undefined,
    createdBefore: query.created_before ? new Date(query.created_before) : undefined,
    limit: query.limit ?? DEFAULT_PAGE,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  };
}

/** SQL conditions of a page window over the walked index's (created_at, id) columns. */
export function windowConditions(window: PageWindow, at: string, id: string) {
  const conditions = [];
  if (window.createdAfter) conditions.push(sql<boolean>`${sql.ref(at)} >= ${window.createdAfter}`);
  if (window.createdBefore) conditions.push(sql<boolean>`${sql.ref(at)} < ${window.createdBefore}`);
  if (window.after) {
    conditions.push(
      sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) < (${timestampOf(window.after)}, ${window.after.id}::uuid)`,
    );
  }
  return conditions;
}

/** The page of rows read with `limit + 1`: the items and the cursor of the next page, if there is one. */
export function pageOf<R extends { micros: string; id: string }, T>(
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toItem),
    next_cursor: rows.length > limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
}
