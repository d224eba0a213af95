import { francAll } from "franc";
import { analyzeCapture, PURPOSE_LABELS } from "../classify/analyze/index.js";
import type { CrawlCapture } from "../classify/capture.js";
import type { Purpose } from "../classify/types.js";
import { emptyAsnCheck } from "../risk/network/asn-check.js";
import { emptyDnsCheck } from "../risk/network/dns-check.js";
import { emptyRdapCheck } from "../risk/network/rdap-check.js";
import { emptyTlsCheck } from "../risk/network/tls-check.js";
import type { NetworkChecks } from "../risk/network/types.js";
import { brandsNamedIn, productAmong } from "./agents/brand-names.js";
import type { ScanContext } from "./agents/context.js";
import type { ContentSignals } from "./agents/types.js";
import type { ScanCapture, SiteContext, VisionResult } from "./types.js";
import { THREAT_TYPES, type Verdict, VISION_BRAND_SCORE } from "./verdict.js";

/** ISO 639-3 (franc) → ISO 639-1, for the languages DomainLens reports. */
const ISO1: Readonly<Record<string, string>> = {
  eng: "en",
  spa: "es",
  por: "pt",
  fra: "fr",
  deu: "de",
  ita: "it",
  nld: "nl",
  pol: "pl",
  ron: "ro",
  tur: "tr",
  ind: "id",
  zlm: "ms",
  vie: "vi",
  tgl: "tl",
  hun: "hu",
  ces: "cs",
  slk: "sk",
  swe: "sv",
  dan: "da",
  nob: "nb",
  nno: "nn",
  fin: "fi",
  cat: "ca",
  glg: "gl",
  lit: "lt",
  lvs: "lv",
  ekk: "et",
  slv: "sl",
  hrv: "hr",
  bos: "bs",
  srp: "sr",
  als: "sq",
  rus: "ru",
  ukr: "uk",
  bel: "be",
  bul: "bg",
  mkd: "mk",
  kaz: "kk",
  arb: "ar",
  urd: "ur",
  pes: "fa",
  prs: "fa",
  heb: "he",
  hin: "hi",
  mar: "mr",
  npi: "ne",
  ben: "bn",
  tam: "ta",
  tel: "te",
  guj: "gu",
  kan: "kn",
  mal: "ml",
  pan: "pa",
  tha: "th",
  cmn: "zh",
  jpn: "ja",
  kor: "ko",
  ell: "el",
  kat: "ka",
  hye: "hy",
  khm: "km",
  lao: "lo",
  mya: "my",
  amh: "am",
  swh: "sw",
  afr: "af",
  azj: "az",
  uzn: "uz",
  sin: "si",
};
const ONLY = Object.keys(ISO1);
const MIN_TEXT = 40;
const SHORT_TEXT = 300;

/**
 * ISO 639-1 of the visible text (franc), or of the page's `lang` when the text is too short to tell.
 */
export function primaryLanguage(text: string, htmlLang: string | null): string {
  const sample = text.replace(/\s+/g, " ").trim().slice(0, 6000);
  const declared = htmlLang ? (/^([a-z]{2})(?:[-_]|$)/i.exec(htmlLang)?.[1]?.toLowerCase() ?? null) : null;
  const letters = sample.replace(/[\d\s\p{P}\p{S}]/gu, "").length;
  if (letters >= MIN_TEXT) {
    const ranked = francAll(sample, { only: ONLY, minLength: MIN_TEXT });
    const [top] = ranked;
    const guess = top ? ISO1[top[0]] : undefined;
    if (guess) {
      if (declared && declared !== guess) {
        // Short texts are close calls: a declared language franc finds nearly as likely wins.
        const near = letters < SHORT_TEXT ? 0.85 : 0.95;
        if (ranked.some(([code, score]) => ISO1[code] === declared && score >= near)) return declared;
      }
      return guess;
    }
  }
  return declared ?? "und";
}

function skippedChecks(host: string): NetworkChecks {
  return {
    dns: emptyDnsCheck("skipped", "offline", null),
    rdap: emptyRdapCheck("skipped", "offline", null, host),
    tls: emptyTlsCheck("skipped", "offline", null, host),
    asn: emptyAsnCheck("skipped", "offline", null),
  };
}

const MIN_PURPOSE_SCORE = 6;
const MIN_PURPOSE_LEAD = 1.5;

/** The classification analysis' purpose of the page (one page, no crawl), when it is clear. */
function classifiedPurpose(ctx: ScanContext): Purpose | null {
  const capture: ScanCapture = ctx.capture;
  const finalUrl = capture.finalUrl ?? capture.requestUrl;
  const domain = ctx.final?.icannDomain ?? ctx.request?.icannDomain;
  if (!domain || capture.html.length === 0) return null;
  const crawl: CrawlCapture = {
    version: 1,
    domain,
    startedAt: capture.startedAt,
    finishedAt: capture.finishedAt,
    root: {
      outcome: "ok",
      reason: null,
      message: null,
      scheme: ctx.final?.scheme ?? "https",
      chain: [],
      finalUrl,
      status: capture.status ?? 200,
      headers: capture.headers,
      servingAddress: null,
      jsShell: false,
      via: "browser",
      browserError: null,
    },
    pages: [
      {
        role: "root",
        url: finalUrl,
        finalUrl,
        status: capture.status ?? 200,
        contentType: "text/html",
        body: capture.html,
        truncated: capture.htmlTruncated,
        via: "browser",
      },
    ],
    probes: [],
    network: capture.network ?? skippedChecks(domain),
    hostingHints: [],
    budget: {
      bytes: capture.html.length,
      maxBytes: capture.html.length,
      elapsedMs: 0,
      maxMs: 0,
      exhausted: false,
    },
  };
  try {
    // One page is little to go on: only a clear lead counts.
    const { evidence } = analyzeCapture(crawl, { now: ctx.now });
    const [top, next] = evidence.purpose;
    if (!top || top.purpose === "other" || top.score < MIN_PURPOSE_SCORE) return null;
    if (next && top.score - next.score < MIN_PURPOSE_LEAD) return null;
    return top.purpose;
  } catch {
    return null;
  }
}

/** What a scam page pretends to be. */
const SCAM_PURPOSES: Record<string, string> = {
  [THREAT_TYPES.generator]: "Free game-currency generator",
  [THREAT_TYPES.giveaway]: "Giveaway page",
  [THREAT_TYPES.techSupport]: "Fake security alert with a support number",
  [THREAT_TYPES.invite]: "Group invitation or dating page",
};

function purposeOf(ctx: ScanContext, c: ContentSignals, verdict: Verdict): string {
  const brand = verdict.brand?.name;
  const secrets = c.secrets;
  const threat = verdict.final_assessment === "Malicious" || verdict.final_assessment === "Suspicious";
  if (threat && verdict.threat_type === THREAT_TYPES.cryptoDrainer)
    return c.seedPhrase ? "Wallet recovery-phrase form" : "Crypto airdrop and wallet-connect page";
  const scam = threat ? SCAM_PURPOSES[verdict.threat_type] : undefined;
  if (scam)
    return brand && scam !== SCAM_PURPOSES[THREAT_TYPES.techSupport] ? `${scam} under ${brand}'s name` : scam;
  const phishing =
    verdict.threat_type === THREAT_TYPES.phishing || verdict.threat_type === THREAT_TYPES.cardPhishing;
  if (threat && secrets.length > 0 && (phishing || brand)) {
    const what = secrets.includes("password")
      ? "sign-in page"
      : secrets.some((s) => s.startsWith("card"))
        ? "payment card verification page"
        : "account verification page";
    if (brand) return `${brand} ${what}`;
    return c.genericLure ? `Webmail or document ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  }
  if (threat && brand) return `${brand} look-alike page`;
  if (c.parked || verdict.threat_type === THREAT_TYPES.parked) return "Parked domain";
  if (c.empty) return "Empty page";
  if (c.fakeShop || (threat && c.shop)) return "Online shop";
  const classified = classifiedPurpose(ctx);
  // A sign-in form is a sign-in page, not an identity provider's business.
  if (secrets.includes("password") && (classified === null || classified === "identity_provider"))
    return "Sign-in page";
  if (classified) return PURPOSE_LABELS[classified];
  if (c.shop) return "Online shop";
  return "Website";
}

function detectedBrand(
  ctx: ScanContext,
  c: ContentSignals,
  verdict: Verdict,
  vision: VisionResult | null,
): string | null {
  if (verdict.brand) return verdict.brand.name;
  const owner = ctx.owner;
  const seen = (vision?.brands ?? []).filter((b) => b.source !== "ocr" && b.score >= VISION_BRAND_SCORE);
  if (owner) {
    // The site's own brand, when the page shows it where a site names itself.
    const { facts, images } = ctx.page;
    const places = [
      c.title,
      facts.meta["og:site_name"] ?? "",
      ...facts.copyright,
      ...facts.blocks.slice(0, 8),
      ...images.filter((i) => i.early).map((i) => i.alt),
    ].join(" | ");
    const named = brandsNamedIn(places).some((h) => h.brand.name === owner);
    if (named || seen.some((b) => b.brand === owner)) return owner;
  }
  const threat = verdict.final_assessment === "Malicious" || verdict.final_assessment === "Suspicious";
  const claim = c.claims.find((k) => k.places.length >= 2) ?? (threat ? c.claims[0] : undefined);
  if (claim)
    return productAmong(
      claim.brand,
      c.claims.map((k) => k.brand),
    );
  return seen[0]?.brand ?? null;
}

/** SPEC §2.6 site context of a scan whose page was analyzed (null when it halted early). */
export function buildSiteContext(
  ctx: ScanContext,
  content: ContentSignals,
  verdict: Verdict,
  vision: VisionResult | null,
): SiteContext {
  return {
    apparent_purpose: purposeOf(ctx, content, verdict),
    primary_language: primaryLanguage(`${content.title} ${content.text}`, content.lang),
    detected_brand: detectedBrand(ctx, content, verdict, vision),
    page_title: content.title.slice(0, 500),
  };
}
