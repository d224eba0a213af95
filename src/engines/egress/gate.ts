import { type AddressPolicy, createAddressPolicy } from "./address-policy.js";
import { type ConnectToRule, findConnectTo, parseConnectTo } from "./connect-to.js";
import { type CanonicalHost, fromUrlHostname, hostText, isLocalhostName } from "./host.js";
import { DEFAULT_CAPS, DEFAULT_USER_AGENT, type EgressCaps, type EgressOptions } from "./options.js";
import { type EgressFailure, type EgressReason, egressFailure } from "./reasons.js";
import { createResolver, type DnsFailureKind, type EgressResolver } from "./resolver.js";
import { type OpenSocketResult, openSocket } from "./socket.js";
import { createTrustStore, type TrustStore } from "./trust.js";

/** Where a request to host:port will connect, after DNS, the policy and the connect-to map. */
export interface DialPlan {
  host: CanonicalHost;
  port: number;
  /** The address DNS gave (or the IP literal) that passed the policy. */
  resolvedAddress: string;
  /** The address actually connected to: `resolvedAddress`, or the connect-to target. */
  address: string;
  connectPort: number;
  /** TLS server name: the original host name; absent for IP-literal hosts. */
  servername?: string;
  /** The connect-to rule applied, as written. */
  connectTo: string | null;
  dnsMs: number;
}

export type PlanResult = ({ ok: true } & DialPlan) | EgressFailure;

export interface UrlPlan {
  url: URL;
  plan: PlanResult;
}

export interface Gate {
  readonly resolver: EgressResolver;
  readonly policy: AddressPolicy;
  readonly caps: Readonly<EgressCaps>;
  readonly trust: TrustStore;
  readonly connectTo: readonly ConnectToRule[];
  readonly userAgent: string;
  readonly now: () => Date;
  /** Scheme, userinfo and host checks on a URL, then `plan`. Returns the URL as it will be requested. */
  planUrl(input: string | URL, signal?: AbortSignal): Promise<UrlPlan | EgressFailure>;
  /** Resolves once, checks every address and the port, applies connect-to, checks the target again. */
  plan(host: CanonicalHost, port: number, signal?: AbortSignal): Promise<PlanResult>;
  open(
    plan: DialPlan,
    options: { tls?: { rejectUnauthorized: boolean; alpnProtocols?: string[] }; signal?: AbortSignal },
  ): Promise<OpenSocketResult>;
  close(): void;
}

const DNS_REASON: Record<DnsFailureKind, EgressReason> = {
  nxdomain: "dns_nxdomain",
  no_data: "dns_no_data",
  timeout: "dns_timeout",
  error: "dns_error",
};

export function resolveCaps(options: EgressOptions): EgressCaps {
  return {
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CAPS.connectTimeoutMs,
    readTimeoutMs: options.readTimeoutMs ?? DEFAULT_CAPS.readTimeoutMs,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_CAPS.totalTimeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_CAPS.maxBodyBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_CAPS.maxRedirects,
    allowedPorts: [...(options.allowedPorts ?? DEFAULT_CAPS.allowedPorts)],
    dnsTimeoutMs: options.dnsTimeoutMs ?? DEFAULT_CAPS.dnsTimeoutMs,
    dnsTries: options.dnsTries ?? DEFAULT_CAPS.dnsTries,
  };
}

/** The checked path out: every connection the product makes is planned and opened here. */
export function createGate(options: EgressOptions): Gate {
  const caps = resolveCaps(options);
  const policy = createAddressPolicy(options.allowCidrs ?? []);
  const connectTo =
    typeof options.connectTo === "string"
      ? parseConnectTo(options.connectTo)
      : [...(options.connectTo ?? [])];
  const trust = createTrustStore(options.extraCaPem);
  const resolver = createResolver({
    servers: options.dnsServers ?? [],
    timeoutMs: caps.dnsTimeoutMs,
    tries: caps.dnsTries,
  });
  const ports = new Set(caps.allowedPorts);
  const userinfo = options.userinfo ?? "strip";

  const portAllowed = (port: number, address: string): boolean =>
    ports.has(port) || policy.isAllowlisted(address);

  const plan = async (host: CanonicalHost, port: number, signal?: AbortSignal): Promise<PlanResult> => {
    const where = `${hostText(host)}:${port}`;
    if (!ports.has(port) && policy.allowCidrs.length === 0) {
      return egressFailure("blocked_port", `port ${port} is not allowed (${where})`);
    }
    const started = performance.now();
    let resolvedAddress: string;
    if (host.kind === "ip") {
      const verdict = policy.check(host.address);
      if (!verdict.allowed) return egressFailure(verdict.reason, verdict.detail);
      resolvedAddress = verdict.address;
    } else {
      if (isLocalhostName(host.name)) {
        return egressFailure("blocked_loopback", `${host.name} is reserved for the local machine`);
      }
      const answer = await resolver.resolveAddresses(host.name, signal);
      if (!answer.ok) return egressFailure(DNS_REASON[answer.kind], answer.message);
      const checked = answer.addresses.map((a) => policy.check(a.address));
      for (const verdict of checked) {
        if (!verdict.allowed)
          return egressFailure(verdict.reason, `${host.name} resolves to ${verdict.detail}`);
      }
      const chosen = checked.find((v) => v.allowed && v.family === 4) ?? checked[0];
      if (!chosen) return egressFailure("dns_no_data", `${host.name} has no A or AAAA records`);
      resolvedAddress = chosen.address;
    }
    const dnsMs = performance.now() - started;
    if (!portAllowed(port, resolvedAddress)) {
      return egressFailure("blocked_port", `port ${port} is not allowed (${where})`);
    }
    const servername = host.kind === "name" ? host.name : undefined;
    const rule = findConnectTo(connectTo, host, port, resolvedAddress);
    if (!rule) {
      return {
        ok: true,
        host,
        port,
        resolvedAddress,
        address: resolvedAddress,
        connectPort: port,
        servername,
        connectTo: null,
        dnsMs,
      };
    }
    const target = policy.check(rule.address);
    if (!target.allowed) {
      return egressFailure(target.reason, `connect-to rule ${rule.text} points at ${target.detail}`);
    }
    if (!portAllowed(rule.targetPort, target.address)) {
      return egressFailure(
        "blocked_port",
        `connect-to rule ${rule.text} points at a port that is not allowed`,
      );
    }
    return {
      ok: true,
      host,
      port,
      resolvedAddress,
      address: target.address,
      connectPort: rule.targetPort,
      servername,
      connectTo: rule.text,
      dnsMs,
    };
  };

  return {
    resolver,
    policy,
    caps,
    trust,
    connectTo,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    now: options.now ?? (() => new Date()),
    plan,
    async planUrl(input, signal) {
      let url: URL;
      try {
        url = typeof input === "string" ? new URL(input.trim()) : new URL(input.href);
      } catch {
        return egressFailure("invalid_url", `${String(input).slice(0, 200)} is not a valid URL`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        return egressFailure("blocked_scheme", `${url.protocol} URLs are not fetched`);
      }
      if (url.username !== "" || url.password !== "") {
        if (userinfo === "refuse")
          return egressFailure("blocked_userinfo", `${url.host} was given with credentials`);
        url.username = "";
        url.password = "";
      }
      url.hash = "";
      const host = fromUrlHostname(url.hostname);
      if (!host) return egressFailure("invalid_url", `${url.hostname} is not a valid host`);
      const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
      return { url, plan: await plan(host, port, signal) };
    },
    open(dial, openOptions) {
      return openSocket(
        {
          address: dial.address,
          port: dial.connectPort,
          ...(dial.servername ? { servername: dial.servername } : {}),
        },
        {
          connectTimeoutMs: caps.connectTimeoutMs,
          handshakeTimeoutMs: caps.readTimeoutMs,
          ...(openOptions.signal ? { signal: openOptions.signal } : {}),
          ...(openOptions.tls
            ? {
                tls: {
                  secureContext: trust.secureContext(),
                  rejectUnauthorized: openOptions.tls.rejectUnauthorized,
                  ...(openOptions.tls.alpnProtocols ? { alpnProtocols: openOptions.tls.alpnProtocols } : {}),
                },
              }
            : {}),
        },
      );
    },
    close() {
      resolver.close();
    },
  };
}
