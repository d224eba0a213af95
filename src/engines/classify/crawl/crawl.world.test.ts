import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.js";
import { startWorld, type World } from "../../../world/index.js";
import { type BrowserPool, createBrowserPool } from "../../browser/index.js";
import { createAsnLookup } from "../../net/asn.js";
import { createEgress, type Egress } from "../../net/index.js";
import type { CrawlCapture } from "../capture.js";
import { type Crawler, createCrawler } from "./index.js";

/**
 * The classification crawl through the production egress gate and real Chromium, against the world's
 * fixture sites (configured only through the environment the world hands out).
 */
let world: World;
let egress: Egress;
let browser: BrowserPool;
let crawler: Crawler;
let canary: Server;
let canaryHits = 0;
let corpus: string;
const asn = createAsnLookup();

beforeAll(async () => {
  canary = createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => {
    canaryHits += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  const loopback = `127.0.0.1:${(canary.address() as AddressInfo).port}`;
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-crawl-sites-"));
  // A JavaScript shell whose script reaches for loopback and the metadata address, then navigates there.
  mkdirSync(path.join(corpus, "shell-lure.com"));
  writeFileSync(path.join(corpus, "shell-lure.com", "site.json"), JSON.stringify({ created: "2018-02-02" }));
  writeFileSync(
    path.join(corpus, "shell-lure.com", "index.html"),
    `<!doctype html><html><head><title>App</title></head><body><div id="app"></div>
<script>
fetch("http://${loopback}/steal", { mode: "no-cors" }).catch(() => {});
fetch("http://169.254.169.254/latest/meta-data/", { mode: "no-cors" }).catch(() => {});
document.getElementById("app").innerHTML = "<h1>Rendered dashboard</h1><p>Quarterly numbers for the whole team.</p>";
</script><script src="http://${loopback}/app.js"></script></body></html>`,
  );
  // A domain whose root redirects to loopback.
  mkdirSync(path.join(corpus, "loopback-redirect.com"));
  writeFileSync(
    path.join(corpus, "loopback-redirect.com", "site.json"),
    JSON.stringify({ created: "2018-02-02", redirect: `http://${loopback}/`, redirect_status: 302 }),
  );
  world = await startWorld({ sitesDir: corpus });
  const config = loadConfig({ ...world.env });
  egress = createEgress(config.egress);
  browser = createBrowserPool({
    egress,
    extraCaPem: config.egress.extraCaPem,
    executablePath: config.CHROMIUM_PATH,
  });
  await Promise.all([asn.load(), browser.warm()]);
  crawler = createCrawler({ egress, browser, asn });
});

afterAll(async () => {
  await browser?.close();
  await egress?.close();
  await world?.stop();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

const roles = (capture: CrawlCapture): string[] => capture.pages.map((p) => p.role);
const page = (capture: CrawlCapture, role: string) => capture.pages.find((p) => p.role === role);

describe("crawling the world's fixture sites", () => {
  it("reads a developed site: root, about and legal pages, robots and sitemap, and who registered it", async () => {
    const capture = await crawler.crawl("codewharf.dev");
    expect(capture.root).toMatchObject({
      outcome: "ok",
      reason: null,
      scheme: "https",
      finalUrl: "https://codewharf.dev/",
      status: 200,
      via: "http",
      jsShell: false,
      servingAddress: world.sites.find((s) => s.hostname === "codewharf.dev")?.a[0],
    });
    expect(roles(capture)).toEqual(["root", "legal", "about", "robots", "sitemap"]);
    expect(page(capture, "root")?.body).toContain("Where teams ship code");
    expect(page(capture, "legal")).toMatchObject({
      finalUrl: "https://codewharf.dev/legal/imprint.html",
      status: 200,
    });
    expect(page(capture, "legal")?.body).toContain("Codewharf Ltd.");
    expect(page(capture, "about")?.finalUrl).toBe("https://codewharf.dev/about.html");
    expect(capture.probes).toEqual([
      expect.objectContaining({ purpose: "random_short_path", status: 404, location: null }),
    ]);
    expect(capture.network.rdap).toMatchObject({ status: "ok", registrant: "Codewharf Ltd." });
    expect(capture.network.dns.existence).toBe("exists");
    expect(capture.network.tls.flags?.untrusted).toBe(false);
    expect(capture.budget.exhausted).toBe(false);
    // Counted: every body kept, the probe's and dropped pages' (404s) included.
    const kept = capture.pages.reduce((n, p) => n + Buffer.byteLength(p.body), 0);
    expect(capture.budget.bytes).toBeGreaterThanOrEqual(kept);
    expect(capture.budget.bytes).toBeLessThan(kept + 8_000);
    expect(Date.parse(capture.finishedAt)).toBeGreaterThanOrEqual(Date.parse(capture.startedAt));
    // Plain JSON: a capture can be saved and analysed offline.
    expect(JSON.parse(JSON.stringify(capture))).toEqual(capture);
  });

  it("records where a redirecting domain lands: a meta refresh, and a short link that redirects every path", async () => {
    const refresh = await crawler.crawl("fennmoor.org");
    expect(refresh.root.outcome).toBe("ok");
    expect(refresh.root.chain).toEqual([
      {
        url: "https://fennmoor.org/",
        status: 200,
        location: "https://fennmoorcounty.gov/",
        kind: "meta_refresh",
      },
      { url: "https://fennmoorcounty.gov/", status: 200, location: null, kind: "http" },
    ]);
    expect(refresh.root.finalUrl).toBe("https://fennmoorcounty.gov/");
    expect(refresh.pages[0]?.body).toContain("Fennmoor County");
    // Follow-up pages stay on the crawled domain, never the destination's.
    expect(refresh.pages.every((p) => p.role === "root" || p.url.startsWith("https://fennmoor.org/"))).toBe(
      true,
    );

    const short = await crawler.crawl("lnkf.to");
    const destination = "https://pebbleandpine.shop/collections/autumn.html";
    expect(short.root.chain).toEqual([
      { url: "https://lnkf.to/", status: 301, location: destination, kind: "http" },
      { url: destination, status: 200, location: null, kind: "http" },
    ]);
    expect(short.probes[0]).toMatchObject({ status: 301, location: destination });
    expect(short.probes[0]?.path).toMatch(/^\/[A-Za-z0-9]{7}$/);
  });

  it("captures a parked domain's lander and its parking name servers", async () => {
    const capture = await crawler.crawl("velvetorchard.com");
    expect(capture.root.outcome).toBe("ok");
    expect(capture.pages[0]?.body).toContain("This domain may be for sale");
    expect(capture.network.dns.parking?.nameServers).toEqual(["ns1.bodis.com", "ns2.bodis.com"]);
    expect(capture.network.rdap.registrant).toBeNull();
  });

  it("reports an unreachable host and a name that does not exist as outcomes, not errors", async () => {
    const down = await crawler.crawl("tallowmere-games.com");
    expect(["unreachable", "timeout"]).toContain(down.root.outcome);
    expect(down.root.chain.map((h) => h.url)).toEqual([
      "https://tallowmere-games.com/",
      "http://tallowmere-games.com/",
    ]);
    expect(down.pages).toEqual([]);
    expect(down.network.rdap).toMatchObject({ status: "ok", registrant: "Tallowmere Games" });

    const missing = await crawler.crawl("quietbrook-studio.com");
    expect(missing.root).toMatchObject({
      outcome: "dns_failure",
      reason: "dns_nxdomain",
      finalUrl: null,
      via: null,
    });
    expect(missing.network.dns.existence).toBe("nxdomain");
    expect(missing.pages).toEqual([]);
    expect(missing.probes).toEqual([]);
  });

  it("still reads a site whose certificate is broken, and says the certificate failed", async () => {
    const selfSigned = await crawler.crawl("pinecrest-homelab.net");
    expect(selfSigned.root).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_error",
      tlsBypassed: true,
      status: 200,
    });
    expect(selfSigned.pages[0]?.body.toLowerCase()).toContain("pinecrest");
    expect(selfSigned.network.tls.flags?.selfSigned).toBe(true);

    // The expired certificate's site also answers plain HTTP: that is the page read, verified.
    const expired = await crawler.crawl("oldmill-hardware.com");
    expect(expired.root).toMatchObject({
      outcome: "ok",
      scheme: "http",
      finalUrl: "http://oldmill-hardware.com/",
    });
    expect(expired.network.tls.flags?.expired).toBe(true);
    expect(expired.root.chain.map((h) => [h.url, h.status, h.reason ?? null])).toEqual([
      ["https://oldmill-hardware.com/", null, "tls_error"],
      ["http://oldmill-hardware.com/", 200, null],
    ]);
  });

  it("renders a JavaScript shell in the browser and follows the links only the rendered page has", async () => {
    const capture = await crawler.crawl("lumenboard.app");
    expect(capture.root).toMatchObject({ outcome: "ok", jsShell: true, via: "browser", browserError: null });
    const root = capture.pages[0];
    expect(root).toMatchObject({ role: "root", via: "browser", status: 200 });
    expect(root?.body).toContain("See how customers really use your product");
    expect(root?.body).toContain('"Lumenboard Labs Ltd."');
    expect(page(capture, "legal")).toMatchObject({
      finalUrl: "https://lumenboard.app/legal/imprint.html",
      via: "http",
    });

    const withoutBrowser = await createCrawler({ egress, asn }).crawl("lumenboard.app");
    expect(withoutBrowser.root).toMatchObject({
      outcome: "ok",
      jsShell: true,
      via: "http",
      browserError: null,
    });
    expect(withoutBrowser.pages[0]?.body).not.toContain("See how customers");
  });

  it("never lets a crawled site reach loopback or the metadata address, over HTTP or in the browser", async () => {
    const redirect = await crawler.crawl("loopback-redirect.com");
    expect(redirect.root).toMatchObject({ outcome: "blocked", reason: "blocked_loopback" });
    expect(redirect.root.chain[0]).toMatchObject({ url: "https://loopback-redirect.com/", status: 302 });

    const shell = await crawler.crawl("shell-lure.com");
    expect(shell.root).toMatchObject({ outcome: "ok", via: "browser" });
    expect(shell.pages[0]?.body).toContain("Rendered dashboard");
    expect(canaryHits).toBe(0);
  });

  it("keeps to its byte budget and tells when it ran out", async () => {
    const huge = await crawler.crawl("huge-body.org");
    expect(huge.pages[0]).toMatchObject({ truncated: true });
    expect(Buffer.byteLength(huge.pages[0]?.body ?? "")).toBeLessThanOrEqual(512 * 1024);
    expect(huge.budget.bytes).toBeLessThanOrEqual(huge.budget.maxBytes);

    const small = await crawler.crawl("codewharf.dev", { limits: { maxBytes: 12_000 } });
    expect(small.budget).toMatchObject({ maxBytes: 12_000, exhausted: true });
    expect(small.budget.bytes).toBeLessThanOrEqual(12_000);
    expect(small.pages.length).toBeLessThan(5);
  });

  it("keeps to its time budget against a server that never finishes, and stops at once when aborted", async () => {
    const started = performance.now();
    const slow = await crawler.crawl("slowloris-endpoint.com", { limits: { maxMs: 2_500 } });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(slow.root.outcome).toBe("timeout");
    expect(slow.budget).toMatchObject({ maxMs: 2_500, exhausted: true });

    const controller = new AbortController();
    const aborted = crawler.crawl("no-response.net", { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const abortStarted = performance.now();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - abortStarted).toBeLessThan(1_000);
  });

  it("names the hosting platform from response headers", async () => {
    const capture = await crawler.crawl("chase-secure-login.netlify.app");
    expect(capture.hostingHints).toEqual(["Netlify"]);
  });
});
