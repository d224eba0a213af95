import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashHex } from "../../engines/scan/fingerprint.js";
import {
  bandValues,
  fingerprintTerms,
  hashFilterTerms,
  NEAR_DISTANCE,
  probeValues,
} from "./similar-terms.js";

describe("similarity terms", () => {
  it("cuts a 64-bit hash into four 16-bit bands", () => {
    expect(bandValues(0x0123456789abcdefn)).toEqual(["0:0123", "1:4567", "2:89ab", "3:cdef"]);
  });

  it("finds every hash within the near distance by its band probes, and probes 68 values", () => {
    expect(probeValues(0n)).toHaveLength(68);
    const hash = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    const flips = fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: NEAR_DISTANCE });
    fc.assert(
      fc.property(hash, flips, (h, bits) => {
        const near = bits.reduce((x, bit) => x ^ (1n << BigInt(bit)), h);
        const probes = new Set(probeValues(h));
        return bandValues(near).some((value) => probes.has(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it("writes the exact hashes, the DOM SimHash and the bands of each fingerprint there is", () => {
    const terms = fingerprintTerms({
      dom: { sha256: "a".repeat(64), simhash: 0x0123456789abcdefn, elements: 40 },
      favicon: { sha256: "b".repeat(64), mmh3: -852112194 },
      screenshot: null,
    });
    expect(terms).toEqual([
      { kind: "dom", value: "a".repeat(64) },
      { kind: "dom_simhash", value: "0123456789abcdef" },
      { kind: "dom_band", value: "0:0123" },
      { kind: "dom_band", value: "1:4567" },
      { kind: "dom_band", value: "2:89ab" },
      { kind: "dom_band", value: "3:cdef" },
      { kind: "favicon", value: "b".repeat(64) },
      { kind: "favicon_mmh3", value: "-852112194" },
    ]);
    expect(fingerprintTerms({ dom: null, favicon: null, screenshot: { phash: 5n } })).toEqual([
      { kind: "screenshot", value: hashHex(5n) },
      { kind: "screenshot_band", value: "0:0000" },
      { kind: "screenshot_band", value: "1:0000" },
      { kind: "screenshot_band", value: "2:0000" },
      { kind: "screenshot_band", value: "3:0005" },
    ]);
  });

  it("reads the hash filters: SHA-256 or MurmurHash3 favicon hashes, 16-digit screenshot hashes", () => {
    expect(hashFilterTerms({ dom_hash: "A".repeat(64), favicon_hash: "-852112194" })).toEqual({
      terms: [
        { kind: "dom", value: "a".repeat(64) },
        { kind: "favicon_mmh3", value: "-852112194" },
      ],
    });
    expect(hashFilterTerms({ favicon_hash: "c".repeat(64), screenshot_hash: "00FF00FF00FF00FF" })).toEqual({
      terms: [
        { kind: "favicon", value: "c".repeat(64) },
        { kind: "screenshot", value: "00ff00ff00ff00ff" },
      ],
    });
    expect(hashFilterTerms({ dom_hash: "abc" })).toEqual({ invalid: "dom_hash" });
    expect(hashFilterTerms({ favicon_hash: "4294967296" })).toEqual({ invalid: "favicon_hash" });
    expect(hashFilterTerms({ screenshot_hash: "0123" })).toEqual({ invalid: "screenshot_hash" });
  });
});
