import { isIP } from "node:net";
import { canonicalAddress } from "./address-policy.js";
import { type CanonicalHost, canonicalHost, parsePort, splitHostPort } from "./host.js";

/**
 * One `host:port=ip:port` rule, like curl's --connect-to: a request for `host:port` (host may be `*`,
 * port may be `*`) opens its TCP connection to `ip:port` instead, while DNS, the policy check on the
 * resolved address, TLS SNI and the Host header all keep the original name. An IP rule also matches a
 * name that resolved to that IP.
 */
export interface ConnectToRule {
  /** Canonical name or address, or "*" for any host. */
  host: string;
  port: number | "*";
  /** Canonical IP address the connection goes to. */
  address: string;
  targetPort: number;
  /** The rule as written, for messages. */
  text: string;
}

export class ConnectToError extends Error {
  constructor(
    readonly rule: string,
    problem: string,
  ) {
    super(`connect-to rule "${rule}": ${problem}`);
    this.name = "ConnectToError";
  }
}

function parseRule(text: string): ConnectToRule {
  const parts = text.split("=");
  if (parts.length !== 2) throw new ConnectToError(text, "expected host:port=ip:port");
  const [left = "", right = ""] = parts;
  const from = splitHostPort(left);
  if (!from) throw new ConnectToError(text, "the left side must be host:port");
  let host: string;
  if (from.host === "*") host = "*";
  else {
    const parsed = canonicalHost(from.host);
    if (!parsed) throw new ConnectToError(text, `"${from.host}" is not a host name or IP address`);
    host = parsed.kind === "ip" ? parsed.address : parsed.name;
  }
  let port: number | "*";
  if (from.port === "*") port = "*";
  else {
    const parsedPort = parsePort(from.port);
    if (parsedPort === null) throw new ConnectToError(text, `"${from.port}" is not a port`);
    port = parsedPort;
  }
  const to = splitHostPort(right);
  if (!to) throw new ConnectToError(text, "the right side must be ip:port");
  const bare = to.host.replace(/^\[(.*)\]$/, "$1");
  const address = isIP(bare) ? canonicalAddress(bare) : null;
  if (!address) throw new ConnectToError(text, `"${to.host}" is not an IP address`);
  const targetPort = parsePort(to.port);
  if (targetPort === null) throw new ConnectToError(text, `"${to.port}" is not a port`);
  return { host, port, address, targetPort, text };
}

/** Parses rules separated by commas, semicolons or white space. Throws ConnectToError on the first bad rule. */
export function parseConnectTo(text: string): ConnectToRule[] {
  return text
    .split(/[\s,;]+/)
    .filter((rule) => rule.length > 0)
    .map(parseRule);
}

/**
 * The first rule matching a request, if any. A rule's host matches the URL's host (name or IP literal)
 * or, for an IP rule, the address the name resolved to; `*` matches any host.
 */
export function findConnectTo(
  rules: readonly ConnectToRule[],
  host: CanonicalHost,
  port: number,
  resolvedAddress?: string,
): ConnectToRule | undefined {
  const key = host.kind === "ip" ? (canonicalAddress(host.address) ?? host.address) : host.name;
  const resolved =
    resolvedAddress === undefined ? undefined : (canonicalAddress(resolvedAddress) ?? undefined);
  return rules.find(
    (rule) =>
      (rule.host === "*" || rule.host === key || rule.host === resolved) &&
      (rule.port === "*" || rule.port === port),
  );
}
