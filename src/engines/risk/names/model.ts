import { z } from "zod";
import { readDataText } from "../../data-files.js";
import {
  GRAM_SEED_A,
  GRAM_SEED_B,
  gramHash,
  type NameInput,
  NGRAM_MAX,
  NGRAM_MIN,
  nameTemplate,
  stepA,
  stepB,
  visitFeatures,
} from "./features.js";

/** Where the shipped model lives, relative to `data/`. */
export const NAME_MODEL_FILE = "models/name-model-v1.json";
export const NAME_MODEL_FORMAT = "domainlens-name-model/1";

const modelFile = z.object({
  format: z.literal(NAME_MODEL_FORMAT),
  /** What it was trained on, when and under which licence (also in data/NOTICE). */
  about: z.object({
    trained_on: z.array(z.string()),
    phishing_first_seen: z.object({ from: z.string(), to: z.string() }),
    examples: z.object({ phishing: z.number().int(), legitimate: z.number().int() }),
    licence: z.string(),
  }),
  /** Flag levels on the model's log-odds, chosen on held-out legitimate names. */
  levels: z.object({
    medium: z.number(),
    high: z.number(),
    /** A user site on a hosting platform is flagged from this level (legitimate user sites read unlike registered names). */
    user_site: z.number(),
    /** Below this the name reads as more likely legitimate than phishing: weak rule signals are not counted. */
    clear: z.number(),
    chosen_on: z.string(),
  }),
  bias: z.number(),
  /** The features with a weight, sorted, one per line. */
  vocabulary: z.string(),
  /** Their weights (log-odds) in ten-thousandths, comma-separated, in the vocabulary's order. */
  weights: z.string(),
  /** Campaign templates common among the training phishing names and rare among the legitimate ones. */
  patterns: z.array(
    z.object({ template: z.string(), phishing: z.number().int(), legitimate: z.number().int() }),
  ),
});

export type NameModelFile = z.infer<typeof modelFile>;

/** What weighed in a score: a part of the name, the suffix or the name's shape. */
export interface Contribution {
  /** `"secure"`, `.top`, `a long name`… as an analyst reads it. */
  label: string;
  weight: number;
}

export interface NameScore {
  /** Log-odds of "phishing name". */
  logit: number;
  /** 0–1. */
  probability: number;
  level: "high" | "medium" | null;
  /**
   * The model speaks (DR-DOM-027): a registered name at the medium level or above, a user site's name at
   * the user-site level or above.
   */
  flagged: boolean;
  /** Below the `clear` level: the name reads as more likely legitimate than phishing. */
  clear: boolean;
  /** Positive contributions, largest first (at most three). */
  top: Contribution[];
  /** A campaign template of the training data that the name follows, when there is one. */
  pattern: { template: string; phishing: number; legitimate: number } | null;
}

export interface NameModel {
  readonly file: NameModelFile;
  score(input: NameInput): NameScore;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

const SHAPE_WORDS: Record<string, string> = {
  "s:random": "random-looking letters",
};

function shapeLabel(key: string): string {
  const known = SHAPE_WORDS[key];
  if (known) return known;
  const m = /^s:(len|dig|hyp|sw)(\d)$/.exec(key);
  if (!m) return key;
  const i = Number(m[2]);
  switch (m[1]) {
    case "len":
      return i <= 1 ? "a very short name" : i >= 5 ? "a long name" : "the name's length";
    case "dig":
      return i === 0 ? "no digits" : "digits in the name";
    case "hyp":
      return i === 0 ? "no hyphen" : i === 1 ? "one hyphen" : "several hyphens";
    default:
      return i === 0 ? "letters only" : "letters and digits mixed";
  }
}

/** How an analyst reads a feature that is not a part of the name. */
function featureLabel(key: string): string {
  if (key.startsWith("t:") || key.startsWith("tl:")) return `the suffix .${key.slice(key.indexOf(":") + 1)}`;
  if (key.startsWith("tx:")) return `the suffix .${key.split(":")[1]} with this shape`;
  if (key.startsWith("p:")) return `the shape ${key.slice(2)}`;
  return shapeLabel(key);
}

/**
 * What pushed the score up, as an analyst can check it: the name's parts (its runs of letters and of
 * digits between hyphens), each with the summed weight of the n-grams and words inside it (an n-gram across
 * two parts is shared between them), then the suffix and shape features; the largest positive three.
 */
function explain(
  input: NameInput,
  grams: GramTable,
  others: ReadonlyMap<string, number>,
  template: string | null,
): Contribution[] {
  const { name } = input;
  const runs: Array<{ start: number; end: number; weight: number }> = [];
  for (const m of name.matchAll(/[a-z\u0080-\uffff]+|[0-9]+/g)) {
    runs.push({ start: m.index, end: m.index + m[0].length, weight: 0 });
  }
  const share = (start: number, end: number, w: number) => {
    const touched = runs.filter((r) => r.start < end && r.end > start);
    for (const r of touched) r.weight += w / touched.length;
  };
  const out: Contribution[] = [];
  grams.sum(name, share);
  visitFeatures(
    input,
    (kind, text, start, end) => {
      const w = others.get(kind + text) ?? 0;
      if (w === 0) return;
      if (start >= 0) share(start, end, w);
      else if (w > 0) out.push({ label: featureLabel(kind + text), weight: w });
    },
    false,
    template,
  );
  for (const r of runs) {
    if (r.weight > 0) out.push({ label: `"${name.slice(r.start, r.end)}"`, weight: r.weight });
  }
  return out.sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label)).slice(0, 3);
}

/**
 * The n-gram weights as an open-addressing table keyed by the two hashes of the n-gram's text (see
 * `gramHash`): scoring walks a name's characters and looks each n-gram up with no string built.
 */
class GramTable {
  private readonly a: Uint32Array;
  private readonly b: Uint32Array;
  private readonly w: Float64Array;
  private readonly used: Uint8Array;
  private readonly mask: number;

  constructor(entries: ReadonlyArray<[string, number]>) {
    let size = 1;
    while (size < entries.length * 2) size *= 2;
    this.a = new Uint32Array(size);
    this.b = new Uint32Array(size);
    this.w = new Float64Array(size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
    for (const [text, weight] of entries) {
      const [a, b] = gramHash(text);
      let slot = a & this.mask;
      while (this.used[slot] === 1) slot = (slot + 1) & this.mask;
      this.used[slot] = 1;
      this.a[slot] = a;
      this.b[slot] = b;
      this.w[slot] = weight;
    }
  }

  get(a: number, b: number): number {
    let slot = a & this.mask;
    while (this.used[slot] === 1) {
      if (this.a[slot] === a && this.b[slot] === b) return this.w[slot] ?? 0;
      slot = (slot + 1) & this.mask;
    }
    return 0;
  }

  /**
   * The summed weight of every n-gram of `^name$` (lengths NGRAM_MIN–NGRAM_MAX); `each`, when given, also
   * receives every n-gram with a weight: its offsets in the name (the marks excluded) and its weight.
   */
  sum(name: string, each?: (start: number, end: number, weight: number) => void): number {
    const marked = `^${name}$`;
    let total = 0;
    for (let i = 0; i < marked.length; i++) {
      let a = GRAM_SEED_A;
      let b = GRAM_SEED_B;
      for (let n = 1; n <= NGRAM_MAX && i + n <= marked.length; n++) {
        const unit = marked.charCodeAt(i + n - 1);
        a = stepA(a, unit);
        b = stepB(b, unit);
        if (n < NGRAM_MIN) continue;
        const w = this.get(a, b);
        if (w === 0) continue;
        total += w;
        each?.(Math.max(0, i - 1), Math.min(name.length, i + n - 1), w);
      }
    }
    return total;
  }
}

/** The weights of a model file (throws on a malformed file): n-grams in a GramTable, the rest by key. */
function weightTables(file: NameModelFile): { grams: GramTable; others: Map<string, number> } {
  const keys = file.vocabulary === "" ? [] : file.vocabulary.split("\n");
  const values = file.weights === "" ? [] : file.weights.split(",");
  if (keys.length !== values.length)
    throw new Error(`name model: ${keys.length} features but ${values.length} weights`);
  const gramEntries: Array<[string, number]> = [];
  const others = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    const w = Number(values[i]);
    if (!Number.isInteger(w)) throw new Error(`name model: weight ${i} is not an integer`);
    const key = keys[i] as string;
    if (key.startsWith("g:")) gramEntries.push([key.slice(2), w / 10_000]);
    else others.set(key, w / 10_000);
  }
  return { grams: new GramTable(gramEntries), others };
}

export function nameModelFrom(file: NameModelFile): NameModel {
  const { grams, others } = weightTables(file);
  const patterns = new Map(file.patterns.map((p) => [p.template, p]));
  let logit = 0;
  const add = (kind: string, text: string) => {
    logit += others.get(kind + text) ?? 0;
  };
  return {
    file,
    score(input: NameInput): NameScore {
      const template = input.suffix === null ? null : nameTemplate(input);
      logit = file.bias + grams.sum(input.name);
      visitFeatures(input, add, false, template);
      const sum = logit;
      const level: NameScore["level"] =
        sum >= file.levels.high ? "high" : sum >= file.levels.medium ? "medium" : null;
      const flagged = input.suffix === null ? sum >= file.levels.user_site : level !== null;
      const base = {
        logit: sum,
        probability: sigmoid(sum),
        level,
        flagged,
        clear: sum < file.levels.clear,
      };
      if (!flagged) return { ...base, top: [], pattern: null };
      // Only a flagged name needs its explanation and its campaign template.
      return {
        ...base,
        top: explain(input, grams, others, template),
        pattern: patterns.get(template ?? nameTemplate(input)) ?? null,
      };
    },
  };
}

export function parseNameModel(text: string): NameModel {
  return nameModelFrom(modelFile.parse(JSON.parse(text)));
}

/** How many features carry a weight. */
export function weightCount(file: NameModelFile): number {
  return file.vocabulary === "" ? 0 : file.vocabulary.split("\n").length;
}

let shipped: NameModel | undefined;

/** The model shipped in `data/models/`, read on first use. */
export function shippedNameModel(): NameModel {
  shipped ??= parseNameModel(readDataText(NAME_MODEL_FILE));
  return shipped;
}
