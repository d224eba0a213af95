import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { NameInput } from "./features.js";
import { type NameModel, type NameScore, sigmoid } from "./model.js";

function signed(weight: number): string {
  return `${weight >= 0 ? "+" : "−"}${Math.abs(weight).toFixed(1)}`;
}

/**
 * DR-DOM-027: the learned name model's score as a finding an analyst can check — the score against the
 * flag level, the parts of the name that weighed most, and the campaign template the name follows when it
 * is one the training data knows. Null when the score is below the medium level.
 */
export function nameModelFinding(
  model: NameModel,
  s: NameScore,
  input: NameInput,
  site: string,
): Finding | null {
  // A user site's name is held to its own, higher level (NameScore.flagged): legitimate user sites (people's
  // and projects' pages) have names unlike registered domains', and the levels are chosen on registered ones.
  if (!s.flagged) return null;
  const userSite = input.suffix === null;
  const { levels } = model.file;
  const level = userSite ? levels.user_site : s.level === "high" ? levels.high : levels.medium;
  const parts = s.top.map((c) => `${c.label} (${signed(c.weight)})`).join(", ");
  const pattern = s.pattern
    ? ` Its shape, ${s.pattern.template}, is a campaign template: ${s.pattern.phishing.toLocaleString("en-US")} phishing names and ${s.pattern.legitimate.toLocaleString("en-US")} legitimate ones of the training data have it.`
    : "";
  return makeFinding(
    "DR-DOM-027",
    `The name model scores ${site} ${s.probability.toFixed(3)} (flag level ${sigmoid(level).toFixed(3)}${
      userSite ? ", the level for user sites" : s.level === "high" ? ", high" : ""
    }; trained on phishing first seen ${model.file.about.phishing_first_seen.from} to ${
      model.file.about.phishing_first_seen.to
    }). Weighed most: ${parts || "the name as a whole"}.${pattern}`,
    { severity: s.level === "high" && !userSite ? "High" : "Medium" },
  );
}

/**
 * Weak rule findings on a name the model reads as more likely legitimate than phishing (below its `clear`
 * level): they stay in the report as Informational, with the reason, and count for nothing. The verdict
 * decides when this applies (docs/risk.md, "Learned name model").
 */
export function clearedByModel(findings: readonly Finding[], score: number): Finding[] {
  const note = ` Not counted: the name model reads the name as more likely legitimate than phishing (score ${score.toFixed(3)}, below 0.5), and this weak signal alone does not make it suspicious.`;
  return findings.map((f) =>
    f.severity === "Informational" ? f : { ...f, severity: "Informational", details: `${f.details}${note}` },
  );
}
