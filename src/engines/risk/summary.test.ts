import { describe, expect, it } from "vitest";
import { analyzeRisk } from "./analyze.js";

async function summaryOf(input: string): Promise<string> {
  const outcome = await analyzeRisk(null, input, { rankLookup: false });
  if (!outcome.ok) throw new Error(`${input}: not analyzed`);
  return outcome.report.executive_summary;
}

describe("executive summary", () => {
  it("names the brand and how a user site's name misspells it", async () => {
    const summary = await summaryOf("trzorsuite.pages.dev");
    expect(summary).toContain("imitates Trezor (trezor.io)");
    expect(summary).toContain("a misspelling of the brand's name (leaving out a character)");
  });

  it("says a brand name spelled out on a user site is published under the brand's name", async () => {
    const summary = await summaryOf("metamaskchromeaddon.webflow.io");
    expect(summary).toContain("imitates MetaMask (metamask.io) by publishing under the brand's name");
    expect(summary).not.toContain("misspelling");
  });
});
