import type { FindingCode } from "../findings/catalog.js";
import { SYSTEM_FINDINGS } from "../findings/catalog-sys.js";
import { VISION_FINDINGS } from "../findings/catalog-vis.js";

/**
 * The groups of finding codes the scan verdict (verdict.ts) treats alike. Each is an explicit set of
 * catalog codes, so a misspelt or retired code does not compile; verdict-codes.test.ts pins them.
 */

/** The vision agent's findings: they count as Low until the page or the URL backs them. */
export const VISION_CODES: ReadonlySet<FindingCode> = new Set(VISION_FINDINGS.map((d) => d.code));

/** Brand-imitation codes of the URL's name (DR-DOM-001–007 as scan codes). */
export const URL_BRAND_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "NET-201",
  "NET-202",
  "NET-203",
  "NET-204",
  "NET-205",
  "NET-206",
  "NET-207",
]);

/**
 * What the page itself shows that agrees with a name-only reading, at any severity: secrets asked on a
 * throwaway host, collectors, hiding or obfuscated scripts, pressure, reward, implausible discounts.
 */
export const PAGE_LURE_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "CON-011", // form data delivered by e-mail, chat bot or collection service
  "CON-012", // sign-in form without a real destination
  "CON-013", // sign-in form on a throwaway host
  "CON-014", // password field with a disguised caption
  "CON-023", // generic account or document sign-in lure
  "CON-030", // obfuscated script
  "CON-031", // large encoded blob in a script
  "CON-032", // hidden frame from another site
  "CON-033", // anti-analysis tricks
  "CON-034", // content shown only to phones
  "CON-035", // form served from a site's file directory
  "CON-040", // urgency or threat language
  "CON-041", // reward or prize language
  "CON-042", // fake game-currency or follower generator
  "CON-043", // fake giveaway
  "CON-044", // fake security alert with a support number
  "CON-045", // invitation or dating lure
  "CON-050", // implausible discounts
]);

/** Readings of the name alone: lure words in the host (NET-210) and the learned name model (NET-227). */
export const NAME_READING_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>(["NET-210", "NET-227"]);

/** Fake-shop signals (CON-050–055): above Low, any of them makes the threat a scam. */
export const SHOP_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "CON-050",
  "CON-051",
  "CON-052",
  "CON-053",
  "CON-054",
  "CON-055",
]);

/** Findings the executive summary's own sentences already cover, left out of its "Other evidence". */
export const SUMMARIZED_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  // What the page asks for, the brand it claims, and the scam it runs.
  "CON-001",
  "CON-002",
  "CON-003",
  "CON-004",
  "CON-005",
  "CON-020",
  "CON-021",
  "CON-022",
  "CON-024",
  "CON-025",
  "CON-042",
  "CON-043",
  "CON-044",
  "CON-045",
  // The redirect chain and where credentials go.
  "NET-001",
  "NET-008",
  "NET-030",
  "NET-031",
  "NET-032",
  "NET-033",
  // The registration age, and the brand the URL's name imitates.
  "NET-110",
  "NET-111",
  "NET-112",
  ...URL_BRAND_CODES,
  // Why the scan stopped early or was limited.
  ...SYSTEM_FINDINGS.map((d) => d.code),
]);
