import { makeFinding } from "../../../findings/catalog.js";
import { scanCodeOf } from "../../../findings/catalog-scan-net.js";
import { AGENTS, type Finding } from "../../../findings/types.js";
import { asnFindings, dnsFindings, rdapFindings, tlsFindings } from "../../../risk/network/index.js";
import type { NetworkChecks } from "../../../risk/network/types.js";
import type { StaticOk } from "../context.js";

/**
 * The risk engine's findings inside a scan report: `DR-NET-0NN` becomes `NET-1NN` and `DR-DOM-0NN`
 * becomes `NET-2NN` (catalog-scan-net.ts), reported by the scan's network agent.
 */
export function asScanFinding(finding: Finding): Finding | null {
  const code = scanCodeOf(finding.finding_id);
  if (!code) return null;
  return { ...finding, finding_id: code, source_agent: AGENTS.network };
}

function recode(findings: Finding[]): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const mapped = asScanFinding(f);
    if (mapped) out.push(mapped);
  }
  return out;
}

/** DNS, registration, TLS and hosting findings of the final host from the capture's network checks. */
export function checkFindings(checks: NetworkChecks, hostname: string, registrableDomain: string): Finding[] {
  const findings = [
    ...dnsFindings(checks.dns, { hostname, registrableDomain }),
    ...rdapFindings(checks.rdap),
    ...tlsFindings(checks.tls, hostname),
    ...asnFindings(checks.asn),
  ];
  const late = (["dns", "rdap", "tls", "asn"] as const).filter(
    (name) => checks[name].status === "not_checked",
  );
  const out = recode(findings);
  if (late.length > 0)
    out.push(
      makeFinding(
        "NET-190",
        `Not back before the capture's deadline: ${late.join(", ")}. The verdict is based on the other checks.`,
      ),
    );
  return out;
}

/** The static agent's findings on a URL, as scan findings. */
export function urlFindings(analysis: StaticOk): Finding[] {
  return recode(analysis.findings);
}
