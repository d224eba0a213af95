import { type Kysely, sql } from "kysely";
import { UNKNOWN_OPERATOR } from "../../engines/classify/analyze/index.js";
import { FUNCTION_FLAGS } from "../../engines/classify/taxonomy.js";
import type { ClassificationEvidence } from "../../engines/classify/types.js";
import { normalizeDomain } from "../../engines/domain/normalize.js";
import type { DB } from "../../platform/db/schema.js";
import { ApiError } from "../errors.js";
import type { ClassificationResult, PublicClassification, StoredClassification } from "./schemas.js";

type FunctionFlag = (typeof FUNCTION_FLAGS)[number];
type FunctionFlags = Record<FunctionFlag, boolean>;

/**
 * A row of the classification store, without its evidence (which no API response shows) but for the one
 * conclusion of it the public view states: the brand the site claims to be.
 */
export interface StoredRow {
  domain: string;
  result: StoredClassification;
  classified_at: Date;
  updated_at: Date;
  /**
   * A well-known brand the crawled pages present the site as although the domain is not that brand's
   * (the analysis evidence's `claimedBrand`); null when none, and for an imported record (no evidence).
   */
  claimed_brand: string | null;
}

/** The claimed brand of the evidence, read beside the record (the rest of the evidence is not read). */
const CLAIMED_BRAND = sql<string | null>`evidence->>'claimedBrand'`.as("claimed_brand");

/** Reduces caller input to a root domain or answers 400 invalid_domain. */
export function rootDomainOf(input: string): string {
  const normalized = normalizeDomain(input);
  if (!normalized.ok) throw new ApiError("invalid_domain", normalized.message, { reason: normalized.reason });
  return normalized.root;
}

/**
 * The capability flags of a stored classification, as every response shows them: the paid read, the
 * results of POST and of a completed job, and the public endpoint and pages. A record stored before a
 * flag existed reads it as false.
 */
export function functionsOf(row: Pick<StoredRow, "result">): FunctionFlags {
  const stored: Partial<Record<FunctionFlag, boolean>> = row.result.functions;
  return Object.fromEntries(FUNCTION_FLAGS.map((flag) => [flag, stored[flag] === true])) as FunctionFlags;
}

/** States with a page that can present the site as someone (not parked, empty or unreachable). */
const PRESENTING_STATES: ReadonlySet<string> = new Set(["developed", "redirect", "under_construction"]);

/**
 * The identity a domain claims without owning it: the well-known brand its pages present it as, when the
 * domain is not that brand's and no operator of its own was found (the rule of the headline "… page
 * presenting itself as PayPal"). One rule for `impersonates` of GET /api/v1/classify and the warning of
 * the domain page (docs/classification.md, "Claimed identity"); null when the site claims no one else.
 */
export function impersonationOf(row: StoredRow): string | null {
  const claimed = row.claimed_brand?.trim();
  if (!claimed || !PRESENTING_STATES.has(row.result.state)) return null;
  return row.result.identity.operator === UNKNOWN_OPERATOR ? claimed : null;
}

/** The §2.2 result, plus `functions` and `impersonates` (the same values as the public view). */
export function toResult(row: StoredRow): ClassificationResult {
  const { functions: _functions, facts, ...rest } = row.result;
  const { registered_date: _registered, ...publicFacts } = facts;
  return {
    ...rest,
    domain: row.domain,
    facts: publicFacts,
    functions: functionsOf(row),
    impersonates: impersonationOf(row),
    classified_at: row.classified_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** SPEC §2.3. */
export function toPublic(row: StoredRow): PublicClassification {
  const r = row.result;
  return {
    domain: row.domain,
    confidence: r.confidence,
    category: r.category,
    identity: r.identity,
    functions: functionsOf(row),
    impersonates: impersonationOf(row),
    facts: {
      registered_date: r.facts.registered_date,
      rank: r.facts.rank,
      hosting_provider: r.facts.hosting_provider,
    },
  };
}

export async function findStored(db: Kysely<DB>, root: string): Promise<StoredRow | null> {
  const row = await db
    .selectFrom("classifications")
    .select(["domain", "result", "classified_at", "updated_at", CLAIMED_BRAND])
    .where("domain", "=", root)
    .executeTakeFirst();
  return row ? { ...row, result: row.result as StoredClassification } : null;
}

/** The stored rows of those of `roots` that are classified, in the order of `roots`. */
export async function findStoredMany(db: Kysely<DB>, roots: readonly string[]): Promise<StoredRow[]> {
  if (roots.length === 0) return [];
  const rows = await db
    .selectFrom("classifications")
    .select(["domain", "result", "classified_at", "updated_at", CLAIMED_BRAND])
    .where("domain", "in", [...roots])
    .execute();
  const byDomain = new Map(rows.map((row) => [row.domain, row]));
  return roots.flatMap((root) => {
    const row = byDomain.get(root);
    return row ? [{ ...row, result: row.result as StoredClassification }] : [];
  });
}

/** The `limit` most recently updated classifications (classified or classified again), newest first. */
export async function recentStored(
  db: Kysely<DB>,
  limit: number,
  excluding: readonly string[] = [],
): Promise<StoredRow[]> {
  let query = db
    .selectFrom("classifications")
    .select(["domain", "result", "classified_at", "updated_at", CLAIMED_BRAND])
    .orderBy("updated_at", "desc")
    .orderBy("domain")
    .limit(limit);
  if (excluding.length > 0) query = query.where("domain", "not in", [...excluding]);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, result: row.result as StoredClassification }));
}

/**
 * Stores (or replaces) the classification of a root domain with its evidence (null for an imported
 * record: evidence of an earlier crawl no longer backs it); `classified_at` survives updates.
 */
export async function upsertStored(
  db: Kysely<DB>,
  root: string,
  record: StoredClassification,
  evidence: ClassificationEvidence | null,
  at: Date,
): Promise<StoredRow> {
  const value = JSON.stringify({ ...record, domain: root });
  const evidenceJson = evidence === null ? null : JSON.stringify(evidence);
  const row = await db
    .insertInto("classifications")
    .values({ domain: root, result: value, evidence: evidenceJson, classified_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column("domain").doUpdateSet({ result: value, evidence: evidenceJson, updated_at: at }),
    )
    .returning(["domain", "result", "classified_at", "updated_at", CLAIMED_BRAND])
    .executeTakeFirstOrThrow();
  return { ...row, result: row.result as StoredClassification };
}
