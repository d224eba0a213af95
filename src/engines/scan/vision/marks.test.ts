import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeVision } from "./analyze.js";
import { decodeIco } from "./ico.js";
import { matchRegions } from "./logos.js";
import { markSources } from "./marks.js";
import type { RgbImage } from "./raster.js";
import { findRegions } from "./regions.js";
import { type TemplateSet, templateSet } from "./templates.js";
import { icoOf, letterPng, markPng } from "./test-support/images.js";
import { captureFor, fourSquares, mark } from "./test-support/pages.js";

// Marks composed straight into an image with sharp (no browser, no OCR).

let templates: TemplateSet;

beforeAll(async () => {
  templates = await templateSet();
});

async function canvas(svgParts: string, width = 720, height = 420): Promise<RgbImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${svgParts}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

function at(x: number, y: number, svg: string): string {
  return `<g transform="translate(${x},${y})">${svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ')}</g>`;
}

describe("brand marks", () => {
  it("maps brand-table brands to simple-icons marks, plus the drawn four-squares mark", () => {
    const byBrand = new Map(markSources().map((s) => [s.brand.name, s]));
    expect(byBrand.get("PayPal")?.slug).toBe("paypal");
    expect(byBrand.get("Apple")?.slug).toBe("apple");
    expect(byBrand.get("Microsoft")?.slug).toBe("microsoft-four-squares");
    expect(markSources().length).toBeGreaterThan(150);
    expect(templates.marks.length).toBeGreaterThan(150);
  });

  it("finds PayPal, Apple and Microsoft marks at several scales, and nothing on plain shapes", async () => {
    const image = await canvas(
      [
        at(20, 20, mark("paypal", "#002991", 24)),
        at(80, 20, mark("paypal", "#002991", 48)),
        `<rect x="150" y="10" width="120" height="116" fill="#003087"/>`,
        at(160, 20, mark("paypal", "#ffffff", 96)),
        at(300, 20, mark("apple", "#000000", 32)),
        at(380, 20, mark("apple", "#555555", 80)),
        at(520, 20, fourSquares(22)),
        at(580, 20, fourSquares(60)),
        // Shapes that prove nothing: a circle, a square, letters, a bullseye, a star.
        `<circle cx="60" cy="300" r="40" fill="#0866FF"/><rect x="140" y="260" width="80" height="80" fill="#E50914"/>`,
        `<text x="260" y="330" font-family="DejaVu Sans" font-weight="bold" font-size="80" fill="#4285F4">G P f</text>`,
        `<circle cx="560" cy="300" r="40" fill="none" stroke="#c00" stroke-width="14"/><circle cx="560" cy="300" r="12" fill="#c00"/>`,
        `<path d="m660 260 12 30h32l-26 20 10 32-28-20-28 20 10-32-26-20h32z" fill="#FFCC00"/>`,
      ].join(""),
    );
    const matches = matchRegions(findRegions(image), templates);
    const found = matches.map((m) => ({
      brand: m.template.source.brand.name,
      x: m.box.x,
      side: Math.max(m.box.w, m.box.h),
    }));
    for (const [brand, x] of [
      ["PayPal", 20],
      ["PayPal", 80],
      ["PayPal", 160],
      ["Apple", 300],
      ["Apple", 380],
      ["Microsoft", 520],
      ["Microsoft", 580],
    ] as const) {
      expect(found.some((f) => f.brand === brand && Math.abs(f.x - x) < 24)).toBe(true);
    }
    // Nothing below the marks' row.
    expect(matches.filter((m) => m.box.y > 200)).toEqual([]);
  });
});

describe("favicons", () => {
  const site = (url: string, favicon: string) =>
    captureFor(url, { html: "<p>Account</p>", text: "Account", title: "Account", forms: [] }, favicon);

  it("recognizes a brand favicon on a foreign domain, as PNG, PNG-in-ICO and BMP-in-ICO", async () => {
    const png = await markPng("paypal", "#002991", 32);
    for (const bytes of [png, await icoOf(png, "png"), await icoOf(png, "bmp")]) {
      const result = await analyzeVision(
        {
          capture: site("https://account-limited-notice.com/", bytes.toString("base64")),
          artifacts: { viewport: null, fullPage: null },
        },
        { ocr: false },
      );
      expect(result.findings.map((f) => f.finding_id)).toEqual(["VIS-002"]);
      expect(result.findings[0]?.source_agent).toBe("Vision Agent");
      expect(result.brands[0]).toMatchObject({ brand: "PayPal", source: "favicon" });
    }
  });

  it("says nothing about the brand's favicon on its own domain, or about a letter favicon", async () => {
    const own = await analyzeVision(
      {
        capture: site(
          "https://www.paypal.com/signin",
          (await markPng("paypal", "#002991", 32)).toString("base64"),
        ),
        artifacts: { viewport: null, fullPage: null },
      },
      { ocr: false },
    );
    expect(own.findings).toEqual([]);
    for (const [letter, fill, bg] of [
      ["G", "#fff", "#4285F4"],
      ["P", "#fff", "#002991"],
      ["f", "#fff", "#0866FF"],
      ["a", "#000", "#fff"],
    ] as const) {
      const favicon = (await letterPng(letter, fill, bg, 32)).toString("base64");
      const result = await analyzeVision(
        {
          capture: site("https://pebbleandpine.shop/", favicon),
          artifacts: { viewport: null, fullPage: null },
        },
        { ocr: false },
      );
      expect(result.findings).toEqual([]);
      expect(result.brands).toEqual([]);
    }
  });

  it("decodes icon files defensively", async () => {
    const png = await markPng("apple", "#000", 16);
    const bmp = decodeIco(await icoOf(png, "bmp"));
    expect(bmp).toMatchObject({ kind: "rgba", width: 16, height: 16 });
    expect(
      decodeIco(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 255, 255, 0, 0, 200, 0, 0, 0])),
    ).toBeNull();
    expect(decodeIco(Buffer.from("not an icon"))).toBeNull();
    const broken = await analyzeVision(
      {
        capture: site("https://example.org/", Buffer.from("garbage").toString("base64")),
        artifacts: { viewport: null, fullPage: null },
      },
      { ocr: false },
    );
    expect(broken.findings).toEqual([]);
  });
});

describe("saved pages", () => {
  it("reports nothing when a saved page has no screenshot, though the page names a brand", async () => {
    const capture = {
      ...captureFor("https://paypa1-login.com/", {
        html: "<h1>PayPal</h1>",
        text: "PayPal",
        title: "PayPal",
        forms: [],
      }),
      source: "saved" as const,
    };
    const result = await analyzeVision({ capture, artifacts: { viewport: null, fullPage: null } });
    expect(result).toEqual({ findings: [], brands: [], ocrText: "", durationMs: result.durationMs });
  });
});
