import { isLocalNetworkAddress } from "../../../domain/index.js";
import { makeFinding } from "../../../findings/catalog.js";
import type { Finding, Severity } from "../../../findings/types.js";
import { brandOfPhrase } from "../brand-names.js";
import { ownerOfHost, type ScanContext } from "../context.js";
import { seedGrid } from "../fields.js";
import { hostEvidence, NAME_MODEL_REASON } from "../host-evidence.js";
import { urlParts } from "../hosts.js";
import type { AgentOutput, BrandClaim, ClaimPlace, ContentSignals, FieldKind } from "../types.js";
import { askFindings, deliveryFindings, loginForBrand, prefilledEmail } from "./asks.js";
import {
  addressOnlyClaim,
  asksForBrandSecret,
  brandClaims,
  brandMentions,
  cloneEvidence,
  namedOnlyToSignIn,
  namesItself,
  selfHostedProduct,
  selfName,
} from "./brand.js";
import { clonedSite } from "./clone.js";
import { analyzeCrypto, cryptoFindings } from "./crypto.js";
import { pageKind } from "./page-kind.js";
import { scamCalls, scamFindings } from "./scams.js";
import { analyzeScripts, scriptFindings } from "./scripts.js";
import { analyzeShop, shopFindings } from "./shop.js";
import { genericLureIn, mailNounIn, normalize, rewardIn, urgencyExamples, urgencyIn } from "./wording.js";
import { CARD, list, secretWords } from "./words.js";

export { loginForBrand } from "./asks.js";

const STEPS: readonly Severity[] = ["Low", "Medium", "High"];

/**
 * Hosted-commerce platforms whose user shops take payment through the platform's own checkout (the platform
 * is the payment processor of record). Card fields on such a shop that submit to the shop itself are its
 * checkout, not a card drop on free hosting; passwords and every other secret still count.
 */
const HOSTED_CHECKOUT = ["myshopify.com", "mybigcommerce.com", "square.site", "company.site", "ecwid.com"];

/** Card fields only, on a hosted-commerce shop, sent to the shop's own host. */
function platformCheckout(
  ctx: ScanContext,
  platform: string | undefined,
  secrets: readonly FieldKind[],
  host: string | undefined,
): boolean {
  if (!platform || !HOSTED_CHECKOUT.includes(platform) || !host) return false;
  if (secrets.length === 0 || !secrets.every((s) => CARD.has(s))) return false;
  return ctx.forms
    .filter((f) => f.secrets.length > 0)
    .every((f) => f.actionKind === "page" || (f.actionKind === "url" && urlParts(f.action)?.host === host));
}

/** A gift card's number and PIN are no payment card's. */
const GIFT_CARD =
  /\bgift ?cards?\b|\bgutschein(?:karte)?\b|\bcartes? cadeaux?\b|\btarjetas? regalo\b|\bcarta regalo\b/;

/**
 * The claim-against-ownership rule (docs/scan-analysis.md): a page claiming a brand on a site the brand
 * does not own. The claim's strength is where it is made — one place is Low, a place where a site names
 * itself (copyright, site name, a form caption) or two places Medium, three places High — and each of
 * these raises it one step: a throwaway host (`hostEvidence`), pressure wording, a page that shows nothing
 * but the claim. The same rule whatever the place: title, logo, wordmark, form or copyright.
 */
export function claimSeverity(
  places: readonly ClaimPlace[],
  raises: { host: boolean; pressure: boolean; stub: boolean },
): Severity {
  const own = places.filter((p) => !p.startsWith("vision_"));
  let step = own.length >= 3 ? 2 : own.length === 2 ? 1 : 0;
  if (step === 0 && own.some((p) => p === "copyright" || p === "form" || p === "site_name")) step = 1;
  step += Number(raises.host) + Number(raises.pressure) + Number(raises.stub);
  return STEPS[Math.min(2, step)] ?? "High";
}

/** The page names itself and never the brand its address resembles (`riverlend` is not `riverlink`). */
function disowned(ctx: ScanContext, mentions: string[]): boolean {
  return ctx.urlBrand !== null && namesItself(ctx) && !mentions.includes(ctx.urlBrand.name);
}

/** CON-020–024: the brand the page poses as, sign-in under it, copies of its site, other brands named. */
function brandFindings(
  ctx: ScanContext,
  claims: BrandClaim[],
  mentions: string[],
  secrets: ContentSignals["secrets"],
  raises: { host: string[]; pressure: boolean; stub: boolean },
): Finding[] {
  const findings: Finding[] = [];
  const site = ctx.final?.site ?? ctx.request?.site ?? "this site";
  for (const claim of claims.slice(0, 2)) {
    const why = [
      ...(raises.host.length > 0 ? [`the host is ${list(raises.host.slice(0, 2))}`] : []),
      ...(raises.pressure ? ["the page presses the visitor"] : []),
      ...(raises.stub ? ["the page shows nothing else"] : []),
    ];
    findings.push(
      makeFinding(
        "CON-020",
        `The page presents itself as ${claim.brand} (${list(claim.evidence)}), but ${site} is not one of ${claim.brand}'s domains (${claim.legitimateDomain})${why.length > 0 ? `; ${list(why)}` : ""}.`,
        {
          severity: claimSeverity(claim.places, {
            host: raises.host.length > 0,
            pressure: raises.pressure,
            stub: raises.stub,
          }),
          description: `Page presents itself as ${claim.brand} on a domain ${claim.brand} does not use`,
        },
      ),
    );
  }
  const top = claims[0];
  const asked = secrets.filter((s) => s !== "seed");
  if (asked.length > 0 && top)
    findings.push(loginForBrand(top.brand, top.legitimateDomain, asked, ctx, "the page content"));
  else if (
    asked.length > 0 &&
    ctx.urlBrand &&
    ctx.urlBrand.name !== ctx.owner &&
    !disowned(ctx, mentions) &&
    // gitlab.<company>.de signing in to itself: the organization's own install of the product.
    !selfHostedProduct(ctx, ctx.urlBrand.name)
  )
    findings.push(loginForBrand(ctx.urlBrand.name, ctx.urlBrand.legitimateDomain, asked, ctx, "the URL"));
  if (top) {
    const clone = cloneEvidence(ctx, top.brand);
    if (clone.brandRefs >= 3 && clone.brandRefs >= clone.offsite * 0.25)
      findings.push(
        makeFinding(
          "CON-024",
          `${clone.brandRefs} of the page's ${clone.offsite} links, resources and form targets that leave ${site} point to ${top.brand}'s own domains.`,
        ),
      );
  }
  if (mentions.length > 0)
    findings.push(makeFinding("CON-022", `Named on the page: ${list(mentions.slice(0, 6))}.`));
  return findings;
}

/**
 * The URL scan's content-analysis agent: what the page asks for and where it sends it, which brand it
 * presents itself as, its scripts and frames, its wording, fake-shop and crypto-wallet signals, and the
 * kind of page it is. Pure: reads the page of the scan context.
 */
export function analyzeContentAgent(ctx: ScanContext): AgentOutput<ContentSignals> {
  const { page } = ctx;
  const text = normalize(`${page.title} ${page.text}`);
  // Wording is matched block by block ("Mobile number or email | Password" is no "email password").
  const lines = normalize([page.title, ...page.facts.blocks].join(" | "));
  const host = ctx.final ?? ctx.request;
  // A private address is a device on the visitor's own network (a router's admin page), not a drop.
  const throwaway = ctx.userContent || (host?.ip === true && !isLocalNetworkAddress(host.host));
  const hostReasons = hostEvidence(ctx);
  const scripts = analyzeScripts(page.scripts, page.handlers);
  const crypto = analyzeCrypto(page, text, scripts);
  const secrets = [...new Set(ctx.forms.flatMap((f) => f.secrets))];
  if (!secrets.includes("seed") && (seedGrid(page) || crypto.seedPrompt !== null)) secrets.push("seed");
  const kind = pageKind(ctx, text);
  // A provider's own interstitial is not an impersonation of the provider.
  const claims = kind.warning ? [] : brandClaims(ctx);
  // A stub's only identity is its address.
  const stub = kind.empty || (ctx.forms.length === 0 && page.text.trim().length < 200);
  if (claims.length === 0 && stub && !kind.parked && !kind.warning) {
    const address = addressOnlyClaim(ctx);
    if (address) claims.push(address);
  }
  const mentions = brandMentions(ctx, claims);
  const selfNamed = namesItself(ctx);
  // The page calls itself by its host's name, a name of its own, and poses as no brand: the owner's page.
  const ownName = claims.length === 0 ? selfName(ctx, { distinctive: true }) : null;
  const ownPage = ownName !== null;
  // The reasons that stand on their own, without lure words in the name (CON-013).
  const disposableReasons = hostEvidence(ctx, { lureWords: false });
  const urgency = urgencyIn(lines);
  const reward = rewardIn(lines);

  const giftCard = GIFT_CARD.test(lines) && !secrets.includes("card_cvv");
  const platform = (ctx.finalStatic ?? ctx.requestStatic)?.signals.platform?.domain;
  // A shop's card checkout on a hosted-commerce platform is not a card drop on anonymous hosting.
  const exposed = throwaway && !platformCheckout(ctx, platform, secrets, host?.host);
  // The owner's own page on a user site named like it (a rota app's staff PIN on rotaspace.onrender.com):
  // the platform is its owner's choice, so what it asks is weighed as on any site; CON-013 still says where.
  const findings: Finding[] = askFindings(
    ctx,
    secrets,
    crypto.seedPrompt,
    exposed && !ownPage,
    giftCard,
    ownPage,
  );
  const delivery = deliveryFindings(ctx, text, secrets, scripts, urgency.length > 0 || claims.length > 0);
  findings.push(...delivery.findings);
  // Secrets asked on a throwaway host: a platform user's site or an IP address, or a domain whose own name
  // or registration says it was made to be thrown away (`hostEvidence`).
  const disposable = !exposed && !throwaway && disposableReasons.length > 0;
  // The only reason is the name model's reading: CON-013 then restates NET-227 and cannot agree with it.
  const disposableByNameModelOnly =
    disposable && disposableReasons.length === 1 && disposableReasons[0] === NAME_MODEL_REASON;
  if (secrets.length > 0 && (exposed || disposable)) {
    const where = ctx.userContent
      ? `a user's site on ${platform ?? "a hosting platform"}`
      : host?.ip
        ? `the IP address ${host.host}`
        : `${host?.site ?? "a site"} (${list(disposableReasons.slice(0, 3))})`;
    // The platform's own brand ("Source on GitHub" on github.io) is no lure.
    const platformBrand = platform
      ? (ownerOfHost(platform)?.name ?? brandOfPhrase(platform.split(".")[0] ?? "")?.brand.name)
      : undefined;
    // Lure words in a name the kit chose for itself on a throwaway host (mail.verifica.<ip>.cprapid.com).
    const luringName =
      exposed && !ownPage && ((ctx.finalStatic ?? ctx.requestStatic)?.signals.keywords.length ?? 0) > 0;
    // Other brands named on the owner's own page ("Sign in with Google", "Source on GitHub") are no lure,
    // unless its text asks for their secret ("enter your Google password").
    const lured =
      claims.length > 0 ||
      luringName ||
      (exposed &&
        mentions.some(
          (m) =>
            m !== platformBrand && (asksForBrandSecret(ctx, m) || (!ownPage && !namedOnlyToSignIn(ctx, m))),
        )) ||
      urgency.length > 0 ||
      prefilledEmail(ctx) ||
      genericLureIn(lines) !== null ||
      scripts.obfuscation.length > 0 ||
      scripts.exfil.length > 0;
    findings.push(
      makeFinding("CON-013", `The page asks for ${secretWords(secrets)} on ${where}.`, {
        severity: lured ? "Medium" : "Low",
      }),
    );
  }
  const fileDirectory = secrets.length > 0 ? fileDirectoryOf(ctx.final?.url ?? ctx.request?.url) : null;
  if (fileDirectory)
    findings.push(
      makeFinding(
        "CON-035",
        `The page asks for ${secretWords(secrets)} from ${fileDirectory}, a directory where the site keeps files, not pages.`,
      ),
    );
  if (ctx.capture.shownTo === "phone")
    findings.push(
      makeFinding(
        "CON-034",
        `The page showed a desktop browser nothing to type into and its scripts test for a phone; shown to a phone, it showed ${secrets.length > 0 ? `a form asking for ${secretWords(secrets)}` : "its content"}. What this report describes is the phone's view.`,
        { severity: secrets.length > 0 ? "Medium" : "Low" },
      ),
    );
  findings.push(
    ...brandFindings(ctx, claims, mentions, secrets, {
      host: hostReasons,
      pressure: urgency.length > 0,
      stub: stub && secrets.length === 0,
    }),
  );
  const cloned = clonedSite(ctx, selfNamed);
  if (cloned && host)
    findings.push(
      makeFinding(
        "CON-025",
        `Content of ${cloned.site} served from ${host.host}: the page gives ${cloned.site} as its own address (${list(cloned.declared)})${cloned.named.length > 0 ? `, calls itself by its name (${list(cloned.named)})` : ""} and ${cloned.references} of its links and resources go to it, but ${host.site} is not ${cloned.site}'s.`,
      ),
    );
  // Generic lures: a mailbox or document sign-in with no brand of its own.
  const prefilled = prefilledEmail(ctx);
  const noun = mailNounIn(lines);
  const lure = genericLureIn(lines) ?? (noun && (prefilled || throwaway) ? noun : null);
  // A mailbox page that names its own site is that site's webmail (a provider's quota notice), not a
  // lure: generic kits name the victim's mail domain, never the domain they are served from.
  const genericLure =
    secrets.includes("password") && claims.length === 0 && !selfNamed && (lure !== null || prefilled);
  if (genericLure)
    findings.push(
      makeFinding(
        "CON-023",
        lure
          ? `A password form under the wording "${lure}", with no brand of its own.`
          : "A password form with the visitor's e-mail address already filled in, with no brand of its own.",
      ),
    );
  findings.push(
    // Obfuscation weighs on a page that asks for secrets, claims a brand or shows nothing of its own.
    ...scriptFindings(
      scripts,
      page.facts.iframes,
      host?.site,
      secrets.length > 0 || claims.length > 0 || kind.empty,
    ),
  );
  if (urgency.length > 0) {
    const pressing = urgency.length >= 2 && (secrets.length > 0 || claims.length > 0);
    const examples = urgencyExamples(lines).map((e) => `"${e}"`);
    findings.push(
      makeFinding("CON-040", `Pressure in the text (${list(urgency)}): ${examples.join(", ")}.`, {
        severity: pressing ? "Medium" : "Low",
      }),
    );
  }
  if (reward.length > 0) findings.push(makeFinding("CON-041", `Reward wording: ${list(reward)}.`));
  const scams = scamCalls({
    page,
    lines,
    kinds: [...new Set([...secrets, ...ctx.forms.flatMap((f) => f.kinds)])],
    brands: [...claims.map((c) => c.brand), ...mentions],
    owners: ctx.owners,
    throwaway: hostReasons[0] ?? null,
  });
  findings.push(...scamFindings(scams));
  const shop = analyzeShop(page, text);
  const shopOut = shopFindings(shop);
  findings.push(...shopOut.findings);
  const wallet = cryptoFindings(
    crypto,
    scripts.obfuscation.length > 0,
    secrets.includes("seed") ||
      claims.length > 0 ||
      urgency.length > 0 ||
      throwaway ||
      scripts.exfil.length > 0 ||
      delivery.exfil.length > 0,
  );
  findings.push(...wallet.findings);
  findings.push(...kind.findings);

  return {
    findings,
    signals: {
      title: page.title,
      text: page.text,
      lang: page.facts.lang,
      forms: ctx.forms,
      secrets,
      claims,
      mentions,
      selfNamed,
      ownPage,
      ownNameRomanized: ownName === "romanized",
      ownCheckout:
        ownPage &&
        host !== null &&
        !ctx.userContent &&
        (host.host === host.site || host.host === `www.${host.site}`) &&
        secrets.length > 0 &&
        secrets.every((s) => CARD.has(s) || s === "card_expiry"),
      disposableByNameModelOnly,
      clonedSite: cloned?.site ?? null,
      exfil: delivery.exfil,
      obfuscated: scripts.obfuscation.length > 0,
      antiAnalysis: scripts.antiAnalysis,
      urgency,
      reward,
      scams,
      fakeShop: shopOut.fakeShop,
      shop: shop.shop,
      drainer: wallet.drainer,
      walletLure: wallet.walletLure,
      seedPhrase: secrets.includes("seed"),
      genericLure,
      empty: kind.empty,
      parked: kind.parked !== null,
    },
  };
}

/** Directories of a site's files (a CMS's plugins, themes, uploads and core; `.well-known`), never of its pages. */
const FILE_DIRECTORY =
  /^\/(?:[^?#]*\/)?(wp-content|wp-includes|wp-admin\/(?:css|js|images|includes)|\.well-known)\//i;

/** The file directory a page's address is under (`/wp-content/`), or null. */
export function fileDirectoryOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const match = FILE_DIRECTORY.exec(new URL(url).pathname);
    return match ? `/${match[1]}/` : null;
  } catch {
    return null;
  }
}
