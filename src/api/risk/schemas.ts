import { z } from "zod";
import { ASSESSMENTS, riskReportSchema } from "../report-schemas.js";
import { batchItemErrorSchema, batchUrlsSchema, pageQueryShape, pageSchema } from "../shared-schemas.js";

export const createRiskBody = z
  .strictObject({
    url: z.string().min(1).max(2048).describe("A URL (scheme and path allowed) or a bare domain"),
  })
  .meta({ examples: [{ url: "https://example.com/account/login" }] });

export const createRiskResponse = z
  .object({
    risk_id: z.string(),
    status: z.literal("completed"),
    created_at: z.string(),
  })
  .meta({ id: "DomainRiskCreated" });

export const riskParams = z.object({ risk_id: z.string() });

export const riskRecordSchema = z
  .object({
    risk_id: z.string(),
    url: z.string(),
    created_at: z.string(),
    report: riskReportSchema,
  })
  .meta({ id: "DomainRisk" });

/** GET /v1/domain-risks filters (docs/scan-search.md). */
export const listRisksQuery = z.strictObject({
  final_assessment: z.enum(ASSESSMENTS).optional(),
  ...pageQueryShape,
});

export type ListRisksQuery = z.infer<typeof listRisksQuery>;

export const riskSummarySchema = z
  .object({
    risk_id: z.string(),
    url: z.string().describe("The submitted URL or domain"),
    created_at: z.string(),
    final_assessment: z.enum(ASSESSMENTS),
    threat_type: z.string(),
    confidence_score: z.number().int(),
  })
  .meta({ id: "DomainRiskSummary" });

export type RiskSummary = z.infer<typeof riskSummarySchema>;

export const riskListSchema = pageSchema(riskSummarySchema, "DomainRiskList");

export const createRiskBatchBody = z
  .strictObject({ urls: batchUrlsSchema("URLs or bare domains, each as POST /v1/domain-risks takes it") })
  .meta({ examples: [{ urls: ["https://example.com/account/login", "example.org"] }] });

export const riskBatchSchema = z
  .object({
    accepted: z.number().int().describe("Items analysed (each charged and stored)"),
    rejected: z.number().int().describe("Items refused on their own (not charged)"),
    charged_usd: z.number(),
    items: z
      .array(
        z.object({
          index: z.number().int(),
          url: z.string().describe("The item as submitted"),
          risk_id: z.string().nullable(),
          created_at: z.string().nullable(),
          report: riskReportSchema.nullable().describe("The verdict, as GET /v1/domain-risks/{id} shows it"),
          error: batchItemErrorSchema.nullable().describe("Why the item was refused; null when analysed"),
        }),
      )
      .describe("One per URL, in order"),
  })
  .meta({ id: "DomainRiskBatch" });

export type RiskBatch = z.infer<typeof riskBatchSchema>;
