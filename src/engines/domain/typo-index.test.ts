import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeletionIndex } from "./typo-index.js";

const WORDS = [
  "paypal",
  "microsoft",
  "bankofamerica",
  "netflix",
  "coinbase",
  "internalrevenueservice",
  "ups",
];

function indexOf(words: readonly string[]): DeletionIndex {
  const index = new DeletionIndex();
  words.forEach((word, id) => {
    index.add(word, id, word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);
  });
  return index;
}

const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-".split(""));

/** One random edit: substitute, insert, delete or swap at a random position. */
function edited(word: string, kind: number, position: number, char: string): string {
  const at = position % word.length;
  if (kind === 0) return word.slice(0, at) + char + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + char + word.slice(at);
  if (kind === 2) return word.slice(0, at) + word.slice(at + 1);
  if (at + 1 >= word.length) return word;
  return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
}

describe("DeletionIndex", () => {
  const index = indexOf(WORDS);

  it("finds the exact word", () => {
    WORDS.forEach((word, id) => {
      const found = new Set<number>();
      index.candidates(word, found);
      expect(found.has(id)).toBe(true);
    });
  });

  it("finds every word within its allowed distance (one or two random edits)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: WORDS.length - 1 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(), letter), { minLength: 1, maxLength: 2 }),
        (id, edits) => {
          const word = WORDS[id] ?? "";
          const allowed = word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
          const applied = edits.slice(0, allowed);
          fc.pre(applied.length > 0);
          const typo = applied.reduce(
            (text, [kind, position, char]) => edited(text, kind, position, char),
            word,
          );
          const found = new Set<number>();
          index.candidates(typo, found);
          expect(found.has(id)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("does not offer words far from the query", () => {
    const found = new Set<number>();
    index.candidates("weatherforecast", found);
    expect(found.size).toBe(0);
  });
});
