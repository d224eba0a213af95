import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function dom<Code extends `DR-DOM-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "DOM", agent: AGENTS.static, ...entry };
}

/**
 * Findings of the static-analysis agent (`DR-DOM-NNN`): what the URL and its domain name alone say.
 * docs/findings-dom.md lists them; its table is written from `when` and `severityNote`
 * (npm run docs:findings).
 */
export const DOMAIN_FINDINGS = [
  dom("DR-DOM-001", {
    severity: "High",
    title: "Domain imitates a brand's domain (typosquatting)",
    meaning:
      "The name is one or two keystrokes away from a brand's legitimate domain: a missing, added, doubled, swapped or mistyped character, a vowel swap, a plural or a flipped bit. Raised when the TLD is abused or lure words surround it; Medium for short or dictionary-word brand names.",
    when: "Domain imitates a brand's domain (typosquatting): one edit (two for names of 9+ letters) from a brand name",
    severityNote:
      "Medium for dictionary-word brand names, two edits, a changed first/last letter, or weak edits (replacement, bit flip; keyboard, vowel swap or omission on names under 7 letters); raised one step by a strong lure word or an abused TLD",
  }),
  dom("DR-DOM-002", {
    severity: "High",
    title: "Domain uses look-alike characters to imitate a brand (homoglyph)",
    meaning:
      "The name looks identical or nearly identical to a brand's domain: letters from another script (Cyrillic а, Greek ο), digits for letters (1 for l, 0 for o) or letter pairs (rn for m). Critical when the look-alike comes from another script (an internationalized name).",
    when: "Look-alike characters imitate a brand (homoglyph): `paypa1`, `rnicrosoft`, `pаypal`",
    severityNote:
      "Critical when the look-alike comes from another script (IDN); raised by a strong lure or an abused TLD",
  }),
  dom("DR-DOM-003", {
    severity: "High",
    title: "Brand name combined with lure words (combosquatting)",
    meaning:
      "The name joins a brand's name (or a look-alike of it) with words used to lure victims, such as login, secure, verify, support or refund. Critical with strong lures from several categories, an abused TLD or a look-alike brand name.",
    when: "Brand name (or a look-alike of it) combined with lure words (combosquatting)",
    severityNote:
      "Medium with a single ordinary lure word; Critical with a strong lure plus an abused TLD, strong lures of two categories or a look-alike brand name",
  }),
  dom("DR-DOM-004", {
    severity: "High",
    title: "Brand name registered under another top-level domain",
    meaning:
      "The registrable name is exactly a brand's name, under a TLD the brand does not use. For dictionary-word brand names it is reported only with an abused TLD (Medium) or lure words (High).",
    when: "Brand name under another TLD (`paypal.top`)",
    severityNote:
      "Medium for a distinctive name without lure or abused TLD; Critical with both; for dictionary-word names only with a strong lure (High) or an abused TLD (Medium)",
  }),
  dom("DR-DOM-005", {
    severity: "High",
    title: "Brand name in the subdomain of an unrelated domain",
    meaning:
      "A brand's name or full domain appears left of an unrelated registrable domain, so the start of the URL reads like the brand (paypal.com.account-verify.top). Critical when a brand's full domain is spelled out; Medium without lure words.",
    when: "Brand name in the subdomain of an unrelated domain",
    severityNote:
      "Critical when a brand's full domain is spelled out (`paypal.com.account-verify.top`, `microsoft.com-signin.top`); Medium without lure or abused TLD; not reported for a subdomain named exactly after a self-hosted product (`gitlab.<company>.de`, a Roundcube or Zimbra mail host) without lure words",
  }),
  dom("DR-DOM-006", {
    severity: "High",
    title: "Brand name on a free hosting or user-subdomain platform",
    meaning:
      "A user site on a platform where anyone can create a name (netlify.app, github.io, dynamic DNS) is named after a brand. Medium when no lure word accompanies a distinctive brand name.",
    when: "Brand name on a free hosting or user-subdomain platform (`chase-secure-login.netlify.app`)",
    severityNote: "severity as for 001–004 on the user's name; Medium for a distinctive name without lure",
  }),
  dom("DR-DOM-007", {
    severity: "Medium",
    title: "Brand name inside an unrelated domain name",
    meaning:
      "The name contains a distinctive brand name without lure words and is not one of the brand's domains. Low when the brand name is only embedded in a longer word.",
    when: "Distinctive brand name inside an unrelated name, no lure (`netflixparty.example`)",
  }),
  dom("DR-DOM-008", {
    severity: "Medium",
    title: "Look-alike characters from mixed scripts",
    meaning:
      "A label mixes Latin letters with look-alike letters from another script (Cyrillic, Greek, Armenian), or is written entirely in look-alike letters, without imitating a known brand.",
    when: "Look-alike letters from mixed scripts, no known brand",
  }),
  dom("DR-DOM-009", {
    severity: "Informational",
    title: "Internationalized domain name",
    meaning:
      "The host contains non-ASCII labels (punycode xn--). Usual for non-English names; shown so the displayed form can be compared.",
    when: "Internationalized domain name, with its displayed form",
  }),
  dom("DR-DOM-010", {
    severity: "Low",
    title: "Suspicious keywords in the host name",
    meaning:
      "The registrable name (or, with other evidence, a subdomain) contains words typical of phishing lures, by category: credential, security, urgency, financial, crypto, delivery, prize, support, document. Medium with strong keywords and an abused TLD, a hosting platform or several categories.",
    when: "Lure keywords, one finding per category (`category` set); a keyword counts when the rest of its part is made of known words or digits, and in a user site's name on a hosting platform a strong credential word (`login`, `signin`, `verify`, …) also counts when run into other letters (`zorbixlogin.webflow.io`) unless an ordinary English word crosses it (`blogindex`)",
    severityNote:
      "Medium for a strong keyword in the registrable name with an abused TLD, a hosting platform or two categories; Informational when only in a subdomain of an ordinary domain",
  }),
  dom("DR-DOM-011", {
    severity: "Informational",
    title: "Top-level domain frequently abused",
    meaning:
      "The TLD is on the shipped list of TLDs abused far above their share. Many legitimate sites use these TLDs too; the verdict weighs it with other evidence.",
    when: "TLD on the shipped abused-TLD list",
  }),
  dom("DR-DOM-012", {
    severity: "Medium",
    title: "IP address used as host",
    meaning:
      "The URL points to an IP address instead of a domain name, which legitimate sites rarely do for pages people visit.",
    when: "IP address used as host",
    severityNote:
      "Low for an address on the visitor's own network (RFC 1918, carrier-grade NAT, loopback, link-local, IPv6 unique-local: a router's or intranet server's page, which no outside party can serve)",
  }),
  dom("DR-DOM-013", {
    severity: "Low",
    title: "Unusually deep or long host name",
    meaning:
      "Four or more subdomain levels or a host name over 80 characters, a way to push the real domain out of view. Medium from six levels.",
    when: "4+ subdomain levels, or a host over 80 characters",
    severityNote: "Medium from 6 levels",
  }),
  dom("DR-DOM-014", {
    severity: "High",
    title: "URL disguises its real host with '@'",
    meaning:
      "Text before '@' in the URL is a user name the browser ignores; when it reads like a domain the URL appears to lead there. Medium when the text is not a domain.",
    when: "`@` in the URL: text before it reads like a host (`https://paypal.com@evil.top/`)",
    severityNote: "Medium when it is not a host name",
  }),
  dom("DR-DOM-015", {
    severity: "Medium",
    title: "Encoded or obfuscated host",
    meaning:
      "The host is written with percent-escapes or as an IP address in decimal, hex or octal form, which hides where the URL leads. High for an obfuscated IP address.",
    when: "Percent-escaped host",
    severityNote: "High for an IP in decimal, hex or octal notation",
  }),
  dom("DR-DOM-016", {
    severity: "Low",
    title: "Percent-encoded text in the URL path",
    meaning:
      "Plain letters and digits in the path or query are percent-encoded, or escapes are double-encoded, which hides words from filters and readers.",
    when: "Percent-encoded letters and digits (3+) or double escaping in the path or query",
  }),
  dom("DR-DOM-017", {
    severity: "Low",
    title: "Random-looking domain name",
    meaning:
      "The registrable name looks machine-generated: long consonant runs, hardly any vowels, interleaved letters and digits, hexadecimal or long all-digit strings.",
    when: "Random-looking registrable name (consonant runs, no vowels, interleaved digits, hex, long all-digit)",
  }),
  dom("DR-DOM-018", {
    severity: "Informational",
    title: "URL shortener",
    meaning: "The host is a known URL shortener: the destination is not visible in the URL.",
    when: "Known URL shortener",
  }),
  dom("DR-DOM-019", {
    severity: "Informational",
    title: "Hosted on a platform where anyone can publish",
    meaning:
      "The host belongs to a free hosting, site builder, file sharing, link-in-bio, IPFS or dynamic DNS platform; the content is the user's, not the platform's.",
    when: "Hosted on a platform where anyone can publish (free hosting, dynamic DNS, file sharing, site builder, link-in-bio, IPFS)",
  }),
  dom("DR-DOM-020", {
    severity: "Informational",
    title: "Well-known domain",
    meaning:
      "The registrable domain is in the Tranco top 10,000 shipped with DomainLens; name-based threat findings are not reported for it.",
    when: "Well-known domain (Tranco rank)",
  }),
  dom("DR-DOM-021", {
    severity: "Informational",
    title: "Official domain of a brand",
    meaning:
      "The registrable domain belongs to a brand in the shipped brand table; it is not treated as an imitation of any brand.",
    when: "Official domain of a brand",
  }),
  dom("DR-DOM-022", {
    severity: "Low",
    title: "Non-standard port",
    meaning: "The URL names a port other than 80 or 443, unusual for public websites.",
    when: "Non-standard port",
  }),
  dom("DR-DOM-023", {
    severity: "Medium",
    title: "Registrable name begins like a domain ending",
    meaning:
      "The registrable name starts with com-, net-, org- or www-, so that the subdomain in front of it reads like a complete domain (secure.com-verify.top).",
    when: "Registrable name starts with `com-`, `net-`, `org-`, `gov-` (after a subdomain) or `www-`",
  }),
  dom("DR-DOM-024", {
    severity: "Medium",
    title: "Brand domain named in the URL path",
    meaning:
      "The path or query spells out a brand's domain (/www.paypal.com/signin) on a host the brand does not own. High on an IP address host.",
    when: "A brand's domain spelled out in the path or query of an unrelated host (a domain the host itself lives under, as a tenant's own address in its `return_to`, does not count)",
    severityNote: "High on an IP address",
  }),
  dom("DR-DOM-025", {
    severity: "Informational",
    title: "Known bank website",
    meaning:
      "The registrable domain is on MISP's list of bank websites; it is not treated as an imitation of a brand.",
    when: "Known bank website (MISP)",
  }),
  dom("DR-DOM-026", {
    severity: "Medium",
    title: "Lure words with a long reference number",
    meaning:
      "A subdomain (or a platform user's site name) pairs a lure word with a number of six digits or more (case-id-1000228243425., verification-center-10003255678.): the shape of addresses made per victim or per case by phishing kits, on a domain whose owner is someone else.",
    when: "A subdomain of an unrelated domain (or a platform user's site name) pairs a lure word with a number of six digits or more (`case-id-8839201744.oakridgedental.com`): the per-victim addresses of phishing kits",
  }),
  dom("DR-DOM-027", {
    severity: "Medium",
    title: "Name resembles phishing names (learned name model)",
    meaning:
      "The learned name model, trained on earlier phishing domains against popular and categorized legitimate domains, scores the site's name (the registrable name, or a platform user's site name) above the level chosen on held-out data: its letters, words, shape and top-level domain read like the phishing names it was trained on. The details name the parts that weighed most and the closest campaign pattern when there is one. High when the score is far above that level.",
    when: "The learned name model reads the site's name (registrable name, or a platform user's site name) as a phishing name: its score is at or above the flag level chosen on held-out legitimate names. The details give the score and the level, the parts of the name that weighed most (quoted parts, the suffix, the shape) and the campaign template the name follows when the training data knows it. See [risk.md](risk.md#learned-name-model)",
    severityNote:
      "High at the high level (own domains); a user site on a hosting platform needs the user-site level and stays Medium",
  }),
  dom("DR-DOM-028", {
    severity: "Medium",
    title: "Unknown user site on a platform phishing abuses (strict screening policy)",
    meaning:
      "Raised only under the organization's `strict` user-site policy: the host is a user's site on a hosting platform that phishing abuses, and nothing shows who runs it (no brand owns it, it is not ranked). Under the default `evidence` policy such a site is judged by its name like any other.",
    when: "Unknown user site on a platform phishing abuses (strict screening policy): raised only under an organization's `strict` user-site policy, for a user's site on an abused platform that no brand owns and that is not ranked (`juniper-quilts.netlify.app`); the details name the platform. Added by `analyzeRisk` (`src/engines/risk/policy.ts`), not by `analyzeStatic`; see [risk.md](risk.md#user-site-policy)",
    severityNote: "— (it makes the verdict at least Suspicious, never Malicious on its own)",
  }),
] as const;
