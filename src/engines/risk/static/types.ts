import type { KeywordCategory, PlatformKind, UrlInputError } from "../../domain/index.js";
import type { Finding } from "../../findings/types.js";
import type { SquatTechnique } from "../../verdict/index.js";
import type { NameModel } from "../names/model.js";

/** How a name imitates a brand (engines/verdict/techniques.ts words each one). */
export type { SquatTechnique };

export interface StaticOptions {
  /** The clock of the analysis (kept for callers that pass one; the name checks do not depend on it). */
  now?: Date;
  /** Look the registrable domain up in the shipped Tranco top 10,000 (default true). */
  rankLookup?: boolean;
  /** The learned name model (default: the shipped one, `data/models/`; null: none). */
  nameModel?: NameModel | null;
}

export interface ImpersonatedBrand {
  name: string;
  legitimateDomain: string;
  technique: SquatTechnique;
  /** For a brand name on a hosting platform written with a typo: the edit (`transposition`, `omission`…). */
  edit?: SquatTechnique;
}

/** Machine-readable facts for the verdict. */
export interface StaticSignals {
  /**
   * The name the registrant or platform user chose: the ICANN registrable domain, or the user's site on a
   * hosting platform (`chase-secure-login.netlify.app`). Brand ownership and rank are looked up for it.
   */
  siteDomain: string | null;
  /** The registrable domain belongs to a brand in the brand table. */
  isBrandDomain: boolean;
  brandOwner: string | null;
  /** On MISP's list of bank websites. */
  knownBank: boolean;
  /** Tranco rank of the registrable domain; null when unranked or when rank lookup is off. */
  trancoRank: number | null;
  tld: string | null;
  suspiciousTld: boolean;
  /** The platform the host lives on, when anyone can publish there. */
  platform: { domain: string; kind: PlatformKind; userContent: "subdomain" | "path" } | null;
  /** The platform's domain when the host is a user's site on it (`netlify.app`). */
  freeHosting: string | null;
  shortener: boolean;
  ipLiteral: boolean;
  idn: boolean;
  /** Look-alike letters from another script in a label. */
  mixedScript: boolean;
  keywordCategories: KeywordCategory[];
  keywords: string[];
  /** Shannon entropy (bits per character) of the registrable name. */
  entropy: number;
  randomLabel: boolean;
  subdomainDepth: number;
  hostnameLength: number;
  userinfo: boolean;
  encodedHost: boolean;
  port: number | null;
  /**
   * The learned name model's reading of the site's name (score 0–1), and whether it is below the model's
   * `clear` level (more likely legitimate than phishing); null when the model did not run (a trusted or
   * IP host, or no model).
   */
  nameModel: { score: number; clear: boolean } | null;
}

export type StaticAnalysis =
  | {
      ok: true;
      url: string;
      hostname: string;
      registrableDomain: string | null;
      findings: Finding[];
      brand: ImpersonatedBrand | null;
      signals: StaticSignals;
    }
  | { ok: false; error: "invalid_url"; reason: UrlInputError; message: string };
