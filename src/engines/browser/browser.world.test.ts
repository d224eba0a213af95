import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { startWorld, type World } from "../../world/index.js";
import { createEgress, type Egress } from "../net/index.js";
import { type BrowserPool, BrowserUnavailableError, createBrowserPool, renderPage } from "./index.js";

/**
 * Real Chromium (playwright-core + the system browser) driven through the egress gate's proxy, in the
 * test world, configured only through the environment the world hands out.
 */
let world: World;
let egress: Egress;
let pool: BrowserPool;
let canary: Server;
let canaryPort = 0;
let canaryHits = 0;
let corpus: string;

function site(dir: string, host: string, files: Record<string, string>): void {
  mkdirSync(path.join(dir, host), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, host, name), text);
}

beforeAll(async () => {
  // A service on loopback that nothing the browser loads may ever reach.
  canary = createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => {
    canaryHits += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as AddressInfo).port;

  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-browser-sites-"));
  const loopback = `127.0.0.1:${canaryPort}`;
  site(corpus, "loopback-lure.com", {
    "site.json": JSON.stringify({ created: "2019-01-01" }),
    "index.html": `<!doctype html><html><head><title>Lure</title></head><body>
<h1>Nothing to see</h1>
<img src="http://${loopback}/img"><img src="http://169.254.169.254/latest/meta-data/">
<iframe src="http://${loopback}/frame"></iframe>
<link rel="stylesheet" href="http://localhost:${canaryPort}/css">
<script src="http://[::1]:${canaryPort}/script.js"></script>
<script>
fetch("http://${loopback}/fetch", { mode: "no-cors" }).catch(() => {});
fetch("http://169.254.169.254/latest/meta-data/iam/", { mode: "no-cors" }).catch(() => {});
try { new WebSocket("ws://${loopback}/ws"); } catch (e) {}
navigator.sendBeacon && navigator.sendBeacon("http://${loopback}/beacon", "x");
</script></body></html>`,
  });
  site(corpus, "loopback-hop.com", {
    "site.json": JSON.stringify({
      created: "2019-01-01",
      redirect: `http://${loopback}/hop`,
      redirect_status: 302,
    }),
  });
  site(corpus, "refresh-to-expired.com", {
    "site.json": JSON.stringify({ created: "2019-01-01" }),
    "index.html": `<!doctype html><title>Moved</title><meta http-equiv="refresh" content="0; url=https://oldmill-hardware.com/">`,
  });
  // Self-signed, and everything it loads aims inside or at another broken certificate.
  site(corpus, "selfsigned-lure.com", {
    "site.json": JSON.stringify({ created: "2019-01-01", cert: "self-signed" }),
    "index.html": `<!doctype html><html><head><title>Self-signed lure</title></head><body>
<img src="http://${loopback}/img"><img src="https://oldmill-hardware.com/logo.png">
<script>fetch("http://169.254.169.254/latest/meta-data/", { mode: "no-cors" }).catch(() => {});</script>
</body></html>`,
  });
  world = await startWorld({ sitesDir: corpus });
  const config = loadConfig({ ...world.env });
  egress = createEgress(config.egress);
  pool = createBrowserPool({
    egress,
    extraCaPem: config.egress.extraCaPem,
    executablePath: config.CHROMIUM_PATH,
  });
  await pool.warm();
});

afterAll(async () => {
  await pool?.close();
  await egress?.close();
  await world?.stop();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

describe("the browser in the test world", () => {
  it("renders a site through the egress proxy: title, DOM and the address that served it", async () => {
    const events: string[] = [];
    const result = await pool.run(async (session) => {
      const rendered = await renderPage(session, "https://codewharf.dev/", { timeoutMs: 10_000 });
      events.push(...session.proxyEvents.map((e) => `${e.outcome} ${e.target} ${e.address ?? ""}`));
      // Nothing tells the page it is driven by automation.
      expect(await session.page.evaluate("navigator.webdriver")).toBe(false);
      return rendered;
    });
    expect(result.error).toBeNull();
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe("https://codewharf.dev/");
    expect(result.title).toBe("Codewharf — Where teams ship code");
    expect(result.html).toContain("Codewharf Ltd.");
    // Under the world's connect-to map the proxy connects to the world's web server.
    expect(events).toContain(`allowed codewharf.dev:443 ${world.addresses.web.host}`);
  });

  it("records meta refresh and script redirects in the chain", async () => {
    const refresh = await pool.render("https://fennmoor.org/", { timeoutMs: 10_000 });
    expect(refresh.finalUrl).toBe("https://fennmoorcounty.gov/");
    expect(refresh.chain.map((h) => [h.url, h.kind])).toEqual([
      ["https://fennmoor.org/", "meta_refresh"],
      ["https://fennmoorcounty.gov/", "http"],
    ]);
    const script = await pool.render("https://account-notice-center.com/", { timeoutMs: 10_000 });
    expect(script.finalUrl).toBe("https://paypa1.com/?case=PP-L-88302917");
    expect(script.chain[0]).toMatchObject({ url: "https://account-notice-center.com/", kind: "script" });
  });

  it("trusts the world's CA but still refuses expired, wrong-host and self-signed certificates", async () => {
    const valid = await pool.render("https://harborlinebank.com/", { timeoutMs: 10_000 });
    expect(valid.error).toBeNull();
    expect(valid.status).toBe(200);
    for (const host of ["oldmill-hardware.com", "vantor-analytics.io", "pinecrest-homelab.net"]) {
      const broken = await pool.render(`https://${host}/`, { timeoutMs: 10_000 });
      expect(broken.error?.reason, host).toBe("tls_error");
      expect(broken.html).toBe("");
      expect(broken.status).toBeNull();
    }
    // Also when a client-side redirect leads there: Chromium's error page is not the site's page.
    const refresh = await pool.render("https://refresh-to-expired.com/", { timeoutMs: 10_000 });
    expect(refresh.error?.reason).toBe("tls_error");
    expect(refresh.html).toBe("");
    expect(refresh.chain[0]).toMatchObject({ url: "https://refresh-to-expired.com/", kind: "meta_refresh" });
  });

  it("accepts one origin's certificate for one task only, still behind the proxy", async () => {
    const accepted = await pool.run(
      async (session) => {
        expect(session.acceptedOrigin).toBe("https://selfsigned-lure.com:443");
        const page = await renderPage(session, "https://selfsigned-lure.com/", { timeoutMs: 8_000 });
        // Another origin with a broken certificate is still refused in the same task.
        const other = await renderPage(session, "https://oldmill-hardware.com/", { timeoutMs: 8_000 });
        return { page, other, events: [...session.proxyEvents], refusals: [...session.tlsRefusals] };
      },
      { acceptCertificateOf: { host: "selfsigned-lure.com", port: 443 }, timeoutMs: 20_000 },
    );
    expect(accepted.page.error).toBeNull();
    expect(accepted.page.title).toBe("Self-signed lure");
    expect(accepted.other.error).not.toBeNull();
    expect(accepted.other.html).toBe("");
    expect(accepted.other.status).toBeNull();
    expect(accepted.refusals.map((r) => [new URL(r.url).hostname, r.reason])).toContainEqual([
      "oldmill-hardware.com",
      "tls_expired",
    ]);
    const blocked = new Set(accepted.events.filter((e) => e.outcome === "blocked").map((e) => e.reason));
    expect([...blocked].sort()).toEqual(["blocked_loopback", "blocked_metadata_address"]);
    expect(canaryHits).toBe(0);
    // The next task verifies that origin again.
    const next = await pool.render("https://selfsigned-lure.com/", { timeoutMs: 8_000 });
    expect(next.error?.reason).toBe("tls_error");
    expect(next.html).toBe("");
  });

  it("never reaches loopback or the metadata address, whatever the page tries", async () => {
    const direct = [
      `http://127.0.0.1:${canaryPort}/`,
      `http://localhost:${canaryPort}/`,
      `http://[::1]:${canaryPort}/`,
      `http://2130706433:${canaryPort}/`,
      "http://169.254.169.254/latest/meta-data/",
    ];
    for (const url of direct) {
      const result = await pool.render(url, { timeoutMs: 8_000 });
      expect(result.error?.reason, url).toBe("blocked");
      expect(result.html).toBe("");
    }
    const hop = await pool.render("https://loopback-hop.com/", { timeoutMs: 8_000 });
    expect(hop.error).toMatchObject({ reason: "blocked", egressReason: "blocked_loopback" });
    expect(hop.chain[0]).toMatchObject({ url: "https://loopback-hop.com/", status: 302, kind: "http" });

    // Image, stylesheet, script, iframe, fetch, WebSocket and beacon: each one reaches the gate's proxy,
    // which refuses it; only the page itself was let through.
    const events = await pool.run(async (session) => {
      const rendered = await renderPage(session, "https://loopback-lure.com/", { timeoutMs: 8_000 });
      expect(rendered.title).toBe("Lure");
      return [...session.proxyEvents];
    });
    const blocked = new Set(events.filter((e) => e.outcome === "blocked").map((e) => e.reason));
    expect([...blocked].sort()).toEqual(["blocked_loopback", "blocked_metadata_address"]);
    const allowed = new Set(events.filter((e) => e.outcome === "allowed").map((e) => e.target));
    expect([...allowed]).toEqual(["loopback-lure.com:443"]);
    expect(events.filter((e) => e.outcome === "blocked").length).toBeGreaterThanOrEqual(8);
    expect(canaryHits).toBe(0);
  });

  it("relaunches Chromium after a crash and keeps at most `size` tasks at once", async () => {
    const before = pool.stats();
    await pool
      .run(async (session) => {
        await session.context.browser()?.close();
      })
      .catch(() => {});
    const after = await pool.render("https://codewharf.dev/", { timeoutMs: 10_000 });
    expect(after.error).toBeNull();
    expect(pool.stats().launches).toBe(before.launches + 1);

    let running = 0;
    let most = 0;
    const task = () =>
      pool.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 100));
        running -= 1;
      });
    await Promise.all([task(), task(), task()]);
    expect(most).toBe(1);
  });

  it("ends a render at its time limit and says so", async () => {
    const started = performance.now();
    const result = await pool.render("https://slowloris-endpoint.com/", { timeoutMs: 2_500, settleMs: 500 });
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(result.error?.reason).toBe("timeout");
  });

  it("explains a missing Chromium instead of failing obscurely", async () => {
    const missing = createBrowserPool({ egress, executablePath: "/nonexistent/chromium" });
    await expect(missing.warm()).rejects.toBeInstanceOf(BrowserUnavailableError);
    const result = await missing.render("https://codewharf.dev/");
    expect(result.error?.reason).toBe("browser_unavailable");
    expect(result.error?.message).toContain("CHROMIUM_PATH");
    await missing.close();
  });
});
