import { seededRandom } from "../../../util/random.js";
import { type NameFeature, type NameInput, nameFeatures, nameShape, nameTemplate } from "./features.js";
import type { NameModelFile } from "./model.js";

/**
 * Training of the name model: logistic regression fitted by FTRL-Proximal (McMahan et al., "Ad Click
 * Prediction: a View from the Trenches", KDD 2013), whose L1 term leaves most n-grams at exactly zero so
 * the shipped file stays small. Pure and deterministic: the same examples in the same order give the same
 * file, byte for byte (a seeded shuffle, no clock, weights rounded to four decimals).
 */

export interface Example {
  input: NameInput;
  /** 1 phishing, 0 legitimate. */
  label: 0 | 1;
}

export interface TrainOptions {
  epochs: number;
  alpha: number;
  beta: number;
  l1: number;
  l2: number;
  /** Features seen in fewer training examples are left out of the vocabulary. */
  minCount: number;
  seed: number;
  /** How much more a legitimate example weighs than a phishing one, once both classes are balanced. */
  legitimateWeight: number;
  /** Weights smaller than this (in absolute value) are left out of the file: a smaller, faster model. */
  minWeight: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 4,
  alpha: 0.05,
  beta: 1,
  l1: 5,
  l2: 1,
  minCount: 3,
  seed: 20250601,
  legitimateWeight: 3,
  minWeight: 0.02,
};

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

export interface Fitted {
  bias: number;
  /** Sorted by key. */
  weights: Record<string, number>;
}

/** The model file's vocabulary (sorted, one per line) and weights (ten-thousandths, comma-separated). */
export function vocabularyOf(fitted: Fitted): { vocabulary: string; weights: string } {
  const keys = Object.keys(fitted.weights).sort();
  return {
    vocabulary: keys.join("\n"),
    weights: keys.map((k) => Math.round((fitted.weights[k] ?? 0) * 10_000)).join(","),
  };
}

/** What a model reads of a name: the shipped model's features, or another set for a comparison. */
export type FeatureSet = (input: NameInput) => NameFeature[];

/** Fits the weights. Phishing and legitimate examples weigh the same in total, whatever their counts. */
export function fitWeights(
  examples: readonly Example[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
  features: FeatureSet = nameFeatures,
): Fitted {
  const counts = new Map<string, number>();
  for (const e of examples) {
    for (const k of new Set(features(e.input).map((f) => f.key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const vocabulary = [...counts].filter(([, n]) => n >= options.minCount).map(([k]) => k);
  vocabulary.sort();
  const index = new Map(vocabulary.map((k, i) => [k, i]));
  // Every occurrence of a feature counts (an n-gram twice in a name weighs twice), as when scoring.
  const encoded = examples.map((e) => {
    const ids: number[] = [];
    for (const f of features(e.input)) {
      const i = index.get(f.key);
      if (i !== undefined) ids.push(i);
    }
    return Int32Array.from(ids);
  });
  const positives = examples.filter((e) => e.label === 1).length;
  const negatives = examples.length - positives;
  const weightOf = [
    negatives === 0 ? 0 : (options.legitimateWeight * examples.length) / (2 * negatives),
    positives === 0 ? 0 : examples.length / (2 * positives),
  ];

  const d = vocabulary.length;
  const z = new Float64Array(d + 1);
  const n = new Float64Array(d + 1);
  const w = new Float64Array(d + 1);
  const biasId = d;
  const { alpha, beta, l1, l2 } = options;
  const weightAt = (i: number, regularized: boolean): number => {
    const zi = z[i] ?? 0;
    if (regularized && Math.abs(zi) <= l1) return 0;
    const shrink = regularized ? zi - Math.sign(zi) * l1 : zi;
    return -shrink / ((beta + Math.sqrt(n[i] ?? 0)) / alpha + (regularized ? l2 : 0));
  };

  const random = seededRandom(options.seed);
  const order = Array.from({ length: examples.length }, (_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const e of order) {
      const ids = encoded[e] as Int32Array;
      w[biasId] = weightAt(biasId, false);
      let logit = w[biasId] ?? 0;
      for (const id of ids) {
        w[id] = weightAt(id, true);
        logit += w[id] ?? 0;
      }
      const label = (examples[e] as Example).label;
      const p = 1 / (1 + Math.exp(-Math.max(-35, Math.min(35, logit))));
      const g = (p - label) * (weightOf[label] ?? 1);
      const update = (id: number) => {
        const ni = n[id] ?? 0;
        const sigma = (Math.sqrt(ni + g * g) - Math.sqrt(ni)) / alpha;
        z[id] = (z[id] ?? 0) + g - sigma * (w[id] ?? 0);
        n[id] = ni + g * g;
      };
      update(biasId);
      for (const id of ids) update(id);
    }
  }
  const weights: Record<string, number> = {};
  for (let i = 0; i < d; i++) {
    const wi = round4(weightAt(i, true));
    if (Math.abs(wi) >= options.minWeight && wi !== 0) weights[vocabulary[i] as string] = wi;
  }
  return { bias: round4(weightAt(biasId, false)), weights };
}

/** Log-odds of a name under fitted weights (the same sum the shipped model computes). */
export function logitOf(fitted: Fitted, input: NameInput, features: FeatureSet = nameFeatures): number {
  let logit = fitted.bias;
  for (const f of features(input)) logit += fitted.weights[f.key] ?? 0;
  return logit;
}

/**
 * The lowest log-odds at which at most `rate` of `legitimate` scores are at or above it: the flag level
 * for a false-positive budget, chosen on names the model did not train on.
 */
export function levelForRate(legitimate: readonly number[], rate: number): number {
  const sorted = [...legitimate].sort((a, b) => b - a);
  const allowed = Math.floor(rate * sorted.length);
  const above = sorted[allowed];
  if (above === undefined) return (sorted[sorted.length - 1] ?? 0) + 1e-4;
  return round4(above + 1e-4);
}

export interface PatternOptions {
  /** A template must cover at least this many training phishing names… */
  minPhishing: number;
  /** …and be at least this many times more frequent among them than among legitimate names. */
  minLift: number;
  max: number;
}

/**
 * Campaign templates: name shapes far more frequent among the phishing names than the legitimate ones. A
 * user site's template is compared with the same shape among legitimate registered names (the legitimate
 * lists hold no user sites).
 */
export function campaignPatterns(
  examples: readonly Example[],
  options: PatternOptions = { minPhishing: 40, minLift: 8, max: 60 },
): NameModelFile["patterns"] {
  const counts = new Map<
    string,
    { phishing: number; legitimate: number; shape: string; userSite: boolean }
  >();
  const legitimateShapes = new Map<string, number>();
  let positives = 0;
  for (const e of examples) {
    const shape = nameShape(e.input.name);
    const template = nameTemplate(e.input);
    const c = counts.get(template) ?? {
      phishing: 0,
      legitimate: 0,
      shape,
      userSite: e.input.suffix === null,
    };
    if (e.label === 1) {
      c.phishing++;
      positives++;
    } else {
      c.legitimate++;
      legitimateShapes.set(shape, (legitimateShapes.get(shape) ?? 0) + 1);
    }
    counts.set(template, c);
  }
  const negatives = Math.max(1, examples.length - positives);
  const kept: NameModelFile["patterns"] = [];
  for (const [template, c] of counts) {
    if (c.phishing < options.minPhishing) continue;
    // A single run (`name`, `word`) is every other name's shape, not a campaign's.
    if (!/[-+]/.test(c.shape)) continue;
    const legitimate = c.userSite ? (legitimateShapes.get(c.shape) ?? 0) : c.legitimate;
    const lift = c.phishing / Math.max(1, positives) / ((legitimate + 0.5) / negatives);
    if (lift >= options.minLift) kept.push({ template, phishing: c.phishing, legitimate });
  }
  kept.sort((a, b) => b.phishing - a.phishing || a.template.localeCompare(b.template));
  return kept.slice(0, options.max);
}
