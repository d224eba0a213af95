import { domainToASCII, domainToUnicode } from "node:url";
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

export interface NormalizeOptions {
  /**
   * Accept an underscore in the registrable label itself (`pay_pal.com`), as browsers do: for a URL or host
   * to screen or scan. Off for a root domain to classify, since no registry allows one there. Underscores in
   * the labels below the registrable domain (`kucoinlogin_io.netlify.app`) are accepted either way.
   */
  underscoreInRegistrable?: boolean;
}

const MAX_INPUT = 2048;
const MAX_LABEL = 63;
/** A character of a label in ASCII form: DNS and browsers accept the underscore, and phishing kits use it. */
const LABEL_CHAR = /^[a-z0-9_-]$/;
const LABEL_RE = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
/** The full stops that separate labels of an internationalized name (UTS #46). */
const SEPARATORS = /[.\u3002\uff0e\uff61]/;
/** A label longer than this is shortened in messages. */
const SHOWN_LABEL = 24;

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

function fail(reason: DomainInputError, message: string = messages[reason]): NormalizedDomain {
  return { ok: false, reason, message };
}

/** A label quoted for a message, as a person reads it (punycode decoded), shortened when long. */
function show(label: string): string {
  const readable = label.startsWith("xn--") ? domainToUnicode(label) || label : label;
  const chars = [...readable];
  return JSON.stringify(chars.length > SHOWN_LABEL ? `${chars.slice(0, SHOWN_LABEL - 4).join("")}…` : label);
}

function nameOf(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (char === " ") return "a space";
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return `the control character ${hex}`;
  if (/\s/u.test(char)) return `a white-space character (${hex})`;
  return code < 0x80 ? `the character "${char}"` : `the character "${char}" (${hex})`;
}

/** Whether a character may appear in a label as typed: ASCII letters, digits, `-`, `_`, or an IDN character. */
function allowedCharacter(char: string): boolean {
  if ((char.codePointAt(0) ?? 0) < 0x80) return LABEL_CHAR.test(char);
  if (/\s/u.test(char)) return false;
  // Between two letters, so that characters IDNA maps to nothing (zero-width joiners) count as allowed.
  const ascii = domainToASCII(`a${char}a`);
  return ascii !== "" && [...ascii].every((c) => c === "." || LABEL_CHAR.test(c));
}

function characterProblem(label: string): string | null {
  for (const char of label) {
    if (!allowedCharacter(char))
      return `The label ${show(label)} contains ${nameOf(char)}, which is not allowed in a host name.`;
  }
  if (label !== "" && domainToASCII(label) === "") {
    return label.startsWith("xn--")
      ? `The label ${show(label)} is not valid punycode.`
      : `The label ${show(label)} is not a valid internationalized name (IDNA).`;
  }
  return null;
}

function shapeProblem(label: string, index: number): string | null {
  if (label === "") {
    return index === 0
      ? "The host name starts with a dot (an empty label)."
      : "The host name has an empty label (two dots in a row).";
  }
  const ascii = domainToASCII(label) || label;
  if (ascii.startsWith("-")) return `The label ${show(label)} starts with a hyphen.`;
  if (ascii.endsWith("-")) return `The label ${show(label)} ends with a hyphen.`;
  if (ascii.length > MAX_LABEL) {
    const form = ascii === label && !label.startsWith("xn--") ? "" : " in its ASCII form";
    return `The label ${show(label)} is ${ascii.length} characters long${form}; a label may have at most ${MAX_LABEL}.`;
  }
  return null;
}

/**
 * Names the first thing that makes `host` an invalid host name — which label, and which character or
 * rule — or null when its labels are fine. Characters are checked across all labels before the shape
 * (empty labels, hyphens, length). Trailing dots are ignored.
 */
export function describeHostProblem(host: string): string | null {
  const trimmed = host.trim().toLowerCase().replace(/\.+$/, "");
  if (trimmed === "") return "The host name is empty.";
  const labels = trimmed.split(SEPARATORS);
  for (const label of labels) {
    const problem = characterProblem(label);
    if (problem) return problem;
  }
  for (const [index, label] of labels.entries()) {
    const problem = shapeProblem(label, index);
    if (problem) return problem;
  }
  return null;
}

/** The host part of a URL's authority as written: without `user@` and `:port`. */
export function hostOfAuthority(authority: string): string {
  return authority.slice(authority.lastIndexOf("@") + 1).replace(/:\d*$/, "");
}

function failHost(reason: DomainInputError, host: string): NormalizedDomain {
  return fail(reason, describeHostProblem(host) ?? messages[reason]);
}

/**
 * Normalizes what a caller typed as a domain: trims, lower-cases, drops a trailing dot, converts an
 * internationalized name to punycode, accepts a URL and keeps its host, and reduces the host to its
 * registrable (root) domain with the ICANN section of the Public Suffix List. An invalid host's message
 * names the label and the character or rule at fault.
 */
export function normalizeDomain(input: string, options: NormalizeOptions = {}): NormalizedDomain {
  let text = input.trim();
  if (text.length === 0) return fail("empty");
  if (text.length > MAX_INPUT) return fail("too_long");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      const authority = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/[/?#].*$/s, "");
      return failHost("invalid_characters", hostOfAuthority(authority));
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
  if (/[\s@\\/%*]/.test(text)) return failHost("invalid_characters", text);
  const ascii = domainToASCII(text.toLowerCase());
  if (ascii === "") return failHost("invalid_characters", text);
  if (ascii.length > 253) return fail("too_long");
  if (!ascii.split(".").every((label) => LABEL_RE.test(label))) return failHost("invalid_label", text);
  const parsed = parse(ascii);
  if (parsed.isIp) return fail("ip_address");
  if (!parsed.publicSuffix || !parsed.isIcann) return fail("no_public_suffix");
  if (!parsed.domain) return fail("public_suffix_only");
  const label = parsed.domain.slice(0, parsed.domain.length - parsed.publicSuffix.length - 1);
  if (!options.underscoreInRegistrable && label.includes("_")) {
    return fail(
      "invalid_label",
      `The label ${show(label)} of the registrable domain ${parsed.domain} contains an underscore, which no registry allows in a registered name; underscores are accepted only in the labels below it (a_b.example.com).`,
    );
  }
  return { ok: true, hostname: ascii, root: parsed.domain, suffix: parsed.publicSuffix };
}
