import { describe, expect, it } from "vitest";
import { readDataText } from "../../data-files.js";
import { analyzeRisk } from "../analyze.js";
import { nameFeatures, nameTemplate } from "./features.js";
import {
  NAME_MODEL_FILE,
  NAME_MODEL_FORMAT,
  type NameModelFile,
  nameModelFrom,
  parseNameModel,
} from "./model.js";
import { type Example, fitWeights, levelForRate } from "./train.js";

/** A small model whose weights are known, so scores and explanations can be checked by hand. */
function handModel(): NameModelFile {
  return {
    format: NAME_MODEL_FORMAT,
    about: {
      trained_on: ["hand-written for the test"],
      phishing_first_seen: { from: "2025-01", to: "2025-02" },
      examples: { phishing: 2, legitimate: 2 },
      licence: "test",
    },
    levels: { medium: 2, high: 4, user_site: 5, clear: -4, chosen_on: "test" },
    bias: -3,
    vocabulary: ["g:^co", "t:top", "w:commercebank", "w:parcel", "w:redelivery"].join("\n"),
    weights: "5000,10000,-20000,25000,15000",
    patterns: [{ template: "com-word-word on an abused TLD", phishing: 120, legitimate: 0 }],
  };
}

function findingOf(outcome: Awaited<ReturnType<typeof analyzeRisk>>, code: string) {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.report.evidence_findings.find((f) => f.finding_id === code);
}

describe("name features", () => {
  it("reads the registrable name and its suffix, never the subdomains or the platform", () => {
    const keys = nameFeatures({ name: "parcel-redelivery", suffix: "top" }).map((f) => f.key);
    expect(keys).toContain("g:^pa");
    expect(keys).toContain("g:ery$");
    expect(keys).toContain("w:parcel");
    expect(keys).toContain("w:redelivery");
    expect(keys).toContain("t:top");
    const userSite = nameFeatures({ name: "parcel-redelivery", suffix: null }).map((f) => f.key);
    expect(userSite.some((k) => k.startsWith("t:") || k.startsWith("p:"))).toBe(false);
  });

  it("names a com- prefixed lure's template", () => {
    expect(nameTemplate({ name: "com-parcel-redelivery", suffix: "top" })).toBe(
      "com-word-word on an abused TLD",
    );
  });
});

describe("the learned name model", () => {
  it("scores a name as the sum of its features' weights and explains the parts that weighed most", async () => {
    const model = nameModelFrom(handModel());
    const score = model.score({ name: "com-parcel-redelivery", suffix: "top" });
    expect(score.logit).toBeCloseTo(-3 + 2.5 + 1.5 + 1 + 0.5, 6);
    expect(score.level).toBe("medium");
    expect(score.top.map((c) => c.label)).toEqual(['"parcel"', '"redelivery"', "the suffix .top"]);
    expect(score.pattern?.template).toBe("com-word-word on an abused TLD");

    const outcome = await analyzeRisk(null, "com-parcel-redelivery.top", {
      rankLookup: false,
      nameModel: model,
    });
    const finding = findingOf(outcome, "DR-DOM-027");
    expect(finding?.severity).toBe("Medium");
    expect(finding?.details).toContain('"parcel" (+2.5)');
    expect(finding?.details).toContain("com-word-word on an abused TLD");
    expect(finding?.details).toContain("120 phishing names");
    if (outcome.ok) expect(outcome.report.threat_type).toBe("Phishing / Credential Theft");
  });

  it("holds a user site's name to the user-site level", async () => {
    const model = nameModelFrom(handModel());
    // -3 + 2.5 + 2.5 + 1.5 = 3.5: below the user-site level 5; the registered domain adds .top (+1): 4.5, high.
    const userSite = await analyzeRisk(null, "parcel-parcel-redelivery.netlify.app", {
      rankLookup: false,
      nameModel: model,
    });
    expect(findingOf(userSite, "DR-DOM-027")).toBeUndefined();
    const registered = await analyzeRisk(null, "parcel-parcel-redelivery.top", {
      rankLookup: false,
      nameModel: model,
    });
    expect(findingOf(registered, "DR-DOM-027")?.severity).toBe("High");
  });

  it("leaves a software project's page on a documentation platform to the rules", async () => {
    // A model that scores "auth" far above every level: only the project-page reading keeps it quiet.
    const model = nameModelFrom({ ...handModel(), vocabulary: "w:auth", weights: "200000" });
    const project = await analyzeRisk(null, "django-rest-auth.readthedocs.io", {
      rankLookup: false,
      nameModel: model,
    });
    expect(findingOf(project, "DR-DOM-027")).toBeUndefined();
    const site = await analyzeRisk(null, "secure-auth.netlify.app", { rankLookup: false, nameModel: model });
    expect(findingOf(site, "DR-DOM-027")).toBeDefined();
  });

  it("does not count weak rule signals on a name the model reads as legitimate", async () => {
    const model = nameModelFrom(handModel());
    // A bank whose name is one edit from another bank's (Commerzbank): a weak typo signal.
    const withModel = await analyzeRisk(null, "commercebank.com", { rankLookup: false, nameModel: model });
    const without = await analyzeRisk(null, "commercebank.com", { rankLookup: false, nameModel: null });
    if (!withModel.ok || !without.ok) throw new Error("refused");
    expect(without.report.final_assessment).toBe("Suspicious");
    const cleared = findingOf(withModel, "DR-DOM-001");
    expect(cleared?.severity).toBe("Informational");
    expect(cleared?.details).toContain("Not counted");
    expect(withModel.report.final_assessment).toBe("Benign");
  });

  it("ships a model file that parses, names its sources and flags what it was built for", async () => {
    const model = parseNameModel(readDataText(NAME_MODEL_FILE));
    expect(model.file.about.trained_on.join(" ")).toContain("UT1");
    expect(model.file.levels.high).toBeGreaterThan(model.file.levels.medium);
    const lure = await analyzeRisk(null, "com-parcel-redelivery-fee.xyz", { rankLookup: false });
    expect(findingOf(lure, "DR-DOM-027")).toBeDefined();
    const plain = await analyzeRisk(null, "example.com", { rankLookup: false });
    expect(findingOf(plain, "DR-DOM-027")).toBeUndefined();
  });
});

describe("the shipped model's scoring", () => {
  it("sums exactly the weights of the name's features (the n-gram table agrees with the vocabulary)", () => {
    const model = parseNameModel(readDataText(NAME_MODEL_FILE));
    const keys = model.file.vocabulary.split("\n");
    const values = model.file.weights.split(",").map((w) => Number(w) / 10_000);
    const table = new Map(keys.map((k, i) => [k, values[i] ?? 0]));
    const names = [
      "paypal-secure-login",
      "com-parcel-redelivery",
      "example",
      "xn--pypal-4ve",
      "münchen-bank",
      "a1b2c3",
      "kucoinlogin_io",
      "bankofstockton",
      "the-longest-name-of-all-with-many-words-and-hyphens-2025",
    ];
    for (const name of names) {
      for (const suffix of ["com", "top", null]) {
        const input = { name, suffix };
        const expected = nameFeatures(input).reduce(
          (sum, f) => sum + (table.get(f.key) ?? 0),
          model.file.bias,
        );
        expect(model.score(input).logit).toBeCloseTo(expected, 9);
      }
    }
  });
});

describe("training", () => {
  const examples: Example[] = [
    ...["parcel-fee", "parcel-track", "redelivery-fee", "parcel-redelivery", "toll-fee-pay"].map(
      (name): Example => ({ input: { name, suffix: "top" }, label: 1 }),
    ),
    ...["bakery", "citylibrary", "riverbakery", "libraryfriends", "townbakery"].map(
      (name): Example => ({ input: { name, suffix: "com" }, label: 0 }),
    ),
  ];
  const options = {
    epochs: 20,
    alpha: 0.5,
    beta: 1,
    l1: 0.01,
    l2: 0.01,
    minCount: 1,
    seed: 7,
    legitimateWeight: 1,
    minWeight: 0,
  };

  it("is deterministic: the same examples give the same weights", () => {
    expect(JSON.stringify(fitWeights(examples, options))).toBe(JSON.stringify(fitWeights(examples, options)));
  });

  it("learns what separates the two classes", () => {
    const fitted = fitWeights(examples, options);
    expect(fitted.weights["w:parcel"] ?? 0).toBeGreaterThan(0);
    expect(fitted.weights["w:bakery"] ?? 0).toBeLessThan(0);
  });

  it("chooses a level that at most the given share of legitimate scores reach", () => {
    const scores = Array.from({ length: 1000 }, (_, i) => i / 100);
    const level = levelForRate(scores, 0.01);
    expect(scores.filter((s) => s >= level).length).toBeLessThanOrEqual(10);
  });
});
