import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scanner } from "../../src/api/scans/scan.js";
import type { ScanCapture } from "../../src/engines/scan/types.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, sampleCapture, sampleScanReport, type TestApp } from "../support/app.js";
import { launchChromium } from "../support/chromium.js";
import { checkScreenshot, noHorizontalScroll, shotFolder } from "../support/screenshots.js";

/*
 * The scan result page in Chromium (docs/pages.md#scan-result-page): a shared page and the owner's signed
 * view at desktop and phone widths, with screenshots checked, the full-page screenshot behind the picture,
 * and hostile page titles, URLs, form actions and findings shown as text with nothing run.
 */

const XSS = {
  title: "<script>alert(1)</script>",
  path: '"><img src=x onerror=alert(2)>',
  action: "javascript:alert(3)",
  details: '<img src=x onerror=alert(4)> "><svg onload=alert(5)>',
  brand: "'><iframe src=javascript:alert(6)>",
};

/** A picture of a sign-in page: bands of colour, so it is not blank. */
async function picture(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f4f6fb"/><rect width="100%" height="90" fill="#003087"/>
<rect x="440" y="200" width="400" height="360" rx="16" fill="#ffffff" stroke="#c5ccd8"/>
<rect x="480" y="260" width="320" height="44" fill="#e8ecf3"/><rect x="480" y="330" width="320" height="44" fill="#e8ecf3"/>
<rect x="480" y="410" width="320" height="48" rx="24" fill="#0070e0"/>
${height > 800 ? `<rect x="0" y="${height - 300}" width="100%" height="300" fill="#1b1f24"/>` : ""}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const KIT_HTML = `<html><head><title>x</title></head><body><header><nav><a>Home</a><a>Help</a></nav></header>
<main><section><h1>Log in</h1><form action="/signin" method="post"><label>Email</label><input name="login_email">
<label>Password</label><input type="password" name="login_password"><button>Log in</button></form></section>
<aside><p>Secure</p><ul><li>a</li><li>b</li><li>c</li></ul></aside></main><footer><p>Privacy</p><p>Legal</p></footer>
</body></html>`;

function phishCapture(url: string): ScanCapture {
  const capture = sampleCapture(url, { title: "Log in to your PayPal account", html: KIT_HTML });
  const final = capture.finalUrl ?? url;
  capture.chain = capture.chain.map((hop) => ({ ...hop, address: "104.16.132.229" }));
  capture.requests = [
    {
      url: final,
      method: "GET",
      resourceType: "document",
      status: 200,
      address: "104.16.132.229",
      outcome: "ok",
      reason: null,
    },
    {
      url: new URL("/kit/app.js", url).href,
      method: "GET",
      resourceType: "script",
      status: 200,
      address: "104.16.132.229",
      outcome: "ok",
      reason: null,
    },
    {
      url: "http://169.254.169.254/latest/meta-data/",
      method: "GET",
      resourceType: "fetch",
      status: null,
      address: null,
      outcome: "blocked",
      reason: "blocked_metadata_address",
    },
  ];
  capture.forms = [
    {
      action: "https://collect.evil-drop.example/steal.php",
      method: "post",
      inputs: [
        { type: "email", name: "login_email", autocomplete: null },
        { type: "password", name: "login_password", autocomplete: null },
      ],
      visible: true,
    },
  ];
  capture.tls = {
    protocol: "TLSv1.3",
    subject: new URL(url).hostname,
    issuer: "Let's Encrypt R11",
    validFrom: "2026-05-30T00:00:00.000Z",
    validTo: "2026-08-28T00:00:00.000Z",
  };
  return capture;
}

function phishReport(url: string, extra: { brand?: string; details?: string } = {}) {
  return sampleScanReport(url, {
    final_assessment: "Malicious",
    threat_type: "Phishing / Credential Theft",
    confidence_score: 92,
    executive_summary:
      "A PayPal sign-in page on a domain PayPal does not own, posting passwords to another host.",
    evidence_findings: [
      {
        finding_id: "NET-210",
        severity: "Low",
        source_agent: "Network Analysis Agent",
        description: "Hosted behind a shared CDN",
        details: "AS13335.",
      },
      {
        finding_id: "CON-001",
        severity: "High",
        source_agent: "Content Analysis Agent",
        description: "Password field on a brand look-alike page",
        details: extra.details ?? "The page asks for a PayPal password.",
      },
      {
        finding_id: "NET-101",
        severity: "Critical",
        source_agent: "Network Analysis Agent",
        description: "Domain registered 3 days ago",
        details: "Registered on 2026-05-29.",
      },
      {
        finding_id: "VIS-002",
        severity: "Medium",
        source_agent: "Vision Agent",
        description: "PayPal logo on the page",
        details: "The logo matches PayPal's mark.",
      },
    ],
    site_context: {
      apparent_purpose: "Credential harvesting",
      primary_language: "en",
      detected_brand: extra.brand ?? "PayPal",
      page_title: "Log in to your PayPal account",
    },
  });
}

let t: TestApp;
let base: string;
let browser: Browser;
let shots: { dir: string; remove(): void };
let viewport: Buffer;
let fullPage: Buffer;

const scanner: Scanner = async (submitted) => {
  const url = submitted.trim();
  const artifacts = { viewport, fullPage };
  if (url.includes("xss-lab")) {
    const capture = phishCapture(url);
    const hostile = `https://xss-lab.example.com/${encodeURIComponent(XSS.path)}/${XSS.path}`;
    capture.title = XSS.title;
    capture.finalUrl = hostile;
    capture.chain = [
      { url, status: 302, location: hostile, kind: "http", address: "104.16.132.229" },
      { url: hostile, status: 200, location: null, kind: "http", address: "104.16.132.229" },
    ];
    capture.requests.push({
      url: `https://xss-lab.example.com/${XSS.path}`,
      method: "GET",
      resourceType: "image",
      status: 404,
      address: "104.16.132.229",
      outcome: "failed",
      reason: null,
    });
    capture.forms = [
      {
        action: XSS.action,
        method: "post",
        inputs: [{ type: "text", name: XSS.path, autocomplete: null }],
        visible: true,
      },
    ];
    const report = phishReport(url, { brand: XSS.brand, details: XSS.details });
    report.executive_summary = `${XSS.title} ${XSS.path}`;
    if (report.site_context) report.site_context.page_title = XSS.title;
    return { ok: true, capture, artifacts, report };
  }
  return { ok: true, capture: phishCapture(url), artifacts, report: phishReport(url) };
};

async function scan(apiKey: string, url: string, visibility = "unlisted"): Promise<string> {
  const res = await t.post("/v1/scans", { url, visibility }, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().scan_id as string;
  await waitFor(async () => {
    const row = await t.database.db
      .selectFrom("scans")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.status === "completed";
  }, `scan ${id}`);
  return id;
}

let shareLink: string;
let ownerLink: string;
let xssShare: string;
let xssOwner: string;

beforeAll(async () => {
  [viewport, fullPage] = await Promise.all([picture(1280, 800), picture(1280, 2400)]);
  // PAGE_SHOTS=<folder> keeps the screenshots there for a person to look at.
  shots = shotFolder("scan-page-shots");
  t = await createTestApp({ scan: scanner });
  t.startWorker({ scanJob: { timeoutMs: 5_000 } });
  const org = await t.createOrg(10, "analysts");
  await scan(
    org.apiKey,
    "https://paypa1-secure-login.example.com/signin?session=Zq8sK2xY7pLm4Nw9Rt",
    "private",
  );
  const id = await scan(org.apiKey, "https://paypa1-login.example.com/signin?email=jane@corp.example");
  const xssId = await scan(org.apiKey, `https://xss-lab.example.com/?q=${encodeURIComponent(XSS.path)}`);
  shareLink = (await t.get(`/v1/scans/${id}`, org.apiKey)).json().share_url;
  xssShare = (await t.get(`/v1/scans/${xssId}`, org.apiKey)).json().share_url;
  ownerLink = (await t.get(`/v1/scans/${id}/view`, org.apiKey)).json().view_url;
  xssOwner = (await t.get(`/v1/scans/${xssId}/view`, org.apiKey)).json().view_url;
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  shots?.remove();
});

/** A page that records dialogs, console messages about the CSP and page errors; all must stay empty. */
async function openPage(context: BrowserContext) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  const problems: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused/i.test(msg.text())) problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  return { page, dialogs, problems };
}

async function expectKeyTextVisible(page: Page): Promise<void> {
  await expect(page.locator('[data-field="verdict"]').textContent()).resolves.toBe("Malicious");
  expect(await page.locator('[data-field="verdict"]').isVisible()).toBe(true);
  expect(await page.locator('[data-field="brand"]').isVisible()).toBe(true);
  expect(await page.locator('[data-field="brand"]').textContent()).toBe("PayPal");
  const finding = page.getByText("Password field on a brand look-alike page");
  await finding.scrollIntoViewIfNeeded();
  expect(await finding.isVisible()).toBe(true);
  // The screenshot loaded from this origin.
  const natural = await page.evaluate<number>(
    `(() => { const img = document.querySelector('[data-field="screenshot"]'); return img && img.complete ? img.naturalWidth : 0; })()`,
  );
  expect(natural).toBe(1280);
}

describe("shared result page", () => {
  it("shows the verdict, the brand, the findings by agent and severity, masked, at desktop width", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, dialogs, problems } = await openPage(context);
    const res = await page.goto(`${base}${shareLink}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    await expectKeyTextVisible(page);
    await checkScreenshot(page, shots.dir, "shared-desktop", 1280, 900);

    // Grouped by agent, the group with the worst finding first; by severity within a group.
    const headings = await page.locator("#h-findings ~ h3").allTextContents();
    expect(headings.map((h) => h.replace(/\s*\(\d+\)$/, ""))).toEqual([
      "Network Analysis Agent",
      "Content Analysis Agent",
      "Vision Agent",
    ]);
    const severities = await page.locator('[data-field="finding"] .sev').allTextContents();
    expect(severities).toEqual(["Critical", "Low", "High", "Medium"]);
    // Masked: the victim's address is not on the page; the request table, chain and form are.
    expect(await page.content()).not.toContain("jane@corp.example");
    expect(await page.locator('[data-field="url"]').textContent()).toBe(
      "https://paypa1-login.example.com/signin?email=[masked]",
    );
    expect(await page.locator('[data-field="requests"] tbody tr').count()).toBe(3);
    expect(await page.locator('[data-field="requests"]').textContent()).toContain("AS13335");
    expect(await page.locator('[data-field="requests"] .blocked').count()).toBe(1);
    expect(await page.locator('[data-field="form-action"]').textContent()).toBe(
      "https://collect.evil-drop.example/steal.php",
    );
    expect(await page.locator('[data-field="tls-issuer"]').textContent()).toBe("Let's Encrypt R11");
    // Never on a shared page: the organization's similar scans and the exports.
    expect(await page.locator("#h-similar, #h-export").count()).toBe(0);

    // The picture opens the full-page screenshot.
    const [full] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/screenshot?full=1")),
      page.locator('[data-field="full-screenshot"]').click(),
    ]);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/png");
    expect((await sharp(await full.body()).metadata()).height).toBe(2400);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone: one column, no horizontal scroll, key text visible", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const { page, problems } = await openPage(context);
    for (const [name, link] of [
      ["shared-phone", shareLink],
      ["owner-phone", ownerLink],
    ] as const) {
      await page.goto(`${base}${link}`);
      await noHorizontalScroll(page);
      await expectKeyTextVisible(page);
      await checkScreenshot(page, shots.dir, name, 780, 1688);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("owner's result page", () => {
  it("opens from the signed link unmasked, with similar scans and working exports", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, dialogs, problems } = await openPage(context);
    const res = await page.goto(`${base}${ownerLink}`);
    expect(res?.status()).toBe(200);
    await expectKeyTextVisible(page);
    await checkScreenshot(page, shots.dir, "owner-desktop", 1280, 900);
    expect(await page.locator('[data-field="url"]').textContent()).toBe(
      "https://paypa1-login.example.com/signin?email=jane@corp.example",
    );
    // The organization's other scans of the same kit (the same picture and markup), each linked to its page.
    expect(await page.locator('[data-field="similar"] a').count()).toBe(2);
    const similar = page.locator('[data-field="similar"] a', { hasText: "paypa1-secure-login.example.com" });
    expect(await similar.count()).toBe(1);
    await Promise.all([page.waitForURL(/\/scans\/[0-9a-f-]{36}\/view\?/), similar.click()]);
    expect(await page.locator('[data-field="url"]').textContent()).toContain("paypa1-secure-login");
    await page.goBack();

    const labels = await page.locator('[data-field="export"]').allTextContents();
    expect(labels).toEqual(["STIX 2.1", "MISP", "HAR", "DOM"]);
    const stixHref = await page.locator('[data-field="export"]').first().getAttribute("href");
    const stix = await page.request.get(`${base}${stixHref}`);
    expect(stix.status()).toBe(200);
    expect((await stix.json()).type).toBe("bundle");

    const [full] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/view/full-page.png?")),
      page.locator('[data-field="full-screenshot"]').click(),
    ]);
    expect(full.status()).toBe(200);
    expect((await sharp(await full.body()).metadata()).height).toBe(2400);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("hostile content", () => {
  /** Elements and attributes that would run or load something; the page's own screenshot is the only image. */
  const INJECTED = `(() => {
    const found = [];
    for (const el of document.querySelectorAll("*")) {
      if (["SCRIPT", "IFRAME", "OBJECT", "EMBED", "SVG", "svg"].includes(el.tagName)) found.push(el.tagName);
      if (el.tagName === "IMG" && el.getAttribute("data-field") !== "screenshot") found.push("IMG");
      for (const attr of el.attributes) {
        if (attr.name.startsWith("on") || attr.name === "autofocus") found.push(el.tagName + "@" + attr.name);
        if (/^\\s*javascript:/i.test(attr.value)) found.push(el.tagName + "@" + attr.name + "=javascript");
      }
    }
    return found;
  })()`;

  it.each([
    ["shared", () => xssShare, "javascript:[masked]"],
    ["owner", () => xssOwner, XSS.action],
  ])(
    "shows hostile titles, URLs, form actions and findings as text on the %s page",
    async (_name, link, action) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page, dialogs, problems } = await openPage(context);
      await page.goto(`${base}${link()}`);
      expect(await page.evaluate<string[]>(INJECTED)).toEqual([]);
      expect(await page.locator('[data-field="page-title"]').textContent()).toBe(XSS.title);
      expect(await page.locator('[data-field="brand"]').textContent()).toBe(XSS.brand);
      expect(await page.locator('[data-field="summary"]').textContent()).toContain(
        `${XSS.title} ${XSS.path}`,
      );
      expect(await page.locator('[data-field="finding"] .details').allTextContents()).toContain(XSS.details);
      expect(await page.locator('[data-field="form-action"]').textContent()).toBe(action);
      expect(await page.locator('[data-field="final-url"]').textContent()).toContain("onerror=alert(2)");
      expect(await page.locator('[data-field="chain"]').textContent()).toContain("onerror=alert(2)");
      // Give any injected handler a moment to fire; nothing may.
      await page.waitForTimeout(200);
      expect(dialogs).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
