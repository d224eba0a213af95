import type { Brand } from "../../domain/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding, Severity } from "../../findings/types.js";
import type { MarkClaim } from "./claims.js";
import type { FaviconMatch } from "./favicon.js";
import type { MarkMatch } from "./logos.js";
import type { PageIdentity } from "./page.js";
import type { BrandMention, LoginPrompts } from "./text.js";

/** Everything the vision agent saw, turned into catalog findings (none on a brand's own domains). */
export interface VisionEvidence {
  page: PageIdentity;
  claims: readonly MarkClaim[];
  favicon: FaviconMatch | null;
  /** Brand names read by OCR that the page's HTML never spells (complete HTML only). */
  hiddenMentions: readonly BrandMention[];
  prompts: LoginPrompts | null;
  /** Prompts read by OCR that the HTML does not contain (complete HTML only). */
  hiddenPrompts: readonly string[];
  /** The page has a visible password field (from the capture's forms). */
  passwordField: boolean;
  /** The page has a visible form with fields to type into. */
  inputForm: boolean;
  incomplete: string[];
}

const COLOUR_WORDS: Record<MarkMatch["colour"], string> = {
  brand: "in the brand's colours",
  mono: "in one plain colour",
  multi: "in several colours",
  other: "in other colours",
};

function where(page: PageIdentity): string {
  return page.registrable ?? page.host ?? "this site";
}

function notOwn(brand: Brand): string {
  return `which is not one of ${brand.name}'s domains (${brand.primaryDomain})`;
}

function box(m: { box: { x: number; y: number; w: number; h: number } }): string {
  return `at x=${m.box.x}, y=${m.box.y} (${m.box.w}×${m.box.h} px)`;
}

export function visionFindings(evidence: VisionEvidence): Finding[] {
  const { page } = evidence;
  const findings: Finding[] = [];
  const incomplete = (): void => {
    if (evidence.incomplete.length > 0) {
      findings.push(makeFinding("VIS-090", `Not analysed: ${evidence.incomplete.join("; ")}.`));
    }
  };
  // A brand's own site shows its own marks, and any other it likes.
  if (page.owner) return [];
  const login = evidence.prompts?.loginLooking === true || evidence.passwordField;
  const impersonation = (base: Severity): Severity => (page.ranked ? "Low" : login ? "High" : base);
  // A logo alone is also what an article about the brand shows; a form beside it is what an imitation asks.
  const logoSeverity: Severity = page.ranked ? "Low" : login ? "High" : evidence.inputForm ? "Medium" : "Low";
  const context = login ? " The page looks like a sign-in or verification page." : "";

  const seen = new Set<Brand>();
  for (const claim of evidence.claims) {
    if (!claim.claim) continue;
    const { match } = claim;
    const brand = match.template.source.brand;
    if (seen.has(brand) || seen.size >= 3) continue;
    seen.add(brand);
    findings.push(
      makeFinding(
        "VIS-001",
        `The screenshot shows the ${match.template.source.title} mark ${COLOUR_WORDS[match.colour]} ${box(match)}, ` +
          `shape correlation ${match.shape.toFixed(2)}${claim.reason === "lockup" ? ", beside the brand's name" : ""}, ` +
          `on ${where(page)}, ${notOwn(brand)}.${context}`,
        {
          description: `${brand.name} logo shown on a site outside ${brand.name}'s domains`,
          severity: logoSeverity,
        },
      ),
    );
  }

  const favicon = evidence.favicon;
  if (favicon) {
    const brand = favicon.template.source.brand;
    findings.push(
      makeFinding(
        "VIS-002",
        `The favicon (${favicon.width}×${favicon.height} px) is the ${favicon.template.source.title} mark ` +
          `${COLOUR_WORDS[favicon.colour]} (shape correlation ${favicon.shape.toFixed(2)}, pHash distance ` +
          `${favicon.pHashDistance}/64), on ${where(page)}, ${notOwn(brand)}.${context}`,
        {
          description: `${brand.name} favicon on a site outside ${brand.name}'s domains`,
          severity: impersonation("Medium"),
        },
      ),
    );
  }

  for (const mention of evidence.hiddenMentions.slice(0, 2)) {
    const brand = mention.brand;
    findings.push(
      makeFinding(
        "VIS-003",
        `OCR reads "${mention.text}" ${box(mention)} in the screenshot, but the page's HTML never spells ` +
          `${brand.name}; the page is on ${where(page)}, ${notOwn(brand)}.${context}`,
        { description: `${brand.name} named only in an image`, severity: impersonation("Medium") },
      ),
    );
  }

  if (evidence.prompts?.loginLooking) {
    findings.push(
      makeFinding(
        "VIS-010",
        `OCR reads sign-in or verification prompts: ${quoteList(evidence.prompts.seen)}.`,
      ),
    );
  }
  if (evidence.hiddenPrompts.length > 0) {
    findings.push(
      makeFinding(
        "VIS-011",
        `The screenshot shows ${quoteList(evidence.hiddenPrompts)}, which the page's HTML does not contain: ` +
          "the prompts are drawn as an image.",
      ),
    );
  }
  incomplete();
  return findings;
}

function quoteList(items: readonly string[]): string {
  return items
    .slice(0, 6)
    .map((i) => `"${i}"`)
    .join(", ");
}
