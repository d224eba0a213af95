import { EGRESS_REASONS, isPolicyReason } from "../../egress/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { Egress, TlsProbeResult } from "../../net/index.js";
import type { TlsCheck } from "./types.js";

/** A leaf certificate younger than this many days is "recently issued". */
export const RECENT_CERTIFICATE_DAYS = 7;

export function emptyTlsCheck(
  status: TlsCheck["status"],
  reason: string | null,
  message: string | null,
  host: string | null = null,
): TlsCheck {
  return {
    status,
    reason,
    message,
    durationMs: null,
    host,
    flags: null,
    authorizationError: null,
    subject: null,
    subjectOrganization: null,
    issuer: null,
    issuerOrganization: null,
    dnsNames: [],
    validFrom: null,
    validTo: null,
    daysSinceIssued: null,
    daysUntilExpiry: null,
    protocol: null,
  };
}

/**
 * One attribute of a distinguished name as CertificateSummary prints it ("C=US, O=Example, Inc., CN=…"):
 * attributes are split only where ", " is followed by another `KEY=`, so a comma inside a value stays.
 */
export function distinguishedNameField(dn: string, key: string): string | null {
  for (const part of dn.split(/, (?=[A-Za-z][A-Za-z0-9.]*=)/)) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at) === key) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** Turns a probe result into the check's facts (also usable on a saved probe). */
export function tlsCheckFromProbe(probe: TlsProbeResult): TlsCheck {
  if (!probe.ok) return emptyTlsCheck("failed", probe.reason, probe.detail ?? probe.message, probe.host);
  const leaf = probe.chain[0];
  return {
    ...emptyTlsCheck("ok", null, null, probe.host),
    flags: probe.flags,
    authorizationError: probe.authorizationError,
    subject: leaf?.subject ?? null,
    subjectOrganization: leaf ? distinguishedNameField(leaf.subject, "O") : null,
    issuer: leaf?.issuer ?? null,
    issuerOrganization: leaf?.issuerOrganization ?? null,
    dnsNames: leaf?.dnsNames ?? [],
    validFrom: leaf?.validFrom ?? null,
    validTo: leaf?.validTo ?? null,
    daysSinceIssued: probe.daysSinceIssued,
    daysUntilExpiry: probe.daysUntilExpiry,
    protocol: probe.protocol,
  };
}

/** TLS handshake on port 443 of the host, through the gate, accepting any certificate to inspect it. */
export async function checkTls(
  egress: Egress,
  host: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<TlsCheck> {
  const probe = await egress.probeTls(host, {
    totalTimeoutMs: timeoutMs,
    recentlyIssuedDays: RECENT_CERTIFICATE_DAYS,
    signal,
  });
  return tlsCheckFromProbe(probe);
}

/** The issuer's organization, else its common name, else the whole distinguished name. */
export function issuerName(check: TlsCheck): string {
  const cn = /(?:^|, )CN=([^,]+)/.exec(check.issuer ?? "")?.[1];
  return check.issuerOrganization ?? cn ?? check.issuer ?? "an unnamed issuer";
}

function date(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "an unknown date";
}

function noAnswer(check: TlsCheck, host: string): string {
  const detail = check.message ? ` (${check.message})` : "";
  switch (check.reason) {
    case "connection_refused":
      return `${host} refused connections on port 443${detail}: the site offers no HTTPS.`;
    case "timeout_connect":
    case "host_unreachable":
      return `Nothing answered on port 443 of ${host}${detail}.`;
    case "timeout_read":
    case "timeout_total":
      return `The server for ${host} did not complete a TLS handshake in time${detail}.`;
    case "no_tls":
      return `The server on port 443 of ${host} does not speak TLS${detail}.`;
    case "connection_reset":
      return `The server for ${host} reset the connection before a TLS handshake${detail}.`;
    case "tls_error":
      return `The TLS handshake with ${host} failed${detail}.`;
    default:
      return `No HTTPS connection to ${host} could be made${detail}.`;
  }
}

/** Findings of the TLS check. Refusals by the address policy and DNS errors are the DNS check's to report. */
export function tlsFindings(check: TlsCheck, host: string): Finding[] {
  if (check.status === "failed") {
    const reason = check.reason ?? "";
    const refused = reason in EGRESS_REASONS && isPolicyReason(reason as keyof typeof EGRESS_REASONS);
    if (refused || reason.startsWith("dns_")) return [];
    return [makeFinding("DR-NET-026", noAnswer(check, host))];
  }
  if (check.status !== "ok" || !check.flags) return [];
  const { flags } = check;
  const issuer = issuerName(check);
  const findings: Finding[] = [];
  if (flags.expired)
    findings.push(
      makeFinding(
        "DR-NET-020",
        `The certificate for ${host} from ${issuer} expired on ${date(check.validTo)}.`,
      ),
    );
  if (flags.notYetValid)
    findings.push(
      makeFinding(
        "DR-NET-021",
        `The certificate for ${host} from ${issuer} is valid only from ${date(check.validFrom)}.`,
      ),
    );
  if (flags.selfSigned)
    findings.push(
      makeFinding(
        "DR-NET-022",
        `${host} presents a certificate signed by its own key (subject ${check.subject ?? "unnamed"}); no certificate authority vouches for it.`,
      ),
    );
  else if (flags.untrusted)
    findings.push(
      makeFinding(
        "DR-NET-023",
        `The certificate chain of ${host} (issuer ${check.issuer ?? "unknown"}) does not lead to a trusted root${check.authorizationError ? ` (${check.authorizationError})` : ""}.`,
      ),
    );
  if (flags.hostnameMismatch) {
    const names = check.dnsNames.length > 0 ? check.dnsNames.slice(0, 5).join(", ") : "no DNS names";
    findings.push(
      makeFinding("DR-NET-024", `The certificate presented for ${host} covers ${names}, not ${host}.`),
    );
  }
  if (flags.recentlyIssued && check.daysSinceIssued !== null)
    findings.push(
      makeFinding(
        "DR-NET-025",
        `The certificate for ${host} from ${issuer} was issued ${check.daysSinceIssued === 0 ? "today" : `${check.daysSinceIssued} day${check.daysSinceIssued === 1 ? "" : "s"} ago`} (${date(check.validFrom)}).`,
      ),
    );
  const problem =
    flags.expired || flags.notYetValid || flags.selfSigned || flags.untrusted || flags.hostnameMismatch;
  if (!problem)
    findings.push(
      makeFinding(
        "DR-NET-027",
        `${host} presents a trusted certificate from ${issuer}, valid from ${date(check.validFrom)} to ${date(check.validTo)}${check.protocol ? ` (${check.protocol})` : ""}.`,
        { description: `Valid TLS certificate from ${issuer}` },
      ),
    );
  return findings;
}
