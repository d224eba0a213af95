export type { DnsProfile, DnsRecordSet } from "../net/dns-records.js";
export type { FetchFailure, FetchHop, FetchOptions, FetchResult, FetchSuccess } from "../net/http-fetch.js";
export type { RdapClient, RdapErrorReason, RdapResult } from "../net/rdap.js";
export type { RdapDomain } from "../net/rdap-parse.js";
export type { CertificateSummary } from "../net/tls-certs.js";
export type { TlsFlags, TlsProbeOptions, TlsProbeResult, TlsProbeSuccess } from "../net/tls-probe.js";
export { type AddressBlockReason, type AddressVerdict, canonicalAddress } from "./address-policy.js";
export { ConnectToError, type ConnectToRule, parseConnectTo } from "./connect-to.js";
export { createEgress, type Egress, type EgressPolicy } from "./egress.js";
export type { DialPlan } from "./gate.js";
export { DEFAULT_CAPS, DEFAULT_USER_AGENT, type EgressCaps, type EgressOptions } from "./options.js";
export { type EgressProxy, type ProxyEvent, type ProxyOptions, REASON_HEADER } from "./proxy.js";
export { EGRESS_REASONS, type EgressFailure, type EgressReason, isPolicyReason } from "./reasons.js";
export type {
  AddressResolution,
  DnsFailureKind,
  DnsRecordMap,
  DnsRecordType,
  DnsResult,
  EgressResolver,
} from "./resolver.js";
export {
  type EgressSettings,
  EgressSettingsError,
  parseEgressSettings,
  type RawEgressSettings,
} from "./settings.js";
