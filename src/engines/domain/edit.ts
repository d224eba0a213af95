import { confusableSequences, isAsciiLookalike, latinOf } from "./confusables.js";
import { areKeyboardNeighbours, isBitFlip, isVowel } from "./keyboard.js";

/** The squatting techniques a single edit can show (dnstwist-style names). */
export type EditTechnique =
  | "homoglyph"
  | "bitsquatting"
  | "keyboard"
  | "vowel_swap"
  | "replacement"
  | "addition"
  | "insertion"
  | "repetition"
  | "omission"
  | "transposition"
  | "hyphenation"
  | "plural";

/** One difference between a look-alike and the name it imitates. */
export interface EditOp {
  technique: EditTechnique;
  /** What the legitimate name has here ("" for an added character). */
  from: string;
  /** What the look-alike has instead ("" for a missing character). */
  to: string;
  /** Costs nothing in the distance: a character that looks the same. */
  free: boolean;
  /** Position in the legitimate name where the edit happens. */
  at: number;
}

export interface EditDescription {
  /** Visible edits (homoglyphs that look identical cost nothing). */
  distance: number;
  ops: EditOp[];
}

const MATCH = 1;
const GLYPH = 2;
const GLYPH_SEQ_IN = 3;
const GLYPH_SEQ_OUT = 4;
const SUB = 5;
const INS = 6;
const DEL = 7;
const SWAP = 8;

const INF = 1_000_000;

interface Scratch {
  cost: Int32Array;
  step: Uint8Array;
  seqLength: Uint8Array;
}

function makeScratch(cells: number): Scratch {
  return { cost: new Int32Array(cells), step: new Uint8Array(cells), seqLength: new Uint8Array(cells) };
}

/** Reused between calls: the comparison runs synchronously and never re-enters itself. */
let scratch = makeScratch(64 * 64);

/**
 * Compares a candidate label (as characters) with a legitimate name and lists the edits that turn the
 * name into the candidate: Damerau (adjacent transposition) edit distance where look-alike characters
 * (`а`/`a`, `1`/`l`, `rn`/`m`) cost nothing. Returns null when the distance exceeds `maxDistance`.
 */
export function describeEdit(
  candidate: readonly string[],
  target: string,
  maxDistance: number,
): EditDescription | null {
  const n = candidate.length;
  const m = target.length;
  if (Math.abs(n - m) > maxDistance + 2) return null;
  const width = m + 1;
  const cells = (n + 1) * width;
  if (cells > scratch.cost.length) scratch = makeScratch(cells);
  const { cost, step, seqLength } = scratch;
  cost.fill(INF, 0, cells);
  const latin = candidate.map(latinOf);
  const sequences = confusableSequences();
  cost[0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      let best = INF;
      let how = SUB;
      let length = 0;
      if (i > 0 && j > 0) {
        const diagonal = cost[(i - 1) * width + j - 1] ?? INF;
        const c = candidate[i - 1];
        const t = target[j - 1];
        if (c === t) {
          best = diagonal;
          how = MATCH;
        } else if (latin[i - 1] === t) {
          best = diagonal;
          how = GLYPH;
        } else {
          best = diagonal + 1;
          how = SUB;
        }
        for (const [from, to] of sequences) {
          const k = from.length;
          if (i >= k && t === to && best > 0 && candidate.slice(i - k, i).join("") === from) {
            const value = cost[(i - k) * width + j - 1] ?? INF;
            if (value < best) {
              best = value;
              how = GLYPH_SEQ_IN;
              length = k;
            }
          }
          if (j >= k && c === to && best > 0 && target.slice(j - k, j) === from) {
            const value = cost[(i - 1) * width + j - k] ?? INF;
            if (value < best) {
              best = value;
              how = GLYPH_SEQ_OUT;
              length = k;
            }
          }
        }
        if (i > 1 && j > 1 && c === target[j - 2] && candidate[i - 2] === t && c !== t) {
          const value = (cost[(i - 2) * width + j - 2] ?? INF) + 1;
          if (value < best) {
            best = value;
            how = SWAP;
          }
        }
      }
      if (i > 0) {
        const value = (cost[(i - 1) * width + j] ?? INF) + 1;
        if (value < best) {
          best = value;
          how = INS;
        }
      }
      if (j > 0) {
        const value = (cost[i * width + j - 1] ?? INF) + 1;
        if (value < best) {
          best = value;
          how = DEL;
        }
      }
      cost[i * width + j] = best;
      step[i * width + j] = how;
      seqLength[i * width + j] = length;
    }
  }
  const distance = cost[n * width + m] ?? INF;
  if (distance > maxDistance) return null;
  const ops: EditOp[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const at = i * width + j;
    const how = step[at];
    const c = candidate[i - 1] ?? "";
    const t = target[j - 1] ?? "";
    if (how === MATCH) {
      i--;
      j--;
    } else if (how === GLYPH) {
      ops.push({ technique: "homoglyph", from: t, to: c, free: true, at: j - 1 });
      i--;
      j--;
    } else if (how === GLYPH_SEQ_IN) {
      const k = seqLength[at] ?? 1;
      ops.push({
        technique: "homoglyph",
        from: t,
        to: candidate.slice(i - k, i).join(""),
        free: true,
        at: j - 1,
      });
      i -= k;
      j--;
    } else if (how === GLYPH_SEQ_OUT) {
      const k = seqLength[at] ?? 1;
      ops.push({ technique: "homoglyph", from: target.slice(j - k, j), to: c, free: true, at: j - k });
      i--;
      j -= k;
    } else if (how === SUB) {
      ops.push({ technique: classifySubstitution(t, c), from: t, to: c, free: false, at: j - 1 });
      i--;
      j--;
    } else if (how === INS) {
      ops.push({ technique: classifyInsertion(candidate, i - 1), from: "", to: c, free: false, at: j });
      i--;
    } else if (how === DEL) {
      ops.push({ technique: "omission", from: t, to: "", free: false, at: j - 1 });
      j--;
    } else if (how === SWAP) {
      ops.push({
        technique: "transposition",
        from: `${target[j - 2]}${t}`,
        to: `${candidate[i - 2]}${c}`,
        free: false,
        at: j - 2,
      });
      i -= 2;
      j -= 2;
    } else {
      break;
    }
  }
  ops.reverse();
  return { distance, ops };
}

function classifySubstitution(from: string, to: string): EditTechnique {
  if (isAsciiLookalike(from, to)) return "homoglyph";
  if (areKeyboardNeighbours(from, to)) return "keyboard";
  if (isVowel(from) && isVowel(to)) return "vowel_swap";
  if (isBitFlip(from, to)) return "bitsquatting";
  return "replacement";
}

function classifyInsertion(candidate: readonly string[], index: number): EditTechnique {
  const char = candidate[index] ?? "";
  if (char === "-") return "hyphenation";
  if (candidate[index - 1] === char || candidate[index + 1] === char) return "repetition";
  if (index === candidate.length - 1) return char === "s" ? "plural" : "addition";
  return "insertion";
}

/** The technique that best names a set of edits: a homoglyph wins, otherwise the first visible edit. */
export function primaryTechnique(ops: readonly EditOp[]): EditTechnique {
  if (ops.some((op) => op.technique === "homoglyph")) return "homoglyph";
  return ops[0]?.technique ?? "homoglyph";
}

const bag = new Int32Array(65536);

/**
 * Bag distance: how many characters one string has that the other lacks (the larger side). A cheap
 * lower bound of the edit distance, used to discard candidates before the full comparison.
 */
export function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i)] = (bag[a.charCodeAt(i)] ?? 0) + 1;
  for (let i = 0; i < b.length; i++) bag[b.charCodeAt(i)] = (bag[b.charCodeAt(i)] ?? 0) - 1;
  let extra = 0;
  let missing = 0;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    const value = bag[code] ?? 0;
    if (value > 0) extra += value;
    else if (value < 0) missing -= value;
    bag[code] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const code = b.charCodeAt(i);
    const value = bag[code] ?? 0;
    if (value < 0) missing -= value;
    bag[code] = 0;
  }
  return Math.max(extra, missing);
}
