import { createServer } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorldCA } from "../../world/ca.js";
import { DEFAULT_USER_AGENT } from "../egress/options.js";
import { parseEgressSettings } from "../egress/settings.js";
import { startTestDns, type TestDns } from "../egress/testing/dns-server.js";
import { startTcpServer, startTestServer, type TestServer } from "../egress/testing/servers.js";
import { createEgress, type Egress } from "./index.js";

// Loopback plan for this file: 127.88.2.0/24.
const HTTP_HOST = "127.88.2.10";
const HTTPS_HOST = "127.88.2.20";
const SELF_SIGNED_HOST = "127.88.2.21";
const RAW_HOST = "127.88.2.30";

let web: TestServer;
let secure: TestServer;
let selfSigned: TestServer;
let raw: Awaited<ReturnType<typeof startTcpServer>>;
let dns: TestDns;
let egress: Egress;
let closedPort = 0;
let caPem = "";
const pending = new Set<() => void>();

const BIG = Buffer.alloc(300_000, "a");

beforeAll(async () => {
  web = await startTestServer(HTTP_HOST, (req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/chain/")) {
      const step = Number(url.slice(7));
      if (step < 3) {
        res.writeHead(step === 1 ? 301 : 307, { location: `/chain/${step + 1}` });
        res.end();
      } else res.end("end of chain");
      return;
    }
    switch (url) {
      case "/loop":
        res.writeHead(302, { location: "/loop" });
        res.end();
        return;
      case "/absolute":
        res.writeHead(303, { location: `http://site.test:${web.port}/ok` });
        res.end();
        return;
      case "/bad-location":
        res.writeHead(302, { location: "http://[::1" });
        res.end();
        return;
      case "/big":
        res.writeHead(200, { "content-type": "application/octet-stream" });
        res.end(BIG);
        return;
      case "/gzip":
        res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
        res.end(gzipSync("compressed hello"));
        return;
      case "/bomb":
        res.writeHead(200, { "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.alloc(20_000_000)));
        return;
      case "/broken-gzip":
        res.writeHead(200, { "content-encoding": "gzip" });
        res.end("this is not gzip");
        return;
      case "/stall-headers":
        pending.add(() => res.destroy());
        return;
      case "/stall-body":
        res.writeHead(200, { "content-type": "text/plain" });
        res.write("partial");
        pending.add(() => res.destroy());
        return;
      case "/drip": {
        res.writeHead(200);
        const timer = setInterval(() => res.write("x"), 50);
        res.on("close", () => clearInterval(timer));
        pending.add(() => res.destroy());
        return;
      }
      case "/reset":
        req.socket.destroy();
        return;
      default:
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "x-seen-host": req.headers.host ?? "",
        });
        res.end(`<p>${req.method} ${url} host=${req.headers.host} ua=${req.headers["user-agent"]}</p>`);
    }
  });
  const ca = new WorldCA(new Date(), "DomainLens Test CA");
  const secureCert = ca.issue("valid", ["secure.test", "world-b.test"]);
  caPem = ca.certPem;
  secure = await startTestServer(
    HTTPS_HOST,
    (req, res) => res.end(`secure host=${req.headers.host}`),
    secureCert,
  );
  const selfCert = ca.issue("self-signed", ["self.test"]);
  selfSigned = await startTestServer(SELF_SIGNED_HOST, (_req, res) => res.end("self"), selfCert);
  raw = await startTcpServer(RAW_HOST, (socket) => {
    socket.once("data", () => socket.end("garbage that is not http\r\n\r\n"));
  });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, HTTP_HOST, () => resolve()));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  dns = await startTestDns("127.88.2.53", (name, type) => {
    const hosts: Record<string, string> = {
      "site.test": HTTP_HOST,
      "mapped.test": HTTP_HOST,
      "secure.test": HTTPS_HOST,
      "self.test": SELF_SIGNED_HOST,
      // Addresses where nothing listens: reached only through address-keyed connect-to rules.
      "world-a.test": "127.88.2.40",
      "world-b.test": "127.88.2.41",
    };
    const address = hosts[name];
    if (!address) return { rcode: 3 };
    return { records: type === "A" ? [{ type: "A", address }] : [] };
  });
  egress = createEgress({
    dnsServers: [dns.server],
    allowCidrs: ["127.88.2.0/24"],
    connectTo: `mapped.test:80=${HTTP_HOST}:${web.port} secure.test:443=${HTTPS_HOST}:${secure.port} self.test:443=${SELF_SIGNED_HOST}:${selfSigned.port}`,
    extraCaPem: ca.certPem,
    connectTimeoutMs: 1000,
    readTimeoutMs: 400,
    totalTimeoutMs: 3000,
    maxBodyBytes: 64 * 1024,
    maxRedirects: 4,
  });
});

afterAll(async () => {
  for (const release of pending) release();
  await egress?.close();
  await Promise.all([web?.close(), secure?.close(), selfSigned?.close(), raw?.close(), dns?.close()]);
});

describe("fetch through the egress gate", () => {
  it("fetches a page with a browser-like user agent and reports the hop", async () => {
    const result = await egress.fetch(`http://site.test:${web.port}/hello?x=1`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.status).toBe(200);
    expect(result.contentType).toBe("text/html; charset=utf-8");
    expect(result.body.toString()).toBe(
      `<p>GET /hello?x=1 host=site.test:${web.port} ua=${DEFAULT_USER_AGENT}</p>`,
    );
    expect(result.truncated).toBe(false);
    expect(result.hops).toEqual([
      expect.objectContaining({
        url: `http://site.test:${web.port}/hello?x=1`,
        status: 200,
        location: null,
        address: HTTP_HOST,
        port: web.port,
      }),
    ]);
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(0);
  });

  it("follows a redirect chain by hand and records every hop", async () => {
    const result = await egress.fetch(`http://site.test:${web.port}/chain/1`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url).toBe(`http://site.test:${web.port}/chain/3`);
    expect(result.body.toString()).toBe("end of chain");
    expect(result.hops.map((h) => [h.status, h.location])).toEqual([
      [301, "/chain/2"],
      [307, "/chain/3"],
      [200, null],
    ]);
  });

  it("resolves an absolute redirect to another name", async () => {
    const result = await egress.fetch(`http://${HTTP_HOST}:${web.port}/absolute`);
    expect(result).toMatchObject({ ok: true, url: `http://site.test:${web.port}/ok`, status: 200 });
  });

  it("stops an endless redirect loop", async () => {
    const result = await egress.fetch(`http://site.test:${web.port}/loop`);
    expect(result).toMatchObject({ ok: false, reason: "too_many_redirects" });
    if (!result.ok) expect(result.hops).toHaveLength(5);
  });

  it("reports a redirect to something that is not a URL", async () => {
    expect(await egress.fetch(`http://site.test:${web.port}/bad-location`)).toMatchObject({
      ok: false,
      reason: "invalid_redirect",
    });
  });

  it("truncates a body over the cap, or fails when asked to", async () => {
    const truncated = await egress.fetch(`http://site.test:${web.port}/big`);
    expect(truncated).toMatchObject({ ok: true, truncated: true });
    if (truncated.ok) expect(truncated.body.length).toBe(64 * 1024);
    const failed = await egress.fetch(`http://site.test:${web.port}/big`, { onBodyTooLarge: "fail" });
    expect(failed).toMatchObject({ ok: false, reason: "body_too_large" });
    const roomy = await egress.fetch(`http://site.test:${web.port}/big`, { maxBodyBytes: 1_000_000 });
    expect(roomy).toMatchObject({ ok: true, truncated: false });
    if (roomy.ok) expect(roomy.body.equals(BIG)).toBe(true);
  });

  it("decodes gzip, caps a decompression bomb, and flags a broken encoding", async () => {
    const gzip = await egress.fetch(`http://site.test:${web.port}/gzip`);
    expect(gzip).toMatchObject({ ok: true, decodeError: false });
    if (gzip.ok) expect(gzip.body.toString()).toBe("compressed hello");
    const bomb = await egress.fetch(`http://site.test:${web.port}/bomb`);
    expect(bomb).toMatchObject({ ok: true, truncated: true });
    if (bomb.ok) expect(bomb.body.length).toBe(64 * 1024);
    expect(await egress.fetch(`http://site.test:${web.port}/broken-gzip`)).toMatchObject({
      ok: true,
      decodeError: true,
    });
  });

  it("times out a server that never sends headers, or stalls mid-body", async () => {
    expect(await egress.fetch(`http://site.test:${web.port}/stall-headers`)).toMatchObject({
      ok: false,
      reason: "timeout_read",
    });
    expect(await egress.fetch(`http://site.test:${web.port}/stall-body`)).toMatchObject({
      ok: false,
      reason: "timeout_read",
    });
  });

  it("enforces the total time on a server that drips bytes forever", async () => {
    const result = await egress.fetch(`http://site.test:${web.port}/drip`, {
      totalTimeoutMs: 600,
      maxBodyBytes: 10_000_000,
    });
    expect(result).toMatchObject({ ok: false, reason: "timeout_total" });
  });

  it("reports a reset connection, a refused port and a non-HTTP answer", async () => {
    expect(await egress.fetch(`http://site.test:${web.port}/reset`)).toMatchObject({
      ok: false,
      reason: "connection_reset",
    });
    expect(await egress.fetch(`http://${HTTP_HOST}:${closedPort}/`)).toMatchObject({
      ok: false,
      reason: "connection_refused",
    });
    expect(await egress.fetch(`http://${RAW_HOST}:${raw.port}/`)).toMatchObject({
      ok: false,
      reason: "http_protocol_error",
    });
  });

  it("sends HEAD without reading a body", async () => {
    const result = await egress.fetch(`http://site.test:${web.port}/x`, { method: "HEAD" });
    expect(result).toMatchObject({ ok: true, status: 200 });
    if (result.ok) expect(result.body.length).toBe(0);
  });

  it("maps a connection with connect-to while keeping the Host header", async () => {
    const result = await egress.fetch("http://mapped.test/page");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.toString()).toContain("host=mapped.test ");
    expect(result.hops[0]).toMatchObject({
      resolvedAddress: HTTP_HOST,
      address: HTTP_HOST,
      port: web.port,
      connectTo: `mapped.test:80=${HTTP_HOST}:${web.port}`,
    });
  });

  it("verifies HTTPS against Node's roots plus the extra CA, with SNI and Host the original name", async () => {
    const result = await egress.fetch("https://secure.test/");
    expect(result).toMatchObject({ ok: true, status: 200 });
    if (result.ok) expect(result.body.toString()).toBe("secure host=secure.test");
    expect(result.hops[0]?.timings.tlsMs).not.toBeNull();
  });

  it("refuses an untrusted certificate unless verification is off", async () => {
    expect(await egress.fetch("https://self.test/")).toMatchObject({ ok: false, reason: "tls_error" });
    expect(await egress.fetch("https://self.test/", { verifyTls: false })).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it("reports no_tls when an HTTPS URL reaches a plain HTTP server", async () => {
    expect(await egress.fetch(`https://site.test:${web.port}/`)).toMatchObject({
      ok: false,
      reason: "no_tls",
    });
  });

  it("runs from configuration strings with address-keyed connect-to rules, like the test world's", async () => {
    const settings = parseEgressSettings({
      DNS_SERVERS: dns.server,
      CONNECT_TO: `127.88.2.40:80=${HTTP_HOST}:${web.port},127.88.2.41:443=${HTTPS_HOST}:${secure.port}`,
      EGRESS_ALLOW_CIDRS: "127.88.2.0/24",
    });
    const configured = createEgress({ ...settings, extraCaPem: caPem });
    try {
      const plain = await configured.fetch("http://world-a.test/x");
      expect(plain).toMatchObject({ ok: true, status: 200 });
      if (plain.ok) {
        expect(plain.body.toString()).toContain("host=world-a.test ");
        expect(plain.hops[0]).toMatchObject({
          resolvedAddress: "127.88.2.40",
          address: HTTP_HOST,
          port: web.port,
        });
      }
      const tls = await configured.fetch("https://world-b.test/");
      expect(tls).toMatchObject({ ok: true, status: 200 });
      if (tls.ok) expect(tls.body.toString()).toBe("secure host=world-b.test");
      expect(await configured.probeTls("world-b.test")).toMatchObject({ ok: true, authorized: true });
    } finally {
      await configured.close();
    }
  });
});
