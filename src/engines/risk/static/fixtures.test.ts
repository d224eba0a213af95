import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readBrandEntries } from "../../domain/brands.js";
import { analyzeStatic } from "./analyze.js";
import type { SquatTechnique } from "./types.js";

const SITES = new URL("../../../world/sites/", import.meta.url);

interface Expectation {
  kind?: string;
  brand?: string;
  squat?: string;
}

function fixtures(): Array<{ host: string; expect: Expectation }> {
  return readdirSync(SITES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const file = new URL(`${entry.name}/site.json`, SITES);
      const site = JSON.parse(readFileSync(file, "utf8")) as { expect?: Expectation };
      return { host: entry.name, expect: site.expect ?? {} };
    });
}

/** The fixture corpus names squat families; the agent reports the precise technique. */
const FAMILY: Record<string, readonly SquatTechnique[]> = {
  typosquat: [
    "homoglyph",
    "bitsquatting",
    "keyboard",
    "vowel_swap",
    "replacement",
    "addition",
    "insertion",
    "repetition",
    "omission",
    "transposition",
    "hyphenation",
    "plural",
  ],
  homoglyph: ["homoglyph"],
  combosquat: ["combosquat"],
  brand_in_subdomain: ["brand_in_subdomain"],
  free_hosting: ["free_hosting"],
  tld_swap: ["tld_swap"],
};

function analyzed(host: string) {
  const result = analyzeStatic(host, { rankLookup: false });
  if (!result.ok) throw new Error(`${host}: ${result.message}`);
  return result;
}

describe("fixture corpus", () => {
  const all = fixtures();

  it("has fixtures to check", () => {
    expect(all.filter((f) => f.expect.squat).length).toBeGreaterThanOrEqual(5);
  });

  it.each(all.filter((f) => f.expect.squat))(
    "$host imitates its expected brand",
    ({ host, expect: truth }) => {
      const result = analyzed(host);
      expect(result.brand?.name).toBe(truth.brand);
      expect(FAMILY[truth.squat ?? ""]).toContain(result.brand?.technique);
      const threat = result.findings.find((f) => f.severity === "High" || f.severity === "Critical");
      expect(threat?.details).toContain(truth.brand ?? "");
    },
  );

  // Brands that only the page content reveals (credential drops, redirectors): the name must not
  // point at a different brand.
  it.each(all.filter((f) => f.expect.brand && !f.expect.squat))(
    "$host names no other brand",
    ({ host, expect: truth }) => {
      const brand = analyzed(host).brand;
      if (brand) expect(brand.name).toBe(truth.brand);
    },
  );

  it.each(all.filter((f) => f.expect.kind === "benign"))(
    "$host (benign) has no threat finding",
    ({ host }) => {
      const result = analyzed(host);
      expect(result.findings.filter((f) => f.severity !== "Informational")).toEqual([]);
      expect(result.brand).toBeNull();
    },
  );
});

describe("brands' own domains", () => {
  const domains = readBrandEntries().flatMap((entry) =>
    entry.domains.map((domain) => ({
      brand: entry.name,
      domain: domain.endsWith(".*") ? domain.replace("*", "de") : domain.replace("*", "example"),
    })),
  );

  it(`are official and produce no threat finding (${domains.length} domains)`, () => {
    const wrong: string[] = [];
    for (const { brand, domain } of domains) {
      for (const host of [domain, `www.${domain}`, `login.${domain}`]) {
        const result = analyzed(host);
        // On a brand's hosting platform (`blogspot.com`), `login.` is a user's site, not the brand's.
        if (result.signals.platform?.userContent === "subdomain") continue;
        const threats = result.findings.filter((f) => f.severity !== "Informational");
        if (threats.length > 0 || result.brand !== null)
          wrong.push(`${brand}: ${host} ${threats[0]?.details ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
