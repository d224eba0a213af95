import { trancoRank } from "../../../domain/index.js";
import { brandOfPhrase, keyOf } from "../brand-names.js";
import { ownerOfHost, type ScanContext } from "../context.js";
import { urlParts } from "../hosts.js";
import { copyrightHolder, pageUrls, TITLE_SEPARATORS } from "./brand.js";

/**
 * Cloned content (CON-025): a page that reproduces a known site — it gives that site's address as its own
 * (`<link rel=canonical>` or `og:url`) and keeps linking to it or calls itself by its brand's name — served
 * from a host that is not that site's. Proxy decoys (a news site's home page mirrored on a workers.dev or throwaway host) and kits that
 * copy a site wholesale look like this, whatever their purpose. Known sites are the ones the product already
 * ships: the Tranco top 10k and the brand table's domains.
 */

/** Services whose job is to show other sites' pages: caches, archives, translators, AMP caches. */
const MIRRORS = [
  "ampproject.org",
  "archive.org",
  "archive.ph",
  "archive.today",
  "archive.is",
  "googleusercontent.com",
  "translate.goog",
];

/** Links and resources on the copied site needed beside its address in canonical/og:url. */
const MIN_REFERENCES = 3;

export interface ClonedSite {
  /** The copied site's registrable domain. */
  site: string;
  /** Where the page gives that site's address as its own: `canonical`, `og:url`. */
  declared: string[];
  /** Where the page calls itself by the copied site's brand: `title`, `og:site_name`, `copyright`. */
  named: string[];
  /** The page's links, resources and form targets on the copied site or its operator's other domains. */
  references: number;
}

function known(site: string): boolean {
  return trancoRank(site) !== null || ownerOfHost(site) !== null;
}

function sameOperator(a: string, b: string): boolean {
  const owner = ownerOfHost(a);
  return owner !== null && owner === ownerOfHost(b);
}

function isMirror(site: string): boolean {
  return MIRRORS.some((m) => site === m || site.endsWith(`.${m}`));
}

/**
 * Where the page calls itself by the copied site's name — its title, site name or copyright line naming
 * the brand that owns `site`, or spelling the site's own label as a word ("BBC News" for bbc.com) — a copy
 * that kept the copied site's identity when its links were rewritten or stripped.
 */
function namedAs(ctx: ScanContext, site: string): string[] {
  const owner = ownerOfHost(site)?.name;
  const label = site.split(".")[0] ?? "";
  const names = (phrase: string) => {
    if (owner && brandOfPhrase(phrase)?.brand.name === owner) return true;
    // A word of the phrase, or the phrase as a whole ("The Guardian" for theguardian.com).
    return (
      label.length >= 3 &&
      (keyOf(phrase) === label || (phrase.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => keyOf(w) === label))
    );
  };
  const { facts } = ctx.page;
  const places: string[] = [];
  if (ctx.page.title.split(TITLE_SEPARATORS).some(names)) places.push("title");
  if (names(facts.meta["og:site_name"] ?? "")) places.push("og:site_name");
  if (facts.copyright.some((line) => names(copyrightHolder(line)))) places.push("copyright");
  return places;
}

/** `selfNamed`: the page names its own site (`namesItself`), as the content agent has computed it. */
export function clonedSite(ctx: ScanContext, selfNamed: boolean): ClonedSite | null {
  const shown = ctx.final ?? ctx.request;
  // A page that names itself (a syndication partner, a reseller) is about the other site, not a copy of it.
  if (!shown || ctx.wellKnown || selfNamed) return null;
  const own = shown.site;
  if (isMirror(shown.host)) return null;
  const { facts } = ctx.page;
  const declared = new Map<string, string[]>();
  for (const [place, url] of [
    ["canonical", facts.canonical],
    ["og:url", facts.meta["og:url"]],
  ] as const) {
    const site = urlParts(url)?.site;
    if (!site || site === own) continue;
    declared.set(site, [...(declared.get(site) ?? []), place]);
  }
  for (const [site, places] of declared) {
    if (!known(site) || sameOperator(site, own) || isMirror(site)) continue;
    // Links and resources on the copied site or on its operator's other domains (its CDN, its assets host).
    const references = pageUrls(ctx).filter((u) => {
      const ref = urlParts(u)?.site;
      return ref !== undefined && ref !== own && (ref === site || sameOperator(ref, site));
    }).length;
    const named = namedAs(ctx, site);
    if (references >= MIN_REFERENCES || named.length > 0)
      return { site, declared: places, named, references };
  }
  return null;
}
