import type { AddressVerdict } from "./address-policy.js";
import { createGate, type DialPlan, type Gate } from "./gate.js";
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

/**
 * The gate's half of the egress handle: policy, resolver, caps and the browser's forward proxy. The
 * clients that speak protocols through the gate (HTTP fetch, TLS probe, RDAP, DNS profile) live in
 * `engines/net`, whose `createEgress` joins them to this half into the one handle engines receive.
 */
export interface EgressGate {
  readonly resolver: EgressResolver;
  readonly policy: EgressPolicy;
  readonly caps: Readonly<EgressCaps>;
  /** Starts a forward proxy on 127.0.0.1 for the browser; `close()` closes it too. */
  startProxy(options?: ProxyOptions): Promise<EgressProxy>;
  close(): Promise<void>;
}

/**
 * Opens the egress gate: `gate` is what net's clients dial through, `handle` what engines see of it.
 * Throws only for invalid options (bad CIDR, connect-to rule or CA PEM).
 */
export function openEgressGate(options: EgressOptions = {}): { gate: Gate; handle: EgressGate } {
  const gate = createGate(options);
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

  const handle: EgressGate = {
    resolver: gate.resolver,
    policy,
    caps: gate.caps,
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
  return { gate, handle };
}
