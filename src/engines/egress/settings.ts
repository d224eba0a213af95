import { isIP } from "node:net";
import { parseCidr } from "./address-policy.js";
import { type ConnectToRule, parseConnectTo } from "./connect-to.js";
import { parsePort, splitHostPort } from "./host.js";
import type { EgressCaps } from "./options.js";

/** The raw configuration strings the egress gate understands; unset or empty means the default. */
export interface RawEgressSettings {
  DNS_SERVERS?: string;
  CONNECT_TO?: string;
  EGRESS_ALLOW_CIDRS?: string;
  RDAP_BOOTSTRAP_URL?: string;
  EGRESS_CONNECT_TIMEOUT_MS?: string;
  EGRESS_READ_TIMEOUT_MS?: string;
  EGRESS_TOTAL_TIMEOUT_MS?: string;
  EGRESS_MAX_BODY_BYTES?: string;
  EGRESS_MAX_REDIRECTS?: string;
  EGRESS_ALLOWED_PORTS?: string;
  DNS_TIMEOUT_MS?: string;
  DNS_TRIES?: string;
  EGRESS_USER_AGENT?: string;
}

/** Validated settings, ready to spread into `createEgress` options (plus `extraCaPem` read by the caller). */
export interface EgressSettings extends Partial<EgressCaps> {
  dnsServers?: string[];
  connectTo?: ConnectToRule[];
  allowCidrs?: string[];
  rdapBootstrapUrl?: string;
  userAgent?: string;
}

export class EgressSettingsError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = "EgressSettingsError";
  }
}

function items(text: string): string[] {
  return text.split(/[\s,;]+/).filter((item) => item.length > 0);
}

function dnsServer(item: string): string | null {
  if (isIP(item) === 4) return `${item}:53`;
  if (isIP(item) === 6) return `[${item}]:53`;
  const parts = splitHostPort(item);
  if (!parts) return null;
  const bare = parts.host.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(bare);
  const port = parsePort(parts.port);
  if (family === 0 || port === null) return null;
  if (family === 6 && !parts.host.startsWith("[")) return null;
  return family === 6 ? `[${bare}]:${port}` : `${bare}:${port}`;
}

const INTEGER_CAPS: Array<
  [keyof RawEgressSettings, Exclude<keyof EgressCaps, "allowedPorts">, number, number]
> = [
  ["EGRESS_CONNECT_TIMEOUT_MS", "connectTimeoutMs", 1, 600_000],
  ["EGRESS_READ_TIMEOUT_MS", "readTimeoutMs", 1, 600_000],
  ["EGRESS_TOTAL_TIMEOUT_MS", "totalTimeoutMs", 1, 3_600_000],
  ["EGRESS_MAX_BODY_BYTES", "maxBodyBytes", 1, 1_073_741_824],
  ["EGRESS_MAX_REDIRECTS", "maxRedirects", 0, 50],
  ["DNS_TIMEOUT_MS", "dnsTimeoutMs", 1, 60_000],
  ["DNS_TRIES", "dnsTries", 1, 10],
];

/**
 * Validates the egress configuration strings. Throws EgressSettingsError naming the first bad variable.
 * EXTRA_CA_FILE is not read here: the caller reads the file and passes its text as `extraCaPem`.
 */
export function parseEgressSettings(raw: RawEgressSettings): EgressSettings {
  const value = (key: keyof RawEgressSettings): string | undefined => {
    const text = raw[key]?.trim();
    return text ? text : undefined;
  };
  const settings: EgressSettings = {};

  const dns = value("DNS_SERVERS");
  if (dns) {
    settings.dnsServers = items(dns).map((item) => {
      const server = dnsServer(item);
      if (!server)
        throw new EgressSettingsError("DNS_SERVERS", `"${item}" is not ip, ip:port or [ipv6]:port`);
      return server;
    });
  }

  const connectTo = value("CONNECT_TO");
  if (connectTo) {
    try {
      settings.connectTo = parseConnectTo(connectTo);
    } catch (error) {
      throw new EgressSettingsError("CONNECT_TO", error instanceof Error ? error.message : String(error));
    }
  }

  const cidrs = value("EGRESS_ALLOW_CIDRS");
  if (cidrs) {
    settings.allowCidrs = items(cidrs).map((item) => {
      const parsed = parseCidr(item);
      if (!parsed)
        throw new EgressSettingsError("EGRESS_ALLOW_CIDRS", `"${item}" is not a CIDR or IP address`);
      return parsed.text;
    });
  }

  const bootstrap = value("RDAP_BOOTSTRAP_URL");
  if (bootstrap) {
    let url: URL | null = null;
    try {
      url = new URL(bootstrap);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw new EgressSettingsError("RDAP_BOOTSTRAP_URL", "must be an http:// or https:// URL");
    }
    settings.rdapBootstrapUrl = url.href;
  }

  for (const [variable, key, min, max] of INTEGER_CAPS) {
    const text = value(variable);
    if (text === undefined) continue;
    const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      throw new EgressSettingsError(variable, `must be a whole number from ${min} to ${max}`);
    }
    settings[key] = number;
  }

  const ports = value("EGRESS_ALLOWED_PORTS");
  if (ports) {
    settings.allowedPorts = items(ports).map((item) => {
      const port = parsePort(item);
      if (port === null) throw new EgressSettingsError("EGRESS_ALLOWED_PORTS", `"${item}" is not a port`);
      return port;
    });
  }

  const userAgent = value("EGRESS_USER_AGENT");
  if (userAgent) {
    if (/[\r\n]/.test(userAgent)) throw new EgressSettingsError("EGRESS_USER_AGENT", "must be one line");
    settings.userAgent = userAgent;
  }
  return settings;
}
