import { issuerName, RECENT_CERTIFICATE_DAYS } from "./tls-check.js";
import type { NetworkAnalysis, TlsCheck } from "./types.js";

/**
 * Registered at least this many days ago: an established domain. Phishing domains are used within days or
 * weeks of registration and rarely renewed (a throwaway is registered for one year); two years means the
 * registrant renewed it at least once. (An aged domain bought on the aftermarket keeps its date: that is
 * why the certificate must not be brand new either.)
 */
export const ESTABLISHED_REGISTRATION_DAYS = 730;

/**
 * A certificate issued at least this many days ago is not "fresh": below it DR-NET-025 reports it as
 * recently issued, the mark of a host set up (or taken over) for a campaign. Older than that, a certificate's
 * age says little more: automated certificates are renewed every 60–90 days on legitimate sites too.
 */
export const SETTLED_CERTIFICATE_DAYS = RECENT_CERTIFICATE_DAYS;

/** What the network agent found about who has been running the host, and since when. */
export interface HostStanding {
  /** Whole days since the registrable domain was registered (RDAP); null when unknown. */
  registeredDays: number | null;
  registeredAt: string | null;
  registrar: string | null;
  /** A trusted, current certificate for the host (no TLS finding against it); null when none was seen. */
  certificate: { issuer: string; validFrom: string | null; daysSinceIssued: number | null } | null;
  /** Registered ≥ ESTABLISHED_REGISTRATION_DAYS ago. */
  established: boolean;
  /** The valid certificate was issued ≥ SETTLED_CERTIFICATE_DAYS ago. */
  settledCertificate: boolean;
}

/** The check saw a certificate that a browser accepts for this host today. */
export function validCertificate(check: TlsCheck): boolean {
  const flags = check.flags;
  if (check.status !== "ok" || !flags) return false;
  return !(
    flags.expired ||
    flags.notYetValid ||
    flags.selfSigned ||
    flags.untrusted ||
    flags.hostnameMismatch
  );
}

/** Registration age and certificate history of a completed network analysis (null when it halted). */
export function hostStanding(network: NetworkAnalysis): HostStanding | null {
  if (network.halted) return null;
  const { rdap, tls } = network.checks;
  const registeredDays = rdap.status === "ok" ? rdap.ageDays : null;
  const valid = validCertificate(tls);
  const days = tls.daysSinceIssued;
  return {
    registeredDays,
    registeredAt: registeredDays === null ? null : rdap.registeredAt,
    registrar: rdap.registrar,
    certificate: valid ? { issuer: issuerName(tls), validFrom: tls.validFrom, daysSinceIssued: days } : null,
    established: registeredDays !== null && registeredDays >= ESTABLISHED_REGISTRATION_DAYS,
    settledCertificate: valid && days !== null && days >= SETTLED_CERTIFICATE_DAYS,
  };
}
