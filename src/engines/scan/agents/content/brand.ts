import {
  type Brand,
  isSelfHostedProduct,
  isTenantPlatform,
  romanizations,
  scanLabel,
  spellsLabel,
} from "../../../domain/index.js";
import {
  brandByName,
  brandOfHostLabels,
  brandOfPhrase,
  brandsNamedIn,
  distinctiveBrandSpelled,
  hostResemblesBrand,
  keyOf,
} from "../brand-names.js";
import { ownerOfHost, ownerOfPlatform, type ScanContext, secretFormTargets } from "../context.js";
import { fieldKind } from "../fields.js";
import { type UrlParts, urlParts } from "../hosts.js";
import type { PageField } from "../page.js";
import type { BrandClaim, ClaimPlace } from "../types.js";
import { PROMPT_CHARS } from "./crypto.js";
import { NEGATION_MANY_LANGUAGES } from "./words.js";

/**
 * Which brand a page presents itself as: a brand from the brand table that the page names as itself in
 * its title, site name, copyright line, wordmark, logo or headings, or in the captions of its sign-in
 * fields — on a site the brand does not own. Brands only mentioned in the text are listed apart.
 */

export const TITLE_SEPARATORS = /\s[-–—|:·•»/]\s|\s?[|–—·•«»()[\]｜【】「」]\s?|[-:]\s|\s-/;
const SSO =
  /\b(?:sign|log|continue|connect|register|sign ?up)\s*(?:in|on|up)?\s*(?:with|via|using|through)\b/i;

function add(claims: Map<string, BrandClaim>, brand: Brand, place: ClaimPlace, evidence: string): void {
  let claim = claims.get(brand.name);
  if (!claim) {
    claim = {
      brand: brand.name,
      legitimateDomain: brand.primaryDomain,
      sector: brand.sector,
      places: [],
      evidence: [],
    };
    claims.set(brand.name, claim);
  }
  if (!claim.places.includes(place)) {
    claim.places.push(place);
    if (claim.evidence.length < 5)
      claim.evidence.push(`${place.replace("_", " ")} "${evidence.slice(0, 80)}"`);
  }
}

function fromPhrase(
  claims: Map<string, BrandClaim>,
  owners: ReadonlySet<string>,
  phrase: string | null | undefined,
  place: ClaimPlace,
): void {
  if (!phrase) return;
  const hit = brandOfPhrase(phrase);
  if (hit && !owners.has(hit.brand.name)) add(claims, hit.brand, place, phrase);
}

export function copyrightHolder(line: string): string {
  return line
    .replace(/©|\(c\)|\u24b8|copyright/gi, " ")
    .replace(/all rights reserved\.?/gi, " ")
    .replace(/\b\d{4}\s*(?:[-–]\s*\d{4})?\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Fields people type into (their captions can name the account's brand). */
const TEXT_ENTRY = new Set(["text", "email", "password", "tel", "number", "textarea", "url", ""]);

/** A description of a page as the way into an account ("Login to access your … account"). */
const ACCOUNT_ACCESS =
  /\b(?:log ?in|sign ?in|access|manage|verify|check)\b[^.]{0,40}\byour\b[^.]{0,60}\b(?:account|e-?mail|mail|inbox|wallet|card)\b/i;

/** Captions that name a kind of data, not a brand. */
const FIELD_CONCEPTS = /\bsocial security\b|\bmedicare (?:number|card)\b/i;

/** The word after a messenger's name in a caption asking for the visitor's handle on it ("LINE ID"). */
const HANDLE_WORDS =
  /\b(?:id|number|no|phone|tel|mobile|username|user ?name|handle|contact|nickname|account name)\b|@/i;

/**
 * A messaging or social handle asked as a way to reach the visitor ("LINE ID", "WhatsApp number",
 * "Telegram username", or a phone field captioned just "WhatsApp") in a form that asks no password and no
 * one-time code: a contact field, no claim to be that service. An account takeover asks for the code.
 */
function contactHandle(
  caption: string,
  brand: Brand,
  hitText: string,
  field: PageField,
  fields: readonly PageField[],
): boolean {
  if (brand.sector !== "social") return false;
  const bare = caption.trim().toLowerCase() === hitText.toLowerCase();
  if (!HANDLE_WORDS.test(caption) && !(bare && (field.type === "tel" || field.type === "text"))) return false;
  return !fields.some((f) => {
    if (field.form >= 0 && f.form !== field.form) return false;
    const kind = fieldKind(f);
    return f.type === "password" || kind === "password" || kind === "otp";
  });
}

/** The label the registrant or platform user chose (`techglimmer` for www.techglimmer.net). */
export function siteLabel(ctx: ScanContext): string | null {
  const site = (ctx.finalStatic ?? ctx.requestStatic)?.signals.siteDomain;
  const page = ctx.final ?? ctx.request;
  if (!site || !page || page.ip) return null;
  const label = site.split(".")[0] ?? "";
  return label.replace(/[^a-z0-9]/g, "") || null;
}

/**
 * A name made only of lure words, fillers and digits (`Webmail`, `Secure Login`, `MyAccount Portal`): any
 * kit can call itself that, so matching the host proves nothing about who runs the page.
 */
export function genericName(key: string): boolean {
  if (!/^[a-z0-9]+$/.test(key)) return false;
  const covered = new Uint8Array(key.length);
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) <= 57) covered[i] = 1;
  for (const hit of scanLabel(key).hits) {
    if (!hit.word.keyword && !hit.word.filler) continue;
    covered.fill(1, hit.start, hit.end);
  }
  return covered.every((c) => c === 1);
}

/**
 * How the page names its own site (a title segment, site name or copyright holder matching its domain
 * name, not a brand's): `latin` in the host's letters, `romanized` in another script that the host name
 * romanizes (별빛요가 on byeolbit-yoga.pages.dev); null when it does not. `distinctive`: with a name of its
 * own, not one made only of lure words (`genericName`): "SecurePay" on securepay.com.au names itself, but it
 * is no name a kit could not give itself.
 */
export function selfName(
  ctx: ScanContext,
  options: { distinctive?: boolean } = {},
): "latin" | "romanized" | null {
  const label = siteLabel(ctx);
  if (!label || label.length < 4) return null;
  const { facts } = ctx.page;
  // The places a page's identity is read from (`brandClaims` reads a brand claim from the same): its title,
  // site name, copyright holder and text wordmark; a wordmark in two scripts ("บ้านมวย BAAN MUAY · CHIANG
  // MAI") is read by its segments too.
  const candidates = [
    ...ctx.page.title.split(TITLE_SEPARATORS),
    facts.meta["og:site_name"] ?? "",
    ...facts.copyright.map(copyrightHolder),
    ...wordmarks(ctx.page).flatMap((block) => [block, ...latinRuns(block)]),
  ];
  let found: "latin" | "romanized" | null = null;
  const platform = (ctx.finalStatic ?? ctx.requestStatic)?.signals.freeHosting;
  const tenant = platform != null && isTenantPlatform(platform);
  const names = (key: string) =>
    key.length >= 4 &&
    (label.includes(key) || key.includes(label)) &&
    !(options.distinctive && genericName(key));
  for (const phrase of candidates) {
    if (brandOfPhrase(phrase) || distinctiveBrandSpelled(phrase)) continue;
    const key = keyOf(phrase);
    if (/^[a-z0-9]*$/.test(key)) {
      if (
        names(key) ||
        names(keyOf(phrase.replace(/\s*[&+]\s*/g, " and "))) ||
        (tenant && namedRun(phrase, label))
      )
        return "latin";
      // Letters a host name cannot hold, spelled the way their language writes them without accents
      // (Rösterei on roesterei-hansen.shop, Møller on moeller.dk): a transliteration, read as a romanization.
      const spelled = keyOf(transliterated(phrase));
      if (spelled !== key && names(spelled)) found = "romanized";
      continue;
    }
    // A name in another script than the host's: its romanization.
    if (
      romanizations(phrase).some(
        (spelling) =>
          !brandOfPhrase(spelling) &&
          spellsLabel(label, spelling) &&
          !(options.distinctive && genericName(keyOf(spelling))),
      )
    )
      found = "romanized";
  }
  return found;
}

/** The spellings German and the Nordic languages use for their letters without accents (ö → oe, å → aa). */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  å: "aa",
  ø: "oe",
  æ: "ae",
};

function transliterated(phrase: string): string {
  return phrase.toLowerCase().replace(/[äöüßåøæ]/g, (c) => TRANSLITERATIONS[c] ?? c);
}

/**
 * On a business service's tenant (`isTenantPlatform`), a run of one to three words of a longer phrase
 * that is the name its host's label gives, the rest of the label being lure words, fillers and digits
 * only: "Inicia sesión en Verdantia Soporte" on helpdesk-verdantia.zendesk.com, a company's own tenant
 * named after it. The run is a proper name (capitalized, five letters or more, not a brand's, not made of
 * lure words): an ordinary word of the title ("Pago de tasas de aduana" on aduana-pago.eu) names nobody.
 */
function namedRun(phrase: string, label: string): boolean {
  const words = phrase.split(/\s+/).filter((w) => w.length > 0);
  if (words.length < 2) return false;
  for (let size = 1; size <= 3; size++)
    for (let i = 0; i + size <= words.length; i++) {
      const run = words.slice(i, i + size).join(" ");
      if (!/^\p{Lu}/u.test(run)) continue;
      const key = keyOf(run);
      if (key.length < 5 || !/^[a-z0-9]+$/.test(key) || genericName(key)) continue;
      const at = label.indexOf(key);
      if (at < 0 || brandOfPhrase(run)) continue;
      const rest = label.slice(0, at) + label.slice(at + key.length);
      if (rest.length === 0 || genericName(rest)) return true;
    }
  return false;
}

/**
 * Short blocks at the top of the page (a text logo), but not button captions ("WalletConnect"), the labels
 * of choices (a "PayPal" payment option) nor identity-provider links ("Continue with GitHub").
 */
function wordmarks(page: ScanContext["page"]): string[] {
  // Buttons and fields' labels are captions, not the page's name (a form caption is read as one below).
  const buttons = new Set(
    [...page.buttons, ...page.fields.map((f) => f.label)]
      .filter((b) => b.length > 0)
      .map((b) => b.toLowerCase()),
  );
  return page.facts.blocks
    .slice(0, 8)
    .filter((block) => block.split(" ").length <= 5 && !buttons.has(block.toLowerCase()) && !SSO.test(block));
}

/** The runs of Latin-script words in a phrase that mixes scripts, split at title separators. */
function latinRuns(phrase: string): string[] {
  if (/^[\p{Script=Latin}\p{N}\s\p{P}]*$/u.test(phrase)) return [];
  return (phrase.match(/[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}\s'&.-]*/gu) ?? [])
    .flatMap((run) => run.split(TITLE_SEPARATORS))
    .map((run) => run.trim())
    .filter((run) => run.length >= 4);
}

/** The page names its own site (`selfName`), in any script. */
export function namesItself(ctx: ScanContext, options: { distinctive?: boolean } = {}): boolean {
  return selfName(ctx, options) !== null;
}

function fileName(src: string | null): string | null {
  if (!src) return null;
  try {
    return decodeURIComponent(new URL(src).pathname.split("/").pop() ?? "") || null;
  } catch {
    return null;
  }
}

/** Paths of self-hosted Microsoft Exchange (Outlook on the web) and AD FS sign-in pages. */
const MICROSOFT_SELF_HOSTED = /\/(?:owa|ecp|adfs)\//i;

/**
 * A self-hosted product's own sign-in page (Roundcube on a provider's webmail host, Outlook on the web
 * under /owa/): the form posts back to the same host, not to a PHP collector or elsewhere.
 */
export function selfHostedProduct(ctx: ScanContext, brand: string): boolean {
  if (!isSelfHostedProduct(brand) && brand !== "Microsoft") return false;
  // An organization runs its webmail on its own domain, not on a platform where anyone can publish.
  if (ctx.userContent) return false;
  const page = ctx.final ?? ctx.request;
  if (!page) return false;
  const actions = secretFormTargets(ctx.forms, page.url);
  if (actions.some((a) => urlParts(a)?.host !== page.host)) return false;
  if (brand === "Microsoft") return [page.url, ...actions].some((u) => MICROSOFT_SELF_HOSTED.test(u));
  return actions.every((a) => !/\.php(?:[?#]|$)/i.test(a) || /[?&]_task=/.test(a));
}

/**
 * The brand token a host spells or nearly spells, as evidence for a claim. A dictionary-word brand spelled
 * out whole (`ledger` in ledgerbank.com) counts only when the name itself corroborates it, that is when
 * the static agent matched the brand in the name (`dictionaryBrandCorroborated`: `ledger-wallet.com` yes,
 * `ledgerbank.com` no).
 */
function addressResembles(ctx: ScanContext, host: string, suffix: string, brand: Brand): string | null {
  const token = hostResemblesBrand(host, suffix, brand);
  if (!token || !host.includes(token)) return token;
  const dictionaryWord = brand.tokens.some((t) => t.text === token && t.dictionaryWord);
  return dictionaryWord && ctx.urlBrand?.name !== brand.name ? null : token;
}

/**
 * What follows the part of the host name the registrant or platform user chose: the platform for a user's
 * site on one (`netlify.app`), else the public suffix.
 */
function chosenNameSuffix(ctx: ScanContext, host: UrlParts): string {
  const platform = (ctx.finalStatic ?? ctx.requestStatic)?.signals.platform?.domain;
  return platform && host.host.endsWith(`.${platform}`) ? platform : host.tld;
}

export function brandClaims(ctx: ScanContext): BrandClaim[] {
  const { page, owners } = ctx;
  const { facts } = page;
  const claims = new Map<string, BrandClaim>();
  for (const title of [page.title, facts.meta["og:title"], facts.meta["twitter:title"]]) {
    if (!title) continue;
    for (const segment of [title, ...title.split(TITLE_SEPARATORS)])
      fromPhrase(claims, owners, segment, "title");
  }
  // A platform names itself as the site of its users' pages (Notion's public pages say og:site_name
  // "Notion"): on a user's site there, the platform's own name in the site-name tags is its label.
  const platform = ctx.userContent ? (ctx.finalStatic ?? ctx.requestStatic)?.signals.platform?.domain : null;
  const platformOwner = platform ? ownerOfPlatform(platform)?.name : undefined;
  const siteNameOwners = platformOwner ? new Set([...owners, platformOwner]) : owners;
  for (const key of ["og:site_name", "application-name", "apple-mobile-web-app-title"])
    fromPhrase(claims, siteNameOwners, facts.meta[key], "site_name");
  for (const line of facts.copyright) fromPhrase(claims, owners, copyrightHolder(line), "copyright");
  // A description that calls the page the way into one brand's account (kits keep the original's).
  const description = facts.meta.description ?? facts.meta["og:description"];
  if (description && ACCOUNT_ACCESS.test(description)) {
    const named = [...new Set(brandsNamedIn(description, 4).map((h) => h.brand))];
    const brand = named.length === 1 ? named[0] : undefined;
    if (brand && !owners.has(brand.name)) add(claims, brand, "description", description.slice(0, 120));
  }
  for (const block of wordmarks(page)) fromPhrase(claims, owners, block, "wordmark");
  for (const heading of facts.headings.filter((h) => h.level <= 2).slice(0, 4))
    fromPhrase(claims, owners, heading.text, "heading");
  // Logos above the main content; a strip of three or more brands is a list (payment methods,
  // partners), not the page's identity.
  const logos = new Map<string, { brand: Brand; evidence: string }>();
  for (const image of page.images.filter((i) => i.early).slice(0, 6)) {
    const hit = brandOfPhrase(image.alt.replace(/\blogo(?:type)?\b/gi, " "));
    if (hit && !owners.has(hit.brand.name))
      logos.set(hit.brand.name, { brand: hit.brand, evidence: image.alt });
    const file = fileName(image.src);
    if (file && /logo/i.test(file)) {
      const named = brandsNamedIn(file.replace(/[-_.]+/g, " "), 3).find((h) => !owners.has(h.brand.name));
      if (named) logos.set(named.brand.name, { brand: named.brand, evidence: file });
    }
  }
  if (logos.size <= 2) for (const { brand, evidence } of logos.values()) add(claims, brand, "logo", evidence);
  // Captions of the fields people type into, read as a whole ("Apple ID", "PayPal password"); not
  // buttons ("WalletConnect", "Sign in with Google") and not field concepts ("Social Security Number").
  for (const field of page.fields.filter((f) => f.visible && TEXT_ENTRY.has(f.type))) {
    for (const caption of [field.label, field.placeholder]) {
      if (!caption.trim() || SSO.test(caption) || FIELD_CONCEPTS.test(caption)) continue;
      const hit = brandOfPhrase(caption);
      if (
        !hit ||
        owners.has(hit.brand.name) ||
        contactHandle(caption, hit.brand, hit.text, field, page.fields)
      )
        continue;
      add(claims, hit.brand, "form", caption.trim());
    }
  }
  // A page that also names itself (a title segment or copyright holder matching its own domain name)
  // is about the brand, not posing as it: its title, headings and wordmarks then claim nothing.
  const selfNamed = namesItself(ctx);
  if (selfNamed) {
    for (const [name, claim] of claims) {
      const kept = claim.places.filter(
        (p) => p !== "title" && p !== "heading" && p !== "wordmark" && p !== "description",
      );
      if (kept.length === 0) claims.delete(name);
      else claim.places = kept;
    }
  }
  const host = ctx.final ?? ctx.request;
  if (host && !host.ip) {
    const suffix = chosenNameSuffix(ctx, host);
    for (const claim of claims.values()) {
      const brand = brandByName(claim.brand);
      const token = brand ? addressResembles(ctx, host.host, suffix, brand) : null;
      if (token) {
        claim.places.push("address");
        claim.evidence.push(`address "${host.host}" (${token})`);
      }
    }
    // A brand named anywhere in the title of a host that spells it or a near miss of it
    // ("Features of MetaMask" on metamkuiextens.webflow.io).
    for (const hit of selfNamed ? [] : brandsNamedIn(page.title, 5)) {
      if (owners.has(hit.brand.name) || claims.has(hit.brand.name)) continue;
      const token = addressResembles(ctx, host.host, suffix, hit.brand);
      if (!token) continue;
      add(claims, hit.brand, "title", page.title);
      const claim = claims.get(hit.brand.name);
      claim?.places.push("address");
      claim?.evidence.push(`address "${host.host}" (${token})`);
    }
  }
  for (const [name, claim] of [...claims]) {
    if (selfHostedProduct(ctx, name) || (ctx.government && claim.sector === "government"))
      claims.delete(name);
  }
  return [...claims.values()].sort((a, b) => b.places.length - a.places.length);
}

/**
 * The claim of a page that shows nothing of its own (a stub: empty, "under maintenance", a loader) on a host
 * that names a brand with a whole label: the address is the page's only identity (`smbc.quanchengapp.com`
 * serving an empty document). Null when the brand owns the site or the page claims something else.
 */
export function addressOnlyClaim(ctx: ScanContext): BrandClaim | null {
  const host = ctx.final ?? ctx.request;
  if (!host || host.ip || ctx.wellKnown) return null;
  const brand = brandOfHostLabels(host.host, chosenNameSuffix(ctx, host));
  if (!brand || ctx.owners.has(brand.name)) return null;
  return {
    brand: brand.name,
    legitimateDomain: brand.primaryDomain,
    sector: brand.sector,
    places: ["address"],
    evidence: [`address "${host.host}"`],
  };
}

/** Brands named in the text that the page does not claim to be, most named first. */
export function brandMentions(ctx: ScanContext, claims: BrandClaim[]): string[] {
  const counts = new Map<string, number>();
  for (const hit of brandsNamedIn(ctx.page.text.slice(0, 60_000))) {
    const name = hit.brand.name;
    if (ctx.owners.has(name) || claims.some((c) => c.brand === name)) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/** Sign-in verbs of identity-provider buttons ("Continue with Google", "Googleアカウントでログイン"). */
const SIGN_IN_WORDS =
  /\b(?:sign|log) ?(?:in|on|up)\b|\bcontinue\b|\bconnect\b|\banmelden\b|\bweiter\b|\bconnexion\b|\bcontinuer\b|\bse connecter\b|\biniciar sesi[oó]n\b|\bcontinuar\b|\bentrar\b|\baccedi\b|\binloggen\b|\bdoorgaan\b|\bzaloguj\b|\bвойти\b|\bпродолжить\b|\bgiriş\b|\bdevam\b|\bđăng nhập\b|\bmasuk\b|\blanjutkan\b|ログイン|サインイン|続ける|登录|登入|继续|繼續|로그인|계속|تسجيل الدخول|متابعة|התחבר|המשך/i;

/**
 * The brand is named only as a way to sign in: every block, button or link that names it is short and holds
 * a sign-in verb ("Sign in with Google", "Google 계정으로 계속하기"). An identity provider offered on a
 * page is not the page posing as, or luring with, that brand.
 */
export function namedOnlyToSignIn(ctx: ScanContext, brand: string): boolean {
  const { page } = ctx;
  let seen = false;
  for (const snippet of [...page.facts.blocks, ...page.buttons, ...page.facts.links.map((l) => l.text)]) {
    if (!brandsNamedIn(snippet, 5).some((h) => h.brand.name === brand)) continue;
    if (snippet.length > 60 || !SIGN_IN_WORDS.test(snippet)) return false;
    seen = true;
  }
  return seen;
}

/** Words for an account's secret, in the languages the agents read (no word boundaries: CJK has none). */
const SECRET_WORDS =
  /password|passwort|passcode|kennwort|mot de passe|contrase[nñ]a|senha|wachtwoord|has[lł]o|şifre|heslo|lösenord|salasana|пароль|密码|密碼|パスワード|비밀번호|รหัสผ่าน|كلمة (?:ال)?مرور|סיסמה|seed phrase|recovery phrase|private key/i;

/**
 * The page's own text asks for the brand's secret: a sentence of a prompt-sized block (not an article's or
 * a help text's paragraph) names the brand and a password or a recovery phrase ("Enter your Google
 * password"), which no page of its own asks for another's account. "Use Google Workspace. Password sign-in
 * is disabled" names them in two sentences.
 */
export function asksForBrandSecret(ctx: ScanContext, brand: string): boolean {
  return ctx.page.facts.blocks.some(
    (block) =>
      block.length <= PROMPT_CHARS &&
      block.split(/[.!?。！？]\s*/).some(
        (sentence) =>
          SECRET_WORDS.test(sentence) &&
          // "I will never ask you for your Government Gateway password": a reassurance, not an ask.
          !NEGATION_MANY_LANGUAGES.test(sentence.toLowerCase()) &&
          brandsNamedIn(sentence, 5).some((h) => h.brand.name === brand),
      ),
  );
}

/** The page's links, resources and form targets (CON-024, CON-025 count where they go). */
export function pageUrls(ctx: ScanContext): string[] {
  return [
    ...ctx.page.facts.links.map((l) => l.href),
    ...ctx.page.resources,
    ...ctx.page.forms.map((f) => f.action ?? ""),
  ];
}

/** Links, resources and form targets on the claimed brand's own domains, out of all off-page ones. */
export function cloneEvidence(ctx: ScanContext, brand: string): { brandRefs: number; offsite: number } {
  const urls = pageUrls(ctx);
  const owners = new Map<string, string | null>();
  let brandRefs = 0;
  let offsite = 0;
  const finalSite = ctx.final?.site ?? ctx.request?.site;
  for (const url of urls) {
    const parts = urlParts(url);
    if (!parts || parts.site === finalSite) continue;
    offsite++;
    let ownerName = owners.get(parts.host);
    if (ownerName === undefined) {
      ownerName = ownerOfHost(parts.host)?.name ?? null;
      owners.set(parts.host, ownerName);
    }
    if (ownerName === brand) brandRefs++;
  }
  return { brandRefs, offsite };
}
