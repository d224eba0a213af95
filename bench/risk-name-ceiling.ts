/**
 * What a host name alone can tell, for bench/risk-quality: the evaluation name model by itself, and two
 * plain character n-gram logistic regressions (the usual baseline for phishing domain names), trained on
 * the same months and legitimate training part, with flag levels at fixed shares of the legitimate tuning
 * part. It shows how far any name-only detector gets on the reported months at a given false-positive
 * budget, apart from the hand rules and the verdict.
 *
 * The whole-host regression reads subdomains too. The legitimate lists hold registrable domains and almost
 * no subdomains, so it learns "has a subdomain" as a phishing sign: its recall on hosts with a subdomain
 * comes with a false-positive rate the tuning part cannot show. The row "legitimate hosts with a
 * subdomain" measures that on the few such hosts the shipped lists and the hand-written long tail hold.
 */
import path from "node:path";
import {
  type LegitimateEntry,
  mispHosts,
  named,
  type PhishingEntry,
  SHARED_DATA,
} from "../scripts/names-data.js";
import { trainingExamples } from "../scripts/train-names.js";
import type { NameFeature, NameInput } from "../src/engines/risk/names/features.js";
import {
  DEFAULT_TRAIN_OPTIONS,
  type FeatureSet,
  type Fitted,
  fitWeights,
  levelForRate,
  logitOf,
} from "../src/engines/risk/names/train.js";
import { int, table } from "./support.js";

/** Shares of the legitimate tuning part allowed at or above the level. */
const BUDGETS = [0.004, 0.01, 0.02] as const;

/** Character 3–5-grams of `^text$`, nothing else. */
const plainGrams: FeatureSet = (input) => {
  const marked = `^${input.name}$`;
  const out: NameFeature[] = [];
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= marked.length; i++) out.push({ key: `g:${marked.slice(i, i + n)}` });
  }
  return out;
};

interface Scorer {
  label: string;
  /** The input the scorer reads of a host. */
  input: (host: string, site: string, model: NameInput) => NameInput;
  /** Absent: the shipped model's features. */
  features?: FeatureSet;
  fitted: Fitted;
}

function withoutWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** A host with labels below its site (the registrable domain, or a user's site on a platform). */
function hasSubdomain(host: string, site: string): boolean {
  return withoutWww(host) !== site;
}

/**
 * Legitimate hosts with a subdomain: MISP's bank, Google, Microsoft and LOTS lists (entries below a
 * registrable domain) and the hand-written long tail's.
 */
function legitimateSubdomainHosts(
  handWritten: readonly string[],
): { host: string; site: string; input: NameInput }[] {
  const hosts: string[] = [...handWritten];
  for (const list of ["bank-website", "google", "microsoft", "lots-project"]) {
    hosts.push(...mispHosts(path.join(SHARED_DATA, "knowledge/misp", `${list}.json`)));
  }
  const out = new Map<string, { host: string; site: string; input: NameInput }>();
  for (const h of hosts) {
    const n = named(h);
    if (n && n.input.suffix !== null && hasSubdomain(n.host, n.site)) out.set(n.host, n);
  }
  return [...out.values()];
}

function train(
  phishing: readonly PhishingEntry[],
  legitimate: readonly LegitimateEntry[],
  months: (month: string) => boolean,
  read: Scorer["input"],
  features: FeatureSet,
): Fitted {
  const { positives, negatives } = trainingExamples(phishing, legitimate, months, (e) =>
    read(e.host, e.site, e.input),
  );
  return fitWeights([...positives.values(), ...negatives.values()], DEFAULT_TRAIN_OPTIONS, features);
}

function share(scores: readonly number[], level: number): string {
  const k = scores.filter((s) => s >= level).length;
  return scores.length === 0 ? "—" : `${((100 * k) / scores.length).toFixed(1)}%`;
}

export function printNameCeiling(args: {
  phishing: readonly PhishingEntry[];
  legitimate: readonly LegitimateEntry[];
  months: (month: string) => boolean;
  later: readonly PhishingEntry[];
  evaluationModel: Fitted;
  handWrittenLongTail: readonly string[];
}): void {
  const started = performance.now();
  const { phishing, legitimate, months, later } = args;
  const registrable: Scorer["input"] = (_host, site) => ({ name: site, suffix: null });
  const wholeHost: Scorer["input"] = (host) => ({ name: withoutWww(host), suffix: null });
  const scorers: Scorer[] = [
    {
      label: "evaluation name model alone (chosen label, suffix, shape, template)",
      input: (_h, _s, model) => model,
      fitted: args.evaluationModel,
    },
    {
      label: "plain 3–5-gram regression over the site (registrable domain or user site)",
      input: registrable,
      features: plainGrams,
      fitted: train(phishing, legitimate, months, registrable, plainGrams),
    },
    {
      label: "plain 3–5-gram regression over the whole host name",
      input: wholeHost,
      features: plainGrams,
      fitted: train(phishing, legitimate, months, wholeHost, plainGrams),
    },
  ];
  const tune = legitimate.filter((l) => l.part === "tune");
  const subdomainHosts = legitimateSubdomainHosts(args.handWrittenLongTail);
  const groups = {
    own: later.filter((e) => e.input.suffix !== null),
    ownBare: later.filter((e) => e.input.suffix !== null && !hasSubdomain(e.host, e.site)),
    ownSub: later.filter((e) => e.input.suffix !== null && hasSubdomain(e.host, e.site)),
    platform: later.filter((e) => e.input.suffix === null),
  };
  const rows: string[][] = [];
  for (const s of scorers) {
    const score = (x: { host: string; site: string; input: NameInput }) =>
      logitOf(s.fitted, s.input(x.host, x.site, x.input), s.features);
    const tuneScores = tune.map(score);
    const scored = {
      own: groups.own.map(score),
      ownBare: groups.ownBare.map(score),
      ownSub: groups.ownSub.map(score),
      platform: groups.platform.map(score),
      legitimateSub: subdomainHosts.map(score),
    };
    for (const budget of BUDGETS) {
      const level = levelForRate(tuneScores, budget);
      rows.push([
        s.label,
        `${(budget * 100).toFixed(1)}%`,
        share(scored.own, level),
        share(scored.ownBare, level),
        share(scored.ownSub, level),
        share(scored.platform, level),
        share(scored.legitimateSub, level),
      ]);
    }
  }
  console.log(
    `phishing of the reported months: own domain ${int(groups.own.length)} (${int(groups.ownBare.length)} registrable domain alone, ${int(groups.ownSub.length)} with a subdomain), platform-hosted ${int(groups.platform.length)}; legitimate tuning part ${int(tune.length)}; legitimate hosts with a subdomain ${int(subdomainHosts.length)}`,
  );
  table(
    [
      "name-only scorer",
      "level: share of legitimate tuning part at or above",
      "own domain",
      "… registrable alone",
      "… with a subdomain",
      "platform-hosted",
      "legitimate hosts with a subdomain flagged",
    ],
    rows,
  );
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
