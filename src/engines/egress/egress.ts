import { type DnsProfile, lookupDnsRecords } from "../net/dns-records.js";
import { type FetchOptions, type FetchResult, fetchUrl } from "../net/http-fetch.js";
import { createRdapClient, type RdapClient } from "../net/rdap.js";
import { probeTls, type TlsProbeOptions, type TlsProbeResult } from "../net/tls-probe.js";
import type { AddressVerdict } from "./address-policy.js";
import { createGate, type DialPlan } from "./gate.js";
import type { EgressCaps, EgressOptions } from "./options.js";
import { type EgressProxy, type ProxyOptions, startProxy } from "./proxy.js";
import type { EgressFailure } from "./reasons.js";
import type { EgressResolver } from "./resolver.js";

export interface EgressPolicy {
  /** Judges one IP address (any spelling) against the deny list and the allowlist. */
  checkAddress(address: string): AddressVerdict;
  /**
   * Everything a fetch would check before connecting — scheme, credentials, host, DNS, every resolved
   * address, port, connect-to target — without connecting.
   */
  checkUrl(
    url: string,
    signal?: AbortSignal,
  ): Promise<({ ok: true; url: string } & DialPlan) | (EgressFailure & { url: string })>;
  readonly allowCidrs: readonly string[];
  readonly allowedPorts: readonly number[];
}

/** The one way DomainLens reaches the internet. */
export interface Egress {
  readonly resolver: EgressResolver;
  readonly policy: EgressPolicy;
  readonly caps: Readonly<EgressCaps>;
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** `host` is a name or IP literal; the port defaults to 443. */
  probeTls(host: string, options?: TlsProbeOptions): Promise<TlsProbeResult>;
  readonly rdap: RdapClient;
  /** A, AAAA, MX, NS, TXT and CNAME for a name. */
  dns(name: string, signal?: AbortSignal): Promise<DnsProfile>;
  /** Starts a forward proxy on 127.0.0.1 for the browser; `close()` of the egress closes it too. */
  startProxy(options?: ProxyOptions): Promise<EgressProxy>;
  close(): Promise<void>;
}

/** Builds the egress gate. Throws only for invalid options (bad CIDR, connect-to rule or CA PEM). */
export function createEgress(options: EgressOptions = {}): Egress {
  const gate = createGate(options);
  const rdap = createRdapClient(
    gate,
    options.rdapBootstrapUrl ? { bootstrapUrl: options.rdapBootstrapUrl } : {},
  );
  const proxies = new Set<EgressProxy>();

  const policy: EgressPolicy = {
    checkAddress: (address) => gate.policy.check(address),
    async checkUrl(url, signal) {
      const planned = await gate.planUrl(url, signal);
      if (!("url" in planned)) return { ...planned, url };
      const href = planned.url.href;
      return planned.plan.ok ? { ...planned.plan, url: href } : { ...planned.plan, url: href };
    },
    allowCidrs: gate.policy.allowCidrs,
    allowedPorts: gate.caps.allowedPorts,
  };

  return {
    resolver: gate.resolver,
    policy,
    caps: gate.caps,
    fetch: (url, fetchOptions) => fetchUrl(gate, url, fetchOptions),
    probeTls: (host, probeOptions) => probeTls(gate, host, probeOptions),
    rdap,
    dns: (name, signal) => lookupDnsRecords(gate.resolver, name, signal),
    async startProxy(proxyOptions) {
      const proxy = await startProxy(gate, proxyOptions);
      proxies.add(proxy);
      return {
        url: proxy.url,
        port: proxy.port,
        close: () => {
          proxies.delete(proxy);
          return proxy.close();
        },
      };
    },
    async close() {
      await Promise.all([...proxies].map((proxy) => proxy.close()));
      proxies.clear();
      gate.close();
    },
  };
}
