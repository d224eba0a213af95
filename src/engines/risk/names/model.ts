import { z } from "zod";
import { readDataText } from "../../domain/data-files.js";
import { type NameFeature, type NameInput, nameFeatures, nameTemplate } from "./features.js";

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
  /** The features with a weight, sorted; `weights[i]` (log-odds) is the weight of `vocabulary[i]`. */
  vocabulary: z.array(z.string()),
  weights: z.array(z.number()),
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
  /** At or above the user-site level. */
  userSiteLevel: boolean;
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

function sigmoid(x: number): number {
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
  features: readonly NameFeature[],
  weights: readonly number[],
): Contribution[] {
  const { name } = input;
  const runs: Array<{ start: number; end: number; weight: number }> = [];
  for (const m of name.matchAll(/[a-z\u0080-\uffff]+|[0-9]+/g)) {
    runs.push({ start: m.index, end: m.index + m[0].length, weight: 0 });
  }
  const out: Contribution[] = [];
  features.forEach((f, i) => {
    const w = weights[i] ?? 0;
    if (w === 0) return;
    if (f.start === undefined || f.end === undefined) {
      if (w > 0) out.push({ label: featureLabel(f.key), weight: w });
      return;
    }
    const start = f.start;
    const end = f.end;
    const touched = runs.filter((r) => r.start < end && r.end > start);
    for (const r of touched) r.weight += w / touched.length;
  });
  for (const r of runs) {
    if (r.weight > 0) out.push({ label: `"${name.slice(r.start, r.end)}"`, weight: r.weight });
  }
  return out.sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label)).slice(0, 3);
}

export function nameModelFrom(file: NameModelFile): NameModel {
  const weights = new Map<string, number>();
  file.vocabulary.forEach((key, i) => {
    weights.set(key, file.weights[i] ?? 0);
  });
  const patterns = new Map(file.patterns.map((p) => [p.template, p]));
  return {
    file,
    score(input: NameInput): NameScore {
      const features = nameFeatures(input);
      let logit = file.bias;
      const ws = new Array<number>(features.length);
      for (let i = 0; i < features.length; i++) {
        const w = weights.get((features[i] as NameFeature).key) ?? 0;
        ws[i] = w;
        logit += w;
      }
      const level = logit >= file.levels.high ? "high" : logit >= file.levels.medium ? "medium" : null;
      return {
        logit,
        probability: sigmoid(logit),
        level,
        userSiteLevel: logit >= file.levels.user_site,
        clear: logit < file.levels.clear,
        top: level ? explain(input, features, ws) : [],
        pattern: level ? (patterns.get(nameTemplate(input)) ?? null) : null,
      };
    },
  };
}

/** Everything but the two long arrays, which are checked by plain loops (zod is slow over 64,000 entries). */
const modelHead = modelFile.omit({ vocabulary: true, weights: true });

export function parseNameModel(text: string): NameModel {
  const raw = JSON.parse(text) as { vocabulary?: unknown; weights?: unknown };
  const head = modelHead.parse(raw);
  const { vocabulary, weights } = raw;
  if (!Array.isArray(vocabulary) || !Array.isArray(weights) || vocabulary.length !== weights.length)
    throw new Error("name model: vocabulary and weights must be arrays of the same length");
  for (let i = 0; i < weights.length; i++) {
    if (typeof vocabulary[i] !== "string" || typeof weights[i] !== "number" || !Number.isFinite(weights[i]))
      throw new Error(`name model: entry ${i} is not a feature and a finite weight`);
  }
  return nameModelFrom({ ...head, vocabulary: vocabulary as string[], weights: weights as number[] });
}

let shipped: NameModel | undefined;

/** The model shipped in `data/models/`, read on first use. */
export function shippedNameModel(): NameModel {
  shipped ??= parseNameModel(readDataText(NAME_MODEL_FILE));
  return shipped;
}
