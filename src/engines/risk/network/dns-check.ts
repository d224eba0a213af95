import { isIP } from "node:net";
import type { DnsResult } from "../../egress/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { Egress } from "../../net/index.js";
import { matchParking, type ParkingList } from "./parking.js";
import type { DnsCheck, NetworkTarget } from "./types.js";

export function emptyDnsCheck(
  status: DnsCheck["status"],
  reason: string | null,
  message: string | null,
): DnsCheck {
  return {
    status,
    reason,
    message,
    durationMs: null,
    existence: null,
    addresses: [],
    cname: null,
    mx: [],
    ns: [],
    parking: null,
    nonPublic: [],
  };
}

function records<T>(result: DnsResult<T> | null): T[] {
  return result?.ok ? result.records : [];
}

function judgeAddresses(egress: Egress, addresses: DnsCheck["addresses"]): DnsCheck["nonPublic"] {
  const refused: DnsCheck["nonPublic"] = [];
  for (const { address } of addresses) {
    const verdict = egress.policy.checkAddress(address);
    if (!verdict.allowed) refused.push({ address, reason: verdict.reason, detail: verdict.detail });
  }
  return refused;
}

/**
 * A, AAAA and CNAME of the host, NS and MX of its zone (the registrable domain), through the egress
 * resolver. Fails with `dns_nxdomain`, `dns_no_data` (no address), `dns_timeout` or `dns_error`.
 */
export async function checkDns(
  egress: Egress,
  target: NetworkTarget,
  parking: Promise<ParkingList>,
  signal: AbortSignal,
): Promise<DnsCheck> {
  const { hostname, registrableDomain } = target;
  if (isIP(hostname)) {
    const addresses = [{ address: hostname, family: isIP(hostname) === 6 ? (6 as const) : (4 as const) }];
    return {
      ...emptyDnsCheck("skipped", "ip_literal", `${hostname} is an IP address; there is no name to resolve`),
      addresses,
      nonPublic: judgeAddresses(egress, addresses),
    };
  }
  const zone = registrableDomain && registrableDomain !== hostname ? registrableDomain : null;
  const [profile, zoneNs, zoneMx] = await Promise.all([
    egress.dns(hostname, signal),
    zone ? egress.resolver.query(zone, "NS", signal) : null,
    zone ? egress.resolver.query(zone, "MX", signal) : null,
  ]);
  const { A: a, AAAA: aaaa, CNAME: cname } = profile.records;
  const addresses = [
    ...records(a).map((r) => ({ address: r.address, family: 4 as const })),
    ...records(aaaa).map((r) => ({ address: r.address, family: 6 as const })),
  ];
  const ns = records(zone ? zoneNs : profile.records.NS).map((n) => n.toLowerCase().replace(/\.$/, ""));
  const mx = records(zone ? zoneMx : profile.records.MX).sort((x, y) => x.priority - y.priority);
  const facts: DnsCheck = {
    ...emptyDnsCheck("ok", null, null),
    existence: profile.existence,
    addresses,
    cname: records(cname)[0] ?? null,
    mx,
    ns,
    parking: matchParking(await parking, ns),
    nonPublic: judgeAddresses(egress, addresses),
  };
  if (addresses.length > 0) return facts;
  const failures = [a, aaaa].flatMap((r) => (r.ok ? [] : [r]));
  const broken = failures.find((f) => f.kind === "timeout" || f.kind === "error");
  if (profile.existence === "nxdomain")
    return {
      ...facts,
      status: "failed",
      reason: "dns_nxdomain",
      message: `${hostname} does not exist (NXDOMAIN)`,
    };
  if (broken) return { ...facts, status: "failed", reason: `dns_${broken.kind}`, message: broken.message };
  const via = facts.cname ? ` (CNAME to ${facts.cname})` : "";
  return {
    ...facts,
    status: "failed",
    reason: "dns_no_data",
    message: `${hostname}${via} has no A or AAAA records`,
  };
}

function list(items: readonly string[], limit = 4): string {
  const shown = items.slice(0, limit).join(", ");
  return items.length > limit ? `${shown} and ${items.length - limit} more` : shown;
}

/** Findings of the DNS check; a failed check yields exactly one (the reason the analysis halts). */
export function dnsFindings(check: DnsCheck, target: NetworkTarget): Finding[] {
  const host = target.hostname;
  if (check.status === "failed") {
    switch (check.reason) {
      case "dns_nxdomain":
        return [
          makeFinding(
            "DR-NET-001",
            `DNS answers NXDOMAIN for ${host}: the name does not exist, so there is no site, certificate or hosting to check. The domain is unregistered, expired, suspended or mistyped.`,
          ),
        ];
      case "dns_no_data":
        return [
          makeFinding(
            "DR-NET-002",
            `${check.message ?? `${host} has no A or AAAA records`}: no web server can be reached under this name.`,
          ),
        ];
      default:
        return [
          makeFinding(
            "DR-NET-003",
            `DNS gave no usable answer for ${host} (${check.message ?? check.reason}); the site could not be checked.`,
          ),
        ];
    }
  }
  if (check.status !== "ok" && check.status !== "skipped") return [];
  const findings: Finding[] = [];
  if (check.nonPublic.length > 0) {
    findings.push(
      makeFinding(
        "DR-NET-004",
        `${host} resolves to ${check.nonPublic.map((r) => r.detail.replace(/^\S+ is /, `${r.address}, `)).join("; ")}. A public site does not live there; DomainLens does not connect to it.`,
      ),
    );
  }
  if (check.parking) {
    findings.push(
      makeFinding(
        "DR-NET-005",
        `The name servers of ${target.registrableDomain || host} (${list(check.parking.nameServers)}) belong to ${check.parking.provider}, a domain-parking or for-sale service.`,
        { description: `Domain uses parking name servers (${check.parking.provider})` },
      ),
    );
  }
  if (check.status === "ok") {
    const parts = [`${host} resolves to ${list(check.addresses.map((r) => r.address))}`];
    if (check.cname) parts.push(`via CNAME ${check.cname}`);
    parts.push(check.ns.length > 0 ? `name servers ${list(check.ns)}` : "no NS records found");
    parts.push(
      check.mx.length > 0
        ? `mail exchangers ${list(check.mx.map((m) => m.exchange))}`
        : "no mail exchanger (MX)",
    );
    findings.push(makeFinding("DR-NET-006", `${parts.join("; ")}.`));
  }
  return findings;
}
