import type { ConnectToRule } from "./connect-to.js";

/** Size and time limits applied to every outbound request. */
export interface EgressCaps {
  /** TCP connect timeout. */
  connectTimeoutMs: number;
  /** Longest silence while waiting for a TLS handshake, response headers or the next body bytes. */
  readTimeoutMs: number;
  /** Whole request, all redirect hops included. */
  totalTimeoutMs: number;
  /** Largest response body kept, after content decoding. */
  maxBodyBytes: number;
  maxRedirects: number;
  /** Ports any public address may be reached on; allowlisted ranges may use any port. */
  allowedPorts: number[];
  /** Per-try DNS timeout. */
  dnsTimeoutMs: number;
  /** DNS tries per server. */
  dnsTries: number;
}

export const DEFAULT_CAPS: Readonly<EgressCaps> = Object.freeze({
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  totalTimeoutMs: 20_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 10,
  allowedPorts: [80, 443, 8080, 8443],
  dnsTimeoutMs: 2_000,
  dnsTries: 2,
});

export const DEFAULT_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface EgressOptions extends Partial<EgressCaps> {
  /** DNS servers as `ip:port` (`[v6]:port`); absent or empty: the system's DNS servers. */
  dnsServers?: string[];
  /** The only door through the SSRF policy: CIDRs (or single addresses) that may be reached. */
  allowCidrs?: string[];
  /** `host:port=ip:port` rules, parsed or as text. */
  connectTo?: ConnectToRule[] | string;
  /** PEM certificates trusted in addition to Node's bundled roots. */
  extraCaPem?: string;
  userAgent?: string;
  /** Fetch the RDAP bootstrap from here (through the gate) instead of using the shipped files. */
  rdapBootstrapUrl?: string;
  /** "strip" (default): credentials in a URL are dropped and never sent; "refuse": blocked_userinfo. */
  userinfo?: "strip" | "refuse";
  /** Clock for certificate date checks. */
  now?: () => Date;
}
