import type { Finding } from "../../findings/types.js";
import type { AsnLookup } from "../../net/asn.js";
import type { TlsFlags } from "../../net/index.js";

/**
 * `ok`: the check got its facts; `failed`: it finished without them (`reason` says why); `not_checked`:
 * not back by the analysis deadline; `skipped`: not run (halted analysis, IP literal, nothing to look up).
 */
export type CheckStatus = "ok" | "failed" | "not_checked" | "skipped";

export type CheckName = "dns" | "rdap" | "tls" | "asn";

interface CheckBase {
  status: CheckStatus;
  /** Stable snake_case code when failed or skipped (`dns_nxdomain`, `connection_refused`, `deadline`…). */
  reason: string | null;
  message: string | null;
  /** How long the check ran; null when it was not run or not back. */
  durationMs: number | null;
}

export interface DnsCheck extends CheckBase {
  existence: "exists" | "nxdomain" | "unknown" | null;
  addresses: Array<{ address: string; family: 4 | 6 }>;
  cname: string | null;
  /** MX and NS of the registrable domain (the zone), not of a sub-host. */
  mx: Array<{ exchange: string; priority: number }>;
  ns: string[];
  parking: { provider: string; nameServers: string[] } | null;
  /** Addresses the egress policy refuses (loopback, private, …), with its explanation. */
  nonPublic: Array<{ address: string; reason: string; detail: string }>;
}

export interface RdapCheck extends CheckBase {
  domain: string | null;
  server: string | null;
  registeredAt: string | null;
  /** Whole days since registration; null when the date is unknown. */
  ageDays: number | null;
  registrar: string | null;
  registrarIanaId: string | null;
  /** Organization of the registrant entity; null when redacted or not published. */
  registrant: string | null;
  expiresAt: string | null;
  daysUntilExpiry: number | null;
  statuses: string[];
}

export interface TlsCheck extends CheckBase {
  host: string | null;
  flags: TlsFlags | null;
  authorizationError: string | null;
  subject: string | null;
  /** The leaf's subject organization (O=), present on OV/EV certificates; null otherwise. */
  subjectOrganization: string | null;
  issuer: string | null;
  issuerOrganization: string | null;
  dnsNames: string[];
  validFrom: string | null;
  validTo: string | null;
  daysSinceIssued: number | null;
  daysUntilExpiry: number | null;
  protocol: string | null;
}

export interface AsnHost {
  address: string;
  asn: number | null;
  org: string | null;
  /** `found`, `not_public`, `not_found`, `invalid` or `unavailable`. */
  status: string;
  detail: string | null;
}

export interface AsnCheck extends CheckBase {
  /** Of the first address (the one a browser would most likely use). */
  asn: number | null;
  org: string | null;
  hosts: AsnHost[];
}

export interface NetworkChecks {
  dns: DnsCheck;
  rdap: RdapCheck;
  tls: TlsCheck;
  asn: AsnCheck;
}

export interface NetworkAnalysis {
  findings: Finding[];
  /** DNS failed (NXDOMAIN, no address, DNS timeout or error): the other checks were skipped. */
  halted: boolean;
  checks: NetworkChecks;
  /** Checks not back by the deadline, in check order. */
  notChecked: CheckName[];
  durationMs: number;
}

export interface NetworkTarget {
  /** The host of the URL (TLS and DNS are checked for it). */
  hostname: string;
  /** Its registrable domain (RDAP and the zone's NS/MX are checked for it). */
  registrableDomain: string;
}

export interface CheckTimeouts {
  dnsMs: number;
  rdapMs: number;
  tlsMs: number;
}

export interface NetworkAnalysisOptions {
  /** Whatever is not back by then is reported as not checked. Default 4500. */
  deadlineMs?: number;
  /** Clock for registration age and expiry. Default: the real clock. */
  now?: Date;
  /** IP-to-ASN lookup. Default: the process-wide table, loaded on first use. */
  asn?: AsnLookup;
  /** Each check's own time limit (also bounded by the deadline). */
  timeouts?: Partial<CheckTimeouts>;
}
