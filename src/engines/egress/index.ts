// The egress gate: the one way out to the internet. The handle engines receive, with the clients that
// connect through the gate (fetch, TLS probe, RDAP, DNS), is `createEgress` of ../net.
export { type AddressBlockReason, type AddressVerdict, canonicalAddress } from "./address-policy.js";
export { ConnectToError, type ConnectToRule, parseConnectTo } from "./connect-to.js";
export { type EgressGate, type EgressPolicy, openEgressGate } from "./egress.js";
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
