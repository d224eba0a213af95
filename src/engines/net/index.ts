// Network analysis on top of the egress gate. Everything that connects is reached through `createEgress`
// (src/engines/egress); the pure parsers here also work on saved captures, without a network.
export { type DnsProfile, type DnsRecordSet, lookupDnsRecords } from "./dns-records.js";
export type { FetchFailure, FetchHop, FetchOptions, FetchResult, FetchSuccess } from "./http-fetch.js";
export type { RdapClient, RdapErrorReason, RdapResult } from "./rdap.js";
export { parseIanaBootstrap, type RdapBootstrap } from "./rdap-bootstrap.js";
export { parseRdapDomain, type RdapDomain } from "./rdap-parse.js";
export { type CertificateSummary, isSelfSigned, summarizeCertificate } from "./tls-certs.js";
export type { TlsFlags, TlsProbeOptions, TlsProbeResult, TlsProbeSuccess } from "./tls-probe.js";
