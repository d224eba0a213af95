import { z } from "zod";
import { readDataJson } from "../data-files.js";
import { type Brand, brandRegistry, type TokenStrength } from "./brands.js";
import { skeleton } from "./confusables.js";
import { DeletionIndex } from "./typo-index.js";

export const KEYWORD_CATEGORIES = [
  "credential",
  "security",
  "urgency",
  "financial",
  "crypto",
  "delivery",
  "prize",
  "support",
  "document",
] as const;
export type KeywordCategory = (typeof KEYWORD_CATEGORIES)[number];

const wordList = z.array(z.string().regex(/^[a-z0-9]+$/));
const keywordsFile = z.object({
  categories: z.record(z.enum(KEYWORD_CATEGORIES), z.object({ strong: wordList, weak: wordList })),
  fillers: wordList,
});

export interface Keyword {
  text: string;
  category: KeywordCategory;
  /** A lure on its own (`login`, `suspended`) rather than a word common on ordinary sites (`account`). */
  strong: boolean;
}

/** A brand token as a look-alike target: one entry per token text, shared by the brands that use it. */
export interface BrandTarget {
  id: number;
  text: string;
  skeleton: string;
  /** The weakest strength any brand gives the token. */
  strength: TokenStrength;
  /** Some brand with this token lists it as an ordinary word (`dictionaryBrandCorroborated` applies). */
  dictionaryWord: boolean;
  maxDistance: 0 | 1 | 2;
  owners: ReadonlyArray<{ brand: Brand; legitimateDomain: string }>;
}

export interface Word {
  text: string;
  keyword?: Keyword;
  target?: BrandTarget;
  filler: boolean;
}

interface TrieNode {
  /** Children by character code. */
  next: Map<number, TrieNode>;
  word?: Word;
}

export interface Lexicon {
  targets: readonly BrandTarget[];
  typoIndex: DeletionIndex;
  root: TrieNode;
}

/** The known word (brand token, keyword or filler) whose skeleton is exactly `key`. */
export function wordFor(key: string): Word | undefined {
  let node: TrieNode | undefined = getLexicon().root;
  for (let k = 0; k < key.length && node; k++) node = node.next.get(key.charCodeAt(k));
  return node?.word;
}

const RANK: Record<TokenStrength, number> = { short: 0, weak: 1, strong: 2 };

function maxDistanceFor(token: string, strength: TokenStrength): 0 | 1 | 2 {
  if (strength === "strong") return token.length >= 9 ? 2 : 1;
  if (strength === "weak" && token.length >= 6) return 1;
  return 0;
}

function insert(root: TrieNode, key: string): TrieNode {
  let node = root;
  for (let k = 0; k < key.length; k++) {
    const code = key.charCodeAt(k);
    let child = node.next.get(code);
    if (!child) {
      child = { next: new Map() };
      node.next.set(code, child);
    }
    node = child;
  }
  return node;
}

function wordAt(root: TrieNode, key: string, text: string): Word {
  const node = insert(root, key);
  node.word ??= { text, filler: false };
  return node.word;
}

function build(): Lexicon {
  const byText = new Map<
    string,
    { strength: TokenStrength; dictionaryWord: boolean; owners: BrandTarget["owners"][number][] }
  >();
  for (const brand of brandRegistry().brands) {
    for (const token of brand.tokens) {
      const entry = byText.get(token.text);
      const owner = { brand, legitimateDomain: token.legitimateDomain };
      if (!entry)
        byText.set(token.text, {
          strength: token.strength,
          dictionaryWord: token.dictionaryWord,
          owners: [owner],
        });
      else {
        entry.dictionaryWord ||= token.dictionaryWord;
        if (RANK[token.strength] < RANK[entry.strength]) entry.strength = token.strength;
        if (!entry.owners.some((o) => o.brand.id === brand.id)) entry.owners.push(owner);
      }
    }
  }
  const targets: BrandTarget[] = [];
  const typoIndex = new DeletionIndex();
  const root: TrieNode = { next: new Map() };
  for (const [text, entry] of byText) {
    const target: BrandTarget = {
      id: targets.length,
      text,
      skeleton: skeleton(text),
      strength: entry.strength,
      dictionaryWord: entry.dictionaryWord,
      maxDistance: maxDistanceFor(text, entry.strength),
      owners: entry.owners,
    };
    targets.push(target);
    typoIndex.add(target.skeleton, target.id, target.maxDistance);
    wordAt(root, target.skeleton, text).target = target;
  }
  const file = keywordsFile.parse(readDataJson("lists/keywords.json"));
  for (const category of KEYWORD_CATEGORIES) {
    const lists = file.categories[category];
    if (!lists) continue;
    for (const [strong, list] of [
      [true, lists.strong],
      [false, lists.weak],
    ] as const) {
      for (const text of list) {
        const word = wordAt(root, skeleton(text), text);
        word.keyword ??= { text, category, strong };
      }
    }
  }
  for (const text of file.fillers) wordAt(root, skeleton(text), text).filler = true;
  return { targets, typoIndex, root };
}

let lexicon: Lexicon | undefined;

export function getLexicon(): Lexicon {
  lexicon ??= build();
  return lexicon;
}

/** A known word found inside a label. */
export interface WordHit {
  /** Offsets in the label's skeleton with hyphens removed. */
  start: number;
  end: number;
  word: Word;
  /**
   * The rest of its hyphen-separated part(s) is made of known words or digits too (`paypal-login`,
   * `appleidcasereview`), so the word is a real component of the name, not letters inside another word.
   */
  delimited: boolean;
  /** Covers whole hyphen-separated parts exactly (`chase` in `chase-secure-login`). */
  wholeParts: boolean;
}

export interface LabelScan {
  /** The skeleton with hyphens removed. */
  compact: string;
  hits: WordHit[];
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

const MAX_LABEL = 256;
/** Working arrays reused by every scan: scans run synchronously and never re-enter. */
const boundary = new Uint8Array(MAX_LABEL + 1);
const hyphens = new Uint8Array(MAX_LABEL + 1);
const forward = new Uint8Array(MAX_LABEL + 1);
const backward = new Uint8Array(MAX_LABEL + 1);

/** Finds every known word (brand tokens, keywords, filler words) in a label's skeleton. */
export function scanLabel(labelSkeleton: string): LabelScan {
  const { root } = getLexicon();
  const full = labelSkeleton.includes("-") ? labelSkeleton.replace(/-/g, "") : labelSkeleton;
  const compact = full.length > MAX_LABEL ? full.slice(0, MAX_LABEL) : full;
  const n = compact.length;
  boundary.fill(0, 0, n + 1);
  boundary[0] = 1;
  boundary[n] = 1;
  if (full.length !== labelSkeleton.length) {
    let position = 0;
    for (let k = 0; k < labelSkeleton.length && position <= n; k++) {
      if (labelSkeleton.charCodeAt(k) === 45) boundary[position] = 1;
      else position++;
    }
  }
  // hyphens[k]: hyphens at positions 1..k, to tell words written across a hyphen.
  hyphens[0] = 0;
  for (let k = 1; k <= n; k++) hyphens[k] = (hyphens[k - 1] ?? 0) + (k < n && boundary[k] === 1 ? 1 : 0);
  const hits: WordHit[] = [];
  // Spans (words and digit runs) in order of their start: start/end pairs.
  const spans: number[] = [];
  for (let i = 0; i < n; i++) {
    let node: TrieNode | undefined = root;
    for (let j = i; j < n; j++) {
      node = node.next.get(compact.charCodeAt(j));
      if (!node) break;
      // A word written across a hyphen (`wells-fargo`) must consist of whole parts (not `apple-i…`).
      const straddles = (hyphens[j] ?? 0) - (hyphens[i] ?? 0) > 0;
      if (node.word && (!straddles || (boundary[i] === 1 && boundary[j + 1] === 1))) {
        hits.push({ start: i, end: j + 1, word: node.word, delimited: false, wholeParts: false });
        spans.push(i, j + 1);
      }
    }
    if (isDigit(compact.charCodeAt(i)) && (i === 0 || !isDigit(compact.charCodeAt(i - 1)))) {
      let j = i;
      while (j < n && isDigit(compact.charCodeAt(j))) j++;
      spans.push(i, j);
    }
  }
  forward.set(boundary.subarray(0, n + 1));
  backward.set(boundary.subarray(0, n + 1));
  for (let s = 0; s < spans.length; s += 2) {
    const start = spans[s] ?? 0;
    const end = spans[s + 1] ?? 0;
    if (forward[start]) forward[end] = 1;
  }
  for (let s = spans.length - 2; s >= 0; s -= 2) {
    if (backward[spans[s + 1] ?? 0]) backward[spans[s] ?? 0] = 1;
  }
  for (const hit of hits) {
    hit.delimited = forward[hit.start] === 1 && backward[hit.end] === 1;
    hit.wholeParts = boundary[hit.start] === 1 && boundary[hit.end] === 1;
  }
  return { compact, hits };
}
