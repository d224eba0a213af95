import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeStatic } from "./analyze.js";

const hostChars = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyz0123456789-.".split(""),
  "а",
  "ο",
  "1",
  "@",
  "%",
  ":",
);

describe("analyzeStatic properties", () => {
  it("never throws on arbitrary strings and always answers ok or invalid_url", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.webUrl(), fc.domain()), (input) => {
        const result = analyzeStatic(input, { rankLookup: false });
        if (!result.ok) expect(result.error).toBe("invalid_url");
        else expect(result.findings.every((f) => f.finding_id.startsWith("DR-DOM-"))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("never throws on host-like strings with look-alikes and URL tricks", () => {
    fc.assert(
      fc.property(
        fc.array(hostChars, { maxLength: 80 }),
        fc.constantFrom("", "https://", "http://user@"),
        (chars, prefix) => {
          const result = analyzeStatic(`${prefix}${chars.join("")}.com/path`, { rankLookup: false });
          expect(result.ok === true || result.error === "invalid_url").toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("gives the same answer for the same input", () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        expect(analyzeStatic(domain)).toEqual(analyzeStatic(domain));
      }),
      { numRuns: 300 },
    );
  });
});
