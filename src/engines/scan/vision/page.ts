import { parse } from "tldts";
import { type Brand, brandOwning, describeHost, trancoRank } from "../../domain/index.js";
import type { ScanCapture } from "../types.js";

/** Whose page this is, as far as the brand table can tell. */
export interface PageIdentity {
  /** Host of the final URL (else the requested one). */
  host: string | null;
  /** The name its registrant or platform user chose (`example.com`, `user.netlify.app`). */
  registrable: string | null;
  /** The brand that owns the site, when it is one of a brand's domains. */
  owner: Brand | null;
  /** Listed among popular domains (Tranco). */
  ranked: boolean;
}

export function pageIdentity(capture: ScanCapture): PageIdentity {
  const url = capture.finalUrl ?? capture.requestUrl;
  let hostname: string | null = null;
  try {
    hostname = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    hostname = null;
  }
  if (!hostname) return { host: null, registrable: null, owner: null, ranked: false };
  const icann = parse(hostname, { allowPrivateDomains: false });
  if (icann.isIp || !icann.domain || !icann.publicSuffix) {
    return { host: hostname, registrable: null, owner: null, ranked: false };
  }
  const facts = describeHost(hostname, icann.domain, icann.publicSuffix);
  const userSite = facts.platform?.userContent === "subdomain";
  const owner = brandOwning(facts.registrable, facts.name, facts.suffix, !userSite);
  const ranked = !userSite && trancoRank(facts.registrable) !== null;
  return { host: hostname, registrable: facts.registrable, owner, ranked };
}

/** The brand's main domain, for findings ("not one of PayPal's domains (paypal.com)"). */
export function brandDomain(brand: Brand): string {
  return brand.primaryDomain;
}
