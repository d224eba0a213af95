import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDns, type TestDns } from "../egress/testing/dns-server.js";
import { startTestServer, type TestServer } from "../egress/testing/servers.js";
import { createEgress, type Egress } from "./index.js";
import { SAMPLE_DOMAIN } from "./testing/rdap-sample.js";

// Loopback plan for this file: 127.88.4.0/24. The RDAP server is reached by name through the test DNS.
const RDAP_HOST = "127.88.4.10";

let rdapServer: TestServer;
let dns: TestDns;
let egress: Egress;
let bootstrapHits = 0;
const stalled = new Set<() => void>();

beforeAll(async () => {
  rdapServer = await startTestServer(RDAP_HOST, (req, res) => {
    const url = req.url ?? "";
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/rdap+json" });
      res.end(JSON.stringify(body));
    };
    if (url === "/bootstrap.json") {
      bootstrapHits += 1;
      json(200, {
        version: "1.0",
        services: [
          [["test", "shop"], [`http://rdap.registry.test:${rdapServer.port}/rdap/`]],
          [["moved"], [`http://rdap.registry.test:${rdapServer.port}/old/`]],
        ],
      });
      return;
    }
    if (url.startsWith("/old/")) {
      res.writeHead(301, { location: url.replace("/old/", "/rdap/") });
      res.end();
      return;
    }
    switch (url) {
      case "/rdap/domain/example-shop.test":
      case "/rdap/domain/example.moved":
        json(200, SAMPLE_DOMAIN);
        return;
      case "/rdap/domain/missing.test":
        json(404, { errorCode: 404, title: "Not Found" });
        return;
      case "/rdap/domain/busy.test":
        json(429, { errorCode: 429 });
        return;
      case "/rdap/domain/broken.test":
        res.end("<html>oops</html>");
        return;
      case "/rdap/domain/entity.test":
        json(200, { objectClassName: "entity", handle: "X" });
        return;
      case "/rdap/domain/huge.test":
        json(200, { ...SAMPLE_DOMAIN, notices: [{ description: ["x".repeat(2_000_000)] }] });
        return;
      case "/rdap/domain/slow.test":
        stalled.add(() => res.destroy());
        return;
      default:
        json(500, { errorCode: 500 });
    }
  });
  dns = await startTestDns("127.88.4.53", (name, type) =>
    name === "rdap.registry.test"
      ? { records: type === "A" ? [{ type: "A", address: RDAP_HOST }] : [] }
      : { rcode: 3 },
  );
  egress = createEgress({
    dnsServers: [dns.server],
    allowCidrs: ["127.88.4.0/24"],
    rdapBootstrapUrl: `http://rdap.registry.test:${rdapServer.port}/bootstrap.json`,
    readTimeoutMs: 500,
  });
});

afterAll(async () => {
  for (const release of stalled) release();
  await egress?.close();
  await Promise.all([rdapServer?.close(), dns?.close()]);
});

describe("RDAP client", () => {
  it("finds a domain through a fetched bootstrap and parses it", async () => {
    const result = await egress.rdap.lookupDomain("Example-Shop.TEST.");
    expect(result).toMatchObject({
      status: "found",
      server: `http://rdap.registry.test:${rdapServer.port}/rdap/`,
      url: `http://rdap.registry.test:${rdapServer.port}/rdap/domain/example-shop.test`,
      domain: {
        registeredAt: "2024-05-01T10:00:00.000Z",
        expiresAt: "2026-05-01T10:00:00.000Z",
        registrar: { name: "MarkMonitor Inc.", ianaId: "292" },
        registrantOrganization: "Example Shop GmbH",
      },
    });
    const request = rdapServer.requests.find((r) => r.url === "/rdap/domain/example-shop.test");
    expect(request?.headers.accept).toContain("application/rdap+json");
  });

  it("follows a registry redirect", async () => {
    expect(await egress.rdap.lookupDomain("example.moved")).toMatchObject({ status: "found" });
  });

  it("caches the bootstrap in memory", async () => {
    await egress.rdap.lookupDomain("missing.test");
    await egress.rdap.lookupDomain("busy.test");
    expect(bootstrapHits).toBe(1);
  });

  it.each([
    ["missing.test", { status: "not_found" }],
    ["busy.test", { status: "error", reason: "rdap_rate_limited", httpStatus: 429 }],
    ["broken.test", { status: "error", reason: "rdap_invalid_response" }],
    ["entity.test", { status: "error", reason: "rdap_invalid_response" }],
    ["huge.test", { status: "error", reason: "body_too_large" }],
    ["slow.test", { status: "error", reason: "timeout_read" }],
    ["other.test", { status: "error", reason: "rdap_http_error", httpStatus: 500 }],
    ["example.nordap", { status: "no_rdap", tld: "nordap" }],
    ["localhost", { status: "error", reason: "invalid_url" }],
  ])("answers %s with a typed result", async (name, expected) => {
    expect(await egress.rdap.lookupDomain(name)).toMatchObject(expected);
  });

  it("reports an unreachable bootstrap and tries again next time", async () => {
    const broken = createEgress({
      dnsServers: [dns.server],
      allowCidrs: ["127.88.4.0/24"],
      rdapBootstrapUrl: `http://${RDAP_HOST}:${rdapServer.port}/no-such-bootstrap.json`,
    });
    try {
      const first = await broken.rdap.lookupDomain("example-shop.test");
      expect(first).toMatchObject({ status: "error", reason: "rdap_bootstrap_unavailable" });
      await broken.rdap.lookupDomain("example-shop.test");
      expect(rdapServer.requests.filter((r) => r.url === "/no-such-bootstrap.json")).toHaveLength(2);
    } finally {
      await broken.close();
    }
  });

  it("refuses a bootstrap URL outside the policy", async () => {
    const outside = createEgress({ rdapBootstrapUrl: "http://127.0.0.1/bootstrap.json" });
    try {
      const result = await outside.rdap.lookupDomain("example.test");
      expect(result).toMatchObject({ status: "error", reason: "rdap_bootstrap_unavailable" });
      if (result.status === "error") expect(result.message).toContain("loopback");
    } finally {
      await outside.close();
    }
  });

  it("uses the shipped IANA bootstrap plus the supplemental ccTLD list by default", async () => {
    const shipped = createEgress();
    try {
      expect(await shipped.rdap.serversFor("com")).toEqual(["https://rdap.verisign.com/com/v1/"]);
      expect(await shipped.rdap.serversFor("DE")).toEqual(["https://rdap.denic.de/"]);
      expect(await shipped.rdap.serversFor("es")).toEqual([]);
      expect(await shipped.rdap.lookupDomain("example.es")).toEqual({ status: "no_rdap", tld: "es" });
    } finally {
      await shipped.close();
    }
  });
});
