import { reportFindings } from "../findings/report.js";
import type { Egress } from "../net/index.js";
import type { NameModel } from "./names/model.js";
import { analyzeNetwork } from "./network/index.js";
import {
  applyUserSitePolicy,
  DEFAULT_USER_SITE_POLICY,
  type UserSitePolicy,
  userSitePolicyFinding,
} from "./policy.js";
import type { RiskOutcome } from "./report.js";
import { analyzeStatic } from "./static/analyze.js";
import { buildVerdict } from "./verdict.js";

export interface RiskOptions {
  /** Total deadline of the analysis; what is not back by then is reported as not checked. Default 5000. */
  deadlineMs?: number;
  now?: Date;
  /** Look the domain up in the shipped Tranco list (default true). */
  rankLookup?: boolean;
  /** The organization's user-site policy (docs/risk.md, "User-site policy"); default `evidence`. */
  userSitePolicy?: UserSitePolicy;
  /** The name model to score the site's name with (default: the shipped one; null: none). */
  nameModel?: NameModel | null;
}

/**
 * Domain risk v1: the static-analysis agent on the URL, then (unless `egress` is null: offline
 * screening) the network-analysis agent within what is left of the deadline, then the verdict.
 */
export async function analyzeRisk(
  egress: Egress | null,
  input: string,
  options: RiskOptions = {},
): Promise<RiskOutcome> {
  const started = performance.now();
  const deadlineMs = options.deadlineMs ?? 5_000;
  const s = analyzeStatic(input, {
    ...(options.now ? { now: options.now } : {}),
    rankLookup: options.rankLookup ?? true,
    ...(options.nameModel !== undefined ? { nameModel: options.nameModel } : {}),
  });
  if (!s.ok) return { ok: false, error: "invalid_url", message: s.message };
  let network = null;
  if (egress) {
    const left = Math.max(100, deadlineMs - (performance.now() - started) - 50);
    network = await analyzeNetwork(
      egress,
      { hostname: s.hostname, registrableDomain: s.registrableDomain ?? s.hostname },
      { deadlineMs: left, ...(options.now ? { now: options.now } : {}) },
    );
  }
  const plain = buildVerdict(s, network);
  const policyFinding = userSitePolicyFinding(s, options.userSitePolicy ?? DEFAULT_USER_SITE_POLICY);
  const report = policyFinding
    ? applyUserSitePolicy(plain, policyFinding, () =>
        buildVerdict({ ...s, findings: [...s.findings, policyFinding] }, network),
      )
    : plain;
  // The verdict weighs every finding as the agents reported it; the report shows them as people read them.
  return {
    ok: true,
    report: { ...report, evidence_findings: reportFindings(report.evidence_findings) },
    brand: s.brand?.name ?? null,
  };
}
