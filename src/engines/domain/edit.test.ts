import { describe, expect, it } from "vitest";
import { skeleton } from "./confusables.js";
import { bagDistance, describeEdit, primaryTechnique } from "./edit.js";

function technique(candidate: string, target: string): string | null {
  const edit = describeEdit([...candidate], target, 2);
  return edit ? primaryTechnique(edit.ops) : null;
}

describe("describeEdit", () => {
  it.each([
    ["paypa1", "paypal", "homoglyph"],
    ["pаypal", "paypal", "homoglyph"],
    ["rnicrosoft", "microsoft", "homoglyph"],
    ["m1crosoft", "microsoft", "homoglyph"],
    ["paypall", "paypal", "repetition"],
    ["paypals", "paypal", "plural"],
    ["paypalx", "paypal", "addition"],
    ["payxpal", "paypal", "insertion"],
    ["pay-pal", "paypal", "hyphenation"],
    ["paypl", "paypal", "omission"],
    ["paypla", "paypal", "transposition"],
    ["paypak", "paypal", "keyboard"],
    ["paypel", "paypal", "vowel_swap"],
    ["paypam", "paypal", "bitsquatting"],
    ["paypxl", "paypal", "replacement"],
  ])("%s is a %s of %s", (candidate, target, expected) => {
    expect(technique(candidate, target)).toBe(expected);
  });

  it("names the changed characters and their positions", () => {
    expect(describeEdit([..."paypa1"], "paypal", 1)).toEqual({
      distance: 0,
      ops: [{ technique: "homoglyph", from: "l", to: "1", free: true, at: 5 }],
    });
  });

  it("gives up beyond the allowed distance", () => {
    expect(describeEdit([..."example"], "paypal", 2)).toBeNull();
  });
});

describe("skeleton", () => {
  it.each([
    ["pаypal", "paypal"],
    ["paypa1", "paypal"],
    ["g00gle", "google"],
    ["rnicrosoft", "microsoft"],
    ["vvellsfargo", "wellsfargo"],
    ["αpple", "apple"],
    ["paypàl", "paypal"],
    ["example", "example"],
  ])("%s → %s", (label, expected) => {
    expect(skeleton(label)).toBe(expected);
  });
});

describe("bagDistance", () => {
  it("is a lower bound of the edit distance", () => {
    expect(bagDistance("paypal", "paypla")).toBe(0);
    expect(bagDistance("paypal", "paypall")).toBe(1);
    expect(bagDistance("abc", "xyz")).toBe(3);
  });
});
