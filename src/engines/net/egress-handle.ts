import { type EgressGate, type EgressOptions, openEgressGate } from "../egress/index.js";
import { type DnsProfile, lookupDnsRecords } from "./dns-records.js";
import { type FetchOptions, type FetchResult, fetchUrl } from "./http-fetch.js";
import { createRdapClient, type RdapClient } from "./rdap.js";
import { probeTls, type TlsProbeOptions, type TlsProbeResult } from "./tls-probe.js";

/**
 * The one way DomainLens reaches the internet, as every engine receives it: the egress gate (policy,
 * resolver, caps, browser proxy) plus the clients that connect through it.
 */
export interface Egress extends EgressGate {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** `host` is a name or IP literal; the port defaults to 443. */
  probeTls(host: string, options?: TlsProbeOptions): Promise<TlsProbeResult>;
  readonly rdap: RdapClient;
  /** A, AAAA, MX, NS, TXT and CNAME for a name. */
  dns(name: string, signal?: AbortSignal): Promise<DnsProfile>;
}

/** Builds the egress handle. Throws only for invalid options (bad CIDR, connect-to rule or CA PEM). */
export function createEgress(options: EgressOptions = {}): Egress {
  const { gate, handle } = openEgressGate(options);
  const rdap = createRdapClient(
    gate,
    options.rdapBootstrapUrl ? { bootstrapUrl: options.rdapBootstrapUrl } : {},
  );
  return {
    ...handle,
    fetch: (url, fetchOptions) => fetchUrl(gate, url, fetchOptions),
    probeTls: (host, probeOptions) => probeTls(gate, host, probeOptions),
    rdap,
    dns: (name, signal) => lookupDnsRecords(gate.resolver, name, signal),
  };
}
