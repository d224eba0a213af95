import { AGENTS, type FindingDefinition, type Severity } from "./types.js";

function dom(code: string, severity: Severity, title: string, meaning: string): FindingDefinition {
  return { code: `DR-DOM-${code}`, area: "DOM", agent: AGENTS.static, severity, title, meaning };
}

/** Findings of the static-analysis agent: what the URL and its domain name alone say. */
export const DOMAIN_FINDINGS: readonly FindingDefinition[] = [
  dom(
    "001",
    "High",
    "Domain imitates a brand's domain (typosquatting)",
    "The name is one or two keystrokes away from a brand's legitimate domain: a missing, added, doubled, swapped or mistyped character, a vowel swap, a plural or a flipped bit. Raised when the TLD is abused or lure words surround it; Medium for short or dictionary-word brand names.",
  ),
  dom(
    "002",
    "High",
    "Domain uses look-alike characters to imitate a brand (homoglyph)",
    "The name looks identical or nearly identical to a brand's domain: letters from another script (Cyrillic а, Greek ο), digits for letters (1 for l, 0 for o) or letter pairs (rn for m). Critical when the look-alike comes from another script (an internationalized name).",
  ),
  dom(
    "003",
    "High",
    "Brand name combined with lure words (combosquatting)",
    "The name joins a brand's name (or a look-alike of it) with words used to lure victims, such as login, secure, verify, support or refund. Critical with strong lures from several categories, an abused TLD or a look-alike brand name.",
  ),
  dom(
    "004",
    "High",
    "Brand name registered under another top-level domain",
    "The registrable name is exactly a brand's name, under a TLD the brand does not use. For dictionary-word brand names it is reported only with an abused TLD (Medium) or lure words (High).",
  ),
  dom(
    "005",
    "High",
    "Brand name in the subdomain of an unrelated domain",
    "A brand's name or full domain appears left of an unrelated registrable domain, so the start of the URL reads like the brand (paypal.com.account-verify.top). Critical when a brand's full domain is spelled out; Medium without lure words.",
  ),
  dom(
    "006",
    "High",
    "Brand name on a free hosting or user-subdomain platform",
    "A user site on a platform where anyone can create a name (netlify.app, github.io, dynamic DNS) is named after a brand. Medium when no lure word accompanies a distinctive brand name.",
  ),
  dom(
    "007",
    "Medium",
    "Brand name inside an unrelated domain name",
    "The name contains a distinctive brand name without lure words and is not one of the brand's domains. Low when the brand name is only embedded in a longer word.",
  ),
  dom(
    "008",
    "Medium",
    "Look-alike characters from mixed scripts",
    "A label mixes Latin letters with look-alike letters from another script (Cyrillic, Greek, Armenian), or is written entirely in look-alike letters, without imitating a known brand.",
  ),
  dom(
    "009",
    "Informational",
    "Internationalized domain name",
    "The host contains non-ASCII labels (punycode xn--). Usual for non-English names; shown so the displayed form can be compared.",
  ),
  dom(
    "010",
    "Low",
    "Suspicious keywords in the host name",
    "The registrable name (or, with other evidence, a subdomain) contains words typical of phishing lures, by category: credential, security, urgency, financial, crypto, delivery, prize, support, document. Medium with strong keywords and an abused TLD, a hosting platform or several categories.",
  ),
  dom(
    "011",
    "Informational",
    "Top-level domain frequently abused",
    "The TLD is on the shipped list of TLDs abused far above their share. Many legitimate sites use these TLDs too; the verdict weighs it with other evidence.",
  ),
  dom(
    "012",
    "Medium",
    "IP address used as host",
    "The URL points to an IP address instead of a domain name, which legitimate sites rarely do for pages people visit.",
  ),
  dom(
    "013",
    "Low",
    "Unusually deep or long host name",
    "Four or more subdomain levels or a host name over 80 characters, a way to push the real domain out of view. Medium from six levels.",
  ),
  dom(
    "014",
    "High",
    "URL disguises its real host with '@'",
    "Text before '@' in the URL is a user name the browser ignores; when it reads like a domain the URL appears to lead there. Medium when the text is not a domain.",
  ),
  dom(
    "015",
    "Medium",
    "Encoded or obfuscated host",
    "The host is written with percent-escapes or as an IP address in decimal, hex or octal form, which hides where the URL leads. High for an obfuscated IP address.",
  ),
  dom(
    "016",
    "Low",
    "Percent-encoded text in the URL path",
    "Plain letters and digits in the path or query are percent-encoded, or escapes are double-encoded, which hides words from filters and readers.",
  ),
  dom(
    "017",
    "Low",
    "Random-looking domain name",
    "The registrable name looks machine-generated: long consonant runs, hardly any vowels, interleaved letters and digits, hexadecimal or long all-digit strings.",
  ),
  dom(
    "018",
    "Informational",
    "URL shortener",
    "The host is a known URL shortener: the destination is not visible in the URL.",
  ),
  dom(
    "019",
    "Informational",
    "Hosted on a platform where anyone can publish",
    "The host belongs to a free hosting, site builder, file sharing, link-in-bio, IPFS or dynamic DNS platform; the content is the user's, not the platform's.",
  ),
  dom(
    "020",
    "Informational",
    "Well-known domain",
    "The registrable domain is in the Tranco top 10,000 shipped with DomainLens; name-based threat findings are not reported for it.",
  ),
  dom(
    "021",
    "Informational",
    "Official domain of a brand",
    "The registrable domain belongs to a brand in the shipped brand table; it is not treated as an imitation of any brand.",
  ),
  dom(
    "022",
    "Low",
    "Non-standard port",
    "The URL names a port other than 80 or 443, unusual for public websites.",
  ),
  dom(
    "023",
    "Medium",
    "Registrable name begins like a domain ending",
    "The registrable name starts with com-, net-, org- or www-, so that the subdomain in front of it reads like a complete domain (secure.com-verify.top).",
  ),
  dom(
    "024",
    "Medium",
    "Brand domain named in the URL path",
    "The path or query spells out a brand's domain (/www.paypal.com/signin) on a host the brand does not own. High on an IP address host.",
  ),
  dom(
    "025",
    "Informational",
    "Known bank website",
    "The registrable domain is on MISP's list of bank websites; it is not treated as an imitation of a brand.",
  ),
  dom(
    "026",
    "Medium",
    "Lure words with a long reference number",
    "A subdomain (or a platform user's site name) pairs a lure word with a number of six digits or more (case-id-1000228243425., verification-center-10003255678.): the shape of addresses made per victim or per case by phishing kits, on a domain whose owner is someone else.",
  ),
  dom(
    "027",
    "Medium",
    "Name resembles phishing names (learned name model)",
    "The learned name model, trained on earlier phishing domains against popular and categorized legitimate domains, scores the site's name (the registrable name, or a platform user's site name) above the level chosen on held-out data: its letters, words, shape and top-level domain read like the phishing names it was trained on. The details name the parts that weighed most and the closest campaign pattern when there is one. High when the score is far above that level.",
  ),
  dom(
    "028",
    "Medium",
    "Unknown user site on a platform phishing abuses (strict screening policy)",
    "Raised only under the organization's `strict` user-site policy: the host is a user's site on a hosting platform that phishing abuses, and nothing shows who runs it (no brand owns it, it is not ranked). Under the default `evidence` policy such a site is judged by its name like any other.",
  ),
];
