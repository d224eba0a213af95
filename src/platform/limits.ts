import type { Kysely } from "kysely";
import type { DB } from "./db/schema.js";
import { defaultLimit, type Operation } from "./operations.js";

/**
 * Effective per-minute limits of an organization: its overrides over the SPEC §8 defaults. Cached per
 * organization for `ttlMs`, so a change made on any node applies everywhere within that time.
 */
export class LimitsCache {
  private readonly cache = new Map<string, { limits: Record<string, number>; expiresAt: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 2_000,
  ) {}

  /** The limit when this process holds a fresh copy of the organization's limits, else undefined. */
  peek(orgId: string, operation: Operation): number | undefined {
    const entry = this.cache.get(orgId);
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    return entry.limits[operation] ?? defaultLimit(operation);
  }

  async limitFor(orgId: string, operation: Operation): Promise<number> {
    const now = Date.now();
    let entry = this.cache.get(orgId);
    if (!entry || entry.expiresAt <= now) {
      const row = await this.db
        .selectFrom("organizations")
        .select("limits")
        .where("id", "=", orgId)
        .executeTakeFirst();
      if (this.cache.size > 50_000) this.cache.clear();
      entry = { limits: row?.limits ?? {}, expiresAt: now + this.ttlMs };
      this.cache.set(orgId, entry);
    }
    return entry.limits[operation] ?? defaultLimit(operation);
  }

  invalidate(orgId: string): void {
    this.cache.delete(orgId);
  }
}
