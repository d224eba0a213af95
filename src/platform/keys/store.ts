import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { newId } from "../ids.js";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./keys.js";

export type Authentication =
  | { ok: true; orgId: string; keyId: string }
  | { ok: false; reason: "malformed" | "unknown" | "revoked" };

interface CacheEntry {
  result: Authentication;
  expiresAt: number;
  /** The key's stored hash, so a revocation can find the entry. */
  hash: string;
}

/**
 * Resolves API keys to organizations. Lookups are cached for `cacheTtlMs` (default 2 s), which bounds
 * how long a key revoked on another node keeps working; a revocation on this node is effective at once.
 * The cache is keyed by the presented key itself (process memory only, like the request that carried it;
 * never logged or stored), so a cached lookup costs a map lookup instead of a SHA-256.
 */
export class KeyStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly ttlMs: number;
  private readonly maxEntries = 50_000;

  constructor(
    private readonly db: Kysely<DB>,
    options: { cacheTtlMs?: number } = {},
  ) {
    this.ttlMs = options.cacheTtlMs ?? 2_000;
  }

  async authenticate(key: string): Promise<Authentication> {
    const now = Date.now();
    const cached = this.cache.get(key); // only well-formed keys are cached
    if (cached !== undefined && cached.expiresAt > now) return cached.result;
    if (!isWellFormedApiKey(key)) return { ok: false, reason: "malformed" };
    const hash = hashApiKey(key);
    const row = await this.db
      .selectFrom("api_keys")
      .select(["id", "org_id", "revoked_at"])
      .where("key_hash", "=", hash)
      .executeTakeFirst();
    const result: Authentication = !row
      ? { ok: false, reason: "unknown" }
      : row.revoked_at
        ? { ok: false, reason: "revoked" }
        : { ok: true, orgId: row.org_id, keyId: row.id };
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(key, { result, expiresAt: now + this.ttlMs, hash });
    return result;
  }

  /** Creates a key for an organization inside the caller's transaction. Returns the secret once. */
  static async create(
    tx: Kysely<DB>,
    orgId: string,
  ): Promise<{ keyId: string; apiKey: string; displayPrefix: string }> {
    const generated = generateApiKey();
    const keyId = newId();
    await tx
      .insertInto("api_keys")
      .values({ id: keyId, org_id: orgId, key_hash: generated.hash, display_prefix: generated.displayPrefix })
      .execute();
    return { keyId, apiKey: generated.key, displayPrefix: generated.displayPrefix };
  }

  /** Revokes a key; returns false when it does not exist. Idempotent. */
  async revoke(keyId: string): Promise<{ found: boolean; revokedAt: Date | null }> {
    const row = await this.db
      .updateTable("api_keys")
      .set({ revoked_at: new Date() })
      .where("id", "=", keyId)
      .where("revoked_at", "is", null)
      .returning(["key_hash", "revoked_at"])
      .executeTakeFirst();
    if (row) {
      for (const [key, entry] of this.cache) if (entry.hash === row.key_hash) this.cache.delete(key);
      return { found: true, revokedAt: row.revoked_at };
    }
    const existing = await this.db
      .selectFrom("api_keys")
      .select(["revoked_at"])
      .where("id", "=", keyId)
      .executeTakeFirst();
    return { found: existing !== undefined, revokedAt: existing?.revoked_at ?? null };
  }
}
