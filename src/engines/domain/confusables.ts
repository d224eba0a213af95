import { z } from "zod";
import { readDataJson } from "../data-files.js";

const confusablesFile = z.object({
  characters: z.array(
    z.object({ char: z.string().min(1), latin: z.string().length(1), code: z.string(), name: z.string() }),
  ),
  sequences: z.array(z.tuple([z.string().min(2), z.string().length(1)])),
  asciiLookalikes: z.array(z.tuple([z.string().length(1), z.string().length(1)])),
});

export interface ConfusableInfo {
  latin: string;
  code: string;
  name: string;
}

interface ConfusableTable {
  characters: Map<string, ConfusableInfo>;
  /** Multi-letter look-alikes: `rn` looks like `m`. */
  sequences: ReadonlyArray<readonly [string, string]>;
  /** ASCII pairs that pass for each other (`l`/`1`, `o`/`0`, `e`/`3`), both directions. */
  asciiLookalikes: Set<string>;
  sequencePattern: RegExp;
}

let table: ConfusableTable | undefined;

function load(): ConfusableTable {
  const file = confusablesFile.parse(readDataJson("lists/confusables.json"));
  const characters = new Map<string, ConfusableInfo>();
  for (const entry of file.characters) {
    characters.set(entry.char, { latin: entry.latin, code: entry.code, name: entry.name });
  }
  const asciiLookalikes = new Set<string>();
  for (const [a, b] of file.asciiLookalikes) {
    asciiLookalikes.add(`${a}${b}`);
    asciiLookalikes.add(`${b}${a}`);
  }
  const alternatives = file.sequences.map(([from]) => from).join("|");
  return {
    characters,
    sequences: file.sequences,
    asciiLookalikes,
    sequencePattern: new RegExp(`[01]|${alternatives}`, "g"),
  };
}

function confusables(): ConfusableTable {
  table ??= load();
  return table;
}

const COMBINING_MARKS = /\p{M}/gu;
const PLAIN_ASCII = /^[a-z0-9-]*$/;

/** The Latin letter a single character imitates (diacritics removed), or the character itself. */
export function latinOf(char: string): string {
  const known = confusables().characters.get(char);
  if (known) return known.latin;
  if (char.charCodeAt(0) < 128) return char;
  const base = char.normalize("NFD").replace(COMBINING_MARKS, "");
  if (base.length === 0) return char;
  return confusables().characters.get(base)?.latin ?? base;
}

export function confusableInfo(char: string): ConfusableInfo | undefined {
  return confusables().characters.get(char);
}

export function confusableSequences(): ReadonlyArray<readonly [string, string]> {
  return confusables().sequences;
}

export function isAsciiLookalike(a: string, b: string): boolean {
  return confusables().asciiLookalikes.has(`${a}${b}`);
}

/**
 * The skeleton of a label (in the spirit of UTS #39): every character replaced by the Latin letter it
 * imitates, diacritics dropped, `0`→`o`, `1`→`l`, and `rn`→`m`, `vv`→`w`, `cl`→`d`. Two labels with the
 * same skeleton look alike.
 */
export function skeleton(label: string): string {
  const { sequencePattern } = confusables();
  let text = label;
  if (!PLAIN_ASCII.test(text)) {
    let mapped = "";
    for (const char of text.toLowerCase()) mapped += latinOf(char);
    text = mapped;
  }
  sequencePattern.lastIndex = 0;
  if (!sequencePattern.test(text)) return text;
  return text.replace(sequencePattern, (match) => {
    if (match === "0") return "o";
    if (match === "1") return "l";
    for (const [from, to] of confusables().sequences) if (from === match) return to;
    return match;
  });
}

const SCRIPT_TESTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hiragana", /\p{Script=Hiragana}/u],
  ["Katakana", /\p{Script=Katakana}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
];

/** The scripts the letters of a label are written in (digits and hyphens belong to none). */
export function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of label) {
    if (/[0-9-]/.test(char)) continue;
    if (/[a-z]/i.test(char)) {
      scripts.add("Latin");
      continue;
    }
    let found = "Other";
    for (const [name, pattern] of SCRIPT_TESTS) {
      if (pattern.test(char)) {
        found = name;
        break;
      }
    }
    scripts.add(found);
  }
  return scripts;
}
