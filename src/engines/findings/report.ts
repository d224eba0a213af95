import { AGENTS, type AgentName, type Finding, SEVERITY_RANK } from "./types.js";

/**
 * Agents in report order, after severity: the scan itself (why an analysis stopped or what limited it),
 * then the name, the network, what the page looks like and what it says.
 */
const AGENT_ORDER: readonly AgentName[] = [
  AGENTS.system,
  AGENTS.static,
  AGENTS.network,
  AGENTS.vision,
  AGENTS.content,
];

function agentRank(agent: AgentName): number {
  const at = AGENT_ORDER.indexOf(agent);
  return at < 0 ? AGENT_ORDER.length : at;
}

/**
 * The subject of a finding: its code and its description. A code reported about several things says
 * which in its description (one lure-keyword category, one brand: "Page presents itself as PayPal…");
 * otherwise the description is the code's title and the code has one subject per report.
 */
function subjectKey(finding: Finding): string {
  return `${finding.finding_id}\u0000${finding.description}`;
}

/**
 * The findings of a report as people read them (docs/api.md, "Findings in a report"): one finding
 * per code and subject, then ordered by severity (Critical first) and, within a severity, by agent
 * (system, static, network, vision, content), keeping the agents' own order otherwise.
 *
 * Findings with the same code and subject become one: the most severe leads (its severity, description
 * and category; the first of equals), and the details of the others that say something else follow
 * its own, so no evidence is lost. Pure; the input is not changed.
 */
export function reportFindings(findings: readonly Finding[]): Finding[] {
  const merged = new Map<string, { finding: Finding; details: string[]; at: number }>();
  findings.forEach((finding, at) => {
    const key = subjectKey(finding);
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { finding, details: [finding.details], at });
      return;
    }
    if (SEVERITY_RANK[finding.severity] > SEVERITY_RANK[seen.finding.severity]) {
      seen.finding = finding;
      seen.details = [finding.details, ...seen.details.filter((d) => d !== finding.details)];
    } else if (!seen.details.includes(finding.details)) {
      seen.details.push(finding.details);
    }
  });
  return [...merged.values()]
    .sort(
      (a, b) =>
        SEVERITY_RANK[b.finding.severity] - SEVERITY_RANK[a.finding.severity] ||
        agentRank(a.finding.source_agent) - agentRank(b.finding.source_agent) ||
        a.at - b.at,
    )
    .map(({ finding, details }) =>
      details.length === 1 ? finding : { ...finding, details: details.filter((d) => d !== "").join(" ") },
    );
}
