import { z } from "zod";
import { readDataJson } from "../../data-files.js";
import { PURPOSES } from "../taxonomy.js";
import type { Purpose } from "../types.js";
import { stripDiacritics } from "./names.js";

/**
 * Word and phrase matching over page text: text is cut into normalized words (lower case, no accents)
 * once, every n-gram up to four words is counted, and lexicon phrases are looked up in those counts.
 */

export type Tier = "strong" | "medium" | "weak";
export const TIER_WEIGHT: Record<Tier, number> = { strong: 3, medium: 1.5, weak: 0.5 };

const MAX_GRAM = 4;
const MAX_WORDS = 30_000;

/** Normalized words of a text ("CI/CD pipelines" → ci, cd, pipelines). */
export function words(text: string): string[] {
  const out = stripDiacritics(text.slice(0, 400_000))
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .split(/[^\p{L}\p{N}+&]+/u)
    .filter((w) => w.length > 0);
  return out.length > MAX_WORDS ? out.slice(0, MAX_WORDS) : out;
}

/** Counts of every 1..4-word sequence of a text. */
export class GramCounts {
  readonly counts = new Map<string, number>();
  readonly total: number;

  constructor(text: string) {
    const list = words(text);
    this.total = list.length;
    for (let i = 0; i < list.length; i++) {
      let gram = "";
      for (let n = 0; n < MAX_GRAM && i + n < list.length; n++) {
        gram = n === 0 ? (list[i] ?? "") : `${gram} ${list[i + n]}`;
        this.counts.set(gram, (this.counts.get(gram) ?? 0) + 1);
      }
    }
  }

  /** How often a normalized phrase occurs; a trailing `*` matches single-word prefixes. */
  count(phrase: NormalizedPhrase): number {
    if (!phrase.prefix) return this.counts.get(phrase.key) ?? 0;
    let total = 0;
    for (const [gram, count] of this.counts) {
      if (!gram.includes(" ") && gram.startsWith(phrase.key)) total += count;
    }
    return total;
  }

  has(phrase: string): boolean {
    return this.count(normalizePhrase(phrase)) > 0;
  }
}

export interface NormalizedPhrase {
  /** Words joined by single spaces. */
  key: string;
  prefix: boolean;
  /** As written in the lexicon. */
  text: string;
}

export function normalizePhrase(text: string): NormalizedPhrase {
  const prefix = text.endsWith("*");
  const key = words(prefix ? text.slice(0, -1) : text).join(" ");
  return { key, prefix, text };
}

export interface LexiconEntry {
  purpose: Purpose;
  tier: Tier;
  phrase: NormalizedPhrase;
}

const tierList = z.array(z.string().min(1));
const lexiconFile = z.record(
  z.string(),
  z.union([z.string(), z.object({ strong: tierList, medium: tierList, weak: tierList })]),
);

let lexicon: LexiconEntry[] | undefined;

/** Purpose lexicon from `data/lists/classify/purpose-lexicon.json`. */
export function purposeLexicon(): LexiconEntry[] {
  if (lexicon) return lexicon;
  const parsed = lexiconFile.parse(readDataJson("lists/classify/purpose-lexicon.json"));
  const entries: LexiconEntry[] = [];
  const known = new Set<string>(PURPOSES);
  const seen = new Set<string>();
  for (const [purpose, tiers] of Object.entries(parsed)) {
    if (typeof tiers === "string") continue;
    if (!known.has(purpose)) throw new Error(`purpose-lexicon.json: unknown purpose ${purpose}`);
    for (const tier of ["strong", "medium", "weak"] as const) {
      for (const text of tiers[tier]) {
        const phrase = normalizePhrase(text);
        // "sign in" and "sign-in" normalize alike: count each phrase once per purpose.
        const id = `${purpose} ${phrase.key}${phrase.prefix ? "*" : ""}`;
        if (phrase.key.length === 0 || seen.has(id)) continue;
        seen.add(id);
        entries.push({ purpose: purpose as Purpose, tier, phrase });
      }
    }
  }
  lexicon = entries;
  return entries;
}

/** Phrases (normalized) from a list, and whether any occurs. */
export function phraseSet(list: readonly string[]): NormalizedPhrase[] {
  return list.map(normalizePhrase).filter((p) => p.key.length > 0);
}

/** Which of the phrases occur in the counts (by their lexicon text). */
export function matched(counts: GramCounts, phrases: readonly NormalizedPhrase[]): string[] {
  return phrases.filter((p) => counts.count(p) > 0).map((p) => p.text);
}

/** 1 for one mention, slowly more for repeats, at most 2.5. */
export function saturate(count: number): number {
  if (count <= 0) return 0;
  return Math.min(1 + Math.log2(count) * 0.5, 2.5);
}
