import { z } from "zod";
import { SEVERITIES } from "../engines/findings/types.js";

export const findingSchema = z
  .object({
    finding_id: z.string(),
    severity: z.enum(SEVERITIES),
    source_agent: z.string(),
    description: z.string(),
    details: z.string(),
    category: z.string().optional(),
  })
  .meta({ id: "Finding" });

export const ASSESSMENTS = ["Malicious", "Suspicious", "Benign", "Unknown"] as const;

/** SPEC §2.6 without `site_context`: the report of a domain risk analysis. */
export const riskReportSchema = z
  .object({
    request_url: z.string(),
    final_assessment: z.enum(ASSESSMENTS),
    threat_type: z.string(),
    confidence_score: z.number().int().min(0).max(95),
    executive_summary: z.string(),
    evidence_findings: z.array(findingSchema),
  })
  .meta({ id: "RiskReport" });
