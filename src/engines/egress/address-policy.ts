import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { canonicalHost } from "./host.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

export type AddressBlockReason =
  | "blocked_loopback"
  | "blocked_private_address"
  | "blocked_link_local"
  | "blocked_metadata_address"
  | "blocked_multicast"
  | "blocked_broadcast"
  | "blocked_unspecified"
  | "blocked_reserved_address";

/** The policy's answer for one address, always naming the canonical form it judged. */
export type AddressVerdict =
  | { allowed: true; address: string; family: 4 | 6; allowlisted: boolean }
  | { allowed: false; address: string; reason: AddressBlockReason | "invalid_url"; detail: string };

interface Rule<T> {
  range: [T, number];
  reason: AddressBlockReason;
  label: string;
}

function v4(cidr: string, reason: AddressBlockReason, label: string): Rule<IPv4> {
  return { range: ipaddr.IPv4.parseCIDR(cidr), reason, label };
}

function v6(cidr: string, reason: AddressBlockReason, label: string): Rule<IPv6> {
  return { range: ipaddr.IPv6.parseCIDR(cidr), reason, label };
}

/** IPv4 space DomainLens never connects to (IANA special-purpose registry plus cloud metadata). Order matters. */
const V4_RULES: Rule<IPv4>[] = [
  v4("255.255.255.255/32", "blocked_broadcast", "the limited broadcast address"),
  v4("0.0.0.0/32", "blocked_unspecified", "the unspecified address"),
  v4("0.0.0.0/8", "blocked_reserved_address", "in 'this network' (0.0.0.0/8)"),
  v4("127.0.0.0/8", "blocked_loopback", "a loopback address (127.0.0.0/8)"),
  v4("169.254.169.254/32", "blocked_metadata_address", "the cloud instance metadata address"),
  v4("168.63.129.16/32", "blocked_metadata_address", "the Azure platform metadata address"),
  v4("100.100.100.200/32", "blocked_metadata_address", "the Alibaba Cloud metadata address"),
  v4("169.254.0.0/16", "blocked_link_local", "a link-local address (169.254.0.0/16)"),
  v4("10.0.0.0/8", "blocked_private_address", "a private address (10.0.0.0/8)"),
  v4("172.16.0.0/12", "blocked_private_address", "a private address (172.16.0.0/12)"),
  v4("192.168.0.0/16", "blocked_private_address", "a private address (192.168.0.0/16)"),
  v4("100.64.0.0/10", "blocked_private_address", "in carrier-grade NAT space (100.64.0.0/10)"),
  v4("192.0.0.0/24", "blocked_reserved_address", "in IETF protocol assignments (192.0.0.0/24)"),
  v4("192.0.2.0/24", "blocked_reserved_address", "a documentation address (192.0.2.0/24)"),
  v4("198.51.100.0/24", "blocked_reserved_address", "a documentation address (198.51.100.0/24)"),
  v4("203.0.113.0/24", "blocked_reserved_address", "a documentation address (203.0.113.0/24)"),
  v4("198.18.0.0/15", "blocked_reserved_address", "a benchmarking address (198.18.0.0/15)"),
  v4("192.88.99.0/24", "blocked_reserved_address", "in the retired 6to4 relay range (192.88.99.0/24)"),
  v4("224.0.0.0/4", "blocked_multicast", "a multicast address (224.0.0.0/4)"),
  v4("240.0.0.0/4", "blocked_reserved_address", "in reserved space (240.0.0.0/4)"),
];

/** IPv6 space never connected to, after the forms that embed an IPv4 address have been unwrapped. */
const V6_RULES: Rule<IPv6>[] = [
  v6("::/128", "blocked_unspecified", "the unspecified address (::)"),
  v6("::1/128", "blocked_loopback", "the IPv6 loopback address (::1)"),
  v6("64:ff9b:1::/48", "blocked_private_address", "in local-use NAT64 space (64:ff9b:1::/48)"),
  v6("fd00:ec2::254/128", "blocked_metadata_address", "the cloud instance metadata address"),
  v6("fc00::/7", "blocked_private_address", "a unique-local address (fc00::/7)"),
  v6("fec0::/10", "blocked_private_address", "a site-local address (fec0::/10)"),
  v6("fe80::/10", "blocked_link_local", "a link-local address (fe80::/10)"),
  v6("ff00::/8", "blocked_multicast", "a multicast address (ff00::/8)"),
  v6("100::/64", "blocked_reserved_address", "in discard-only space (100::/64)"),
  v6("2001:db8::/32", "blocked_reserved_address", "a documentation address (2001:db8::/32)"),
  v6("2001::/23", "blocked_reserved_address", "in IETF protocol assignments (2001::/23, incl. Teredo)"),
  v6("3fff::/20", "blocked_reserved_address", "a documentation address (3fff::/20)"),
];

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
/** Forms that carry an IPv4 address in their last 32 bits. */
const EMBEDDED_V4_LOW: Array<{ range: [IPv6, number]; label: string; onlyEmbedded: boolean }> = [
  { range: ipaddr.IPv6.parseCIDR("::ffff:0:0/96"), label: "IPv4-mapped", onlyEmbedded: false },
  { range: ipaddr.IPv6.parseCIDR("64:ff9b::/96"), label: "NAT64", onlyEmbedded: false },
  { range: ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96"), label: "IPv4-translated", onlyEmbedded: true },
  { range: ipaddr.IPv6.parseCIDR("::/96"), label: "IPv4-compatible", onlyEmbedded: true },
];
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

function lowV4(address: IPv6): IPv4 {
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

function sixToFourV4(address: IPv6): IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(2, 6));
}

/** Parses any single address spelling into ipaddr form; mapped IPv6 becomes IPv4. */
function parseAddress(text: string): IPv4 | IPv6 | null {
  let candidate = text.trim();
  const family = isIP(candidate);
  // ipaddr.js reads an IPv6 address with a dotted IPv4 tail as IPv4-mapped; WHATWG URL does not.
  if (family === 0 || (family === 6 && candidate.includes("."))) {
    const host = canonicalHost(family === 6 ? `[${candidate}]` : candidate);
    if (host?.kind !== "ip") return null;
    candidate = host.address;
  }
  try {
    const parsed = ipaddr.parse(candidate);
    if (parsed.kind() === "ipv6" && (parsed as IPv6).isIPv4MappedAddress()) {
      return (parsed as IPv6).toIPv4Address();
    }
    return parsed;
  } catch {
    return null;
  }
}

function format(address: IPv4 | IPv6): string {
  return address.kind() === "ipv6" ? (address as IPv6).toRFC5952String() : address.toString();
}

/** The canonical text of an address (mapped IPv6 as IPv4, RFC 5952 IPv6), or null if not an address. */
export function canonicalAddress(text: string): string | null {
  const parsed = parseAddress(text);
  return parsed ? format(parsed) : null;
}

export interface CidrRange {
  text: string;
  range: [IPv4 | IPv6, number];
}

/** Parses `a.b.c.d/n`, `v6/n` or a bare address (a single-host range). Returns null when invalid. */
export function parseCidr(text: string): CidrRange | null {
  const trimmed = text.trim();
  const withPrefix = trimmed.includes("/") ? trimmed : `${trimmed}/${trimmed.includes(":") ? 128 : 32}`;
  if (!ipaddr.isValidCIDR(withPrefix)) return null;
  try {
    const [base, bits] = ipaddr.parseCIDR(withPrefix);
    if (base.kind() === "ipv6" && (base as IPv6).isIPv4MappedAddress() && bits >= 96) {
      const v4base = (base as IPv6).toIPv4Address();
      return { text: `${v4base.toString()}/${bits - 96}`, range: [v4base, bits - 96] };
    }
    return { text: `${format(base)}/${bits}`, range: [base, bits] };
  } catch {
    return null;
  }
}

export interface AddressPolicy {
  /** Judges one address in any spelling. */
  check(address: string): AddressVerdict;
  /** True when the address falls in an allowlisted range (such addresses may use any port). */
  isAllowlisted(address: string): boolean;
  readonly allowCidrs: readonly string[];
}

/**
 * The SSRF policy: deny loopback, private, link-local, metadata, multicast, broadcast, unspecified and
 * reserved space in every IPv4 and IPv6 form (mapped, compatible, NAT64, 6to4), allow the rest of the
 * public internet, and let an explicit CIDR allowlist through first.
 */
export function createAddressPolicy(allowCidrs: readonly string[] = []): AddressPolicy {
  const allow: CidrRange[] = [];
  for (const text of allowCidrs) {
    const parsed = parseCidr(text);
    if (!parsed) throw new Error(`Invalid CIDR in the egress allowlist: ${text}`);
    allow.push(parsed);
  }
  const inAllowlist = (address: IPv4 | IPv6): boolean =>
    allow.some((entry) => entry.range[0].kind() === address.kind() && address.match(entry.range));

  const judge = (address: IPv4 | IPv6): AddressVerdict => {
    const text = format(address);
    if (inAllowlist(address)) {
      return { allowed: true, address: text, family: address.kind() === "ipv6" ? 6 : 4, allowlisted: true };
    }
    if (address.kind() === "ipv4") {
      const rule = V4_RULES.find((r) => address.match(r.range));
      return rule
        ? { allowed: false, address: text, reason: rule.reason, detail: `${text} is ${rule.label}` }
        : { allowed: true, address: text, family: 4, allowlisted: false };
    }
    return judgeV6(address as IPv6, text);
  };

  const judgeV6 = (address: IPv6, text: string): AddressVerdict => {
    const direct = V6_RULES.find((r) => address.match(r.range));
    if (direct)
      return { allowed: false, address: text, reason: direct.reason, detail: `${text} is ${direct.label}` };
    const embedded = EMBEDDED_V4_LOW.find((e) => address.match(e.range));
    const sixToFour = address.match(SIX_TO_FOUR);
    if (embedded || sixToFour) {
      const inner = sixToFour ? sixToFourV4(address) : lowV4(address);
      const label = embedded ? embedded.label : "6to4";
      const innerVerdict = judge(inner);
      if (!innerVerdict.allowed) {
        return {
          allowed: false,
          address: text,
          reason: innerVerdict.reason,
          detail: `${text} is the ${label} form of ${innerVerdict.detail}`,
        };
      }
      if (embedded?.onlyEmbedded) {
        return {
          allowed: false,
          address: text,
          reason: "blocked_reserved_address",
          detail: `${text} is a deprecated ${label} IPv6 address`,
        };
      }
      return { allowed: true, address: text, family: 6, allowlisted: false };
    }
    if (!address.match(GLOBAL_UNICAST_V6)) {
      return {
        allowed: false,
        address: text,
        reason: "blocked_reserved_address",
        detail: `${text} is outside IPv6 global unicast space (2000::/3)`,
      };
    }
    return { allowed: true, address: text, family: 6, allowlisted: false };
  };

  return {
    allowCidrs: allow.map((entry) => entry.text),
    check(input) {
      const parsed = parseAddress(input);
      if (!parsed)
        return {
          allowed: false,
          address: input,
          reason: "invalid_url",
          detail: `${input} is not an IP address`,
        };
      return judge(parsed);
    },
    isAllowlisted(input) {
      const parsed = parseAddress(input);
      return parsed ? inAllowlist(parsed) : false;
    },
  };
}
