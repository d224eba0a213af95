import type { EditTechnique } from "../domain/index.js";

/** How a name imitates a brand: the edit for typosquats, otherwise the construction. */
export type SquatTechnique =
  | EditTechnique
  | "combosquat"
  | "tld_swap"
  | "brand_in_subdomain"
  | "free_hosting"
  | "brand_in_name";

type Construction = Exclude<SquatTechnique, EditTechnique>;

/**
 * How `brand_in_subdomain` reads in an executive summary. The engines word it differently, and both
 * wordings are kept so that no report changes (issue 16): domain risk says "the brand's domain" (written
 * for the brand's whole domain spelled in front, `paypal.com.account-check.example`), URL scans "the
 * brand's name" (written for a subdomain named after the brand, `paypal.account-check.example`). The static
 * agent gives both cases the one technique (risk/static/brand-match.ts), so each wording fits one of them.
 */
export type BrandInSubdomainWording = "domain" | "name";

/**
 * Each edit in two forms: `finding`, the noun phrase of a finding's details ("…by one character (l→1), a
 * homoglyph substitution"); `summary`, what follows "by" in an executive summary ("paypa1.com imitates
 * PayPal (paypal.com) by swapping letters for look-alike characters").
 */
const EDITS: Record<EditTechnique, { finding: string; summary: string | null }> = {
  homoglyph: { finding: "a homoglyph substitution", summary: "swapping letters for look-alike characters" },
  bitsquatting: { finding: "a one-bit change (bitsquatting)", summary: "a one-bit change of a character" },
  // No summary wording: a summary names the technique itself ("by keyboard"). Kept so that no report
  // changes (issue 16); `replacement` is the summary wording that speaks of neighbouring keys.
  keyboard: { finding: "a keyboard-neighbour typo", summary: null },
  vowel_swap: { finding: "a vowel swap", summary: "swapping a vowel" },
  replacement: {
    finding: "a replaced character",
    summary: "replacing a character with a neighbouring key",
  },
  addition: { finding: "an appended character", summary: "adding a character" },
  insertion: { finding: "an inserted character", summary: "inserting a character" },
  repetition: { finding: "a repeated character", summary: "repeating a character" },
  omission: { finding: "a missing character", summary: "leaving out a character" },
  transposition: {
    finding: "swapped adjacent characters (transposition)",
    summary: "swapping two characters",
  },
  hyphenation: { finding: "an inserted hyphen", summary: "adding a hyphen" },
  plural: { finding: "a plural form", summary: "adding a plural ending" },
};

/** The constructions, as they follow "by" in an executive summary. */
const CONSTRUCTIONS: Record<Construction, string | Record<BrandInSubdomainWording, string>> = {
  tld_swap: "using another top-level domain",
  combosquat: "combining the brand name with other words",
  brand_in_subdomain: {
    domain: "putting the brand's domain in front of an unrelated domain",
    name: "putting the brand's name in front of an unrelated domain",
  },
  free_hosting: "publishing under the brand's name on a free hosting platform",
  brand_in_name: "using the brand's name in an unrelated domain",
};

function isEdit(technique: SquatTechnique): technique is EditTechnique {
  return Object.hasOwn(EDITS, technique);
}

/** The edit as a finding's details name it: "a homoglyph substitution", "an inserted character". */
export function techniquePhrase(technique: EditTechnique): string {
  return EDITS[technique].finding;
}

/**
 * The technique as it follows "by" in an executive summary; a technique without a summary wording is
 * named itself, underscores read as spaces.
 */
export function techniqueBy(technique: SquatTechnique, brandInSubdomain: BrandInSubdomainWording): string {
  const words = isEdit(technique) ? EDITS[technique].summary : CONSTRUCTIONS[technique];
  if (words === null) return technique.replace(/_/g, " ");
  return typeof words === "string" ? words : words[brandInSubdomain];
}
