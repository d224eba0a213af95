import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { createEgress, type Egress } from "../../src/engines/net/index.js";
import { analyzeRisk } from "../../src/engines/risk/analyze.js";
import { startWorld, type World } from "../../src/world/index.js";

/**
 * Every fixture of the test world through the full risk analysis (static + network agents): threats
 * must come out Malicious or Suspicious and legitimate sites Benign, as the fixture's ground truth says.
 */
interface Expectation {
  kind?: string;
  assessment?: string;
  brand?: string;
  squat?: string;
}

let world: World;
let egress: Egress;

beforeAll(async () => {
  world = await startWorld();
  egress = createEgress(loadConfig({ ...world.env }).egress);
});
afterAll(async () => {
  await egress?.close();
  await world?.stop();
});

describe("risk verdicts on the fixture corpus", () => {
  it("gives every fixture the verdict its ground truth names", async () => {
    const rows: string[] = [];
    const wrong: string[] = [];
    for (const site of world.sites) {
      const truth = (site.expect ?? {}) as Expectation;
      if (!truth.assessment) continue;
      const outcome = await analyzeRisk(egress, site.hostname);
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) continue;
      const r = outcome.report;
      rows.push(`${site.hostname}: ${r.final_assessment} (${r.threat_type}) expected ${truth.assessment}`);
      const threat = truth.kind === "phishing" || truth.kind === "scam" || truth.kind === "malware";
      const ok = threat
        ? r.final_assessment === "Malicious" || r.final_assessment === "Suspicious"
        : r.final_assessment === truth.assessment;
      if (!ok) wrong.push(rows[rows.length - 1] ?? "");
      // A domain-level analysis names the brand only when the name itself imitates it.
      if (truth.brand && truth.squat) {
        if (outcome.brand !== truth.brand)
          wrong.push(`${site.hostname}: brand ${outcome.brand} expected ${truth.brand}`);
      }
    }
    expect(rows.length).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });
});
