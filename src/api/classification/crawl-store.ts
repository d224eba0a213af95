import { type Kysely, sql } from "kysely";
import { refundResource } from "../../platform/billing/ledger.js";
import type { DB, JobStatus } from "../../platform/db/schema.js";
import { OPS } from "../../platform/operations.js";
import { microsOf, type PageWindow, windowConditions } from "../cursor.js";
import type { StoredClassification } from "./schemas.js";

/*
 * The SQL of crawls and of the callers' jobs waiting for them. Locking: a caller joining a crawl locks the
 * crawl's row (FOR UPDATE) before inserting its job; a crawl ends by updating that row first, then every
 * caller job pointing at it. So a caller either joins before the end (and its job is completed or failed
 * with the others) or finds the crawl finished and starts over — no caller is left waiting.
 */

export const CRAWL_JOB_KIND = "classification.crawl";

/** The crawl of `root` in flight, locked for the caller's transaction. */
export async function lockCrawlInFlight(tx: Kysely<DB>, root: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom("classification_crawls")
    .select("id")
    .where("domain", "=", root)
    .where("finished_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

/** Records a new crawl of `root`; false (writing nothing) when one is already in flight. */
export async function insertCrawl(
  tx: Kysely<DB>,
  crawl: { id: string; domain: string; origin: "api" | "public" },
): Promise<boolean> {
  const row = await tx
    .insertInto("classification_crawls")
    .values(crawl)
    .onConflict((oc) => oc.column("domain").where("finished_at", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a crawl finished; false when it already was (the outcome of a stale attempt changes nothing). */
export async function finishCrawl(tx: Kysely<DB>, crawlId: string): Promise<boolean> {
  const row = await tx
    .updateTable("classification_crawls")
    .set({ finished_at: sql`now()` })
    .where("id", "=", crawlId)
    .where("finished_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The crawl job's state as a caller sees it while it is not finished. */
export async function crawlProgress(tx: Kysely<DB>, crawlId: string): Promise<"queued" | "running"> {
  const row = await tx
    .selectFrom("jobs")
    .select(["status", "attempts"])
    .where("id", "=", crawlId)
    .executeTakeFirst();
  return progressOf(row?.status, row?.attempts ?? 0);
}

/** `running` once the crawl was first claimed (also while it waits to retry), else `queued`. */
export function progressOf(status: JobStatus | undefined | null, attempts: number): "queued" | "running" {
  return status === "running" || attempts > 0 ? "running" : "queued";
}

export async function insertCallerJob(
  tx: Kysely<DB>,
  job: { id: string; orgId: string; domain: string; crawlId: string },
): Promise<Date> {
  const row = await tx
    .insertInto("classification_jobs")
    .values({ id: job.id, org_id: job.orgId, domain: job.domain, job_id: job.crawlId })
    .returning("created_at")
    .executeTakeFirstOrThrow();
  return row.created_at;
}

/** A caller job a crawl finished, and its organization. */
export interface FinishedCaller {
  id: string;
  org_id: string;
}

/** Completes every caller job waiting for the crawl; returns them. */
export async function completeCallerJobs(tx: Kysely<DB>, crawlId: string): Promise<FinishedCaller[]> {
  return tx
    .updateTable("classification_jobs")
    .set({ status: "complete", finished_at: sql`now()`, updated_at: sql`now()` })
    .where("job_id", "=", crawlId)
    .where("status", "in", ["queued", "running"])
    .returning(["id", "org_id"])
    .execute();
}

/**
 * Fails every caller job waiting for the crawl and refunds each one's charge (once: the ledger allows one
 * refund per resource). Returns them.
 */
export async function failCallerJobs(
  tx: Kysely<DB>,
  crawlId: string,
  error: { code: string; message: string; retryable: boolean },
): Promise<FinishedCaller[]> {
  const rows = await tx
    .updateTable("classification_jobs")
    .set({
      status: "failed",
      error: JSON.stringify(error),
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where("job_id", "=", crawlId)
    .where("status", "in", ["queued", "running"])
    .returning(["id", "org_id"])
    .execute();
  for (const row of rows) await refundResource(tx, row.id, OPS.classificationCreate.ledgerName);
  return rows;
}

export interface CallerJobRow {
  id: string;
  domain: string;
  status: JobStatus;
  error: Record<string, unknown> | null;
  created_at: Date;
  finished_at: Date | null;
  crawl_status: JobStatus | null;
  crawl_attempts: number | null;
  result: StoredClassification | null;
  classified_at: Date | null;
  updated_at: Date | null;
  /** The brand the domain's pages claim without owning it (records.ts, impersonationOf). */
  claimed_brand: string | null;
}

/** An organization's job with its crawl's progress and the domain's stored classification. */
export async function readCallerJob(db: Kysely<DB>, orgId: string, id: string): Promise<CallerJobRow | null> {
  const row = await db
    .selectFrom("classification_jobs as cj")
    .leftJoin("jobs as j", "j.id", "cj.job_id")
    .leftJoin("classifications as c", "c.domain", "cj.domain")
    .select([
      "cj.id",
      "cj.domain",
      "cj.status",
      "cj.error",
      "cj.created_at",
      "cj.finished_at",
      "j.status as crawl_status",
      "j.attempts as crawl_attempts",
      "c.result",
      "c.classified_at",
      "c.updated_at",
      sql<string | null>`c.evidence->>'claimedBrand'`.as("claimed_brand"),
    ])
    .where("cj.id", "=", id)
    .where("cj.org_id", "=", orgId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, result: (row.result as StoredClassification | null) ?? null };
}

export interface CallerJobListRow
  extends Omit<CallerJobRow, "result" | "classified_at" | "updated_at" | "claimed_brand"> {
  micros: string;
}

/**
 * An organization's jobs newest first (GET /v2/domain-classification/jobs), by root domain and by status as
 * the job object shows it (`queued` and `running` tell apart by the crawl's progress, like `progressOf`).
 */
export async function listCallerJobs(
  db: Kysely<DB>,
  orgId: string,
  query: PageWindow & { domain?: string; status?: "queued" | "running" | "complete" | "failed" },
): Promise<CallerJobListRow[]> {
  const where = [sql<boolean>`cj.org_id = ${orgId}`, ...windowConditions(query, "cj.created_at", "cj.id")];
  if (query.domain) where.push(sql<boolean>`cj.domain = ${query.domain}`);
  const started = sql<boolean>`(j.status = 'running' OR coalesce(j.attempts, 0) > 0)`;
  if (query.status === "complete" || query.status === "failed")
    where.push(sql<boolean>`cj.status = ${query.status}`);
  if (query.status === "running")
    where.push(sql<boolean>`cj.status NOT IN ('complete', 'failed') AND ${started}`);
  if (query.status === "queued")
    where.push(sql<boolean>`cj.status NOT IN ('complete', 'failed') AND NOT ${started}`);
  const { rows } = await sql<CallerJobListRow>`
    SELECT cj.id, cj.domain, cj.status, cj.error, cj.created_at, cj.finished_at,
           j.status AS crawl_status, j.attempts AS crawl_attempts, ${microsOf("cj.created_at")} AS micros
      FROM classification_jobs cj LEFT JOIN jobs j ON j.id = cj.job_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY cj.created_at DESC, cj.id DESC
     LIMIT ${query.limit + 1}`.execute(db);
  return rows;
}

/** Serializes the decisions that spend the public crawl budget, across processes. */
const PUBLIC_BUDGET_LOCK_ID = 7_310_005;

export async function lockPublicBudget(tx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PUBLIC_BUDGET_LOCK_ID})`.execute(tx);
}

/** Whether any crawl of `root` was started within the last `windowMs`, and whether one is in flight. */
export async function recentCrawl(
  tx: Kysely<DB>,
  root: string,
  windowMs: number,
): Promise<{ recent: boolean; inFlight: boolean }> {
  const rows = await tx
    .selectFrom("classification_crawls")
    .select("finished_at")
    .where("domain", "=", root)
    .where((eb) =>
      eb.or([
        eb("finished_at", "is", null),
        eb("created_at", ">", sql<Date>`now() - ${windowMs}::float8 * interval '1 millisecond'`),
      ]),
    )
    .execute();
  return { recent: rows.length > 0, inFlight: rows.some((r) => r.finished_at === null) };
}

/** Crawls started for the public endpoint within the last `windowMs`. */
export async function publicCrawlsSince(tx: Kysely<DB>, windowMs: number): Promise<number> {
  const row = await tx
    .selectFrom("classification_crawls")
    .select(sql<string>`count(*)`.as("n"))
    .where("origin", "=", "public")
    .where("created_at", ">", sql<Date>`now() - ${windowMs}::float8 * interval '1 millisecond'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
