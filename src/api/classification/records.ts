import type { Kysely } from "kysely";
import type { ClassificationEvidence } from "../../engines/classify/types.js";
import { normalizeDomain } from "../../engines/domain/normalize.js";
import type { DB } from "../../platform/db/schema.js";
import { ApiError } from "../errors.js";
import type { ClassificationResult, PublicClassification, StoredClassification } from "./schemas.js";

/** A row of the classification store, without its evidence (which no API response shows). */
export interface StoredRow {
  domain: string;
  result: StoredClassification;
  classified_at: Date;
  updated_at: Date;
}

/** Reduces caller input to a root domain or answers 400 invalid_domain. */
export function rootDomainOf(input: string): string {
  const normalized = normalizeDomain(input);
  if (!normalized.ok) throw new ApiError("invalid_domain", normalized.message, { reason: normalized.reason });
  return normalized.root;
}

/** SPEC §2.2. */
export function toResult(row: StoredRow): ClassificationResult {
  const { functions: _functions, facts, ...rest } = row.result;
  const { registered_date: _registered, ...publicFacts } = facts;
  return {
    ...rest,
    domain: row.domain,
    facts: publicFacts,
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
    functions: r.functions,
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
    .select(["domain", "result", "classified_at", "updated_at"])
    .where("domain", "=", root)
    .executeTakeFirst();
  return row ? { ...row, result: row.result as StoredClassification } : null;
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
    .returning(["domain", "result", "classified_at", "updated_at"])
    .executeTakeFirstOrThrow();
  return { ...row, result: row.result as StoredClassification };
}
