import type { Kysely } from "kysely";
import { normalizeDomain } from "../../engines/domain/normalize.js";
import { ApiError } from "../../http/errors.js";
import type { ChargeBatcher } from "../../platform/billing/batcher.js";
import { PRICES } from "../../platform/billing/prices.js";
import type { DB } from "../../platform/db/schema.js";
import type { ClassificationResult, PublicClassification, StoredClassification } from "./schemas.js";

interface StoredRow {
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

/** The classification cache: reads for API keys (charged) and the public endpoint, and writes. */
export class ClassificationService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly batcher: ChargeBatcher,
  ) {}

  private async find(root: string): Promise<StoredRow | undefined> {
    const row = await this.db
      .selectFrom("classifications")
      .select(["domain", "result", "classified_at", "updated_at"])
      .where("domain", "=", root)
      .executeTakeFirst();
    return row ? { ...row, result: row.result as StoredClassification } : undefined;
  }

  /** SPEC §4.1: a hit is charged as a cache hit once the charge commits; a miss is free. */
  async getForOrg(orgId: string, input: string): Promise<ClassificationResult | null> {
    const root = rootDomainOf(input);
    const row = await this.find(root);
    if (!row) return null;
    await this.batcher.charge({
      orgId,
      amountMicros: PRICES.classification_hit,
      operation: "classification.get",
    });
    return toResult(row);
  }

  async getPublic(input: string): Promise<PublicClassification | null> {
    const row = await this.find(rootDomainOf(input));
    return row ? toPublic(row) : null;
  }

  /** Stores (or replaces) the classification of a root domain; `classified_at` survives updates. */
  async put(record: StoredClassification, at = new Date()): Promise<ClassificationResult> {
    const root = rootDomainOf(record.domain);
    const value = JSON.stringify({ ...record, domain: root });
    const row = await this.db
      .insertInto("classifications")
      .values({ domain: root, result: value, classified_at: at, updated_at: at })
      .onConflict((oc) => oc.column("domain").doUpdateSet({ result: value, updated_at: at }))
      .returning(["domain", "result", "classified_at", "updated_at"])
      .executeTakeFirstOrThrow();
    return toResult({ ...row, result: row.result as StoredClassification });
  }
}
