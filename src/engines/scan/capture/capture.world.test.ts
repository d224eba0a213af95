import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.js";
import { startWorld, type World } from "../../../world/index.js";
import { type BrowserPool, createBrowserPool } from "../../browser/index.js";
import { createAsnLookup } from "../../net/asn.js";
import { createEgress, type Egress } from "../../net/index.js";
import { type CaptureResult, captureUrl, InvalidScanUrlError } from "./index.js";

/**
 * URL scan captures in real Chromium through the production egress gate, against the world's fixture sites
 * and a few written here (configured only through the environment the world hands out).
 */
let world: World;
let egress: Egress;
let browser: BrowserPool;
let canary: Server;
let canaryHits = 0;
let corpus: string;
const asn = createAsnLookup();

function site(host: string, files: Record<string, string>, settings: Record<string, unknown> = {}): void {
  mkdirSync(path.join(corpus, host), { recursive: true });
  writeFileSync(path.join(corpus, host, "site.json"), JSON.stringify({ created: "2019-01-01", ...settings }));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(corpus, host, name), text);
}

beforeAll(async () => {
  // A service on loopback that nothing a scanned page does may ever reach.
  canary = createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => {
    canaryHits += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  const port = (canary.address() as AddressInfo).port;
  const loopback = `127.0.0.1:${port}`;
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-scan-sites-"));
  // HTTP redirect → meta refresh → loopback.
  site("ssrf-chain.com", {}, { redirect: "https://ssrf-relay.com/", redirect_status: 302 });
  site("ssrf-relay.com", {
    "index.html": `<!doctype html><title>One moment</title><meta http-equiv="refresh" content="0; url=http://${loopback}/admin">`,
  });
  // A script navigation to the cloud metadata address.
  site("ssrf-script.com", {
    "index.html": `<!doctype html><title>Loading</title><p>Loading…</p><script>location.href = "http://169.254.169.254/latest/meta-data/";</script>`,
  });
  // Every kind of subresource aimed at loopback and the metadata address.
  site("ssrf-lure.com", {
    "index.html": `<!doctype html><html><head><title>Lure</title>
<link rel="stylesheet" href="http://localhost:${port}/css"></head><body><h1>Nothing to see</h1>
<img src="http://${loopback}/img"><img src="http://169.254.169.254/latest/meta-data/">
<img src="https://[::1]:${port}/v6"><iframe src="http://${loopback}/frame"></iframe>
<script src="http://2130706433:${port}/script.js"></script>
<script>
fetch("http://${loopback}/fetch", { mode: "no-cors" }).catch(() => {});
fetch("http://169.254.169.254/latest/meta-data/iam/", { mode: "no-cors" }).catch(() => {});
try { new WebSocket("ws://${loopback}/ws"); } catch (e) {}
try { new WebSocket("wss://localhost:${port}/wss"); } catch (e) {}
navigator.sendBeacon("http://${loopback}/beacon", "x");
</script></body></html>`,
  });
  // Dialogs, console errors, cookies, a download, a pop-up, forms in odd places, a tall page, an inline icon.
  site(
    "trap-corner.com",
    {
      "index.html": `<!doctype html><html lang="en"><head><title>Claim your parcel</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' fill='%23c00'/%3E%3C/svg%3E">
</head><body style="margin:0;font:16px sans-serif">
<div style="height:6000px;background:linear-gradient(#fff,#36c)">
<h1>Your parcel is waiting</h1>
<form method="post" action="https://collect.example-drop.top/p.php"><input name="action" value="x" type="hidden">
<input name="card" autocomplete="cc-number" placeholder="Card number"><button>Pay 1.99</button></form>
<form action="/hidden" style="display:none"><input type="password" name="pin"></form>
<div id="loose"><input type="email" name="login" placeholder="Email"><input type="password" name="pw"></div>
<iframe src="/frame.html" width="400" height="120"></iframe>
</div>
<script>
document.cookie = "seen=1; path=/";
console.error("tracker failed");
alert("Your parcel fee is unpaid");
window.open("https://codewharf.dev/");
setTimeout(() => { const a = document.createElement("a"); a.href = "/invoice.zip"; a.download = "invoice.zip"; document.body.appendChild(a); a.click(); }, 50);
setTimeout(() => { throw new Error("late failure"); }, 10);
</script></body></html>`,
      "frame.html": `<!doctype html><form method="post" action="https://rcv-panel.top/x.php"><input type="password" name="p"></form>`,
      "invoice.zip": "PK not really a zip",
    },
    { headers: { "set-cookie": "sid=abc123; Path=/; Secure; HttpOnly; SameSite=Strict" } },
  );
  // A script that never returns once the page has loaded.
  site("busy-trap.com", {
    "index.html": `<!doctype html><title>Busy</title><body><h1>Still here</h1><p>Text that must be read.</p>
<script>setTimeout(() => { for (;;) {} }, 150);</script></body>`,
  });
  // Content, then a parser-blocking script that never arrives: DOMContentLoaded never comes.
  site("stalled-page.com", {
    "index.html": `<!doctype html><title>Stalled</title><body><h1>Partial content</h1><p>Shown before the stall.</p>
<script src="https://slowloris-endpoint.com/stall.js"></script><p>never parsed</p></body>`,
  });
  world = await startWorld({ sitesDir: corpus });
  const config = loadConfig({ ...world.env });
  egress = createEgress(config.egress);
  browser = createBrowserPool({
    egress,
    extraCaPem: config.egress.extraCaPem,
    executablePath: config.CHROMIUM_PATH,
  });
  await Promise.all([asn.load(), browser.warm()]);
});

afterAll(async () => {
  await browser?.close();
  await egress?.close();
  await world?.stop();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

const scan = (url: string, options: Parameters<typeof captureUrl>[2] = {}): Promise<CaptureResult> =>
  captureUrl({ browser, egress, asn, now: () => world.now }, url, options);

const hostOf = (url: string | null): string | null => (url ? new URL(url).hostname : null);

/** What a person would notice about a screenshot: its size, and that it is not one flat colour. */
async function picture(png: Buffer | null): Promise<{ width: number; height: number; flat: boolean }> {
  expect(png, "a screenshot").not.toBeNull();
  const image = sharp(png as Buffer);
  const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    flat: stats.channels.slice(0, 3).every((channel) => channel.stdev < 1),
  };
}

describe("capturing phishing pages", () => {
  it("records a typosquat's credential form, screenshots, TLS and the network checks of its host", async () => {
    const { capture, artifacts } = await scan("https://paypa1.com/");
    expect(capture).toMatchObject({
      outcome: "ok",
      reason: null,
      finalUrl: "https://paypa1.com/",
      status: 200,
    });
    expect(capture.title).toContain("PayPal");
    expect(capture.text).toContain("Unusual activity detected");
    expect(capture.html).toContain("login_password");
    const form = capture.forms.find((f) => f.inputs.some((i) => i.type === "password"));
    expect(form).toMatchObject({ method: "post", visible: true, action: "https://paypa1.com/login.php" });
    expect(await picture(artifacts.viewport)).toEqual({ width: 1280, height: 800, flat: false });
    expect(capture.screenshots).toMatchObject({ viewport: true, fullPage: true });
    expect(capture.tls).toMatchObject({ subject: "paypa1.com", source: "browser" });
    expect(capture.network?.rdap.ageDays).toBeLessThan(10);
    expect(capture.requests[0]).toMatchObject({ url: "https://paypa1.com/", outcome: "ok", status: 200 });
    expect(capture.requests[0]?.address).toBe(world.addresses.web.host);

    const microsoft = await scan("https://microsoft.com-signin-verify.top/");
    const drop = microsoft.capture.forms.find((f) => f.inputs.some((i) => i.type === "password"));
    expect(hostOf(drop?.action ?? null)).toBe("mso-relay.xyz");
  });

  it("follows script and meta refresh redirects across domains and says how each hop led on", async () => {
    const script = await scan("https://account-notice-center.com/");
    expect(script.capture.finalUrl).toBe("https://paypa1.com/?case=PP-L-88302917");
    expect(script.capture.chain.map((h) => [hostOf(h.url), h.kind, h.status])).toEqual([
      ["account-notice-center.com", "script", 200],
      ["paypa1.com", "http", 200],
    ]);
    // The landing host's network checks, and the lure's own beside them.
    expect(script.capture.network?.tls.host).toBe("paypa1.com");
    expect(script.capture.requestNetwork?.tls.host).toBe("account-notice-center.com");

    // A meta refresh two seconds later (with the victim's address in the fragment) is waited for.
    const refresh = await scan("https://docs-invoice-viewer.top/");
    expect(refresh.capture.chain.map((h) => [hostOf(h.url), h.kind])).toEqual([
      ["docs-invoice-viewer.top", "meta_refresh"],
      ["microsoft.com-signin-verify.top", "http"],
    ]);
    expect(refresh.capture.finalUrl).toBe("https://microsoft.com-signin-verify.top/#j.doe%40example.com");

    const http = await scan("http://winter-deals-alert.top/");
    expect(http.capture.chain.map((h) => [h.status, h.kind])).toEqual([
      [301, "http"],
      [302, "http"],
      [200, "http"],
    ]);
    expect(hostOf(http.capture.finalUrl)).toBe("luxe-outlet-deals.shop");
  });

  it("sees what a person sees on a site that hides from automated browsers", async () => {
    const { capture } = await scan("appleid-case-review.com");
    expect(capture.requestUrl).toBe("https://appleid-case-review.com/");
    expect(capture.title).toMatch(/Apple ID/);
    expect(capture.forms.some((f) => f.inputs.some((i) => i.type === "password"))).toBe(true);
  });
});

describe("a hostile or broken site is an outcome, never a crash", () => {
  it("names DNS, connection and certificate failures", async () => {
    const nx = await scan("https://quietbrook-studio.com/");
    expect(nx.capture).toMatchObject({
      outcome: "dns_failure",
      reason: "dns_nxdomain",
      finalUrl: null,
      html: "",
    });
    expect(nx.artifacts).toEqual({ viewport: null, fullPage: null });
    expect(nx.capture.chain).toEqual([
      {
        url: "https://quietbrook-studio.com/",
        status: null,
        location: null,
        kind: "http",
        address: null,
        reason: "dns_nxdomain",
      },
    ]);
    expect(nx.capture.network?.dns.existence).toBe("nxdomain");

    const down = await scan("https://tallowmere-games.com/");
    expect(down.capture).toMatchObject({ outcome: "unreachable", reason: "connection_refused" });

    // A refused certificate stays the outcome; the page behind it is read in a second context that
    // accepts that one origin's certificate (tls-bypass.world.test.ts analyses them).
    const expired = await scan("https://oldmill-hardware.com/");
    expect(expired.capture).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_expired",
      tlsBypassed: true,
      tlsError: { url: "https://oldmill-hardware.com/", reason: "tls_expired" },
      finalUrl: "https://oldmill-hardware.com/",
    });
    const selfSigned = await scan("https://pinecrest-homelab.net/");
    expect(selfSigned.capture).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_untrusted",
      tlsBypassed: true,
    });
    // A refused connection is no certificate problem: nothing is read again.
    expect(down.capture).toMatchObject({ tlsBypassed: false, tlsError: null, finalUrl: null });

    // A bare domain whose HTTPS is broken is tried over plain HTTP, as a browser would.
    const bare = await scan("oldmill-hardware.com");
    expect(bare.capture).toMatchObject({
      outcome: "ok",
      finalUrl: "http://oldmill-hardware.com/",
      schemeAdded: true,
      tlsBypassed: false,
    });
    expect(bare.capture.chain.map((h) => [h.url, h.reason])).toEqual([
      ["https://oldmill-hardware.com/", "tls_expired"],
      ["http://oldmill-hardware.com/", null],
    ]);

    const loop = await scan("http://endless-redirect.net/");
    expect(loop.capture).toMatchObject({ outcome: "http_error", reason: "too_many_redirects" });
  });

  it("records dialogs, console errors, cookies, downloads, pop-ups and every form, and keeps the page", async () => {
    const { capture, artifacts } = await scan("https://trap-corner.com/");
    expect(capture.outcome).toBe("ok");
    expect(capture.dialogs).toEqual([{ type: "alert", message: "Your parcel fee is unpaid" }]);
    expect(capture.console.map((c) => c.type)).toEqual(expect.arrayContaining(["error", "pageerror"]));
    expect(capture.downloads).toEqual([
      { url: "https://trap-corner.com/invoice.zip", suggestedFilename: "invoice.zip" },
    ]);
    expect(capture.popups).toEqual(["https://codewharf.dev/"]);
    expect(capture.cookies.map((c) => [c.name, c.secure, c.httpOnly, c.sameSite]).sort()).toEqual([
      ["seen", false, false, "Lax"],
      ["sid", true, true, "Strict"],
    ]);
    expect(capture.language).toBe("en");
    // An input named "action" does not hide where the form posts.
    const card = capture.forms.find((f) => f.inputs.some((i) => i.name === "card"));
    expect(card).toMatchObject({
      action: "https://collect.example-drop.top/p.php",
      visible: true,
      formless: false,
    });
    expect(capture.forms.find((f) => f.action === "https://trap-corner.com/hidden")?.visible).toBe(false);
    expect(capture.forms.find((f) => f.formless)?.inputs.map((i) => i.type)).toEqual(["email", "password"]);
    expect(capture.forms.find((f) => f.frameUrl === "https://trap-corner.com/frame.html")?.action).toBe(
      "https://rcv-panel.top/x.php",
    );
    expect(capture.favicon).toMatchObject({ contentType: "image/svg+xml", reason: null });
    expect(Buffer.from(capture.favicon?.base64 ?? "", "base64").toString()).toContain("<svg");
    // The full-page shot stops at 4000 pixels of a 6000-pixel page.
    expect(capture.screenshots).toMatchObject({ fullPage: true, fullPageTruncated: true });
    expect(capture.screenshots.pageHeight).toBeGreaterThanOrEqual(6000);
    expect(await picture(artifacts.fullPage)).toEqual({ width: 1280, height: 4000, flat: false });
  });

  it("ends a script that never returns and still reads and photographs the page", async () => {
    const { capture, artifacts } = await scan("https://busy-trap.com/");
    expect(capture).toMatchObject({ outcome: "ok", scriptTerminated: true, title: "Busy" });
    expect(capture.text).toContain("Text that must be read.");
    expect((await picture(artifacts.viewport)).flat).toBe(false);
  });

  it("keeps what loaded when the page does not finish in time", async () => {
    const started = performance.now();
    const { capture, artifacts } = await scan("https://stalled-page.com/", {
      timeoutMs: 8_000,
      navigationTimeoutMs: 2_000,
    });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(capture).toMatchObject({ outcome: "timeout", finalUrl: "https://stalled-page.com/", status: 200 });
    expect(capture.text).toContain("Partial content");
    expect(capture.text).not.toContain("never parsed");
    expect((await picture(artifacts.viewport)).flat).toBe(false);
  });

  it("records a URL that starts a download instead of a page", async () => {
    const { capture, artifacts } = await scan("https://boxferry.com/dl/tide-tables-2026.csv");
    expect(capture).toMatchObject({ outcome: "ok", finalUrl: null });
    expect(capture.downloads).toEqual([
      { url: "https://boxferry.com/dl/tide-tables-2026.csv", suggestedFilename: "tide-tables-2026.csv" },
    ]);
    expect(artifacts.viewport).toBeNull();
  });
});

describe("the SSRF battery through the browser path of a scan", () => {
  it("ends a redirect chain that leads to loopback or the metadata address as blocked", async () => {
    const chain = await scan("https://ssrf-chain.com/");
    expect(chain.capture).toMatchObject({ outcome: "blocked", reason: "blocked_loopback" });
    expect(chain.capture.chain.map((h) => [hostOf(h.url), h.kind, h.status, h.reason])).toEqual([
      ["ssrf-chain.com", "http", 302, null],
      ["ssrf-relay.com", "meta_refresh", 200, null],
      ["127.0.0.1", "http", null, "blocked_loopback"],
    ]);
    const script = await scan("https://ssrf-script.com/");
    expect(script.capture).toMatchObject({ outcome: "blocked", reason: "blocked_metadata_address" });
    expect(script.capture.chain.at(-1)?.url).toBe("http://169.254.169.254/latest/meta-data/");
    for (const url of [
      "http://127.0.0.1/",
      "http://[::1]/",
      "http://2130706433/",
      "http://169.254.169.254/",
    ]) {
      const direct = await scan(url);
      expect(direct.capture.outcome, url).toBe("blocked");
      expect(direct.artifacts.viewport).toBeNull();
    }
    expect(canaryHits).toBe(0);
  });

  it("lists every subresource, fetch and WebSocket aimed inside as blocked and never reaches it", async () => {
    const { capture } = await scan("https://ssrf-lure.com/");
    expect(capture).toMatchObject({ outcome: "ok", title: "Lure" });
    const inside = capture.requests.filter((r) => r.url !== "https://ssrf-lure.com/");
    expect(inside.length).toBeGreaterThanOrEqual(9);
    for (const request of inside) {
      expect(request.outcome, request.url).toBe("blocked");
      expect(request.address).toBeNull();
    }
    expect(new Set(inside.map((r) => r.reason))).toEqual(
      new Set(["blocked_loopback", "blocked_metadata_address"]),
    );
    expect(inside.filter((r) => r.resourceType === "websocket")).toHaveLength(2);
    expect(canaryHits).toBe(0);
  });
});

describe("the caller's side", () => {
  it("refuses input that is not an http(s) URL, and stops at once when the caller aborts", async () => {
    await expect(scan("javascript:alert(1)")).rejects.toBeInstanceOf(InvalidScanUrlError);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("worker shutting down")), 200);
    await expect(scan("https://docs-invoice-viewer.top/", { signal: controller.signal })).rejects.toThrow(
      "worker shutting down",
    );
    const missing = createBrowserPool({ egress, executablePath: "/nonexistent/chromium" });
    const { capture } = await captureUrl({ browser: missing, egress, asn }, "https://codewharf.dev/");
    expect(capture).toMatchObject({ outcome: "browser_error", reason: "browser_unavailable" });
    expect(capture.network?.dns.status).toBe("ok");
    await missing.close();
  });
});
