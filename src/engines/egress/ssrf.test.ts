import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgress, type Egress } from "../net/index.js";
import { startTestDns, type TestAnswer, type TestDns } from "./testing/dns-server.js";
import { startTestServer, type TestServer } from "./testing/servers.js";
import { literalSsrfCases } from "./testing/ssrf-cases.js";

// Loopback plan for this file: allowlisted servers on 127.88.1.0/24; the canary on 127.0.0.1 (not allowlisted).
const ALLOWED_HOST = "127.88.1.10";
const DNS_HOST = "127.88.1.53";

let canary: TestServer;
let allowed: TestServer;
let dns: TestDns;
let egress: Egress;
let strict: Egress;
let P = 0;

function zone(name: string, type: string, count: number): TestAnswer {
  const a = (address: string): TestAnswer => ({ records: type === "A" ? [{ type: "A", address }] : [] });
  switch (name) {
    case "internal.test":
      return a("127.0.0.1");
    case "private10.test":
      return a("10.0.0.1");
    case "metadata.test":
      return a("169.254.169.254");
    case "cgnat.test":
      return a("100.64.0.1");
    case "v6loop.test":
      return { records: [{ type: "AAAA", address: "::1" }] };
    case "mapped.test":
      return { records: [{ type: "AAAA", address: "::ffff:127.0.0.1" }] };
    case "mixed.test":
      return {
        records: [
          { type: "A", address: ALLOWED_HOST },
          { type: "A", address: "127.0.0.1" },
        ],
      };
    case "cname.test":
      return {
        records: [
          { type: "CNAME", name: "internal.test" },
          { type: "A", address: "127.0.0.1" },
        ],
      };
    case "public.test":
      return a(ALLOWED_HOST);
    case "rebind.test":
    case "rebind2.test":
      // First answer passes the policy; every later answer points at the canary.
      return a(type === "A" && count === 1 ? ALLOWED_HOST : "127.0.0.1");
    case "nodata.test":
      return { records: [] };
    case "slow.test":
      return { drop: true };
    default:
      return { rcode: 3 };
  }
}

beforeAll(async () => {
  canary = await startTestServer("127.0.0.1", (_req, res) => res.end("canary"));
  P = canary.port;
  allowed = await startTestServer(ALLOWED_HOST, (req, res) => {
    const redirects: Record<string, string> = {
      "/redirect-loopback": `http://127.0.0.1:${P}/`,
      "/redirect-decimal": `http://2130706433:${P}/`,
      "/redirect-mapped": `http://[::ffff:127.0.0.1]:${P}/`,
      "/redirect-name": `http://internal.test:${P}/`,
      "/redirect-metadata": "http://169.254.169.254/latest/meta-data/",
      "/redirect-file": "file:///etc/passwd",
      "/redirect-gopher": `gopher://127.0.0.1:${P}/_GET`,
      "/redirect-self": "/",
    };
    const location = redirects[req.url ?? ""];
    if (location) {
      res.writeHead(302, { location });
      res.end();
      return;
    }
    res.end(`allowed:${req.headers.host ?? ""}:${req.headers.authorization ?? "no-auth"}`);
  });
  dns = await startTestDns(DNS_HOST, zone);
  const common = {
    dnsServers: [dns.server],
    dnsTimeoutMs: 300,
    dnsTries: 1,
    connectTimeoutMs: 1000,
    readTimeoutMs: 2000,
  };
  egress = createEgress({ ...common, allowCidrs: ["127.88.1.0/24"] });
  strict = createEgress(common);
});

afterAll(async () => {
  await egress?.close();
  await strict?.close();
  await Promise.all([canary?.close(), allowed?.close(), dns?.close()]);
});

async function expectRefused(url: string, reason: string, gate: () => Egress = () => egress): Promise<void> {
  const result = await gate().fetch(url);
  expect(result.ok, `${url} was fetched`).toBe(false);
  if (!result.ok) {
    expect(result.reason, `${url}: ${result.detail ?? result.message}`).toBe(reason);
    expect(result.message.length).toBeGreaterThan(10);
  }
}

describe("SSRF battery: every attempt is refused and the canary is never reached", () => {
  // Built lazily: the canary's port P is known only once beforeAll ran.
  it.each(literalSsrfCases(0).map(([label], i) => [label, i] as const))("refuses %s", async (_label, i) => {
    const [, url, reason] = literalSsrfCases(P)[i] ?? ["", "", ""];
    await expectRefused(url, reason);
  });

  const dnsCases: Array<[string, () => string, string]> = [
    ["a name resolving to loopback", () => `http://internal.test:${P}/`, "blocked_loopback"],
    ["a name resolving to 10/8", () => "http://private10.test/", "blocked_private_address"],
    ["a name resolving to metadata", () => "http://metadata.test/", "blocked_metadata_address"],
    ["a name resolving to CGNAT", () => "http://cgnat.test/", "blocked_private_address"],
    ["a name with AAAA ::1", () => `http://v6loop.test:${P}/`, "blocked_loopback"],
    ["a name with mapped AAAA", () => `http://mapped.test:${P}/`, "blocked_loopback"],
    ["a name mixing allowed and loopback", () => `http://mixed.test:${P}/`, "blocked_loopback"],
    ["a CNAME to an internal name", () => `http://cname.test:${P}/`, "blocked_loopback"],
    ["a name with a trailing dot", () => `http://internal.test.:${P}/`, "blocked_loopback"],
    ["NXDOMAIN", () => "http://nx.test/", "dns_nxdomain"],
    ["no address records", () => "http://nodata.test/", "dns_no_data"],
    ["a DNS server that never answers", () => "http://slow.test/", "dns_timeout"],
  ];

  it.each(dnsCases)("refuses %s", async (_label, url, reason) => {
    await expectRefused(url(), reason);
  });

  const schemeCases: Array<[string, () => string, string]> = [
    ["file:", () => "file:///etc/passwd", "blocked_scheme"],
    ["gopher:", () => `gopher://127.0.0.1:${P}/_GET%20/`, "blocked_scheme"],
    ["data:", () => "data:text/html,<h1>hi</h1>", "blocked_scheme"],
    ["ftp:", () => `ftp://127.0.0.1:${P}/`, "blocked_scheme"],
    ["dict:", () => `dict://127.0.0.1:${P}/`, "blocked_scheme"],
    ["ws:", () => `ws://127.0.0.1:${P}/`, "blocked_scheme"],
    ["javascript:", () => "javascript:alert(1)", "blocked_scheme"],
    ["not a URL", () => "http://", "invalid_url"],
    ["userinfo before loopback", () => `http://evil.com@127.0.0.1:${P}/`, "blocked_loopback"],
    ["fragment hiding the host", () => `http://127.0.0.1:${P}#@evil.com/`, "blocked_loopback"],
    ["backslash hiding the host", () => `http://127.0.0.1:${P}\\@evil.com/`, "blocked_loopback"],
    ["credentials and decimal host", () => `http://user:pass@2130706433:${P}/`, "blocked_loopback"],
  ];

  it.each(schemeCases)("refuses %s", async (_label, url, reason) => {
    await expectRefused(url(), reason);
  });

  it.each([
    ["a public address on port 22", "http://8.8.8.8:22/"],
    ["a mapped public address on port 25", "http://[::ffff:8.8.8.8]:25/"],
    ["a public address on port 6379", "https://1.1.1.1:6379/"],
  ])("refuses %s before connecting", async (_label, url) => {
    await expectRefused(url, "blocked_port");
    await expectRefused(url, "blocked_port", () => strict);
  });

  it("refuses credentials outright when configured to", async () => {
    const refusing = createEgress({
      dnsServers: [dns.server],
      allowCidrs: ["127.88.1.0/24"],
      userinfo: "refuse",
    });
    try {
      const result = await refusing.fetch(`http://user:secret@${ALLOWED_HOST}:${allowed.port}/`);
      expect(result).toMatchObject({ ok: false, reason: "blocked_userinfo" });
    } finally {
      await refusing.close();
    }
  });

  it("strips credentials by default and never sends them", async () => {
    const result = await egress.fetch(`http://user:secret@${ALLOWED_HOST}:${allowed.port}/`);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.body.toString()).toBe(`allowed:${ALLOWED_HOST}:${allowed.port}:no-auth`);
      expect(result.url).toBe(`http://${ALLOWED_HOST}:${allowed.port}/`);
    }
  });

  it.each([
    ["/redirect-loopback", "blocked_loopback"],
    ["/redirect-decimal", "blocked_loopback"],
    ["/redirect-mapped", "blocked_loopback"],
    ["/redirect-name", "blocked_loopback"],
    ["/redirect-metadata", "blocked_metadata_address"],
    ["/redirect-file", "blocked_scheme"],
    ["/redirect-gopher", "blocked_scheme"],
  ])("refuses a redirect from an allowlisted server to %s", async (path, reason) => {
    const result = await egress.fetch(`http://${ALLOWED_HOST}:${allowed.port}${path}`);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) {
      expect(result.hops[0]).toMatchObject({ status: 302, address: ALLOWED_HOST });
      expect(result.hops[1]).toMatchObject({ status: null, reason });
    }
  });

  it("refuses a connect-to rule that points at a blocked address", async () => {
    const mapped = createEgress({
      dnsServers: [dns.server],
      allowCidrs: ["127.88.1.0/24"],
      connectTo: `public.test:80=127.0.0.1:${P}`,
    });
    try {
      const result = await mapped.fetch("http://public.test/");
      expect(result).toMatchObject({ ok: false, reason: "blocked_loopback" });
      if (!result.ok) expect(result.detail).toContain("connect-to");
    } finally {
      await mapped.close();
    }
  });

  it("connects to the checked address only when DNS rebinds between lookups", async () => {
    const first = await egress.fetch(`http://rebind.test:${allowed.port}/`);
    expect(first.ok).toBe(true);
    if (first.ok) {
      expect(first.body.toString()).toBe(`allowed:rebind.test:${allowed.port}:no-auth`);
      expect(first.hops[0]).toMatchObject({ address: ALLOWED_HOST, resolvedAddress: ALLOWED_HOST });
    }
    // DNS now answers loopback: the same name is refused, never connected.
    await expectRefused(`http://rebind.test:${allowed.port}/`, "blocked_loopback");
    expect(dns.queries.filter((q) => q.name === "rebind.test" && q.type === "A").length).toBe(2);
  });

  it("checks every redirect hop again, even to the same host", async () => {
    const result = await egress.fetch(`http://rebind2.test:${allowed.port}/redirect-self`);
    expect(result).toMatchObject({ ok: false, reason: "blocked_loopback" });
    if (!result.ok) {
      expect(result.hops.map((h) => h.status)).toEqual([302, null]);
      expect(result.hops[0]?.address).toBe(ALLOWED_HOST);
    }
  });

  it("refuses a TLS probe of a loopback literal and of a name resolving to loopback", async () => {
    expect(await egress.probeTls("2130706433", { port: P })).toMatchObject({
      ok: false,
      reason: "blocked_loopback",
    });
    expect(await egress.probeTls("internal.test", { port: P })).toMatchObject({
      ok: false,
      reason: "blocked_loopback",
    });
    expect(await egress.probeTls("[::ffff:7f00:1]", { port: P })).toMatchObject({
      ok: false,
      reason: "blocked_loopback",
    });
  });

  it("reports a policy check without connecting", async () => {
    expect(await egress.policy.checkUrl(`http://0x7f.1:${P}/`)).toMatchObject({
      ok: false,
      reason: "blocked_loopback",
    });
    expect(await egress.policy.checkUrl(`http://public.test:${allowed.port}/x`)).toMatchObject({
      ok: true,
      address: ALLOWED_HOST,
      url: `http://public.test:${allowed.port}/x`,
    });
  });

  it("never let a single connection reach the canary", () => {
    expect(canary.connections).toBe(0);
    expect(canary.requests).toEqual([]);
  });
});
