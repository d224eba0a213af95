import { domainToASCII } from "node:url";
import { parse } from "tldts";

export type DomainInputError =
  | "empty"
  | "too_long"
  | "invalid_characters"
  | "ip_address"
  | "invalid_label"
  | "no_public_suffix"
  | "public_suffix_only";

export type NormalizedDomain =
  | { ok: true; hostname: string; root: string /** The ICANN public suffix of `root`. */; suffix: string }
  | { ok: false; reason: DomainInputError; message: string };

const MAX_INPUT = 2048;
const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const messages: Record<DomainInputError, string> = {
  empty: "No domain was given.",
  too_long: "The domain is longer than 253 characters.",
  invalid_characters: "The domain contains characters that are not allowed in a host name.",
  ip_address: "An IP address is not a domain.",
  invalid_label:
    "A label of the domain is empty, longer than 63 characters, or starts or ends with a hyphen.",
  no_public_suffix: "The domain does not end in a known public suffix.",
  public_suffix_only: "The domain is a public suffix, not a registrable domain.",
};

function fail(reason: DomainInputError): NormalizedDomain {
  return { ok: false, reason, message: messages[reason] };
}

/**
 * Normalizes what a caller typed as a domain: trims, lower-cases, drops a trailing dot, converts an
 * internationalized name to punycode, accepts a URL and keeps its host, and reduces the host to its
 * registrable (root) domain with the ICANN section of the Public Suffix List.
 */
export function normalizeDomain(input: string): NormalizedDomain {
  let text = input.trim();
  if (text.length === 0) return fail("empty");
  if (text.length > MAX_INPUT) return fail("too_long");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return fail("invalid_characters");
    }
  } else {
    // A bare host may still carry a path, query or port: keep the host part only.
    text = text.replace(/[/?#].*$/s, "").replace(/:\d{1,5}$/, "");
  }
  text = text.replace(/\.+$/, "");
  if (text.length === 0) return fail("empty");
  if (/^\[.*\]$/.test(text) || /^[0-9.]+$/.test(text) || /^[0-9a-f:]+:[0-9a-f:]*$/i.test(text)) {
    return fail("ip_address");
  }
  if (/[\s@\\/%*]/.test(text)) return fail("invalid_characters");
  const ascii = domainToASCII(text.toLowerCase());
  if (ascii === "") return fail("invalid_characters");
  if (ascii.length > 253) return fail("too_long");
  if (!ascii.split(".").every((label) => LABEL_RE.test(label))) return fail("invalid_label");
  const parsed = parse(ascii);
  if (parsed.isIp) return fail("ip_address");
  if (!parsed.publicSuffix || !parsed.isIcann) return fail("no_public_suffix");
  if (!parsed.domain) return fail("public_suffix_only");
  return { ok: true, hostname: ascii, root: parsed.domain, suffix: parsed.publicSuffix };
}
