import { describe, expect, it } from "vitest";
import { trancoDomains } from "../../domain/index.js";
import { analyzeStatic } from "./analyze.js";

describe("popular domains (Tranco top 10k)", () => {
  const all = trancoDomains();
  // Every fifth domain: 2,000 spread over the whole ranking.
  const sample = all.filter((_, index) => index % 5 === 0);

  it("has a 2,000-domain sample", () => {
    expect(sample.length).toBe(2000);
  });

  it("raise High or Critical findings on fewer than 1% with rank lookup off", () => {
    const flagged: string[] = [];
    for (const domain of sample) {
      const result = analyzeStatic(domain, { rankLookup: false });
      if (!result.ok) continue;
      const serious = result.findings.find((f) => f.severity === "High" || f.severity === "Critical");
      if (serious) flagged.push(`${domain}: ${serious.details}`);
    }
    expect(flagged.length / sample.length).toBeLessThan(0.01);
  });

  it("raise no threat finding with rank lookup on", () => {
    const flagged: string[] = [];
    for (const domain of sample) {
      const result = analyzeStatic(domain);
      if (!result.ok) continue;
      expect(result.signals.trancoRank).not.toBeNull();
      if (result.findings.some((f) => f.severity !== "Informational")) flagged.push(domain);
    }
    expect(flagged).toEqual([]);
  });
});
