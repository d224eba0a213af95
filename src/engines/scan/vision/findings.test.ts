import { describe, expect, it } from "vitest";
import { brandRegistry } from "../../domain/index.js";
import { FINDING_CATALOG } from "../../findings/catalog.js";
import type { MarkClaim } from "./claims.js";
import { type VisionEvidence, visionFindings } from "./findings.js";
import type { MarkMatch } from "./logos.js";
import { pageIdentity } from "./page.js";
import { captureFor } from "./test-support/pages.js";
import { brandMentions, loginPrompts, pageWords, promptsMissingFromPage } from "./text.js";

const paypal = brandRegistry().brands.find((b) => b.name === "PayPal");

function claimOf(brand = paypal): MarkClaim {
  if (!brand) throw new Error("PayPal missing from the brand table");
  const match = {
    template: { source: { brand, title: brand.name, slug: "paypal", paths: [] } },
    box: { x: 600, y: 90, w: 34, h: 40 },
    shape: 0.97,
    reference: 0.5,
    referenceName: "circle",
    colour: "brand",
    score: 0.97,
  } as unknown as MarkMatch;
  return { match, claim: true, reason: "prominent" };
}

function evidence(url: string, overrides: Partial<VisionEvidence> = {}): VisionEvidence {
  return {
    page: pageIdentity(captureFor(url, { html: "", text: "", title: "", forms: [] })),
    claims: [claimOf()],
    favicon: null,
    hiddenMentions: [],
    prompts: null,
    hiddenPrompts: [],
    passwordField: false,
    inputForm: false,
    incomplete: [],
    ...overrides,
  };
}

describe("vision findings", () => {
  it("are in the one catalog, from the Vision Agent", () => {
    const vis = FINDING_CATALOG.filter((d) => d.area === "VIS");
    expect(vis.map((d) => d.code)).toEqual([
      "VIS-001",
      "VIS-002",
      "VIS-003",
      "VIS-010",
      "VIS-011",
      "VIS-090",
    ]);
    for (const d of vis) expect(d.agent).toBe("Vision Agent");
  });

  it("grade a foreign logo by what the page asks for, and say nothing on the brand's own site", () => {
    const severity = (e: VisionEvidence) =>
      visionFindings(e).find((f) => f.finding_id === "VIS-001")?.severity;
    expect(severity(evidence("https://paypal-help-center.top/"))).toBe("Low");
    expect(severity(evidence("https://paypal-help-center.top/", { inputForm: true }))).toBe("Medium");
    expect(
      severity(evidence("https://paypal-help-center.top/", { passwordField: true, inputForm: true })),
    ).toBe("High");
    expect(visionFindings(evidence("https://www.paypal.com/signin", { passwordField: true }))).toEqual([]);
    expect(visionFindings(evidence("https://www.paypal.de/", { passwordField: true }))).toEqual([]);
    // A user's site on a hosting platform is not the platform's (nor the brand's).
    expect(severity(evidence("https://paypal-login.netlify.app/", { passwordField: true }))).toBe("High");
  });
});

describe("OCR text", () => {
  const word = (text: string, x: number, y: number, h = 16) => ({
    text,
    confidence: 92,
    x0: x,
    y0: y,
    x1: x + text.length * 9,
    y1: y + h,
  });

  it("finds brand names, ignores third-party mentions and ordinary words in body text", () => {
    const mentions = brandMentions({
      text: "",
      ms: 0,
      lines: [
        { words: [word("PayPal", 40, 20, 30)] },
        { words: ["Sign", "in", "with", "Google"].map((t, i) => word(t, 40 + i * 60, 100)) },
        { words: ["Apple", "pie", "recipes", "for", "autumn"].map((t, i) => word(t, 40 + i * 60, 140)) },
        { words: ["We", "accept", "Visa,", "Mastercard"].map((t, i) => word(t, 40 + i * 60, 180)) },
        { words: ["Wells", "Fargo", "Online"].map((t, i) => word(t, 40 + i * 60, 220)) },
      ],
    });
    const byBrand = new Map(mentions.map((m) => [m.brand.name, m]));
    expect(byBrand.get("PayPal")).toMatchObject({ widget: false, headline: true, distinctive: true });
    expect(byBrand.get("Google")?.widget).toBe(true);
    expect(byBrand.has("Apple")).toBe(false);
    expect(byBrand.get("Mastercard")?.widget).toBe(true);
    expect(byBrand.get("Wells Fargo")).toMatchObject({ widget: false, text: "Wells Fargo" });
  });

  it("reads a dictionary-word brand beside another trade's business noun as that business's name", () => {
    const mentions = brandMentions({
      text: "",
      ms: 0,
      lines: [
        { words: ["Ledger", "Bank"].map((t, i) => word(t, 40 + i * 120, 20, 30)) },
        { words: [word("Ledger", 40, 200, 30)] },
      ],
    });
    // The standalone headline still names the brand; the bank's own name does not.
    expect(mentions.filter((m) => m.brand.name === "Ledger").map((m) => m.text)).toEqual(["Ledger"]);
    const bankOnly = brandMentions({
      text: "",
      ms: 0,
      lines: [{ words: ["Ledger", "Bank"].map((t, i) => word(t, 40 + i * 120, 20, 30)) }],
    });
    expect(bankOnly.some((m) => m.brand.name === "Ledger")).toBe(false);
  });

  it("tells sign-in prompts, and which of them the HTML does not contain", () => {
    expect(loginPrompts("Welcome back. Password").loginLooking).toBe(true);
    expect(loginPrompts("Sign in · Forgot your username?").loginLooking).toBe(true);
    expect(loginPrompts("Sign in to comment").loginLooking).toBe(false);
    // A document lure read in the screenshot is a sign-in prompt; the same words as a reassurance are not.
    const lure = loginPrompts(
      "To read the document, please enter with the valid\n\nemail credential\n\nSign in with Outlook",
    );
    expect(lure).toMatchObject({
      loginLooking: true,
      seen: expect.arrayContaining(["to read the document"]),
    });
    expect(loginPrompts("Storage notice. We never ask you to verify your email account.").loginLooking).toBe(
      false,
    );
    const seen = loginPrompts("Sign in · Email address · Password").seen;
    const words = pageWords(
      '<form><input type="password"><button>Sign in</button></form>',
      "Sign in",
      "",
      false,
    );
    expect(promptsMissingFromPage(words, seen)).toEqual(["password", "email address"]);
    const labelled = pageWords('<input placeholder="Password"><label>Email address</label>', "", "", false);
    expect(promptsMissingFromPage(labelled, seen)).toEqual(["sign in"]);
    expect(pageWords("<my-login></my-login>", "", "", false).complete).toBe(false);
    expect(pageWords("<iframe src=x></iframe>", "", "", false).complete).toBe(false);
    expect(pageWords("<p>x</p>", "x", "", true).complete).toBe(false);
  });
});
