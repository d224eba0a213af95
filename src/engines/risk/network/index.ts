// The network-analysis agent of domain risk (v1): DNS, registration (RDAP), TLS and hosting network.
export { analyzeNetwork, DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUTS } from "./analyze.js";
export { asnFindings, checkAsn } from "./asn-check.js";
export { dnsFindings } from "./dns-check.js";
export { matchParking, type ParkingList, parseParkingList, shippedParkingList } from "./parking.js";
export { ageText, EXPIRY_SOON_DAYS, NEW_DOMAIN_DAYS, rdapFindings } from "./rdap-check.js";
export {
  ESTABLISHED_REGISTRATION_DAYS,
  type HostStanding,
  hostStanding,
  SETTLED_CERTIFICATE_DAYS,
  validCertificate,
} from "./standing.js";
export { issuerName, RECENT_CERTIFICATE_DAYS, tlsCheckFromProbe, tlsFindings } from "./tls-check.js";
export type {
  AsnCheck,
  AsnHost,
  CheckName,
  CheckStatus,
  CheckTimeouts,
  DnsCheck,
  NetworkAnalysis,
  NetworkAnalysisOptions,
  NetworkChecks,
  NetworkTarget,
  RdapCheck,
  TlsCheck,
} from "./types.js";
