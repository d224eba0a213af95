// Network clients on top of the egress gate (../egress): `createEgress` builds the handle every engine
// receives, and everything that connects is reached through it; the pure parsers here also work on saved
// captures, without a network.
export { type DnsProfile, type DnsRecordSet, lookupDnsRecords } from "./dns-records.js";
export { createEgress, type Egress } from "./egress-handle.js";
export type { FetchFailure, FetchHop, FetchOptions, FetchResult, FetchSuccess } from "./http-fetch.js";
export type { RdapClient, RdapErrorReason, RdapResult } from "./rdap.js";
export { parseIanaBootstrap, type RdapBootstrap } from "./rdap-bootstrap.js";
export { parseRdapDomain, type RdapDomain } from "./rdap-parse.js";
export { type CertificateSummary, isSelfSigned, summarizeCertificate } from "./tls-certs.js";
export type { TlsFlags, TlsProbeOptions, TlsProbeResult, TlsProbeSuccess } from "./tls-probe.js";
