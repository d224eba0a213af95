import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { Egress } from "../../net/index.js";
import type { RdapCheck } from "./types.js";

const DAY_MS = 86_400_000;
/** Registered this many days ago or less: newly registered. */
export const NEW_DOMAIN_DAYS = 30;
/** Expiring within this many days: expires soon. */
export const EXPIRY_SOON_DAYS = 30;

export function emptyRdapCheck(
  status: RdapCheck["status"],
  reason: string | null,
  message: string | null,
  domain: string | null = null,
): RdapCheck {
  return {
    status,
    reason,
    message,
    durationMs: null,
    domain,
    server: null,
    registeredAt: null,
    ageDays: null,
    registrar: null,
    registrarIanaId: null,
    registrant: null,
    expiresAt: null,
    daysUntilExpiry: null,
    statuses: [],
  };
}

function daysBetween(from: number, to: number): number {
  return Math.floor((to - from) / DAY_MS);
}

/** Registration facts of the registrable domain from RDAP. Never guesses a missing date. */
export async function checkRdap(
  egress: Egress,
  domain: string,
  now: Date,
  signal: AbortSignal,
): Promise<RdapCheck> {
  const result = await egress.rdap.lookupDomain(domain, { signal });
  switch (result.status) {
    case "no_rdap":
      return emptyRdapCheck("failed", "rdap_unavailable", `.${result.tld} has no RDAP service`, domain);
    case "not_found":
      return {
        ...emptyRdapCheck("failed", "rdap_not_found", `${result.server} has no record of ${domain}`, domain),
        server: result.server,
      };
    case "error":
      return emptyRdapCheck("failed", result.reason, result.message, domain);
    default:
      break;
  }
  const record = result.domain;
  const registered = record.registeredAt ? Date.parse(record.registeredAt) : Number.NaN;
  const expires = record.expiresAt ? Date.parse(record.expiresAt) : Number.NaN;
  const facts: RdapCheck = {
    ...emptyRdapCheck("ok", null, null, domain),
    server: result.server,
    registeredAt: record.registeredAt,
    registrar: record.registrar?.name ?? null,
    registrarIanaId: record.registrar?.ianaId ?? null,
    registrant: record.registrantOrganization,
    expiresAt: record.expiresAt,
    daysUntilExpiry: Number.isNaN(expires) ? null : daysBetween(now.getTime(), expires),
    statuses: record.statuses,
  };
  if (Number.isNaN(registered))
    return {
      ...facts,
      status: "failed",
      reason: "rdap_no_registration_date",
      message: "RDAP gives no registration date",
    };
  const age = daysBetween(registered, now.getTime());
  // A date a little ahead of our clock is clock skew; further ahead it is not a date to reason from.
  if (registered - now.getTime() > DAY_MS)
    return {
      ...facts,
      status: "failed",
      reason: "rdap_registration_date_in_future",
      message: `RDAP dates the registration in the future (${record.registeredAt})`,
    };
  return { ...facts, ageDays: Math.max(0, age) };
}

/** "3 days", "5 months", "12 years". */
export function ageText(days: number): string {
  if (days < 60) return `${days} day${days === 1 ? "" : "s"}`;
  if (days < 730) return `${Math.round(days / 30.44)} months`;
  return `${Math.floor(days / 365.25)} years`;
}

function dateOnly(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "an unknown date";
}

const UNKNOWN_WHY: Record<string, string> = {
  rdap_unavailable: "the domain's TLD has no RDAP service",
  rdap_not_found: "the registry has no record of the domain",
  rdap_no_registration_date: "the registry's record gives no registration date",
  rdap_registration_date_in_future: "the registry's registration date lies in the future",
  rdap_rate_limited: "the registry is rate-limiting lookups",
  deadline: "the registry did not answer within the analysis deadline",
};

export function rdapFindings(check: RdapCheck): Finding[] {
  if (check.status === "skipped") return [];
  const domain = check.domain ?? "the domain";
  if (check.status !== "ok" || check.ageDays === null) {
    const why =
      UNKNOWN_WHY[check.reason ?? ""] ?? `the RDAP lookup failed (${check.message ?? check.reason})`;
    return [
      makeFinding("DR-NET-012", `The registration date of ${domain} is unknown: ${why}. No age is assumed.`),
    ];
  }
  const registrar = check.registrar ? ` (registrar: ${check.registrar})` : " (registrar not published)";
  const ago = check.ageDays === 0 ? "today" : `${ageText(check.ageDays)} ago`;
  const findings: Finding[] = [];
  if (check.ageDays <= NEW_DOMAIN_DAYS) {
    findings.push(
      makeFinding(
        "DR-NET-010",
        `The registry (RDAP) dates the registration of ${domain} to ${dateOnly(check.registeredAt)}, ${ago}${registrar}. Domains this young are typical of phishing and scam campaigns.`,
        { description: `Domain registered ${ago}` },
      ),
    );
  } else {
    findings.push(
      makeFinding(
        "DR-NET-011",
        `${domain} was registered on ${dateOnly(check.registeredAt)}, ${ago}${registrar}.`,
        { description: `Domain registered ${ago}` },
      ),
    );
  }
  if (check.daysUntilExpiry !== null && check.daysUntilExpiry <= EXPIRY_SOON_DAYS) {
    const when =
      check.daysUntilExpiry < 0
        ? `expired ${ageText(-check.daysUntilExpiry)} ago`
        : check.daysUntilExpiry === 0
          ? "expires today"
          : `expires in ${ageText(check.daysUntilExpiry)}`;
    findings.push(
      makeFinding("DR-NET-013", `The registration of ${domain} ${when} (${dateOnly(check.expiresAt)}).`),
    );
  }
  return findings;
}
