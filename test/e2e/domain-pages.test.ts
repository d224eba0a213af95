import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertStored } from "../../src/api/classification/records.js";
import { storedClassificationSchema } from "../../src/api/classification/schemas.js";
import { analyzeCapture } from "../../src/engines/classify/analyze/index.js";
import { fixtureCapture } from "../../src/engines/classify/analyze/testing/fixture-capture.js";
import { createTestApp, sampleClassification, type TestApp } from "../support/app.js";
import { launchChromium } from "../support/chromium.js";
import { checkScreenshot, noHorizontalScroll, shotFolder } from "../support/screenshots.js";

const XSS = {
  img: "<img src=x onerror=alert(1)>",
  script: '"><script>alert(2)</script>',
  js: "javascript:alert(3)",
  svg: "<svg onload=alert(4)>",
  quote: "' autofocus onfocus='alert(5)",
};

const LONG_LABEL = `long${"x".repeat(59)}`; // 63 characters, the longest label a domain may have
const LONG_WORD = "Unbreakable".repeat(12);

let t: TestApp;
let base: string;
let browser: Browser;
let desktop: BrowserContext;

beforeAll(async () => {
  t = await createTestApp();
  const put = t.services.classification.put.bind(t.services.classification);
  await put(
    sampleClassification("github.com", {
      identity: {
        headline: "Code hosting and collaboration for software developers",
        summary: "A platform where developers host Git repositories, review code and run CI.",
        operator: "GitHub, Inc.",
        parent_entity: "Microsoft Corporation",
        topics: ["git", "code review", "open source"],
      },
      category: { purpose: "developer_platform", specialization: "Source code hosting" },
      facts: {
        created_at: "2007-10-09",
        registered_date: "2007-10-09T18:20:50.000Z",
        rank: 42,
        hosting_provider: "GitHub, Inc.",
        redirect_destination: null,
      },
      functions: {
        is_ugc_platform: true,
        is_file_host: true,
        is_url_shortener: false,
        is_public_idp: true,
        is_crypto_platform: false,
        allows_user_subdomains: true,
        is_form_builder: false,
        is_document_host: false,
      },
    }),
  );
  const unranked = sampleClassification("quiet-bakery.org");
  await put({ ...unranked, facts: { ...unranked.facts, rank: null } });
  await put(
    sampleClassification("xss-lab.com", {
      identity: {
        headline: XSS.img,
        summary: XSS.script,
        operator: XSS.js,
        parent_entity: XSS.quote,
        topics: [XSS.img, XSS.script, XSS.svg],
      },
      category: { purpose: "other", specialization: XSS.svg },
    }),
  );
  await put(
    sampleClassification(`${LONG_LABEL}.com`, {
      identity: {
        headline: LONG_WORD,
        summary: `${LONG_WORD} ${LONG_WORD}`,
        operator: LONG_WORD,
        parent_entity: LONG_WORD,
        topics: [LONG_WORD, "short"],
      },
    }),
  );
  // A look-alike as a crawl stores it: the record with the analysis evidence that names the claimed brand.
  const lookalike = analyzeCapture(fixtureCapture("paypa1.com").capture);
  await upsertStored(
    t.database.db,
    "paypa1.com",
    storedClassificationSchema.parse({ ...lookalike.record, domain: "paypa1.com" }),
    lookalike.evidence,
    new Date(),
  );
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page that records dialogs and CSP violations; both must stay empty on every page we serve. */
async function openPage(context: BrowserContext = desktop) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  const cspViolations: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  return { page, dialogs, cspViolations };
}

async function field(page: Page, name: string): Promise<string | null> {
  return page.locator(`[data-field="${name}"]`).first().textContent();
}

describe("domain page", () => {
  it("shows the stored classification with readable badges and facts", async () => {
    const { page, dialogs, cspViolations } = await openPage();
    const res = await page.goto(`${base}/domains/github.com`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(res?.headers()["x-content-type-options"]).toBe("nosniff");

    expect(await page.locator("h1").textContent()).toBe("github.com");
    expect(await field(page, "headline")).toBe("Code hosting and collaboration for software developers");
    expect(await field(page, "operator")).toBe("GitHub, Inc.");
    expect(await field(page, "parent_entity")).toBe("Microsoft Corporation");
    expect(await field(page, "purpose")).toBe("Developer platform");
    expect(await field(page, "specialization")).toBe("Source code hosting");
    expect(await field(page, "rank")).toBe("#42");
    expect(await field(page, "registered_date")).toBe("9 October 2007");
    expect(await field(page, "classified_at")).toMatch(/^Classified \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\.$/);
    expect(await page.locator('[data-field="topics"] li').allTextContents()).toEqual([
      "git",
      "code review",
      "open source",
    ]);

    const badge = (flag: string) => page.locator(`[data-flag="${flag}"]`);
    for (const [flag, on] of [
      ["is_ugc_platform", true],
      ["is_file_host", true],
      ["is_public_idp", true],
      ["allows_user_subdomains", true],
      ["is_url_shortener", false],
      ["is_crypto_platform", false],
      ["is_form_builder", false],
      ["is_document_host", false],
    ] as const) {
      expect(await badge(flag).getAttribute("data-state")).toBe(on ? "on" : "off");
      expect(await badge(flag).locator(".state").innerText()).toBe(on ? "YES" : "NO");
    }
    // On and off differ in more than colour: the styled border differs too (and the CSP let the CSS apply).
    const border = (flag: string) =>
      page.evaluate<string>(
        `getComputedStyle(document.querySelector('[data-flag="${flag}"]')).borderTopStyle`,
      );
    expect(await border("is_ugc_platform")).toBe("solid");
    expect(await border("is_url_shortener")).toBe("dashed");
    // The accessible name of a badge reads as "name: state".
    expect(await badge("is_public_idp").textContent()).toContain("Public sign-in provider: Yes");

    expect(dialogs).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it("says Unranked for a domain without a rank", async () => {
    const { page } = await openPage();
    const res = await page.goto(`${base}/domains/quiet-bakery.org`);
    expect(res?.status()).toBe(200);
    expect(await field(page, "rank")).toBe("Unranked");
    await page.close();
  });

  it("redirects a subdomain or another spelling in the path to the root domain's page", async () => {
    const { page } = await openPage();
    for (const path of ["/domains/docs.github.com", "/domains/WWW.GitHub.COM.", "/domains/github.com/"]) {
      const res = await page.goto(`${base}${path}`);
      expect(res?.status()).toBe(200);
      expect(page.url()).toBe(`${base}/domains/github.com`);
      expect(res?.request().redirectedFrom()?.url()).toBe(`${base}${path}`);
    }
    await page.close();
  });

  it("answers an unknown domain with the 404 page and a search box", async () => {
    const { page, cspViolations } = await openPage();
    const res = await page.goto(`${base}/domains/never-classified.org`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await page.locator("h1").innerText()).toBe("never-classified.org has not been classified yet");
    await expect(
      page.getByRole("searchbox", { name: "Look up another domain or URL" }).count(),
    ).resolves.toBe(1);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});

describe("look-alikes, the home page, the lists and the deprecation page", () => {
  it("warns plainly on the page of a domain presenting itself as PayPal", async () => {
    const { page, dialogs, cspViolations } = await openPage();
    const res = await page.goto(`${base}/domains/paypa1.com`);
    expect(res?.status()).toBe(200);
    const warning = page.locator('[data-field="impersonates"]');
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.innerText()).toContain("Not PayPal: a look-alike");
    expect(await warning.innerText()).toContain("paypa1.com presents itself as PayPal");
    // Styled as a warning (the CSP let the stylesheet apply), and no calm badge beside it.
    const style = await page.evaluate<{ border: string; width: string }>(
      `(() => { const s = getComputedStyle(document.querySelector('[data-field="impersonates"]'));
        return { border: s.borderLeftStyle, width: s.borderLeftWidth }; })()`,
    );
    expect(style.border).toBe("solid");
    expect(Number.parseFloat(style.width)).toBeGreaterThan(4);
    expect(await page.locator('[data-field="purpose"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it("/ links the reference, the domain pages and the status, and the links work", async () => {
    const { page, cspViolations } = await openPage();
    expect((await page.goto(`${base}/`))?.status()).toBe(200);
    for (const name of ["API reference", "Domain information pages", "Status: live", "Status: ready"]) {
      const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
      const res = await page.request.get(`${base}${href}`);
      expect({ name, status: res.status() }).toEqual({ name, status: 200 });
    }
    await page.getByRole("link", { name: "Domain information pages", exact: true }).click();
    await page.waitForURL(`${base}/domains`);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it("/domains lists example and recently classified domains, marking the look-alike", async () => {
    const { page } = await openPage();
    await page.goto(`${base}/domains`);
    expect(
      await page
        .locator('[data-list="examples"] li')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-domain"))),
    ).toEqual(["github.com"]);
    const recent = await page
      .locator('[data-list="recent"] li')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-domain")));
    expect(recent).toContain("paypa1.com");
    expect(recent).not.toContain("github.com");
    expect(await page.locator('[data-domain="paypa1.com"] [data-field="impersonates"]').innerText()).toBe(
      "Look-alike of PayPal",
    );
    await page.locator('[data-domain="paypa1.com"] a').click();
    await page.waitForURL(`${base}/domains/paypa1.com`);
    await page.close();
  });

  it("the deprecation page uses the pages' style and names what to use instead", async () => {
    const { page, cspViolations } = await openPage();
    const res = await page.goto(`${base}/deprecations/domain-risks-v1`);
    expect(res?.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe("Domain risk v1 is deprecated");
    expect(await page.locator('[data-field="instead"]').innerText()).toContain("POST /v1/scans");
    expect(await page.locator("header.site .brand").isVisible()).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});

describe("every page in a browser, on a desktop and on a phone", () => {
  /** Each HTML page the service serves without a key, with the status it answers. */
  const PAGES: Array<[name: string, path: string, status: number]> = [
    ["landing", "/", 200],
    ["domains", "/domains", 200],
    ["domain", "/domains/github.com", 200],
    ["lookalike", "/domains/paypa1.com", 200],
    ["unknown", "/domains/never-classified-here.org", 404],
    ["invalid", "/domains/not a domain", 400],
    ["deprecation", "/deprecations/domain-risks-v1", 200],
    ["long", `/domains/${LONG_LABEL}.com`, 200],
  ];
  const VIEWPORTS = [
    { label: "desktop", options: { viewport: { width: 1280, height: 900 } }, size: [1280, 900] },
    {
      label: "phone",
      options: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
      size: [780, 1688],
    },
  ] as const;

  it.each(VIEWPORTS)(
    "renders every page on a $label: screenshots, no sideways scroll, no CSP violation",
    async ({ label, options, size }) => {
      const shots = shotFolder(`domain-pages-${label}`);
      const context = await browser.newContext(options);
      try {
        const { page, dialogs, cspViolations } = await openPage(context);
        for (const [name, path, status] of PAGES) {
          const res = await page.goto(`${base}${path}`);
          expect({ name, status: res?.status() }).toEqual({ name, status });
          expect(await page.locator("header.site .brand").isVisible()).toBe(true);
          expect(await page.locator("h1").first().isVisible()).toBe(true);
          await noHorizontalScroll(page);
          await checkScreenshot(page, shots.dir, `${name}-${label}`, size[0], size[1]);
        }
        expect(dialogs).toEqual([]);
        expect(cspViolations).toEqual([]);
      } finally {
        await context.close();
        shots.remove();
      }
    },
    120_000,
  );
});

describe("search", () => {
  it("takes a subdomain URL typed on the landing page to the root domain's page", async () => {
    const { page } = await openPage();
    const res = await page.goto(`${base}/domains`);
    expect(res?.status()).toBe(200);
    const box = page.getByRole("searchbox", { name: "Domain or URL" });
    await box.fill("https://gist.github.com/someone/abc123?tab=readme");
    await Promise.all([page.waitForURL(`${base}/domains/github.com`), box.press("Enter")]);
    expect(await page.locator("h1").textContent()).toBe("github.com");
    await page.close();
  });

  it("works from the header of a domain page with the button", async () => {
    const { page } = await openPage();
    await page.goto(`${base}/domains/quiet-bakery.org`);
    await page.getByRole("searchbox", { name: "Domain or URL" }).fill("  API.GitHub.com ");
    await Promise.all([
      page.waitForURL(`${base}/domains/github.com`),
      page.getByRole("button", { name: "Look up" }).click(),
    ]);
    expect(await field(page, "operator")).toBe("GitHub, Inc.");
    await page.close();
  });

  it("answers input that is not a domain with a friendly 400 page that keeps what was typed", async () => {
    const { page } = await openPage();
    await page.goto(`${base}/domains`);
    const box = page.getByRole("searchbox", { name: "Domain or URL" });
    await box.fill("192.168.1.1");
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${base}/domains?q=`)),
      box.press("Enter"),
    ]);
    expect(res.status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.locator("h1").innerText()).toBe("That does not look like a domain");
    expect(await field(page, "reason")).toBe("An IP address is not a domain.");
    expect(await page.getByRole("searchbox").inputValue()).toBe("192.168.1.1");
    await page.close();
  });
});

describe("phone", () => {
  it.each([
    [390, 844],
    [360, 740],
  ])("has no horizontal scroll at %ix%i", async (width, height) => {
    const context = await browser.newContext({
      viewport: { width, height },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const { page } = await openPage(context);
    for (const path of [
      "/",
      "/domains",
      "/domains/github.com",
      "/domains/paypa1.com",
      "/deprecations/domain-risks-v1",
      `/domains/${LONG_LABEL}.com`,
      "/domains/xss-lab.com",
      "/domains/never-classified.org",
      `/domains?q=${encodeURIComponent(`not a domain ${LONG_WORD}`)}`,
    ]) {
      await page.goto(`${base}${path}`);
      const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
        "({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })",
      );
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: clientWidth });
      expect(clientWidth).toBe(width);
    }
    await context.close();
  });
});

describe("hostile content", () => {
  /** Elements and attributes that would run or load something; none of ours do. Runs in the page. */
  const INJECTED = `(() => {
    const found = [];
    for (const el of document.querySelectorAll("*")) {
      if (["SCRIPT", "IMG", "IFRAME", "OBJECT", "EMBED"].includes(el.tagName)) found.push(el.tagName);
      for (const attr of el.attributes) {
        if (attr.name.startsWith("on") || attr.name === "autofocus") found.push(el.tagName + "@" + attr.name);
      }
      if (el.tagName === "svg" && el.closest("[data-field]")) found.push("svg in data");
    }
    return found;
  })()`;
  const injected = (page: Page) => page.evaluate<string[]>(INJECTED);

  it("shows a classification carrying XSS payloads as literal text", async () => {
    const { page, dialogs, cspViolations } = await openPage();
    const res = await page.goto(`${base}/domains/xss-lab.com`);
    expect(res?.status()).toBe(200);
    await page.waitForTimeout(300); // room for an onerror/onload to fire, if anything had been injected
    expect(dialogs).toEqual([]);
    expect(cspViolations).toEqual([]);
    expect(await injected(page)).toEqual([]);
    expect(await field(page, "headline")).toBe(XSS.img);
    expect(await field(page, "summary")).toBe(XSS.script);
    expect(await field(page, "operator")).toBe(XSS.js);
    expect(await field(page, "parent_entity")).toBe(XSS.quote);
    expect(await field(page, "specialization")).toBe(XSS.svg);
    expect(await page.locator('[data-field="topics"] li').allTextContents()).toEqual([
      XSS.img,
      XSS.script,
      XSS.svg,
    ]);
    expect(await page.title()).toBe(`xss-lab.com: ${XSS.img} · DomainLens`);
    // The operator text is not a link anywhere.
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    await page.close();
  });

  it("echoes a hostile search as text on the 400 page", async () => {
    const { page, dialogs, cspViolations } = await openPage();
    const res = await page.goto(`${base}/domains?q=${encodeURIComponent(XSS.script)}`);
    expect(res?.status()).toBe(400);
    await page.waitForTimeout(100);
    expect(dialogs).toEqual([]);
    expect(cspViolations).toEqual([]);
    expect(await injected(page)).toEqual([]);
    expect(await field(page, "input")).toBe(XSS.script);
    expect(await page.getByRole("searchbox").inputValue()).toBe(XSS.script);
    await page.close();
  });
});

describe("HTTP behaviour", () => {
  it("serves a conditional request with 304 and HEAD without a body", async () => {
    const first = await t.get("/domains/github.com");
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    const etag = String(first.headers.etag);
    const again = await t.get("/domains/github.com", undefined, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const head = await t.app.inject({ method: "HEAD", url: "/domains/github.com" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("redirects a search with 302 and a path spelling with 301", async () => {
    const search = await t.get("/domains?q=www.github.com");
    expect(search.statusCode).toBe(302);
    expect(search.headers.location).toBe("/domains/github.com");
    const path = await t.get("/domains/b%C3%BCcher.de");
    expect(path.statusCode).toBe(301);
    expect(path.headers.location).toBe("/domains/xn--bcher-kva.de");
  });

  it("answers over the per-address public limit with an HTML 429 page", async () => {
    const limited = await createTestApp({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      for (let i = 0; i < 2; i++) expect((await limited.get("/domains")).statusCode).toBe(200);
      const res = await limited.get("/domains/github.com");
      expect(res.statusCode).toBe(429);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["x-ratelimit-remaining"]).toBe("0");
      expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(res.body).toContain("Too many requests");
    } finally {
      await limited.close();
    }
  });
});
