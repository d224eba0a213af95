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

interface CachedRow {
  /** The read of the stored row; a domain without a classification is never kept once it settles. */
  load: Promise<StoredRow | null>;
  /** The row, once read. */
  row: StoredRow | null;
  expiresAt: number;
  result?: ClassificationResult;
  publicView?: PublicClassification;
}

/** How long a stored classification is served from this process's memory before it is read again. */
export const ROW_CACHE_TTL_MS = 2_000;
const ROW_CACHE_MAX = 10_000;
const ROOT_CACHE_MAX = 10_000;
const ROOT_CACHE_INPUT_MAX = 256;

/**
 * The classification cache: reads for API keys (charged) and the public endpoint, and writes.
 *
 * Reads of classified domains are kept in memory for `ROW_CACHE_TTL_MS` (bounded in number): a write
 * through this service is visible at once in this process, a write made elsewhere (another node, or a
 * job writing the table directly) within that time. Domains without a classification are never kept,
 * so a new classification is visible at once everywhere.
 */
export class ClassificationService {
  private readonly rows = new Map<string, CachedRow>();
  /** Caller input → root domain, for inputs that are valid (normalization is deterministic). */
  private readonly roots = new Map<string, string>();
  /** Bumped by every write, so a read that started before a write is not kept after it. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batcher: ChargeBatcher,
    private readonly rowTtlMs = ROW_CACHE_TTL_MS,
  ) {}

  private rootOf(input: string): string {
    const known = this.roots.get(input);
    if (known !== undefined) return known;
    const root = rootDomainOf(input);
    if (input.length <= ROOT_CACHE_INPUT_MAX) {
      if (this.roots.size >= ROOT_CACHE_MAX) this.roots.clear();
      this.roots.set(input, root);
    }
    return root;
  }

  private async find(root: string): Promise<StoredRow | null> {
    const row = await this.db
      .selectFrom("classifications")
      .select(["domain", "result", "classified_at", "updated_at"])
      .where("domain", "=", root)
      .executeTakeFirst();
    return row ? { ...row, result: row.result as StoredClassification } : null;
  }

  /** The cached entry of a classified root domain, read from the database when absent or expired. */
  private async lookup(root: string): Promise<CachedRow | null> {
    const now = Date.now();
    const cached = this.rows.get(root);
    if (cached && cached.expiresAt > now) {
      if (cached.row) return cached;
      return (await cached.load) ? cached : null;
    }
    const generation = this.generation;
    const entry: CachedRow = { load: this.find(root), row: null, expiresAt: now + this.rowTtlMs };
    if (this.rowTtlMs > 0) {
      if (this.rows.size >= ROW_CACHE_MAX) {
        const oldest = this.rows.keys().next();
        if (oldest.done !== true) this.rows.delete(oldest.value);
      }
      this.rows.delete(root);
      this.rows.set(root, entry);
    }
    try {
      entry.row = await entry.load;
    } catch (err) {
      if (this.rows.get(root) === entry) this.rows.delete(root);
      throw err;
    }
    const keep = entry.row !== null && generation === this.generation;
    if (!keep && this.rows.get(root) === entry) this.rows.delete(root);
    return entry.row ? entry : null;
  }

  /** Forgets what this process holds about a root domain, after a write that bypassed put(). */
  invalidate(root: string): void {
    this.generation++;
    this.rows.delete(root);
  }

  /** SPEC §4.1: a hit is charged as a cache hit once the charge commits; a miss is free. */
  async getForOrg(orgId: string, input: string): Promise<ClassificationResult | null> {
    const entry = await this.lookup(this.rootOf(input));
    const row = entry?.row;
    if (!entry || !row) return null;
    await this.batcher.charge({
      orgId,
      amountMicros: PRICES.classification_hit,
      operation: "classification.get",
    });
    entry.result ??= toResult(row);
    return entry.result;
  }

  async getPublic(input: string): Promise<PublicClassification | null> {
    const entry = await this.lookup(this.rootOf(input));
    const row = entry?.row;
    if (!entry || !row) return null;
    entry.publicView ??= toPublic(row);
    return entry.publicView;
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
    this.invalidate(root);
    return toResult({ ...row, result: row.result as StoredClassification });
  }
}
