import type { Finding } from "../findings/types.js";
import type { Assessment } from "../verdict/index.js";

export type { Assessment };

/** SPEC §2.6: what a risk analysis concludes (risk records carry no site_context). */
export interface RiskReport {
  request_url: string;
  final_assessment: Assessment;
  threat_type: string;
  confidence_score: number;
  executive_summary: string;
  evidence_findings: Finding[];
}

export type RiskOutcome =
  | { ok: true; report: RiskReport; brand: string | null }
  | { ok: false; error: "invalid_url"; message: string };
