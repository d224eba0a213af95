import type { Finding, Severity } from "../../findings/types.js";
import type { ImpersonatedBrand, StaticSignals } from "../../risk/static/types.js";
import type { ScamCall } from "./content/scams.js";
import type { UrlParts } from "./hosts.js";

/** Where a page names a brand as itself. */
export type ClaimPlace =
  | "title"
  | "site_name"
  | "copyright"
  | "wordmark"
  | "logo"
  | "heading"
  | "form"
  /** The page's description calls it the sign-in of the brand's account ("Login to access your IONOS e-mail"). */
  | "description"
  /** The host name spells the claimed brand or a near miss of it. */
  | "address"
  | "vision_logo"
  | "vision_favicon"
  | "vision_ocr";

export interface BrandClaim {
  brand: string;
  /** The brand's main domain (for summaries). */
  legitimateDomain: string;
  sector: string;
  places: ClaimPlace[];
  /** Examples of what was seen (capped). */
  evidence: string[];
}

/** A form field's meaning, read from its type, name, id, autocomplete, placeholder and label. */
export type FieldKind =
  | "password"
  | "card_number"
  | "card_cvv"
  | "card_expiry"
  | "pin"
  | "ssn"
  | "otp"
  | "seed"
  /** An exchange or service API key or its secret (not a wallet's key: see `fields.ts`). */
  | "api_key"
  | "email"
  | "username"
  | "phone"
  | "personal"
  | "hidden"
  | "other";

/** Secrets: what a phishing page is after. */
export const SECRET_KINDS: ReadonlySet<FieldKind> = new Set([
  "password",
  "card_number",
  "card_cvv",
  "pin",
  "ssn",
  "seed",
]);

export interface AnalyzedForm {
  /** Absolute action URL, null when the form has none (submits to the page itself). */
  action: string | null;
  /** Raw action kind: `page` (none, empty, '#'), `url`, `mailto`, `javascript`. */
  actionKind: "page" | "url" | "mailto" | "javascript";
  method: string;
  kinds: FieldKind[];
  /** Field kinds that are secrets (password, card, PIN, SSN, seed phrase). */
  secrets: FieldKind[];
  visible: boolean;
}

/** What the network agent tells the verdict besides its findings. */
export interface NetworkSignals {
  request: UrlParts | null;
  final: UrlParts | null;
  /** Static analysis of the final URL (the page shown), or of the request URL when nothing loaded. */
  site: {
    siteDomain: string | null;
    brandOwner: string | null;
    /** `brandOwner` and every other brand listing the site's domain as its own (one company's brands). */
    brandOwners: string[];
    wellKnown: boolean;
    trancoRank: number | null;
    freeHosting: string | null;
    suspiciousTld: boolean;
    ipLiteral: boolean;
    keywordCategories: StaticSignals["keywordCategories"];
  };
  /** Brand the URL's name imitates (static agent, Medium or above), on the request or the final URL. */
  urlBrand: (ImpersonatedBrand & { severity: Severity }) | null;
  /** Distinct registrable sites the chain passed through (request included). */
  chainSites: string[];
  /** Distinct host names of the chain, in order. */
  chainHosts: string[];
  redirected: boolean;
  crossSiteClientRedirect: boolean;
  ageDays: number | null;
  newDomain: boolean;
  parked: boolean;
  plainHttp: boolean;
  /** Where secret-bearing forms submit when it is another site (host names). */
  credentialsOffsite: string[];
  downloads: number;
  exfilRequests: number;
  /** No network evidence at all (a saved page, or a capture without the host's checks). */
  offline: boolean;
  /** The page was analyzed from a saved copy. */
  saved: boolean;
  /** Checks of the final host that were not back in time. */
  notChecked: boolean;
}

export interface ContentSignals {
  title: string;
  text: string;
  lang: string | null;
  forms: AnalyzedForm[];
  /** Secret field kinds anywhere on the page (forms and loose inputs). */
  secrets: FieldKind[];
  /** A brand the page presents itself as, best first. */
  claims: BrandClaim[];
  /** Brands only named in the text. */
  mentions: string[];
  /** The page names its own site (title segment, site name or copyright holder matching its domain). */
  selfNamed: boolean;
  /**
   * The owner's own page: it names its site with a name of its own (not made only of lure words) and
   * presents itself as no brand.
   */
  ownPage: boolean;
  /**
   * The owner's own page names itself in another script than its host's, which romanizes that name
   * (Μελισσώνας on melissonas.shop): the host name was made from the name, not picked from lure words.
   */
  ownNameRomanized: boolean;
  /**
   * The owner's own page on its own domain (the registrable domain itself or `www.`, no other subdomain)
   * asks only for a payment card: a shop's checkout (Boulangerie Mathis on boulangerie-mathis.shop).
   */
  ownCheckout: boolean;
  /**
   * CON-013 was raised on a domain whose only throwaway sign is the learned name model's reading (no
   * platform, abused TLD, random name, port, IP or young registration): it restates NET-227.
   */
  disposableByNameModelOnly: boolean;
  /** A known site whose content the page reproduces from another host (CON-025), or null. */
  clonedSite: string | null;
  exfil: Array<{ kind: string; where: "form" | "script"; sensitive: boolean; target: string }>;
  obfuscated: boolean;
  antiAnalysis: string[];
  urgency: string[];
  reward: string[];
  /** Scams that need no password (CON-042–045), strongest first. */
  scams: ScamCall[];
  fakeShop: boolean;
  shop: boolean;
  drainer: boolean;
  walletLure: boolean;
  seedPhrase: boolean;
  genericLure: boolean;
  empty: boolean;
  parked: boolean;
}

export interface AgentOutput<S> {
  findings: Finding[];
  signals: S;
}
