import { type Brand, brandRegistry, otherBusinessWords, type TokenStrength } from "../../domain/index.js";

/**
 * Brand names in page text, from the one brand table (data/brands): each brand's display name and its
 * tokens, matched on whole words. Distinctive names match in any case; ordinary words (`Chase`, `Apple`,
 * `Target`) only capitalized; three-letter names only in capitals (`DHL`, `UPS`, `ING`), or in lower case
 * as a whole phrase (a title segment, a wordmark) when that is the label of the brand's domain (`stc`).
 */

interface Entry {
  brand: Brand;
  strength: TokenStrength;
  /** An ordinary word (the brand file's `common` list): `dictionaryBrandCorroborated` applies. */
  dictionaryWord: boolean;
  /** Number of words in the longest form people write (for the n-gram scan). */
  words: number;
}

let index: Map<string, Entry> | undefined;
const MAX_WORDS = 4;

/** Letters NFKD does not decompose that kits use as look-alikes (`Łøgin`). */
const FOLD: Readonly<Record<string, string>> = {
  ł: "l",
  ø: "o",
  đ: "d",
  ħ: "h",
  ı: "i",
  ŧ: "t",
  ß: "ss",
  æ: "ae",
  œ: "oe",
};

export function keyOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[łøđħıŧßæœ]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

function buildIndex(): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const brand of brandRegistry().brands) {
    for (const token of brand.tokens) {
      if (!map.has(token.text))
        map.set(token.text, {
          brand,
          strength: token.strength,
          dictionaryWord: token.dictionaryWord,
          words: 1,
        });
    }
    // Names in another script are distinctive as written (日本郵便): strong, one word.
    for (const written of brand.written) {
      const key = keyOf(written);
      if (key.length >= 2 && !map.has(key))
        map.set(key, { brand, strength: "strong", dictionaryWord: false, words: 1 });
    }
    const key = keyOf(brand.name);
    if (key.length < 2) continue;
    const existing = map.get(key);
    const words = brand.name.split(/[\s.]+/).filter((w) => w.length > 0).length;
    if (!existing) {
      const strength: TokenStrength = key.length <= 3 ? "short" : key.length === 4 ? "weak" : "strong";
      map.set(key, { brand, strength, dictionaryWord: false, words });
    } else if (existing.brand === brand) existing.words = Math.max(existing.words, words);
  }
  return map;
}

function entries(): Map<string, Entry> {
  index ??= buildIndex();
  return index;
}

/**
 * Companies of the brand table and the products people know them by, each a brand of its own in the table
 * (which has no parent relation). A page naming both calls itself by the product: a Facebook login that
 * shows "Meta" in its footer and its logo is a Facebook page.
 */
const PRODUCTS: Readonly<Record<string, readonly string[]>> = {
  Meta: ["Facebook", "Instagram", "WhatsApp", "Threads"],
  Google: ["YouTube"],
  Microsoft: ["Skype", "Xbox", "LinkedIn"],
  Sony: ["PlayStation"],
};

/** The product among `names` to call a page by when `name` is its company, else `name`. */
export function productAmong(name: string, names: readonly string[]): string {
  return PRODUCTS[name]?.find((product) => names.includes(product)) ?? name;
}

export function brandByName(name: string): Brand | null {
  for (const brand of brandRegistry().brands) if (brand.name === name) return brand;
  return null;
}

/** Whether the words as written are acceptable evidence for a brand of this strength. */
function caseAllows(strength: TokenStrength, written: string[], brand: Brand): boolean {
  if (strength === "strong") return true;
  const joined = written.join(" ");
  if (joined === brand.name || written.join("") === brand.name.replace(/[\s]/g, "")) return true;
  const letters = written.join("").replace(/[^\p{L}]/gu, "");
  if (strength === "short") return letters.length > 0 && letters === letters.toUpperCase();
  return written.every((w) => /^\p{Lu}/u.test(w));
}

export interface NameHit {
  brand: Brand;
  /** The words as written. */
  text: string;
  /** Word offset in the scanned text. */
  at: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&+]*/gu;
/**
 * Where Latin letters or digits meet a script written without spaces (Han, kana, Hangul, Thai): a word
 * boundary there ("SMBCダイレクト" is "SMBC" and "ダイレクト").
 */
const SCRIPT_SEAM =
  /(?<=[\p{Script=Latin}\p{N}])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])(?=[\p{Script=Latin}\p{N}])/gu;

/** The words of a text, split where a Latin name meets a script written without spaces. */
function wordsOf(text: string): string[] {
  return text.replace(SCRIPT_SEAM, " ").match(WORD) ?? [];
}

/**
 * A one-word brand name written as several words counts when each part is capitalized or a number
 * ("Pay Pal", "Office 365"), not when a part is an ordinary lower-case word: "Nuage des Jardins" does not
 * name Desjardins. Names the brand itself writes apart ("Bank of America") are not affected.
 */
function splitAllowed(written: readonly string[], brand: Brand): boolean {
  if (written.length < 2 || brand.name.includes(" ")) return true;
  return written.every((word) => /^[\p{Lu}\p{N}]/u.test(word));
}

/** Every brand named in a text (longest match at each position, capped). */
export function brandsNamedIn(text: string, limit = 200): NameHit[] {
  const map = entries();
  const words = wordsOf(text);
  const hits: NameHit[] = [];
  for (let i = 0; i < words.length && hits.length < limit; i++) {
    for (let n = Math.min(MAX_WORDS, words.length - i); n >= 1; n--) {
      const written = words.slice(i, i + n);
      const entry = map.get(keyOf(written.join("")));
      if (!entry) continue;
      if (!caseAllows(entry.strength, written, entry.brand) || !splitAllowed(written, entry.brand)) continue;
      hits.push({ brand: entry.brand, text: written.join(" "), at: i });
      i += n - 1;
      break;
    }
  }
  return hits;
}

/** Words that say nothing about who a page is (sign-in furniture, legal forms, pressure words). */
const FILLER = new Set(
  `a an and the of to for your my our you is has have been be at on in by with from
  sign signin signon log login logon logging account accounts online secure security secured official site
  website web home homepage welcome page portal verify verification verified confirm confirmation update
  service services customer customers support help center centre team mail webmail email inbox app apps
  access auth authentication identity personal business banking limited locked suspended restricted
  unusual activity action required notice alert important now here please continue error
  inc incorporated ltd limited llc corp corporation co company group plc gmbh ag sa na nv bv spa srl
  all rights reserved copyright c
  anmelden connexion connecter iniciar sesion sesión acceso accedi entrar inloggen konto compte cuenta conta
  bank finance financial wallet wallets extension chrome browser crypto blockchain download mobile platform
  community exchange restricted review appeal password passwort username user id number phone mobile
  address code desktop premium plus pro
  contul meu mi mis mon ma mes mein meine mijn mio mia minha meus mitt min mina
  cliente clientes client clienti kunde kunden area área espace`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * A short name the brand itself writes in lower case (`stc` on stc.com.sa), standing alone as the whole
 * phrase: its domain's own label, not a word of a sentence.
 */
function ownLowercase(entry: Entry, words: string[]): boolean {
  if (entry.strength !== "short" || words.length !== 1) return false;
  const key = keyOf(entry.brand.name);
  return keyOf(words[0] ?? "") === key && entry.brand.primaryDomain.startsWith(`${key}.`);
}

/**
 * The brand a short phrase names as itself — a title segment, a site name, a copyright holder, a
 * wordmark — when what is left after dropping filler words is exactly one brand's name.
 */
export function brandOfPhrase(phrase: string): { brand: Brand; text: string } | null {
  const written = wordsOf(phrase).filter((w) => !/^\d+$/.test(w));
  if (written.length === 0 || written.length > 12) return null;
  const map = entries();
  const attempts: string[][] = [written, written.filter((w) => !FILLER.has(keyOf(w)))];
  for (const words of attempts) {
    if (words.length === 0 || words.length > MAX_WORDS) continue;
    const entry = map.get(keyOf(words.join("")));
    if (!entry || !(caseAllows(entry.strength, words, entry.brand) || ownLowercase(entry, words))) continue;
    if (!splitAllowed(words, entry.brand)) continue;
    // "Ledger Bank": a dictionary-word brand beside another trade's business noun is that business's name.
    if (entry.dictionaryWord && otherBusinessWords(written.map(keyOf), entry.brand.sector) > 0) return null;
    return { brand: entry.brand, text: words.join(" ") };
  }
  return null;
}

/**
 * The brand whose token or name a phrase spells exactly, in any case ("enel", "ENEL"), when that token is
 * no ordinary word: a wordmark a kit writes in lower case still names the brand, never the site itself.
 */
export function distinctiveBrandSpelled(phrase: string): Brand | null {
  const entry = entries().get(keyOf(phrase));
  return entry && !entry.dictionaryWord && entry.strength !== "short" ? entry.brand : null;
}

/** Edit distance between `token` and its closest substring of `text` (Sellers), stopping above `max`. */
export function substringDistance(token: string, text: string, max: number): number {
  let previous: number[] = new Array<number>(text.length + 1).fill(0);
  for (let i = 1; i <= token.length; i++) {
    const current: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= text.length; j++) {
      const cost = token[i - 1] === text[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return Math.min(...previous);
}

/**
 * A brand whose token is an ordinary word (Ledger, Chase, Delta…) written inside a site's name
 * (`ledgeraccountingservices`): the name holds the word, which alone says nothing of the brand.
 */
export function dictionaryBrandIn(name: string): Brand | null {
  const flat = keyOf(name);
  for (const [token, entry] of entries()) {
    if (entry.dictionaryWord && token.length >= 4 && flat.includes(token)) return entry.brand;
  }
  return null;
}

/**
 * The brand a host names with a whole label or a whole hyphen-separated part of one (`smbc` in
 * smbc.quanchengapp.com, `netflix` in netflix-billing.example.top): a brand token of four letters or
 * more that is not an ordinary word. The host's own suffix is left out.
 */
export function brandOfHostLabels(host: string, publicSuffix: string): Brand | null {
  const map = entries();
  for (const label of withoutSuffix(host, publicSuffix).split(".")) {
    for (const part of new Set([label, ...label.split("-")])) {
      const key = keyOf(part);
      const entry = map.get(key);
      if (entry && entry.strength !== "short" && !entry.dictionaryWord && key.length >= 4) return entry.brand;
    }
  }
  return null;
}

/** The host without its public suffix (or the platform a user's site is on). */
function withoutSuffix(host: string, publicSuffix: string): string {
  return publicSuffix && host.endsWith(`.${publicSuffix}`) ? host.slice(0, -publicSuffix.length - 1) : host;
}

/**
 * Whether a host name spells a brand's name or something one or two edits from it (`metmmask`,
 * `allegronxajsd`): used only for a brand the page already claims, so a loose match is evidence.
 */
export function hostResemblesBrand(host: string, publicSuffix: string, brand: Brand): string | null {
  const name = withoutSuffix(host, publicSuffix);
  const flat = name.replace(/[^a-z0-9]+/g, "");
  for (const token of brand.tokens) {
    const t = token.text;
    if (t.length < 4) continue;
    if (flat.includes(t)) return t;
    if (t.length < 5) continue;
    const max = t.length >= 7 ? 2 : 1;
    if (substringDistance(t, flat, max) <= max) return t;
  }
  return null;
}
