import { createRequire } from "node:module";

/*
 * Names written in another script than the host name that spells them: 별빛요가 on byeolbit-yoga.pages.dev,
 * Μελισσώνας on melissonas.shop, دفتر الرحلات on daftar-rihlat.onrender.com. `romanizations` spells a phrase
 * in Latin letters the way people romanize it for a host name (Revised Romanization for Hangul, Hepburn for
 * kana, pinyin for Han characters, the common schemes for Greek, Cyrillic, Hebrew, Arabic and Devanagari);
 * `nameSkeleton` keeps what survives every scheme — the consonants, with letters the schemes swap (b/v/f,
 * k/q/c, r/l, g/h) merged and vowels dropped — so that two spellings of one name compare equal.
 */

const GREEK_DIGRAPHS: Array<[string, string]> = [
  ["ου", "ou"],
  ["αι", "ai"],
  ["ει", "ei"],
  ["οι", "oi"],
  ["ευ", "ev"],
  ["αυ", "av"],
  ["ηυ", "iv"],
  ["μπ", "b"],
  ["ντ", "nt"],
  ["γκ", "g"],
  ["γγ", "ng"],
  ["τσ", "ts"],
  ["τζ", "tz"],
];

const SINGLE: Record<string, string> = {
  // Greek
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
  // Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian, Serbian)
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  ђ: "dj",
  е: "e",
  ё: "yo",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "c",
  у: "u",
  ў: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  џ: "dz",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Hebrew (consonants; vav and yod read as vowels)
  א: "",
  ב: "v",
  ג: "g",
  ד: "d",
  ה: "h",
  ו: "u",
  ז: "z",
  ח: "ch",
  ט: "t",
  י: "y",
  כ: "k",
  ך: "k",
  ל: "l",
  מ: "m",
  ם: "m",
  נ: "n",
  ן: "n",
  ס: "s",
  ע: "",
  פ: "p",
  ף: "f",
  צ: "ts",
  ץ: "ts",
  ק: "k",
  ר: "r",
  ש: "sh",
  ת: "t",
  // Arabic and Persian (alif, waw and ya read as vowels)
  ا: "a",
  أ: "a",
  إ: "i",
  آ: "a",
  ء: "",
  ؤ: "u",
  ئ: "i",
  ب: "b",
  پ: "p",
  ت: "t",
  ث: "th",
  ج: "j",
  چ: "ch",
  ح: "h",
  خ: "kh",
  د: "d",
  ذ: "dh",
  ر: "r",
  ز: "z",
  ژ: "zh",
  س: "s",
  ش: "sh",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ع: "",
  غ: "gh",
  ف: "f",
  ق: "q",
  ك: "k",
  ک: "k",
  گ: "g",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  ة: "a",
  و: "u",
  ي: "i",
  ی: "i",
  ى: "a",
  // Devanagari consonants (vowel signs carry no consonant; the skeleton drops vowels anyway)
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "n",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
  अ: "a",
  आ: "a",
  इ: "i",
  ई: "i",
  उ: "u",
  ऊ: "u",
  ए: "e",
  ऐ: "ai",
  ओ: "o",
  औ: "au",
};

const HANGUL_INITIAL = [
  "g",
  "kk",
  "n",
  "d",
  "tt",
  "r",
  "m",
  "b",
  "pp",
  "s",
  "ss",
  "",
  "j",
  "jj",
  "ch",
  "k",
  "t",
  "p",
  "h",
];
const HANGUL_MEDIAL = [
  "a",
  "ae",
  "ya",
  "yae",
  "eo",
  "e",
  "yeo",
  "ye",
  "o",
  "wa",
  "wae",
  "oe",
  "yo",
  "u",
  "wo",
  "we",
  "wi",
  "yu",
  "eu",
  "ui",
  "i",
];
const HANGUL_FINAL = [
  "",
  "k",
  "k",
  "k",
  "n",
  "n",
  "n",
  "t",
  "l",
  "k",
  "m",
  "l",
  "l",
  "l",
  "p",
  "l",
  "m",
  "p",
  "p",
  "t",
  "t",
  "ng",
  "t",
  "t",
  "k",
  "t",
  "p",
  "t",
];

/** Hepburn for hiragana (katakana are folded onto them first). */
const KANA: Record<string, string> = {
  あ: "a",
  い: "i",
  う: "u",
  え: "e",
  お: "o",
  か: "ka",
  き: "ki",
  く: "ku",
  け: "ke",
  こ: "ko",
  が: "ga",
  ぎ: "gi",
  ぐ: "gu",
  げ: "ge",
  ご: "go",
  さ: "sa",
  し: "shi",
  す: "su",
  せ: "se",
  そ: "so",
  ざ: "za",
  じ: "ji",
  ず: "zu",
  ぜ: "ze",
  ぞ: "zo",
  た: "ta",
  ち: "chi",
  つ: "tsu",
  て: "te",
  と: "to",
  だ: "da",
  ぢ: "ji",
  づ: "zu",
  で: "de",
  ど: "do",
  な: "na",
  に: "ni",
  ぬ: "nu",
  ね: "ne",
  の: "no",
  は: "ha",
  ひ: "hi",
  ふ: "fu",
  へ: "he",
  ほ: "ho",
  ば: "ba",
  び: "bi",
  ぶ: "bu",
  べ: "be",
  ぼ: "bo",
  ぱ: "pa",
  ぴ: "pi",
  ぷ: "pu",
  ぺ: "pe",
  ぽ: "po",
  ま: "ma",
  み: "mi",
  む: "mu",
  め: "me",
  も: "mo",
  や: "ya",
  ゆ: "yu",
  よ: "yo",
  ら: "ra",
  り: "ri",
  る: "ru",
  れ: "re",
  ろ: "ro",
  わ: "wa",
  を: "o",
  ん: "n",
  ゔ: "vu",
  ぁ: "a",
  ぃ: "i",
  ぅ: "u",
  ぇ: "e",
  ぉ: "o",
  ゃ: "ya",
  ゅ: "yu",
  ょ: "yo",
};

const HAN = /\p{Script=Han}/u;
const OTHER_SCRIPT =
  /[\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

type Pinyin = (text: string, options: { toneType: "none"; type: "array"; nonZh: "removed" }) => string[];
let pinyinOf: Pinyin | null = null;

/** pinyin-pro's converter, loaded on the first Han phrase (it holds a dictionary of ~1 MB). */
function pinyin(): Pinyin {
  if (!pinyinOf) {
    const require = createRequire(import.meta.url);
    pinyinOf = (require("pinyin-pro") as { pinyin: Pinyin }).pinyin;
  }
  return pinyinOf;
}

function hangul(code: number): string {
  const index = code - 0xac00;
  const initial = Math.floor(index / 588);
  const medial = Math.floor((index % 588) / 28);
  const final = index % 28;
  return `${HANGUL_INITIAL[initial] ?? ""}${HANGUL_MEDIAL[medial] ?? ""}${HANGUL_FINAL[final] ?? ""}`;
}

function kana(text: string): string {
  let out = "";
  let double = false;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const hira = code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : ch;
    if (hira === "っ") {
      double = true;
      continue;
    }
    if (hira === "ー") continue;
    let roman = KANA[hira] ?? hira;
    // きゃ → kya, しゃ → sha: a small ya/yu/yo replaces the i of the syllable before it.
    if ((hira === "ゃ" || hira === "ゅ" || hira === "ょ") && out.endsWith("i")) {
      out = out.slice(0, -1);
      if (/(?:sh|ch|j)$/.test(out)) roman = roman.slice(1);
    }
    // っ doubles the next consonant (Hepburn writes っち as tchi).
    if (double && /^[a-z]/.test(roman)) roman = (roman.startsWith("ch") ? "t" : roman[0]) + roman;
    double = false;
    out += roman;
  }
  return out;
}

/**
 * The Latin spellings of a phrase written (at least partly) in Greek, Cyrillic, Hebrew, Arabic, Devanagari,
 * Hangul, kana or Han characters, lower case, words joined; none for a phrase in Latin letters only.
 * Arabic also gives the spelling without the article ال.
 */
export function romanizations(phrase: string): string[] {
  if (!OTHER_SCRIPT.test(phrase)) return [];
  // Accents off (Greek tonos, Cyrillic breve…), but not the voicing marks of kana (が = か + ゙).
  let text = phrase
    .normalize("NFD")
    .replace(/[\u0300-\u036f]+/g, "")
    .toLowerCase()
    .normalize("NFC");
  if (HAN.test(text)) {
    text = text.replace(/\p{Script=Han}+/gu, (run) =>
      pinyin()(run, { toneType: "none", type: "array", nonZh: "removed" }).join(""),
    );
  }
  for (const [from, to] of GREEK_DIGRAPHS) text = text.replaceAll(from, to);
  // Devanagari consonants with a nukta, for sounds of Persian and English loans (फ़ f, ज़ z, क़ q).
  text = text
    .replace(/\u092b\u093c/g, "f")
    .replace(/\u091c\u093c/g, "z")
    .replace(/\u0915\u093c/g, "q");
  const spell = (input: string) => {
    let out = "";
    let run = "";
    const flush = () => {
      out += kana(run);
      run = "";
    };
    for (const ch of input) {
      const code = ch.codePointAt(0) ?? 0;
      if ((code >= 0x3041 && code <= 0x30ff) || ch === "ー") {
        run += ch;
        continue;
      }
      flush();
      if (/\p{M}/u.test(ch)) continue;
      if (code >= 0xac00 && code <= 0xd7a3) out += hangul(code);
      else if (SINGLE[ch] !== undefined) out += SINGLE[ch];
      else if (/[a-z0-9]/.test(ch)) out += ch;
      else if (!out.endsWith(" ")) out += " ";
    }
    flush();
    return out;
  };
  const spellings = [spell(text)];
  const withoutArticle = text.replace(/(^|[^\p{L}])ال/gu, "$1");
  if (withoutArticle !== text) spellings.push(spell(withoutArticle));
  return [...new Set(spellings.map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s.length > 0))];
}

/**
 * The consonants of a Latin spelling with the letters romanization schemes disagree on merged:
 * `melissonas` → `mlsns`, `ekpaideftiria` and `ekpaidevtiria` → `kpdvtl`, `hryadka` and `gryadka` → `gldk`.
 */
export function nameSkeleton(spelling: string): string {
  const merged = spelling
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/shch|sch|sh|ss/g, "S")
    .replace(/tch|chh|ch/g, "C")
    .replace(/zh/g, "Z")
    .replace(/ts|tz/g, "T")
    .replace(/kh|ck|q|c|x/g, "k")
    .replace(/th/g, "t")
    .replace(/dh/g, "d")
    .replace(/bh|ph|b|f|w/g, "v")
    .replace(/jh/g, "j")
    .replace(/gh|h/g, "g")
    .replace(/r/g, "l")
    .replace(/[aeiouy]/g, "");
  return merged.replace(/(.)\1+/g, "$1");
}

/**
 * Whether a Latin spelling of a name (from `romanizations`) is the name a host's label holds: the same
 * letters or one holding the other (at least four), the same consonant skeleton (at least three
 * consonants), a skeleton of at least four consonants holding the other, or the skeleton of some of a
 * longer name's words in their order (`spellsSomeWords`), or a host that opens with the name's first words
 * and goes on in another language (`beginsWithWords`).
 */
export function spellsLabel(label: string, spelling: string): boolean {
  const letters = label.replace(/[^a-z]/g, "");
  const spelled = spelling.replace(/[^a-z]/g, "");
  // The same letters, or one holding the other as a Latin name would (Фишка on fishka-club).
  if (spelled.length >= 4 && letters.length >= 4 && (letters.includes(spelled) || spelled.includes(letters)))
    return true;
  const host = nameSkeleton(label);
  if (host.length < 3) return false;
  {
    const name = nameSkeleton(spelling);
    if (name.length < 3) return false;
    if (name === host) return true;
    if (Math.min(name.length, host.length) >= 4 && (host.includes(name) || name.includes(host))) return true;
  }
  return spellsSomeWords(host, spelling) || beginsWithWords(letters, spelled, host, spelling);
}

/**
 * A host that begins with a name's first words and goes on in another language (`xiaolin-bakery` for
 * 小林烘焙, "Xiaolin baking"): seven letters or more in common at the start (pinyin joins its syllables), or
 * the skeleton of two or more of the name's first words (four consonants or more) opening the host's.
 */
function beginsWithWords(letters: string, spelled: string, host: string, spelling: string): boolean {
  let common = 0;
  while (common < letters.length && letters[common] === spelled[common]) common++;
  if (common >= 7 && common < letters.length) return true;
  const words = spelling.split(/[^a-z]+/).filter((w) => w.length > 0);
  for (let n = 2; n <= Math.min(words.length, 4); n++) {
    const skeleton = nameSkeleton(words.slice(0, n).join(""));
    if (skeleton.length >= 4 && host.startsWith(skeleton) && host.length > skeleton.length) return true;
  }
  return false;
}

/**
 * A host that spells two or more of a name's words in their order and leaves the others out (`marpeat-or`
 * for "Marpeat Shinayim Or", the clinic's name without "dental"), compared by skeleton as a whole.
 */
function spellsSomeWords(host: string, spelling: string): boolean {
  if (host.length < 4) return false;
  const words = spelling
    .split(/[^a-z]+/)
    .map(nameSkeleton)
    .filter((w) => w.length > 0)
    .slice(0, 6);
  if (words.length < 3) return false; // two words are the whole name, compared above
  for (let mask = 1; mask < 1 << words.length; mask++) {
    let kept = 0;
    let joined = "";
    for (let i = 0; i < words.length; i++) {
      if ((mask >> i) & 1) {
        kept++;
        joined += words[i];
      }
    }
    if (kept >= 2 && kept < words.length && joined.replace(/(.)\1+/g, "$1") === host) return true;
  }
  return false;
}
