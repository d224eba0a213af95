import { type Kysely, sql } from "kysely";
import type { UserSitePolicy } from "../../engines/risk/policy.js";
import type { RiskOutcome, RiskReport } from "../../engines/risk/report.js";
import { debit, InsufficientBalanceError } from "../../platform/billing/ledger.js";
import type { DB } from "../../platform/db/schema.js";
import { isUuid, newId } from "../../platform/ids.js";
import { chargeOf, OPS } from "../../platform/operations.js";
import { microsOf, pageOf, pageWindow, windowConditions } from "../cursor.js";
import { ApiError } from "../errors.js";
import type { ListRisksQuery, RiskBatch, RiskSummary } from "./schemas.js";

/**
 * Runs one analysis of a URL or domain (the risk engine, through the egress gate) under the requesting
 * organization's user-site policy.
 */
export type RiskAnalyzer = (
  input: string,
  options: { userSitePolicy: UserSitePolicy },
) => Promise<RiskOutcome>;

/** The charge of one analysis (the operation table: src/platform/operations.ts). */
const ANALYSIS = chargeOf(OPS.domainRisksCreate, "analysis");

export interface RiskRecord {
  risk_id: string;
  url: string;
  created_at: string;
  report: RiskReport;
}

/**
 * Domain risk v1: a synchronous analysis, then the record and its charge in one transaction. The
 * balance is checked before the analysis so a caller without credit waits for nothing; the debit in
 * the transaction is what guarantees the balance never goes negative.
 */
export class RiskService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly analyze: RiskAnalyzer,
  ) {}

  async create(
    orgId: string,
    url: string,
  ): Promise<{ risk_id: string; status: "completed"; created_at: string }> {
    const org = await this.creditFor(orgId, 1);
    const outcome = await this.analyze(url, { userSitePolicy: org.user_site_policy });
    if (!outcome.ok) throw new ApiError("invalid_url", outcome.message);
    const [record] = await this.db
      .transaction()
      .execute((tx) => storeAndCharge(tx, orgId, [{ url, outcome }]));
    if (!record) throw new Error("the analysed record was not stored");
    return { risk_id: record.id, status: "completed", created_at: record.createdAt.toISOString() };
  }

  /**
   * POST /v1/domain-risks/batch: every item analysed at once (each within the usual deadline), then the
   * valid ones stored and charged in one transaction — all or, without the credit for all, none (402).
   * The credit for every item is checked before any analysis, so a caller without it waits for nothing.
   */
  async createBatch(orgId: string, urls: string[]): Promise<RiskBatch> {
    const org = await this.creditFor(orgId, urls.length);
    const outcomes = await Promise.all(
      urls.map((url) => this.analyze(url, { userSitePolicy: org.user_site_policy })),
    );
    const items = outcomes.map((outcome, index) => ({ url: urls[index] ?? "", outcome }));
    const records = await this.db.transaction().execute((tx) => storeAndCharge(tx, orgId, items));
    const stored = new Map(records.map((r) => [r.index, r]));
    return {
      accepted: stored.size,
      rejected: urls.length - stored.size,
      charged_usd: (stored.size * ANALYSIS.amountMicros) / 1_000_000,
      items: items.map(({ url, outcome }, index) => {
        const record = stored.get(index);
        if (outcome.ok && record) {
          return {
            index,
            url,
            risk_id: record.id,
            created_at: record.createdAt.toISOString(),
            report: outcome.report,
            error: null,
          };
        }
        const message = outcome.ok ? "The item was not analysed." : outcome.message;
        return {
          index,
          url,
          risk_id: null,
          created_at: null,
          report: null,
          error: { error: "invalid_url", status: 400, message },
        };
      }),
    };
  }

  /**
   * The organization's policy, once its available credit covers `items` analyses (402 otherwise): checked
   * before analysing, so a caller without credit waits for nothing.
   */
  private async creditFor(orgId: string, items: number): Promise<{ user_site_policy: UserSitePolicy }> {
    const org = await this.db
      .selectFrom("organizations")
      .select(["balance_micros", "held_micros", "user_site_policy"])
      .where("id", "=", orgId)
      .executeTakeFirst();
    const needed = ANALYSIS.amountMicros * items;
    if (!org || org.balance_micros - org.held_micros < needed)
      throw new InsufficientBalanceError(orgId, needed);
    return org;
  }

  /** GET /v1/domain-risks: the organization's records newest first, by verdict and time. Free. */
  async list(
    orgId: string,
    query: ListRisksQuery,
  ): Promise<{ data: RiskSummary[]; next_cursor: string | null }> {
    const window = pageWindow(query);
    const where = [sql<boolean>`org_id = ${orgId}`, ...windowConditions(window, "created_at", "id")];
    if (query.final_assessment)
      where.push(sql<boolean>`report->>'final_assessment' = ${query.final_assessment}`);
    const { rows } = await sql<{
      id: string;
      url: string;
      created_at: Date;
      micros: string;
      final_assessment: RiskSummary["final_assessment"];
      threat_type: string;
      confidence_score: string;
    }>`SELECT id, url, created_at, ${microsOf("created_at")} AS micros,
              report->>'final_assessment' AS final_assessment, report->>'threat_type' AS threat_type,
              report->>'confidence_score' AS confidence_score
         FROM domain_risks
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY created_at DESC, id DESC
        LIMIT ${window.limit + 1}`.execute(this.db);
    return pageOf(rows, window.limit, (row) => ({
      risk_id: row.id,
      url: row.url,
      created_at: row.created_at.toISOString(),
      final_assessment: row.final_assessment,
      threat_type: row.threat_type,
      confidence_score: Number(row.confidence_score),
    }));
  }

  /** The organization's own record, or 404 (another organization's id is unknown here). */
  async get(orgId: string, riskId: string): Promise<RiskRecord> {
    const row = isUuid(riskId)
      ? await this.db
          .selectFrom("domain_risks")
          .select(["id", "url", "created_at", "report"])
          .where("id", "=", riskId)
          .where("org_id", "=", orgId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new ApiError("not_found", "No domain risk record has this id.");
    return {
      risk_id: row.id,
      url: row.url,
      created_at: row.created_at.toISOString(),
      report: row.report as unknown as RiskReport,
    };
  }
}

/**
 * Stores each analysed item as a record and debits it, in the caller's transaction (the debit is what
 * keeps the balance from going negative: without the credit for all, the transaction fails with 402).
 */
async function storeAndCharge(
  tx: Kysely<DB>,
  orgId: string,
  items: ReadonlyArray<{ url: string; outcome: RiskOutcome }>,
): Promise<Array<{ index: number; id: string; createdAt: Date }>> {
  const stored: Array<{ index: number; id: string; createdAt: Date }> = [];
  for (const [index, { url, outcome }] of items.entries()) {
    if (!outcome.ok) continue;
    const id = newId();
    const row = await tx
      .insertInto("domain_risks")
      .values({ id, org_id: orgId, url, report: JSON.stringify(outcome.report) })
      .returning("created_at")
      .executeTakeFirstOrThrow();
    await debit(tx, { orgId, ...ANALYSIS, resourceId: id });
    stored.push({ index, id, createdAt: row.created_at });
  }
  return stored;
}
