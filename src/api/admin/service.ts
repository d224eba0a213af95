import { type Kysely, sql } from "kysely";
import type { UserSitePolicy } from "../../engines/risk/policy.js";
import { topUp } from "../../platform/billing/ledger.js";
import type { ChargeRecorder } from "../../platform/billing/recorder.js";
import type { DB } from "../../platform/db/schema.js";
import { isUuid, newId } from "../../platform/ids.js";
import { KeyStore } from "../../platform/keys/store.js";
import { microsToUsd, usdToMicros } from "../../platform/money.js";
import { defaultLimits, type Operation } from "../../platform/operations.js";
import { usagePeriod } from "../../platform/usage.js";
import { microsOf, pageOf, pageWindow, windowConditions } from "../cursor.js";
import { ApiError } from "../errors.js";
import type { ListOrgsQuery } from "./schemas.js";

export interface OrgSummary {
  org_id: string;
  name: string;
  balance_usd: number;
  limits: Record<Operation, number>;
  /** How domain risk screens users' sites on hosting platforms (docs/risk.md, "User-site policy"). */
  user_site_policy: UserSitePolicy;
  /** Days scan screenshots and captures are kept; null keeps them (docs/sharing.md, "Retention"). */
  artifact_retention_days: number | null;
  created_at: string;
}

/** Organization settings an administrator may change (PATCH /admin/v1/orgs/{id}). */
export interface OrgSettings {
  user_site_policy?: UserSitePolicy;
  artifact_retention_days?: number | null;
}

export interface UsageLine {
  operation: string;
  calls: number;
  charged_usd: number;
}

/** Organizations, their keys, credits and limits: everything the admin API and first start need. */
export class OrgService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly keys: KeyStore,
    /** This process's cache-hit charges: put in the ledger before balances and usage are read. */
    private readonly charges?: ChargeRecorder,
  ) {}

  async createOrg(
    name: string,
    creditsUsd: number,
  ): Promise<{ orgId: string; keyId: string; apiKey: string }> {
    return this.db.transaction().execute((tx) => this.createOrgIn(tx, name, creditsUsd));
  }

  private async createOrgIn(tx: Kysely<DB>, name: string, creditsUsd: number) {
    const orgId = newId();
    await tx.insertInto("organizations").values({ id: orgId, name, limits: "{}" }).execute();
    const micros = usdToMicros(creditsUsd);
    if (micros > 0) await topUp(tx, { orgId, amountMicros: micros, operation: "credits.initial" });
    const key = await KeyStore.create(tx, orgId);
    return { orgId, keyId: key.keyId, apiKey: key.apiKey };
  }

  /**
   * Creates the `default` organization with its first key when the database has no organization yet.
   * Returns the key (to print once) or null when organizations exist. Safe when several processes start
   * together against one Postgres.
   */
  async bootstrapDefault(creditsUsd: number): Promise<{ orgId: string; apiKey: string } | null> {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(7310002)`.execute(tx);
      const any = await tx.selectFrom("organizations").select("id").limit(1).executeTakeFirst();
      if (any) return null;
      const created = await this.createOrgIn(tx, "default", creditsUsd);
      return { orgId: created.orgId, apiKey: created.apiKey };
    });
  }

  /** GET /admin/v1/orgs: organizations newest first, a page at a time (docs/operations.md). */
  async list(query: ListOrgsQuery): Promise<{
    data: Array<{ org_id: string; name: string; balance_usd: number; created_at: string }>;
    next_cursor: string | null;
  }> {
    await this.charges?.flush();
    const window = pageWindow(query);
    const where = windowConditions(window, "created_at", "id");
    if (query.name !== undefined) where.push(sql<boolean>`name = ${query.name}`);
    const { rows } = await sql<{
      id: string;
      name: string;
      balance_micros: number | string;
      created_at: Date;
      micros: string;
    }>`SELECT id, name, balance_micros, created_at, ${microsOf("created_at")} AS micros
         FROM organizations
        ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY created_at DESC, id DESC
        LIMIT ${window.limit + 1}`.execute(this.db);
    return pageOf(rows, window.limit, (row) => ({
      org_id: row.id,
      name: row.name,
      balance_usd: microsToUsd(Number(row.balance_micros)),
      created_at: row.created_at.toISOString(),
    }));
  }

  async createKey(orgId: string): Promise<{ keyId: string; apiKey: string }> {
    await this.requireOrg(orgId);
    return KeyStore.create(this.db, orgId);
  }

  /** The organization's keys, newest first: ids, prefixes and times (never the keys, which are not stored). */
  async listKeys(orgId: string): Promise<{
    data: Array<{ key_id: string; prefix: string; created_at: string; revoked_at: string | null }>;
  }> {
    await this.requireOrg(orgId);
    const rows = await this.db
      .selectFrom("api_keys")
      .select(["id", "display_prefix", "created_at", "revoked_at"])
      .where("org_id", "=", orgId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return {
      data: rows.map((row) => ({
        key_id: row.id,
        prefix: row.display_prefix,
        created_at: row.created_at.toISOString(),
        revoked_at: row.revoked_at?.toISOString() ?? null,
      })),
    };
  }

  async revokeKey(keyId: string): Promise<{ key_id: string; revoked_at: string }> {
    if (!isUuid(keyId)) throw new ApiError("not_found", "No API key has this id.");
    const result = await this.keys.revoke(keyId);
    if (!result.found || !result.revokedAt) throw new ApiError("not_found", "No API key has this id.");
    return { key_id: keyId, revoked_at: result.revokedAt.toISOString() };
  }

  async addCredits(orgId: string, amountUsd: number): Promise<number> {
    await this.requireOrg(orgId);
    const micros = usdToMicros(amountUsd);
    const balance = await this.db
      .transaction()
      .execute((tx) => topUp(tx, { orgId, amountMicros: micros, operation: "credits.topup" }));
    return microsToUsd(balance);
  }

  /** Sets per-organization limit overrides; merged over the SPEC §8 defaults. */
  async setLimits(
    orgId: string,
    overrides: Partial<Record<Operation, number>>,
  ): Promise<Record<Operation, number>> {
    await this.requireOrg(orgId);
    const row = await this.db
      .updateTable("organizations")
      .set({ limits: sql`limits || ${JSON.stringify(overrides)}::jsonb` })
      .where("id", "=", orgId)
      .returning("limits")
      .executeTakeFirstOrThrow();
    return { ...defaultLimits(), ...row.limits };
  }

  /** Changes the organization's settings; naming a setting's current value changes nothing. */
  async updateSettings(orgId: string, settings: OrgSettings): Promise<void> {
    await this.requireOrg(orgId);
    const changes = {
      ...(settings.user_site_policy === undefined ? {} : { user_site_policy: settings.user_site_policy }),
      ...(settings.artifact_retention_days === undefined
        ? {}
        : { artifact_retention_days: settings.artifact_retention_days }),
    };
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable("organizations").set(changes).where("id", "=", orgId).execute();
  }

  async summary(orgId: string): Promise<OrgSummary> {
    await this.charges?.flush();
    const org = await this.requireOrg(orgId);
    return {
      org_id: org.id,
      name: org.name,
      balance_usd: microsToUsd(org.balance_micros),
      limits: { ...defaultLimits(), ...org.limits },
      user_site_policy: org.user_site_policy,
      artifact_retention_days: org.artifact_retention_days,
      created_at: org.created_at.toISOString(),
    };
  }

  /** Calls and net charges per operation, all time or from `since`. */
  async usage(orgId: string, since?: Date): Promise<UsageLine[]> {
    await this.charges?.flush();
    let calls = this.db
      .selectFrom("usage_counters")
      .select(["operation", sql<number>`sum(calls)::int8`.as("calls")])
      .where("org_id", "=", orgId)
      .groupBy("operation");
    if (since) calls = calls.where(sql<boolean>`period >= ${usagePeriod(since)}::date`);
    let charges = this.db
      .selectFrom("ledger_totals")
      .select(["operation", sql<number>`sum(charged_micros)::int8`.as("charged")])
      .where("org_id", "=", orgId)
      .groupBy("operation");
    if (since) charges = charges.where(sql<boolean>`period >= ${usagePeriod(since)}::date`);
    const [callRows, chargeRows] = await Promise.all([calls.execute(), charges.execute()]);
    const lines = new Map<string, UsageLine>();
    for (const r of callRows)
      lines.set(r.operation, { operation: r.operation, calls: r.calls, charged_usd: 0 });
    for (const r of chargeRows) {
      const line = lines.get(r.operation) ?? { operation: r.operation, calls: 0, charged_usd: 0 };
      line.charged_usd = microsToUsd(r.charged);
      lines.set(r.operation, line);
    }
    return [...lines.values()].sort((a, b) => a.operation.localeCompare(b.operation));
  }

  private async requireOrg(orgId: string) {
    if (!isUuid(orgId)) throw new ApiError("not_found", "No organization has this id.");
    const org = await this.db
      .selectFrom("organizations")
      .selectAll()
      .where("id", "=", orgId)
      .executeTakeFirst();
    if (!org) throw new ApiError("not_found", "No organization has this id.");
    return org;
  }
}
