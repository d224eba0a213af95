import { type Brand, brandRegistry, otherBusinessWords } from "../../domain/index.js";
import { genericLureIn, normalize } from "../agents/content/wording.js";
import type { OcrLine, OcrResult, OcrWord } from "./ocr.js";

/**
 * What the OCR text of a screenshot says: brand names (from the brand table's names and tokens), sign-in
 * and verification prompts, and whether those words exist in the page's HTML at all — a page that shows
 * "PayPal" or "Password" only inside an image is hiding them from text-based analysis.
 */
export interface BrandMention {
  brand: Brand;
  /** The words as read. */
  text: string;
  /** 0–1: OCR confidence, higher for headline-size text. */
  score: number;
  /** Third-party use: "Sign in with Google", "Pay with PayPal", "Get it on Google Play", a list of brands. */
  widget: boolean;
  /** Set in text at least 1.4 times the page's typical height. */
  headline: boolean;
  /** On a short line of its own (three words or fewer): a wordmark, a heading, a button. */
  standalone: boolean;
  /** Read as a distinctive name ("PayPal"), not one that is also an ordinary word ("Apple", "Discover"). */
  distinctive: boolean;
  box: { x: number; y: number; w: number; h: number };
}

interface NameEntry {
  brand: Brand;
  /** Distinctive enough to count in any casing. */
  strong: boolean;
  /** An ordinary word (the brand file's `common` list): `dictionaryBrandCorroborated` applies. */
  dictionaryWord?: boolean;
}

let nameIndex: Map<string, NameEntry[]> | undefined;

export function alnum(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function index(): Map<string, NameEntry[]> {
  if (nameIndex) return nameIndex;
  const map = new Map<string, NameEntry[]>();
  const add = (key: string, entry: NameEntry): void => {
    if (key.length < 2) return;
    const list = map.get(key) ?? [];
    if (!list.some((e) => e.brand === entry.brand)) list.push(entry);
    else if (entry.strong) for (const e of list) if (e.brand === entry.brand) e.strong = true;
    map.set(key, list);
  };
  for (const brand of brandRegistry().brands) {
    for (const token of brand.tokens)
      add(token.text, { brand, strong: token.strength === "strong", dictionaryWord: token.dictionaryWord });
    // A one-word name the table does not list as a token is an ordinary word ("Square"): names count
    // only as tokens or as several words ("Wells Fargo").
    const name = alnum(brand.name);
    const token = brand.tokens.find((t) => t.text === name);
    if (token) add(name, { brand, strong: token.strength === "strong" });
    else if (/\s/.test(brand.name.trim())) add(name, { brand, strong: name.length >= 8 });
  }
  nameIndex = map;
  return map;
}

const WIDGET_BEFORE = new Set(["with", "via", "using", "accept", "accepts", "accepted", "on", "from", "or"]);
/** A brand's product named on other sites: "Get it on Google Play", "Apple Pay", "Google Chrome". */
const PRODUCT_NAMES = new Set([
  "googleplay",
  "googlepay",
  "googlechrome",
  "googlemaps",
  "googletranslate",
  "googleanalytics",
  "googleads",
  "googlerecaptcha",
  "applepay",
  "amazonpay",
  "samsungpay",
  "microsoftedge",
  "microsoftstore",
]);
const MIN_CONFIDENCE = 60;
/** The longest brand name in words ("Bank of America", "Caixa Geral de Depositos"). */
const MAX_NAME_WORDS = 4;

function trimPunctuation(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

function exactName(raw: string, brand: Brand): boolean {
  const compact = raw.replace(/\s+/g, " ").trim();
  return compact === brand.name || compact === brand.name.toUpperCase();
}

function medianHeight(lines: readonly OcrLine[]): number {
  const heights = lines.flatMap((l) => l.words.map((w) => w.y1 - w.y0)).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 12;
}

/**
 * Brand names read in the screenshot, strongest first, one per brand (body-text mentions included). A name that is an ordinary word
 * ("Chase", "Three", "Discover") counts only in the brand's own spelling, as a headline or a short line of
 * its own (a wordmark); names listed together ("Visa, Mastercard, PayPal") are third-party mentions.
 */
export function brandMentions(ocr: OcrResult): BrandMention[] {
  const names = index();
  const typical = medianHeight(ocr.lines);
  const best = new Map<Brand, BrandMention>();
  for (const line of ocr.lines) {
    const words = line.words;
    const lineWords = words.map((w) => alnum(w.text));
    const found = new Map<Brand, BrandMention>();
    // Every brand named on the line, ordinary-word names included ("Visa, Mastercard"), with its words.
    const named: Array<{ brand: Brand; start: number; end: number }> = [];
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) {
        const span = words.slice(i, i + n);
        if (span.some((w) => w.confidence < MIN_CONFIDENCE)) break;
        const key = alnum(span.map((w) => w.text).join(""));
        const entries = names.get(key);
        if (!entries) continue;
        const raw = trimPunctuation(span.map((w) => w.text).join(" "));
        for (const entry of entries) {
          // "Ledger Bank" on a line: a dictionary-word brand beside another trade's business noun names that business.
          if (entry.dictionaryWord && otherBusinessWords(lineWords, entry.brand.sector) > 0) continue;
          named.push({ brand: entry.brand, start: i, end: i + n });
          const mention = describe(entry.brand, span, words, i, n, typical, entry.strong);
          if (!entry.strong && !(exactName(raw, entry.brand) && (mention.headline || mention.standalone)))
            continue;
          const previous = found.get(entry.brand);
          if (!previous || mention.score > previous.score) found.set(entry.brand, mention);
        }
      }
    }
    // Several brands on one line: a list of payment methods, partners or sign-in options.
    const list = named.some((a) =>
      named.some((b) => a.brand !== b.brand && (b.start >= a.end || a.start >= b.end)),
    );
    if (list) for (const mention of found.values()) mention.widget = true;
    for (const [brand, mention] of found) {
      const previous = best.get(brand);
      if (
        !previous ||
        (previous.widget && !mention.widget) ||
        (previous.widget === mention.widget && mention.score > previous.score)
      ) {
        best.set(brand, mention);
      }
    }
  }
  // Several brands each on a line of its own: a menu of wallets, payment methods or sign-in options.
  const standalone = [...best.values()].filter((m) => m.standalone && !m.widget);
  if (standalone.length >= 3) for (const mention of standalone) mention.widget = true;
  return [...best.values()].sort((a, b) => b.score - a.score);
}

function describe(
  brand: Brand,
  span: readonly OcrWord[],
  words: readonly OcrWord[],
  start: number,
  count: number,
  typical: number,
  distinctive: boolean,
): BrandMention {
  const x0 = Math.min(...span.map((w) => w.x0));
  const y0 = Math.min(...span.map((w) => w.y0));
  const x1 = Math.max(...span.map((w) => w.x1));
  const y1 = Math.max(...span.map((w) => w.y1));
  const before = alnum(words[start - 1]?.text ?? "");
  const after = alnum(words[start + count]?.text ?? "");
  const widget =
    WIDGET_BEFORE.has(before) || PRODUCT_NAMES.has(alnum(span.map((w) => w.text).join("")) + after);
  const confidence = Math.min(...span.map((w) => w.confidence)) / 100;
  const headline = y1 - y0 >= typical * 1.4;
  const standalone = words.length <= 3 && count / words.length >= 0.5;
  return {
    brand,
    text: span.map((w) => w.text).join(" "),
    score: Math.round(confidence * (headline ? 0.9 : standalone ? 0.8 : 0.7) * 1000) / 1000,
    widget,
    box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
    headline,
    standalone,
    distinctive,
  };
}

/** Sign-in and verification prompts. `strong` ones alone make a page look like a login. */
const PROMPTS: ReadonlyArray<{ phrase: string; strong: boolean }> = [
  { phrase: "password", strong: true },
  { phrase: "passcode", strong: true },
  { phrase: "passwort", strong: true },
  { phrase: "mot de passe", strong: true },
  { phrase: "contraseña", strong: true },
  { phrase: "senha", strong: true },
  { phrase: "seed phrase", strong: true },
  { phrase: "recovery phrase", strong: true },
  { phrase: "private key", strong: true },
  { phrase: "verify your account", strong: true },
  { phrase: "verify your identity", strong: true },
  { phrase: "confirm your identity", strong: true },
  { phrase: "card number", strong: true },
  { phrase: "security code", strong: true },
  { phrase: "verification code", strong: true },
  { phrase: "sign in", strong: false },
  { phrase: "sign-in", strong: false },
  { phrase: "signin", strong: false },
  { phrase: "log in", strong: false },
  { phrase: "login", strong: false },
  { phrase: "log on", strong: false },
  { phrase: "logon", strong: false },
  { phrase: "username", strong: false },
  { phrase: "user id", strong: false },
  { phrase: "email address", strong: false },
  { phrase: "email or phone", strong: false },
  { phrase: "email, phone", strong: false },
  { phrase: "can't access your account", strong: false },
  { phrase: "phone number", strong: false },
  { phrase: "forgot", strong: false },
  { phrase: "keep me signed in", strong: false },
  { phrase: "remember me", strong: false },
  { phrase: "verify", strong: false },
  { phrase: "account suspended", strong: false },
  { phrase: "account locked", strong: false },
  { phrase: "unusual activity", strong: false },
  { phrase: "update your payment", strong: false },
  { phrase: "billing information", strong: false },
  { phrase: "expiry date", strong: false },
  { phrase: "expiration date", strong: false },
  { phrase: "cvv", strong: false },
  { phrase: "connect wallet", strong: false },
];

function phraseRegex(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
}

/** A prompt that alone makes a page ask for secrets ("password", "seed phrase", "card number"). */
export function isStrongPrompt(phrase: string): boolean {
  return PROMPTS.some((p) => p.phrase === phrase && p.strong);
}

const PROMPT_PATTERNS = PROMPTS.map((p) => ({ ...p, regex: phraseRegex(p.phrase) }));

export interface LoginPrompts {
  /** Prompts read in the screenshot. */
  seen: string[];
  /** The screenshot looks like a sign-in or verification page. */
  loginLooking: boolean;
}

/**
 * Sign-in prompts read in the screenshot. A generic document or mailbox lure ("to read the document",
 * "verify your email account", the content agent's CON-023 wording) counts as a strong prompt: it is what
 * pages that draw their lure as an image, or build it with scripts, show.
 */
export function loginPrompts(text: string): LoginPrompts {
  const seen: string[] = [];
  let strong = false;
  let weak = 0;
  for (const prompt of PROMPT_PATTERNS) {
    if (!prompt.regex.test(text)) continue;
    seen.push(prompt.phrase);
    if (prompt.strong) strong = true;
    else weak++;
  }
  const lure = genericLureIn(normalize(text));
  if (lure !== null) {
    seen.push(lure);
    strong = true;
  }
  return { seen, loginLooking: strong || weak >= 2 };
}

/**
 * The page's own words (visible text, title and the whole HTML source with its attributes: `alt`,
 * `placeholder`, `value`, file names), flattened for presence tests. `complete` is false when the HTML
 * cannot tell what the page shows: truncated, or content living in iframes or web components whose
 * text the document's HTML does not contain.
 */
export interface PageWords {
  /** Lower-case letters and digits only (brand names split by tags or spaces still match). */
  compact: string;
  /** Lower-case, tags removed, whitespace collapsed (for phrases). */
  spaced: string;
  /** `spaced` with letters and digits only. */
  spacedCompact: string;
  complete: boolean;
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10) % 0x110000))
    .replace(/&nbsp;/gi, " ")
    .replace(/&amp;/gi, "&");
}

export function pageWords(html: string, text: string, title: string | null, truncated: boolean): PageWords {
  const decoded = decodeEntities(html);
  const attributes = [
    ...decoded.matchAll(/\s(?:alt|title|placeholder|value|aria-label|content)\s*=\s*"([^"]*)"/gi),
  ]
    .map((m) => m[1] ?? "")
    .join(" ");
  const withoutTags = decoded.replace(/<[^>]*>/g, " ");
  const all = `${text} ${title ?? ""} ${attributes} ${withoutTags}`;
  const hidden = /<iframe[\s>]/i.test(html) || /<[a-z][a-z0-9]*-[a-z0-9-]*[\s>/]/i.test(html);
  return {
    compact: `${alnum(decoded)} ${alnum(all)}`,
    spaced: all.toLowerCase().replace(/\s+/g, " "),
    spacedCompact: alnum(all),
    complete: !truncated && !hidden && html.length > 0,
  };
}

/** True when the brand's name or one of its tokens appears anywhere in the page's words. */
export function pageNamesBrand(words: PageWords, brand: Brand): boolean {
  if (words.compact.includes(alnum(brand.name))) return true;
  return brand.tokens.some((t) => words.compact.includes(t.text));
}

/** Prompts of `seen` that the page's words do not contain. */
export function promptsMissingFromPage(words: PageWords, seen: readonly string[]): string[] {
  return seen.filter(
    (phrase) => !phraseRegex(phrase).test(words.spaced) && !words.spacedCompact.includes(alnum(phrase)),
  );
}
