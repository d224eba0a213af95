import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import { ProxyAgent, request as undiciRequest } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorldCA } from "../../world/ca.js";
import { type EgressGate, openEgressGate } from "./egress.js";
import { type EgressProxy, type ProxyEvent, REASON_HEADER } from "./proxy.js";
import { startTestDns, type TestDns } from "./testing/dns-server.js";
import { startTestServer, type TestServer } from "./testing/servers.js";

// Loopback plan for this file: 127.88.5.0/24; the canary on 127.0.0.1 (not allowlisted).
const WEB_HOST = "127.88.5.10";
const SECURE_HOST = "127.88.5.20";

let canary: TestServer;
let web: TestServer;
let secure: TestServer;
let dns: TestDns;
let egress: EgressGate;
let proxy: EgressProxy;
let caPem = "";
const events: ProxyEvent[] = [];
const blocked: ProxyEvent[] = [];

beforeAll(async () => {
  canary = await startTestServer("127.0.0.1", (_req, res) => res.end("canary"));
  web = await startTestServer(WEB_HOST, (req, res) => {
    if (req.url === "/redirect") {
      res.writeHead(302, { location: `http://127.0.0.1:${canary.port}/` });
      res.end();
      return;
    }
    res.writeHead(200, { "x-upstream": "web", connection: "keep-alive", "keep-alive": "timeout=5" });
    res.end(
      `web ${req.method} ${req.url} host=${req.headers.host} proxy=${req.headers["proxy-connection"] ?? "none"}`,
    );
  });
  const ca = new WorldCA(new Date(), "DomainLens Test CA");
  caPem = ca.certPem;
  secure = await startTestServer(
    SECURE_HOST,
    (req, res) => res.end(`secure host=${req.headers.host}`),
    ca.issue("valid", ["secure.test"]),
  );
  dns = await startTestDns("127.88.5.53", (name, type) => {
    const hosts: Record<string, string> = {
      "site.test": WEB_HOST,
      "secure.test": SECURE_HOST,
      "internal.test": "127.0.0.1",
    };
    const address = hosts[name];
    if (!address) return { rcode: 3 };
    return { records: type === "A" ? [{ type: "A", address }] : [] };
  });
  egress = openEgressGate({
    dnsServers: [dns.server],
    allowCidrs: ["127.88.5.0/24"],
    connectTo: `secure.test:443=${SECURE_HOST}:${secure.port}`,
    extraCaPem: caPem,
    dnsTimeoutMs: 300,
    dnsTries: 1,
  }).handle;
  proxy = await egress.startProxy({ onEvent: (e) => events.push(e), onBlocked: (e) => blocked.push(e) });
});

afterAll(async () => {
  await egress?.close();
  await Promise.all([canary?.close(), web?.close(), secure?.close(), dns?.close()]);
});

function connectVia(
  port: number,
  authority: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: "CONNECT",
      path: authority,
      headers: { host: authority },
    });
    req.on("connect", (res, socket) =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, socket }),
    );
    req.on("error", reject);
    req.end();
  });
}

function getVia(
  port: number,
  target: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: "GET",
      path: target,
      headers: { "proxy-connection": "keep-alive" },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("egress forward proxy", () => {
  it("listens on loopback", () => {
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`);
  });

  it("tunnels HTTPS with CONNECT through the connect-to map, with SNI the original name", async () => {
    const agent = new ProxyAgent({ uri: proxy.url, requestTls: { ca: caPem } });
    try {
      const response = await undiciRequest("https://secure.test/", { dispatcher: agent });
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe("secure host=secure.test");
    } finally {
      await agent.close();
    }
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: "connect",
        target: "secure.test:443",
        outcome: "allowed",
        address: SECURE_HOST,
      }),
    );
  });

  it("forwards a plain absolute-URI request without proxy headers", async () => {
    const response = await getVia(proxy.port, `http://site.test:${web.port}/page?q=1`);
    expect(response.status).toBe(200);
    expect(response.body).toBe(`web GET /page?q=1 host=site.test:${web.port} proxy=none`);
    expect(response.headers["x-upstream"]).toBe("web");
  });

  it.each([
    ["loopback", () => `127.0.0.1:${canary.port}`, "blocked_loopback"],
    ["decimal loopback", () => `2130706433:${canary.port}`, "blocked_loopback"],
    ["hex short loopback", () => `0x7f.1:${canary.port}`, "blocked_loopback"],
    ["IPv6 loopback", () => `[::1]:${canary.port}`, "blocked_loopback"],
    ["mapped loopback", () => `[::ffff:127.0.0.1]:${canary.port}`, "blocked_loopback"],
    ["a name resolving to loopback", () => `internal.test:${canary.port}`, "blocked_loopback"],
    ["localhost", () => `localhost:${canary.port}`, "blocked_loopback"],
    ["metadata", () => "169.254.169.254:80", "blocked_metadata_address"],
    ["a private address", () => "10.0.0.1:443", "blocked_private_address"],
    ["a disallowed port", () => "8.8.8.8:22", "blocked_port"],
    ["a missing port", () => "example.test", "invalid_url"],
    ["userinfo", () => `evil.test@127.0.0.1:${canary.port}`, "invalid_url"],
  ])("refuses CONNECT to %s with 403 and a reason", async (_label, authority, reason) => {
    const target = authority();
    const before = blocked.length;
    const response = await connectVia(proxy.port, target);
    response.socket.destroy();
    expect(response.status).toBe(403);
    expect(response.headers[REASON_HEADER]).toBe(reason);
    expect(blocked.length).toBe(before + 1);
    expect(blocked.at(-1)).toMatchObject({ kind: "connect", outcome: "blocked", reason });
  });

  it("answers 502 with the reason when DNS says the name does not exist", async () => {
    const response = await connectVia(proxy.port, "missing.test:443");
    response.socket.destroy();
    expect(response.status).toBe(502);
    expect(response.headers[REASON_HEADER]).toBe("dns_nxdomain");
    expect(events.at(-1)).toMatchObject({ outcome: "failed", reason: "dns_nxdomain" });
  });

  it.each([
    ["a loopback URL", () => `http://127.0.0.1:${canary.port}/`, "blocked_loopback"],
    ["a decimal loopback URL", () => `http://2130706433:${canary.port}/`, "blocked_loopback"],
    ["a name resolving to loopback", () => `http://internal.test:${canary.port}/`, "blocked_loopback"],
    ["an https absolute URI", () => `https://127.0.0.1:${canary.port}/`, "blocked_scheme"],
    ["an ftp URL", () => `ftp://127.0.0.1:${canary.port}/`, "blocked_scheme"],
    ["a request that is not for a proxy", () => "/", "invalid_url"],
  ])("refuses a plain request to %s with 403 and a reason", async (_label, target, reason) => {
    const response = await getVia(proxy.port, target());
    expect(response.status).toBe(403);
    expect(response.headers[REASON_HEADER]).toBe(reason);
    expect(response.body.length).toBeGreaterThan(10);
  });

  it("passes a redirect to the browser, whose next request is checked again", async () => {
    const first = await getVia(proxy.port, `http://site.test:${web.port}/redirect`);
    expect(first.status).toBe(302);
    const location = first.headers.location ?? "";
    const second = await getVia(proxy.port, location);
    expect(second.status).toBe(403);
    expect(second.headers[REASON_HEADER]).toBe("blocked_loopback");
  });

  it("destroys open tunnels on close", async () => {
    const own = await egress.startProxy();
    const tunnel = await connectVia(own.port, `site.test:${web.port}`);
    expect(tunnel.status).toBe(200);
    const closed = new Promise<void>((resolve) => tunnel.socket.once("close", () => resolve()));
    await own.close();
    await closed;
    expect(tunnel.socket.destroyed).toBe(true);
  });

  it("never let a connection reach the canary", () => {
    expect(canary.connections).toBe(0);
  });
});
