import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../../test/support/chromium.js";
import type { ScanCapture, VisionResult } from "../types.js";
import { analyzeVision, closeVision, warmVision } from "./analyze.js";
import { markPng, textImage } from "./test-support/images.js";
import { benignPages, captureFor, type PageCase, threatPages } from "./test-support/pages.js";

// Pages rendered in Chromium (nothing fetched), screenshotted at 1280×800 and analysed with OCR.

let browser: Browser;
let page: Page;
const timings: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route("**/*", (route) => route.abort());
  page = await context.newPage();
  await warmVision();
});

afterAll(async () => {
  await browser?.close();
  await closeVision();
  if (timings.length > 0) console.log(`vision agent per screenshot:\n${timings.join("\n")}`);
});

/** What the capture records of a page: visible text, title and live forms. */
const PAGE_FACTS = `(() => ({
  text: document.documentElement.innerText,
  title: document.title,
  forms: [...document.forms].map((f) => ({
    action: f.action || null,
    method: f.method,
    visible: f.getClientRects().length > 0,
    inputs: [...f.querySelectorAll("input")].map((i) => ({ type: i.type, name: i.name || null, autocomplete: i.autocomplete || null })),
  })),
}))()`;

async function render(
  html: string,
): Promise<{ png: Buffer; html: string; text: string; title: string; forms: ScanCapture["forms"] }> {
  await page.setContent(html);
  const png = await page.screenshot();
  const info = (await page.evaluate(PAGE_FACTS)) as {
    text: string;
    title: string;
    forms: ScanCapture["forms"];
  };
  return { png, html: await page.content(), ...info };
}

async function scan(c: PageCase): Promise<VisionResult> {
  const shot = await render(c.html);
  const capture = captureFor(c.url, shot, c.favicon ?? null);
  // A generous deadline: the machine running the tests may be busy, and OCR is part of what is tested.
  const result = await analyzeVision(
    { capture, artifacts: { viewport: shot.png, fullPage: null } },
    { deadlineMs: 20_000 },
  );
  timings.push(`  ${c.name}: ${result.durationMs} ms`);
  return result;
}

const codes = (r: VisionResult) => r.findings.map((f) => f.finding_id);

describe("imitation pages", async () => {
  const favicon = (await markPng("paypal", "#002991", 32)).toString("base64");
  for (const c of threatPages({ faviconPayPal: favicon })) {
    it(`${c.name}: reports the ${c.brand} mark on ${new URL(c.url).hostname}`, async () => {
      const result = await scan(c);
      expect(result.brands[0]?.brand).toBe(c.brand);
      const brandFindings = result.findings.filter(
        (f) => f.finding_id === "VIS-001" || f.finding_id === "VIS-002",
      );
      expect(brandFindings.length).toBeGreaterThan(0);
      for (const f of brandFindings) {
        expect(f.source_agent).toBe("Vision Agent");
        expect(["High", "Medium"]).toContain(f.severity);
        expect(f.details).toContain(c.brand ?? "");
      }
    });
  }
});

describe("legitimate pages", () => {
  for (const c of benignPages()) {
    it(`${c.name}: no brand findings`, async () => {
      const result = await scan(c);
      const serious = result.findings.filter((f) => f.severity !== "Informational" && f.severity !== "Low");
      expect(serious).toEqual([]);
      if (c.name === "brand-own-domain") {
        expect(result.findings).toEqual([]);
        expect(result.brands[0]).toMatchObject({ brand: "PayPal", source: "logo" });
      } else if (c.name !== "brand-article") {
        // Buttons, badges, rows and walls of marks are third-party uses, not the page's identity.
        expect(result.brands.filter((b) => b.source === "logo")).toEqual([]);
      }
    });
  }
});

describe("text in the screenshot", () => {
  it("reads a brand name and sign-in prompts drawn as an image that the HTML never spells", async () => {
    // Lines at y = 36, 81, (126), 171, (216): the inputs go in the blank lines, below their labels.
    const art = await textImage(["PayPal", "Email address", "", "Password"], {
      width: 420,
      height: 250,
      fontSize: 28,
    });
    const html = `<body style="margin:40px;font-family:sans-serif"><div style="position:relative;width:420px">
<img src="data:image/png;base64,${art.toString("base64")}" alt="">
<form><input name="e" style="position:absolute;left:20px;top:100px;width:300px"><input name="p" type="password" style="position:absolute;left:20px;top:190px;width:300px"></form>
</div></body>`;
    const result = await scan({
      name: "image-only-login",
      url: "https://account-review-center.top/",
      html,
      expect: "threat",
    });
    expect(result.ocrText).toContain("PayPal");
    expect(result.brands).toContainEqual(expect.objectContaining({ brand: "PayPal", source: "ocr" }));
    expect(codes(result)).toEqual(expect.arrayContaining(["VIS-003", "VIS-011", "VIS-010"]));
    expect(result.findings.find((f) => f.finding_id === "VIS-003")?.severity).toBe("High");
  });

  it("does not call a name hidden when the HTML carries it (alt text, words)", async () => {
    const art = await textImage(["PayPal"], { width: 300, height: 80, fontSize: 40 });
    const html = `<body style="margin:40px"><img src="data:image/png;base64,${art.toString("base64")}" alt="PayPal"><form><input type="password" placeholder="Password"></form></body>`;
    const result = await scan({ name: "alt-text", url: "https://shop.example.org/", html, expect: "benign" });
    expect(result.ocrText).toContain("PayPal");
    expect(codes(result)).not.toContain("VIS-003");
    expect(codes(result)).not.toContain("VIS-011");
  });
});
