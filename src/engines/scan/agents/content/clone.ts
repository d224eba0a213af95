import { trancoRank } from "../../../domain/index.js";
import { ownerOfHost, type ScanContext } from "../context.js";
import { urlParts } from "../hosts.js";
import { pageUrls } from "./brand.js";

/**
 * Cloned content (CON-025): a page that reproduces a known site — it gives that site's address as its own
 * (`<link rel=canonical>` or `og:url`) and keeps linking to it — served from a host that is not that
 * site's. Proxy decoys (a news site's home page mirrored on a workers.dev or throwaway host) and kits that
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
  /** The page's links, resources and form targets on the copied site. */
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
    const references = pageUrls(ctx).filter((u) => urlParts(u)?.site === site).length;
    if (references >= MIN_REFERENCES) return { site, declared: places, references };
  }
  return null;
}
