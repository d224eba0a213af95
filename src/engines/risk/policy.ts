import { isAbusedPlatform } from "../domain/index.js";
import { makeFinding } from "../findings/catalog.js";
import type { Finding } from "../findings/types.js";
import { THREAT_TYPES } from "../verdict/index.js";
import type { RiskReport } from "./report.js";
import type { StaticAnalysis } from "./static/types.js";

/**
 * How an organization screens users' sites on hosting platforms (docs/risk.md, "User-site policy"):
 * - `evidence` (default): a user site is judged by its name and the network evidence like any other host;
 * - `strict`: an unknown user site on a platform phishing abuses is at least Suspicious (DR-DOM-028).
 */
export const USER_SITE_POLICIES = ["evidence", "strict"] as const;
export type UserSitePolicy = (typeof USER_SITE_POLICIES)[number];
export const DEFAULT_USER_SITE_POLICY: UserSitePolicy = "evidence";

export function isUserSitePolicy(value: string): value is UserSitePolicy {
  return (USER_SITE_POLICIES as readonly string[]).includes(value);
}

type StaticOk = Extract<StaticAnalysis, { ok: true }>;

/**
 * The platform of an unknown user site on a platform phishing abuses, or null. A user site (the host is a
 * user's name on a platform: `signals.freeHosting`) is unknown when nothing shows who runs it: no brand of
 * the brand table owns it (a brand's name in it is not ownership) and it is not in the Tranco top 10,000
 * (without rank lookup it counts as unranked).
 */
export function unknownUserSitePlatform(analysis: StaticOk): string | null {
  const { freeHosting, isBrandDomain, knownBank, trancoRank } = analysis.signals;
  if (freeHosting === null || isBrandDomain || knownBank || trancoRank !== null) return null;
  return isAbusedPlatform(freeHosting) ? freeHosting : null;
}

/** DR-DOM-028 when the policy is strict and the host is an unknown user site on an abused platform. */
export function userSitePolicyFinding(analysis: StaticOk, policy: UserSitePolicy): Finding | null {
  if (policy !== "strict") return null;
  const platform = unknownUserSitePlatform(analysis);
  if (platform === null) return null;
  const site = analysis.signals.siteDomain ?? analysis.hostname;
  return makeFinding(
    "DR-DOM-028",
    `${site} is a user's site on ${platform}, a platform phishing abuses, and nothing shows who runs it: no brand owns it and it is not a ranked site. The organization's strict user-site policy makes such a site at least Suspicious.`,
  );
}

const RAISES = new Set(["Benign", "Unknown"]);

/**
 * The verdict under the policy's finding. `plain` is the verdict without it, `judge` builds one with the
 * finding among the static findings. The policy only ever raises a Benign or Unknown verdict to
 * Suspicious: a Suspicious or Malicious one keeps its assessment, threat type and confidence (the finding
 * is added to its evidence), so the policy never makes a site Malicious on its own.
 */
export function applyUserSitePolicy(
  plain: RiskReport,
  finding: Finding,
  judge: () => RiskReport,
): RiskReport {
  if (!RAISES.has(plain.final_assessment)) {
    return { ...plain, evidence_findings: [...plain.evidence_findings, finding] };
  }
  const judged = judge();
  if (judged.final_assessment === "Suspicious") return judged;
  // An analysis that halted early (DNS) stays below Suspicious with a Medium finding: raise it here. A
  // verdict the finding alone would make Malicious is held at Suspicious the same way.
  const base =
    judged.final_assessment === "Malicious"
      ? { ...plain, evidence_findings: [...plain.evidence_findings, finding] }
      : judged;
  const at = base.executive_summary.lastIndexOf("Assessed as ");
  const before = at < 0 ? `${base.executive_summary} ` : base.executive_summary.slice(0, at);
  const threatType =
    base.threat_type === THREAT_TYPES.benign ? THREAT_TYPES.infrastructure : base.threat_type;
  return {
    ...base,
    final_assessment: "Suspicious",
    threat_type: threatType,
    executive_summary: `${before}Assessed as suspicious under the organization's strict user-site policy: ${threatType.toLowerCase()}.`,
  };
}
