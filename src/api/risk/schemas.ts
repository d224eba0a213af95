import { z } from "zod";
import { riskReportSchema } from "../report-schemas.js";

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
