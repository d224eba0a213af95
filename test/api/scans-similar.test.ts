import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scanner } from "../../src/api/scans/scan.js";
import { normalizeScanUrl } from "../../src/engines/scan/capture/index.js";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, sampleCapture, sampleScanReport, type TestApp } from "../support/app.js";

/*
 * GET /v1/scans/{scan_id}/similar and the hash filters of GET /v1/scans (docs/scan-search.md#similar-pages):
 * pages of one phishing kit found by DOM structure, favicon and screenshot, exact and near; an unrelated page
 * not; another organization's identical page never.
 */

/** A sign-in page of a kit; `notice` adds one block to its structure. */
function kitPage(brand: string, notice = false): string {
  const links = [1, 2, 3].map((i) => `<li><a href="/l${i}">${brand} ${i}</a></li>`).join("");
  return `<!doctype html><html><head><title>${brand}</title><link rel="stylesheet" href="/a.css"><script src="/x.js"></script></head>
<body><header class="top"><div class="logo"><img src="/logo.png" alt="${brand}"></div><nav><ul>${links}</ul></nav></header>
<main id="content"><section class="card"><h1>Sign in to ${brand}</h1>
<form action="/post.php" method="post"><label for="u">Email</label><input id="u" name="email" type="email">
<label for="p">Password</label><input id="p" name="pass" type="password">
<div class="row"><input type="checkbox" name="r"><span>Remember me</span></div><button type="submit">Next</button></form>
${notice ? '<p class="notice">Your account is limited.</p>' : ""}
<p class="help"><a href="/forgot">Forgot?</a></p></section></main>
<footer><p>${brand}</p><ul class="links"><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li></ul></footer></body></html>`;
}

const blogPage = `<html><head><title>Notes</title><meta name="viewport" content="x"></head><body><div id="wrap">
${Array.from({ length: 6 }, (_, i) => `<article class="post"><h2><a href="/p${i}">Post ${i}</a></h2><time datetime="x">x</time><p>t <em>e</em></p></article>`).join("")}
<aside><h3>Archive</h3><ol><li>a</li><li>b</li></ol></aside></div></body></html>`;

function screenshot(shift: number, layout: "login" | "list" = "login"): Promise<Buffer> {
  const body =
    layout === "list"
      ? `<rect width="1280" height="120" fill="#222"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="60" y="${160 + i * 120}" width="800" height="90" fill="#ddd"/><rect x="900" y="${160 + i * 120}" width="300" height="90" fill="#c33"/>`).join("")}`
      : `<rect width="1280" height="80" fill="#003087"/><rect x="40" y="16" width="180" height="48" fill="#fff"/>
         <rect x="900" y="24" width="120" height="32" rx="16" fill="#0070e0"/>
         <rect x="${440 + shift}" y="200" width="400" height="420" rx="12" fill="#f4f6f8" stroke="#ccd"/>
         <rect x="${480 + shift}" y="300" width="320" height="44" fill="#fff" stroke="#99a"/>
         <rect x="${480 + shift}" y="370" width="320" height="44" fill="#fff" stroke="#99a"/>
         <rect x="${480 + shift}" y="450" width="320" height="50" rx="25" fill="#003087"/>
         <rect x="${480 + shift}" y="230" width="200" height="36" fill="#333"/>`;
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#fff"/>${body}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

const KIT_ICON = Buffer.from("kit favicon bytes: a PayPal mark").toString("base64");
const OTHER_ICON = Buffer.from("another favicon").toString("base64");

interface Page {
  html: string;
  icon: string | null;
  shot: Buffer | null;
}

let t: TestApp;
const pages = new Map<string, Page>();
let release: () => void = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});

/** Scans each host as the page set for it in `pages` (first label); `held-…` waits for release(). */
const scan: Scanner = async (submitted) => {
  const target = normalizeScanUrl(submitted);
  if (!target.ok) throw new Error(`invalid URL ${submitted}`);
  const label = target.hostname.split(".")[0] ?? "";
  if (label.startsWith("held")) await held;
  const page = pages.get(label) ?? { html: "", icon: null, shot: null };
  const capture = sampleCapture(target.url, {
    html: page.html,
    favicon: page.icon
      ? { url: new URL("/favicon.ico", target.url).href, contentType: "image/x-icon", base64: page.icon }
      : null,
    screenshots: { viewport: page.shot !== null, fullPage: false },
  });
  return {
    ok: true,
    capture,
    artifacts: { viewport: page.shot, fullPage: null },
    report: sampleScanReport(target.url),
  };
};

beforeAll(async () => {
  const shot = await screenshot(0);
  pages.set("kit-a", { html: kitPage("PayPal"), icon: KIT_ICON, shot });
  // The same kit for another brand: the same structure and the same screenshot, another icon.
  pages.set("kit-b", { html: kitPage("Chase"), icon: OTHER_ICON, shot });
  // The kit with a block added, its icon, its card moved a little.
  pages.set("kit-c", { html: kitPage("PayPal", true), icon: KIT_ICON, shot: await screenshot(6) });
  pages.set("blog", {
    html: blogPage,
    icon: Buffer.from("a blog icon").toString("base64"),
    shot: await screenshot(0, "list"),
  });
  pages.set("kit-foreign", { html: kitPage("PayPal"), icon: KIT_ICON, shot });
  t = await createTestApp({ scan });
  t.startWorker({ scanJob: { timeoutMs: 30_000 } });
}, 60_000);
afterAll(async () => {
  release();
  await t?.close();
});

async function submit(apiKey: string, url: string): Promise<string> {
  const res = await t.post("/v1/scans", { url }, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().scan_id as string;
}

async function finished(apiKey: string, ids: string[]): Promise<void> {
  await waitFor(
    async () => {
      for (const id of ids) {
        if ((await t.get(`/v1/scans/${id}`, apiKey)).json().status !== "completed") return false;
      }
      return true;
    },
    "the scans to complete",
    60_000,
  );
}

interface Match {
  scan: { scan_id: string; url: string; status: string; final_assessment: string | null };
  by: string[];
  dom_distance: number | null;
  screenshot_distance: number | null;
}
interface Similar {
  scan_id: string;
  fingerprints: {
    dom: { sha256: string; simhash: string } | null;
    favicon: { sha256: string; mmh3: number } | null;
    screenshot: { phash: string } | null;
  };
  matches: Match[];
  next_cursor: string | null;
}

async function similar(apiKey: string, id: string, query = ""): Promise<Similar> {
  const res = await t.get(`/v1/scans/${id}/similar${query}`, apiKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("GET /v1/scans/{scan_id}/similar", () => {
  let org: { orgId: string; apiKey: string };
  let other: { orgId: string; apiKey: string };
  const id: Record<string, string> = {};

  beforeAll(async () => {
    org = await t.createOrg(10, "pivots");
    other = await t.createOrg(10, "elsewhere");
    for (const label of ["kit-a", "kit-b", "kit-c", "blog", "empty"]) {
      id[label] = await submit(org.apiKey, `https://${label}.example.com/login`);
    }
    id.foreign = await submit(other.apiKey, "https://kit-foreign.example.net/login");
    await finished(
      org.apiKey,
      ["kit-a", "kit-b", "kit-c", "blog", "empty"].map((l) => id[l] ?? ""),
    );
    await finished(other.apiKey, [id.foreign ?? ""]);
  }, 90_000);

  it("finds the kit's other pages, exact and near, newest first, with what they share", async () => {
    const result = await similar(org.apiKey, id["kit-a"] ?? "");
    expect(result.scan_id).toBe(id["kit-a"]);
    expect(result.fingerprints).toEqual({
      dom: {
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        simhash: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
      favicon: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), mmh3: expect.any(Number) },
      screenshot: { phash: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
    expect(result.matches.map((m) => m.scan.scan_id)).toEqual([id["kit-c"], id["kit-b"]]);
    const [near, exact] = result.matches;
    expect(exact).toEqual({
      scan: expect.objectContaining({
        scan_id: id["kit-b"],
        url: "https://kit-b.example.com/login",
        status: "completed",
        final_assessment: "Benign",
      }),
      by: ["dom_exact", "screenshot_exact"],
      dom_distance: 0,
      screenshot_distance: 0,
    });
    expect(near?.by).toEqual(["dom_near", "favicon", "screenshot_near"]);
    expect(near?.dom_distance).toBeGreaterThan(0);
    expect(near?.dom_distance).toBeLessThanOrEqual(7);
    expect(near?.screenshot_distance).toBeGreaterThan(0);
    expect(near?.screenshot_distance).toBeLessThanOrEqual(7);
    expect(result.next_cursor).toBeNull();
  });

  it("never matches another organization's scan, and does not show it another's scan", async () => {
    // The foreign page is identical to kit-a in every fingerprint.
    const foreign = await similar(other.apiKey, id.foreign ?? "");
    expect(foreign.matches).toEqual([]);
    const mine = await similar(org.apiKey, id["kit-a"] ?? "");
    expect(mine.matches.map((m) => m.scan.scan_id)).not.toContain(id.foreign);
    expect(foreign.fingerprints.dom?.sha256).toBe(mine.fingerprints.dom?.sha256);
    for (const [key, scanId] of [
      [org.apiKey, id.foreign],
      [other.apiKey, id["kit-a"]],
      [org.apiKey, "00000000-0000-4000-8000-000000000000"],
      [org.apiKey, "not-a-scan-id"],
    ] as const) {
      const res = await t.get(`/v1/scans/${scanId}/similar`, key);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("not_found");
    }
  });

  it("pages with limit and cursor, and has nothing for a page without fingerprints", async () => {
    const first = await similar(org.apiKey, id["kit-a"] ?? "", "?limit=1");
    expect(first.matches.map((m) => m.scan.scan_id)).toEqual([id["kit-c"]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await similar(org.apiKey, id["kit-a"] ?? "", `?limit=1&cursor=${first.next_cursor}`);
    expect(second.matches.map((m) => m.scan.scan_id)).toEqual([id["kit-b"]]);
    expect(second.next_cursor).toBeNull();

    const blog = await similar(org.apiKey, id.blog ?? "");
    expect(blog.matches).toEqual([]);
    const empty = await similar(org.apiKey, id.empty ?? "");
    expect(empty.fingerprints).toEqual({ dom: null, favicon: null, screenshot: null });
    expect(empty.matches).toEqual([]);
    expect((await t.get(`/v1/scans/${id["kit-a"]}/similar?limit=101`, org.apiKey)).statusCode).toBe(400);
    expect((await t.get(`/v1/scans/${id["kit-a"]}/similar?radius=3`, org.apiKey)).statusCode).toBe(400);
  });

  it("answers 404 until the scan is completed, is free, and counts against scans.similar", async () => {
    const pending = await submit(org.apiKey, "https://held-page.example.com/");
    const res = await t.get(`/v1/scans/${pending}/similar`, org.apiKey);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not finished/);
    release();
    await finished(org.apiKey, [pending]);

    const before = await t.balances(org.orgId);
    const ok = await t.get(`/v1/scans/${id["kit-a"]}/similar`, org.apiKey);
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers["ratelimit-policy"])).toContain('"scans.similar";q=60;w=60');
    expect((await t.balances(org.orgId)).balance).toBe(before.balance);
  });
});

describe("GET /v1/scans hash filters", () => {
  it("finds scans by DOM hash, favicon hash (SHA-256 or MurmurHash3) and screenshot hash", async () => {
    const org = await t.createOrg(10, "hash-filters");
    const a = await submit(org.apiKey, "https://kit-a.example.org/");
    const b = await submit(org.apiKey, "https://kit-b.example.org/");
    const c = await submit(org.apiKey, "https://kit-c.example.org/");
    await finished(org.apiKey, [a, b, c]);
    const own = (await similar(org.apiKey, a)).fingerprints;
    const list = async (query: string) => {
      const res = await t.get(`/v1/scans${query}`, org.apiKey);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ scan_id: string }>).map((s) => s.scan_id);
    };
    expect(await list(`?dom_hash=${own.dom?.sha256}`)).toEqual([b, a]);
    expect(await list(`?dom_hash=${own.dom?.sha256.toUpperCase()}`)).toEqual([b, a]);
    expect(await list(`?favicon_hash=${own.favicon?.sha256}`)).toEqual([c, a]);
    expect(await list(`?favicon_hash=${own.favicon?.mmh3}`)).toEqual([c, a]);
    expect(await list(`?screenshot_hash=${own.screenshot?.phash}`)).toEqual([b, a]);
    expect(await list(`?favicon_hash=${own.favicon?.mmh3}&dom_hash=${own.dom?.sha256}`)).toEqual([a]);
    for (const query of ["?dom_hash=abc", "?favicon_hash=kit", "?screenshot_hash=0123"]) {
      const res = await t.get(`/v1/scans${query}`, org.apiKey);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("invalid_request");
    }
  });
});
