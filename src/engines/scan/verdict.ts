import { isTenantPlatform } from "../domain/index.js";
import { type Finding, SEVERITY_RANK, type Severity } from "../findings/types.js";
import {
  ageSentence,
  type BrandInSubdomainWording,
  hasFinding,
  hasStrongFinding,
  imitationSentence,
  joinWords,
  lessForNotChecked,
  MALICIOUS_AT,
  maliciousConfidence,
  otherEvidenceSentence,
  ownerSentence,
  paragraph,
  pointsOf,
  REGISTRATION_UNKNOWN,
  rankSentence,
  SCAN_AGE_WORDING,
  SCAN_TALLY,
  SUSPICIOUS_AT,
  scanMaliciousConfidence,
  suspiciousConfidence,
  SCAN_THREAT_TYPES as THREAT_TYPES,
  techniqueBy,
  verdictSentence,
} from "../verdict/index.js";
import { brandByName, dictionaryBrandIn, productAmong } from "./agents/brand-names.js";
import type { ScamKind } from "./agents/content/scams.js";
import { CARD } from "./agents/content/words.js";
import type { SystemFacts } from "./agents/system.js";
import type { AgentOutput, ClaimPlace, ContentSignals, FieldKind, NetworkSignals } from "./agents/types.js";
import type { ScanReport, VisionResult } from "./types.js";
import {
  NAME_READING_CODES,
  PAGE_LURE_CODES,
  SHOP_CODES,
  SUMMARIZED_CODES,
  URL_BRAND_CODES,
  VISION_CODES,
} from "./verdict-codes.js";

/**
 * The verdict of a URL scan (docs/scan-analysis.md): the points, thresholds, threat types and sentences it
 * shares with domain risk (engines/verdict), plus decisive combinations the page itself proves — secrets
 * asked under a brand that does not own the site, a wallet seed phrase or drainer, a fake shop,
 * credentials mailed to a bot, a pushed executable.
 */

export { THREAT_TYPES };

const SCAM_TYPES: Record<ScamKind, string> = {
  generator: THREAT_TYPES.generator,
  giveaway: THREAT_TYPES.giveaway,
  tech_support: THREAT_TYPES.techSupport,
  invite: THREAT_TYPES.invite,
};

/** Credential theft, or payment card theft when the page is after card details and no password. */
function phishingOf(secrets: readonly FieldKind[]): string {
  return !secrets.includes("password") && secrets.some((s) => CARD.has(s))
    ? THREAT_TYPES.cardPhishing
    : THREAT_TYPES.phishing;
}

/** The scam the page runs (CON-042–045) at `atLeast` or above, as its threat type. */
function scamOf(input: VerdictInput, atLeast: Severity): string | null {
  const call = input.content?.signals.scams.find((s) => RANK[s.severity] >= RANK[atLeast]);
  return call ? SCAM_TYPES[call.kind] : null;
}

const RANK = SEVERITY_RANK;
/** How the summary words `brand_in_subdomain` (engines/verdict/techniques.ts says why). */
const BRAND_IN_SUBDOMAIN: BrandInSubdomainWording = "name";
/** Vision brand matches at or above this score count as the page showing the brand's mark. */
export const VISION_BRAND_SCORE = 0.6;

export interface VerdictInput {
  network: AgentOutput<NetworkSignals>;
  content: AgentOutput<ContentSignals> | null;
  vision: VisionResult | null;
  system: SystemFacts;
}

export interface ImpersonatedBrandCall {
  name: string;
  legitimateDomain: string;
  /** Where it was seen: page places, `url`, `vision_logo`, `vision_favicon`. */
  sources: string[];
  strong: boolean;
}

export type Verdict = Omit<ScanReport, "request_url" | "evidence_findings" | "site_context"> & {
  brand: ImpersonatedBrandCall | null;
};

/**
 * Whether the brand the URL's name resembles counts: not when the page names itself and neither names
 * nor shows that brand (a legitimate business whose name happens to resemble a brand's).
 */
export function urlBrandStands(input: VerdictInput): boolean {
  const url = input.network.signals.urlBrand;
  if (!url) return false;
  const c = input.content?.signals;
  if (!c?.selfNamed || c.empty) return true;
  const named = c.claims.some((k) => k.brand === url.name) || c.mentions.includes(url.name);
  return named || (input.vision?.brands.some((b) => b.brand === url.name) ?? false);
}

/**
 * The screenshot reads as a sign-in or verification page (OCR found password or verification prompts,
 * VIS-010): the page asks for secrets even when its markup is a script stub that shows no form.
 */
export function visionAsksSecrets(input: VerdictInput): boolean {
  return input.vision?.findings.some((f) => f.finding_id === "VIS-010") ?? false;
}

/**
 * Brands OCR read in the screenshot that the markup never spells, on a page that asks for a password
 * (VIS-003 raised to High, see vision/findings.ts): a login drawn around a brand's name.
 */
function ocrBrandsOnLogin(input: VerdictInput): string[] {
  const vision = input.vision;
  if (!vision) return [];
  return vision.brands
    .filter((b) => b.source === "ocr")
    .map((b) => b.brand)
    .filter((name) =>
      vision.findings.some(
        (f) =>
          f.finding_id === "VIS-003" &&
          f.severity === "High" &&
          f.description === `${name} named only in an image`,
      ),
    );
}

/** Where a brand call comes from the page itself (not the URL, not the screenshot). */
function pagePlace(source: string): boolean {
  return source !== "url" && !source.startsWith("vision_");
}

/** The brand the page impersonates, from the content's claims, the vision agent's marks and the URL. */
export function impersonatedBrand(input: VerdictInput): ImpersonatedBrandCall | null {
  const owners = new Set(input.network.signals.site.brandOwners);
  const calls = new Map<string, ImpersonatedBrandCall>();
  const add = (name: string, source: string, strong: boolean, legit?: string) => {
    if (owners.has(name)) return;
    const call = calls.get(name) ?? {
      name,
      legitimateDomain: legit ?? brandByName(name)?.primaryDomain ?? "",
      sources: [],
      strong: false,
    };
    if (!call.sources.includes(source)) call.sources.push(source);
    call.strong ||= strong;
    calls.set(name, call);
  };
  for (const claim of input.content?.signals.claims ?? []) {
    const strongPlaces: ClaimPlace[] = ["copyright", "form", "site_name"];
    const strong = claim.places.length >= 2 || claim.places.some((p) => strongPlaces.includes(p));
    for (const place of claim.places) add(claim.brand, place, strong, claim.legitimateDomain);
  }
  for (const seen of input.vision?.brands ?? []) {
    if (seen.source === "ocr" || seen.score < VISION_BRAND_SCORE) continue;
    if (!brandByName(seen.brand)) continue;
    add(seen.brand, `vision_${seen.source}`, true);
  }
  for (const name of ocrBrandsOnLogin(input)) if (brandByName(name)) add(name, "vision_ocr", true);
  const url = input.network.signals.urlBrand;
  if (url && urlBrandStands(input)) add(url.name, "url", true, url.legitimateDomain);
  // A company's name beside its product's, which the page itself names: the page is the product's.
  const named = [...calls.values()].filter((c) => c.sources.some(pagePlace)).map((c) => c.name);
  for (const call of [...calls.values()]) {
    const product = calls.get(productAmong(call.name, named));
    if (!product || product === call) continue;
    for (const source of call.sources) if (!product.sources.includes(source)) product.sources.push(source);
    product.strong ||= call.strong;
    calls.delete(call.name);
  }
  let best: ImpersonatedBrandCall | null = null;
  for (const call of calls.values()) {
    if (call.sources.length > 1) call.strong = true;
    if (
      best === null ||
      Number(call.strong) - Number(best.strong) > 0 ||
      (call.strong === best.strong && call.sources.length > best.sources.length)
    )
      best = call;
  }
  return best;
}

export interface ScoreOptions {
  /** The page or the URL backs the vision agent's brand (else its findings count as Low). */
  visionCorroborated: boolean;
  /** The URL's brand resemblance is contradicted by the page (its findings count as Low). */
  urlBrandDisowned?: boolean;
  /**
   * The page names its own site and poses as no brand: the readings of the name alone (lure words in the
   * host, NET-210; the learned name model, NET-227) count as Low — the page says whose name it is.
   */
  nameReadingsDisowned?: boolean;
}

/**
 * Points of the findings as a scan tallies them (SCAN_TALLY: each code once at its highest severity, Lows
 * capped); uncorroborated ones count as Low.
 */
export function scoreOf(findings: Finding[], options: ScoreOptions): number {
  const weighed = findings.map((f) => {
    const weak =
      (VISION_CODES.has(f.finding_id) && !options.visionCorroborated) ||
      (options.urlBrandDisowned === true && URL_BRAND_CODES.has(f.finding_id)) ||
      (options.nameReadingsDisowned === true && NAME_READING_CODES.has(f.finding_id));
    const severity: Severity = weak && RANK[f.severity] > RANK.Low ? "Low" : f.severity;
    return { finding_id: f.finding_id, severity };
  });
  return pointsOf(weighed, SCAN_TALLY);
}

interface Decision {
  assessment: ScanReport["final_assessment"];
  threatType: string;
  confidence: number;
}

function haltedDecision(input: VerdictInput, findings: Finding[]): Decision {
  const urlBrand = input.network.signals.urlBrand;
  const score = scoreOf(findings, { visionCorroborated: false });
  if (input.system.blocked)
    return { assessment: "Suspicious", threatType: THREAT_TYPES.infrastructure, confidence: 0 };
  if (urlBrand) return { assessment: "Suspicious", threatType: THREAT_TYPES.phishing, confidence: 0 };
  if (hasStrongFinding(findings) || (score >= SUSPICIOUS_AT && hasFinding(findings, "SYS-003")))
    return { assessment: "Suspicious", threatType: THREAT_TYPES.infrastructure, confidence: 0 };
  const dns = findings.some((f) => f.finding_id === "SYS-001");
  const browser = findings.some((f) => f.finding_id === "SYS-007");
  return {
    assessment: "Unknown",
    threatType: dns ? THREAT_TYPES.unresolved : browser ? THREAT_TYPES.incomplete : THREAT_TYPES.unreachable,
    confidence: 0,
  };
}

function threatTypeOf(input: VerdictInput, brand: ImpersonatedBrandCall | null, findings: Finding[]): string {
  const c = input.content?.signals;
  const n = input.network.signals;
  const secrets = (c?.secrets ?? []).filter((s) => s !== "seed");
  if (c?.seedPhrase || c?.drainer || c?.walletLure) return THREAT_TYPES.cryptoDrainer;
  if (n.downloads > 0) return THREAT_TYPES.malware;
  const scam = scamOf(input, "Medium");
  if (scam) return scam;
  if (secrets.length > 0 && (brand || n.credentialsOffsite.length > 0 || c?.exfil.length || c?.genericLure))
    return phishingOf(secrets);
  if (
    c?.fakeShop ||
    findings.some((f) => SHOP_CODES.has(f.finding_id) && f.severity !== "Low") ||
    (secrets.length === 0 && hasFinding(findings, "CON-050"))
  )
    return THREAT_TYPES.scam;
  // A one-time code under a brand's name is the second factor of its account (CON-004): credential theft.
  if (brand?.strong)
    return secrets.length > 0 || visionAsksSecrets(input) || hasFinding(findings, "CON-004")
      ? phishingOf(secrets)
      : THREAT_TYPES.brandImpersonation;
  if (secrets.length > 0 && (c?.urgency.length ?? 0) > 0) return phishingOf(secrets);
  if ((c?.reward.length ?? 0) > 0) return THREAT_TYPES.scam;
  // A flagged page that asks for secrets is after them, whoever it claims to be.
  if (secrets.length > 0) return phishingOf(secrets);
  // A weaker claim (one place) that the host or the page's emptiness raised: still a brand posed as.
  if (brand && hasFinding(findings, "CON-020", "Medium")) return THREAT_TYPES.brandImpersonation;
  const categories = n.site.keywordCategories;
  if (categories.some((k) => k === "crypto" || k === "prize")) return THREAT_TYPES.scam;
  if (categories.length > 0) return THREAT_TYPES.phishing;
  if (c?.clonedSite) return THREAT_TYPES.clonedSite;
  if (n.newDomain) return THREAT_TYPES.newDomain;
  return THREAT_TYPES.infrastructure;
}

/** Decisive combinations: Malicious whatever the points, with the threat they prove. */
function decisive(
  input: VerdictInput,
  brand: ImpersonatedBrandCall | null,
  findings: Finding[],
): string | null {
  const c = input.content?.signals;
  if (!c) return null;
  const secrets = c.secrets.filter((s) => s !== "seed");
  // A scam the page proves (a generator's offer wall, coins to send, a number to call, an account
  // taken over through an invitation) is named as that scam, even under a brand.
  // Not on a well-known site: a vendor's own support or contest page reads like its imitations.
  const scam = input.network.signals.site.wellKnown ? null : scamOf(input, "High");
  if (scam) return scam;
  // A brand only OCR read is evidence, not proof (an image "Log in with …" button reads the same).
  if (secrets.length > 0 && brand?.sources.some((s) => s !== "vision_ocr")) return phishingOf(secrets);
  if (c.seedPhrase || c.drainer) return THREAT_TYPES.cryptoDrainer;
  if (c.fakeShop) return THREAT_TYPES.scam;
  if (c.exfil.some((e) => e.sensitive)) return phishingOf(secrets);
  if (hasFinding(findings, "NET-024", "Critical")) return THREAT_TYPES.malware;
  return null;
}

function corroborations(input: VerdictInput, brand: ImpersonatedBrandCall | null): number {
  const c = input.content?.signals;
  const n = input.network.signals;
  return [
    n.newDomain,
    urlBrandStands(input),
    n.credentialsOffsite.length > 0,
    (c?.urgency.length ?? 0) > 0,
    c?.obfuscated ?? false,
    (c?.exfil.length ?? 0) > 0,
    (brand?.sources.length ?? 0) >= 3,
    brand?.sources.some((s) => s.startsWith("vision_")) ?? false,
  ].filter(Boolean).length;
}

export function decide(input: VerdictInput, findings: Finding[]): Verdict {
  const n = input.network.signals;
  const brand = input.system.halted ? null : impersonatedBrand(input);
  let decision: Decision;
  if (input.system.halted || input.content === null) {
    decision = haltedDecision(input, findings);
  } else {
    const c = input.content.signals;
    // The page asks for secrets in its markup or, when the markup shows no form, in its screenshot.
    const visionCorroborated =
      c.secrets.length > 0 ||
      visionAsksSecrets(input) ||
      brand?.sources.some((s) => !s.startsWith("vision_")) === true;
    const urlBrandDisowned = n.urlBrand !== null && !urlBrandStands(input);
    // The page names its own site and poses as no brand: the readings of the name alone (the name model,
    // lure words in the host) count as Low when the page asks for no secret and shows no implausible
    // discount (the name is all they saw: "SecurePay" on securepay.com.au), or when the name holds a
    // dictionary-word brand the name rules did not take for the brand (Ledger Accounting Services).
    const siteName = n.site.siteDomain?.split(".")[0] ?? "";
    // A business service's tenant that the page calls by the organization its address names
    // ("Verdantia Soporte" on helpdesk-verdantia.zendesk.com): the organization's own workspace, where
    // "helpdesk" or "portal" in the name is what the tenant is for, even with a sign-in on it.
    const tenantOwnPage =
      c.ownPage && brand === null && n.site.freeHosting !== null && isTenantPlatform(n.site.freeHosting);
    const nameReadingsDisowned =
      (tenantOwnPage && !c.empty) ||
      (c.selfNamed &&
        brand === null &&
        // A name chosen on a platform anyone can publish on, an abused TLD or an IP vouches for nothing.
        n.site.freeHosting === null &&
        !n.site.suspiciousTld &&
        !n.site.ipLiteral &&
        !c.empty &&
        ((c.secrets.length === 0 && !hasFinding(findings, "CON-050")) ||
          (n.urlBrand === null && dictionaryBrandIn(siteName) !== null)));
    // The name model alone does not decide a page that shows content of its own: another finding at
    // Medium or above, or any lure the page itself shows (pressure, reward, hiding scripts, obfuscation,
    // a collector), must agree. An empty stub keeps it: its name is all there is.
    // The owner's own page, asking for a sign-in or a card with nothing else to it (CON-013 Low), on a
    // platform user site named like it (TaskNest on tasknest-app.vercel.app: the platform is the owner's
    // choice of host, not a lure the page shows), or naming itself in another script than the host name
    // made from that name (Μελισσώνας on melissonas.shop: the name model reads a romanized name it never
    // saw, not lure words). On a domain of its own named in its own letters it still agrees when the
    // domain looks throwaway for another reason: kits name themselves after the throwaway domains they
    // register ("Lena Privat" on lena-privat.love, an abused TLD). Where the name model's reading is the
    // only reason, CON-013 restates NET-227 and agrees with nothing.
    // The owner's own card checkout (Boulangerie Mathis on boulangerie-mathis.shop asking only for a card,
    // with none of a fake shop's signs): a shop's TLD and a name the model has not seen are no lure there.
    const ownCheckout =
      c.ownCheckout && !findings.some((f) => SHOP_CODES.has(f.finding_id) && RANK[f.severity] > RANK.Low);
    const ownPageQuiet =
      c.ownPage && brand === null && (n.site.freeHosting !== null || c.ownNameRomanized || ownCheckout);
    const nameModelAlone =
      !c.empty &&
      !findings.some(
        (f) =>
          (f.finding_id !== "NET-227" && RANK[f.severity] >= RANK.Medium) ||
          (PAGE_LURE_CODES.has(f.finding_id) &&
            !(
              (ownPageQuiet || c.disposableByNameModelOnly) &&
              f.finding_id === "CON-013" &&
              f.severity === "Low"
            )),
      );
    const score = scoreOf(findings, {
      visionCorroborated,
      urlBrandDisowned,
      nameReadingsDisowned: nameReadingsDisowned || nameModelAlone,
    });
    const proven = decisive(input, brand, findings);
    const cap = n.offline ? 85 : 95;
    if (n.site.wellKnown && proven === null) {
      decision = { assessment: "Benign", threatType: THREAT_TYPES.benign, confidence: n.offline ? 85 : 95 };
    } else if (proven !== null) {
      const extra = corroborations(input, brand);
      decision = { assessment: "Malicious", threatType: proven, confidence: Math.min(cap, 75 + 5 * extra) };
    } else if (score >= MALICIOUS_AT && hasStrongFinding(findings)) {
      decision = {
        assessment: "Malicious",
        threatType: threatTypeOf(input, brand, findings),
        confidence: maliciousConfidence(score, scanMaliciousConfidence(cap)),
      };
    } else if (score >= SUSPICIOUS_AT) {
      decision = {
        assessment: "Suspicious",
        threatType: threatTypeOf(input, brand, findings),
        confidence: suspiciousConfidence(score),
      };
    } else if (n.parked || c.parked) {
      decision = { assessment: "Unknown", threatType: THREAT_TYPES.parked, confidence: 50 };
    } else if (c.empty) {
      decision = { assessment: "Unknown", threatType: THREAT_TYPES.noContent, confidence: 30 };
    } else {
      decision = {
        assessment: "Benign",
        threatType: THREAT_TYPES.benign,
        confidence: n.offline ? 60 : 80,
      };
    }
    if (n.notChecked) decision.confidence = lessForNotChecked(decision.confidence);
  }
  return {
    final_assessment: decision.assessment,
    threat_type: decision.threatType,
    confidence_score: decision.confidence,
    executive_summary: "",
    // A weak call (one place) is named when the page is flagged: the claim is part of why.
    brand:
      brand && (brand.strong || decision.assessment === "Malicious" || decision.assessment === "Suspicious")
        ? brand
        : null,
  };
}

const PLACE_WORDS: Record<string, string> = {
  title: "its title",
  site_name: "its site name",
  copyright: "its copyright line",
  wordmark: "its wordmark",
  logo: "its logo",
  heading: "its heading",
  form: "its form labels",
  address: "a look-alike of its name in the address",
  vision_logo: "the logo in its screenshot",
  vision_favicon: "its favicon",
  vision_ocr: "the text of its screenshot",
  url: "its address",
};

/** The scam a page runs, as the summary says it. */
const SCAM_SENTENCES: Record<ScamKind, string> = {
  generator:
    'The page offers free game currency or followers behind a "human verification" step, which is how such generator scams collect offer-wall payouts; nothing is ever generated',
  giveaway:
    "The page is a giveaway that asks the visitor to send coins or pay a fee first, which is how fake giveaways take the money",
  tech_support:
    "The page claims the visitor's computer is infected or locked and gives a number to call: a tech-support scam",
  invite:
    "The page is an invitation or dating lure (a group to join, a profile to see) that asks for something it does not need",
};

function secretsSentence(c: ContentSignals, n: NetworkSignals): string | null {
  const secrets = c.secrets;
  if (secrets.length === 0) return null;
  const words: string[] = [];
  if (secrets.includes("password")) words.push("a password");
  if (secrets.includes("card_number") || secrets.includes("card_cvv")) words.push("payment card details");
  if (secrets.includes("pin")) words.push("a card PIN");
  if (secrets.includes("ssn")) words.push("identity numbers");
  if (secrets.includes("seed")) words.push("a wallet recovery phrase");
  let where = "";
  const bot = c.exfil.find((e) => e.sensitive);
  if (n.credentialsOffsite.length > 0)
    where = ` and its form sends {them} to ${n.credentialsOffsite[0]}, another domain`;
  else if (bot)
    where = ` and hands {them} to ${bot.kind === "telegram" ? "a Telegram bot" : bot.kind === "mailto" ? "an e-mail address" : `a ${bot.kind.replace(/_/g, " ")}`}`;
  else {
    const form = c.forms.find((f) => f.secrets.length > 0 && f.actionKind === "url" && f.action);
    if (form?.action) {
      try {
        const url = new URL(form.action);
        where = ` and sends {them} to ${url.pathname} on ${url.hostname}`;
      } catch {
        where = "";
      }
    } else if (c.forms.some((f) => f.secrets.length > 0)) where = " and collects {them} with a script";
  }
  const them = words.length === 1 && !words[0]?.endsWith("details") ? "it" : "them";
  return `The page asks for ${joinWords(words)}${where.replace("{them}", them)}`;
}

/** The executive summary: plain sentences written from the evidence. */
export function summarize(input: VerdictInput, verdict: Verdict, findings: Finding[]): string {
  const n = input.network.signals;
  const c = input.content?.signals ?? null;
  const host = n.final?.host ?? n.request?.host ?? "The site";
  const parts: string[] = [];
  const brand = verdict.brand;
  if (brand && verdict.final_assessment !== "Benign") {
    const url = n.urlBrand && n.urlBrand.name === brand.name ? n.urlBrand : null;
    const places = brand.sources.filter((s) => s !== "url").map((s) => PLACE_WORDS[s] ?? s);
    if (url)
      parts.push(
        `${imitationSentence(host, brand.name, brand.legitimateDomain, techniqueBy(url.technique, BRAND_IN_SUBDOMAIN))}${places.length > 0 ? `, and the page presents itself as ${brand.name} in ${joinWords(places)}` : ""}`,
      );
    else
      parts.push(
        `${host} presents itself as ${brand.name} in ${joinWords(places)}, but it is not one of ${brand.name}'s domains (${brand.legitimateDomain})`,
      );
  } else if (n.site.brandOwner) {
    parts.push(ownerSentence(host, n.site.brandOwner, "own_domains"));
  } else if (n.site.trancoRank !== null) {
    parts.push(rankSentence(n.site.siteDomain ?? host, n.site.trancoRank));
  }
  if (n.chainSites.length > 1)
    parts.push(`The URL led through ${n.chainHosts.join(" → ")} before the page was shown`);
  if (input.system.halted && input.system.reason)
    parts.push(`The scan stopped early: ${input.system.reason}`);
  if (c) {
    const secrets = secretsSentence(c, n);
    if (secrets) parts.push(secrets);
    const scam = c.scams[0];
    if (scam && verdict.final_assessment !== "Benign") parts.push(SCAM_SENTENCES[scam.kind]);
    if (c.clonedSite)
      parts.push(
        `The page reproduces ${c.clonedSite}'s content from ${host}, which is not ${c.clonedSite}'s`,
      );
  }
  if (n.site.freeHosting)
    parts.push(
      `It is a user's site on ${n.site.freeHosting}, whose registration says nothing about the page's owner`,
    );
  else if (n.ageDays !== null) parts.push(ageSentence(n.ageDays, SCAN_AGE_WORDING));
  else if (n.saved) parts.push("No network checks were made (saved page)");
  else if (!input.system.halted)
    parts.push(n.offline ? "No registration or certificate facts were available" : REGISTRATION_UNKNOWN);
  const others = otherEvidenceSentence(
    findings
      .filter((f) => f.severity !== "Informational" && !SUMMARIZED_CODES.has(f.finding_id))
      .sort((a, b) => RANK[b.severity] - RANK[a.severity]),
  );
  if (others) parts.push(others);
  // A brand claimed off its domain on a page left Unknown: say why it decided nothing.
  const unowned = c?.claims[0] ?? null;
  if (verdict.final_assessment === "Unknown" && unowned && !input.system.halted)
    parts.push(
      `The page names ${unowned.brand}, but ${n.site.siteDomain ?? host} is not ${unowned.brand}'s domain (${unowned.legitimateDomain}); the page shows nothing else to judge it by and its address gives no other sign`,
    );
  parts.push(verdictSentence(verdict.final_assessment, verdict.threat_type));
  return paragraph(parts);
}
