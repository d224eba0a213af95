import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_CATALOG, type FindingCode, makeFinding } from "../findings/catalog.js";
import type { Finding } from "../findings/types.js";
import { primaryLanguage } from "./site-context.js";
import { scoreOf } from "./verdict.js";

const finding = (code: FindingCode, severity?: Finding["severity"]): Finding =>
  makeFinding(code, "test", severity ? { severity } : {});

describe("scoring", () => {
  it("adds points by severity, each code once at its highest", () => {
    expect(scoreOf([finding("NET-110")], { visionCorroborated: false })).toBe(35);
    expect(scoreOf([finding("CON-021"), finding("NET-110")], { visionCorroborated: false })).toBe(95);
    expect(
      scoreOf([finding("NET-210", "Medium"), finding("NET-210", "Low")], { visionCorroborated: false }),
    ).toBe(15);
  });

  it("Low findings alone never make a page suspicious", () => {
    const lows = (["CON-001", "CON-040", "CON-041", "NET-217", "NET-125"] as const).map((c) =>
      finding(c, "Low"),
    );
    expect(scoreOf(lows, { visionCorroborated: false })).toBe(10);
  });

  it("a name resembling a brand the page never names counts as Low", () => {
    const squat = finding("NET-203", "High");
    expect(scoreOf([squat], { visionCorroborated: false })).toBe(35);
    expect(scoreOf([squat], { visionCorroborated: false, urlBrandDisowned: true })).toBe(5);
  });

  it("a vision finding counts as Low until the page or the URL backs it", () => {
    const vis = finding("VIS-001", "High");
    expect(scoreOf([vis], { visionCorroborated: false })).toBe(5);
    expect(scoreOf([vis], { visionCorroborated: true })).toBe(35);
  });
});

describe("a connect-wallet prompt alone", () => {
  it("CON-061 at Low stays below Suspicious", () => {
    expect(scoreOf([finding("CON-061", "Low")], { visionCorroborated: false })).toBeLessThan(15);
  });
});

describe("primary language", () => {
  it.each([
    [
      "Your account has been limited. To restore full access, confirm your information within 24 hours.",
      null,
      "en",
    ],
    [
      "Wir fertigen Möbel aus Massivholz in unserer Werkstatt im Schwarzwald seit drei Generationen.",
      null,
      "de",
    ],
    [
      "Notre boulangerie prépare chaque matin des pains au levain et des viennoiseries au beurre.",
      null,
      "fr",
    ],
    [
      "Nuestra clínica cuida la sonrisa de las familias de Valencia desde hace más de veinte años.",
      null,
      "es",
    ],
    ["Olá", null, "und"],
    ["Olá", "pt-BR", "pt"],
    ["Autumn collection. Fell Notebook, rust cover £14.00. Bracken & Cedar soy candle £18.50.", "en", "en"],
  ])("%s → %s", (text, lang, code) => {
    expect(primaryLanguage(text, lang)).toBe(code);
  });
});

describe("scan finding catalog", () => {
  const scan = FINDING_CATALOG.filter((d) => /^(?:NET|CON|SYS)-\d{3}$/.test(d.code));

  it("numbers codes AREA-NNN with the area's agent", () => {
    const agents = { NET: "Network Analysis Agent", CON: "Content Analysis Agent", SYS: "System" } as const;
    for (const d of scan) expect(d.agent).toBe(agents[d.area as keyof typeof agents]);
  });

  it.each([
    ["NET", "docs/findings-scan-net.md"],
    ["CON", "docs/findings-con.md"],
    ["SYS", "docs/findings-sys.md"],
  ])("documents every %s code in %s", (area, file) => {
    const doc = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    for (const d of scan.filter((x) => x.area === area && !/^NET-[12]\d\d$/.test(x.code)))
      expect(doc, d.code).toContain(`\`${d.code}\``);
  });
});
