import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KeyAndCert, WorldCA } from "../../world/ca.js";
import { startTestDns, type TestDns } from "../egress/testing/dns-server.js";
import { startTcpServer, startTestServer, type TestServer } from "../egress/testing/servers.js";
import { createEgress, type Egress } from "./index.js";

// Loopback plan for this file: 127.88.3.0/24, one server per certificate.
const DAY = 86_400_000;
const HOSTS = {
  valid: "127.88.3.10",
  expired: "127.88.3.11",
  future: "127.88.3.12",
  self: "127.88.3.13",
  wrong: "127.88.3.14",
  recent: "127.88.3.15",
  foreign: "127.88.3.16",
  plain: "127.88.3.17",
  silent: "127.88.3.18",
} as const;
type Site = keyof typeof HOSTS;

const servers: Array<{ close(): Promise<void> }> = [];
const ports = {} as Record<Site, number>;
let dns: TestDns;
let egress: Egress;
let noExtraCa: Egress;
let caPem = "";

async function serve(site: Site, cert: KeyAndCert | null): Promise<void> {
  const server: TestServer = await startTestServer(
    HOSTS[site],
    (_req, res) => res.end(site),
    cert ?? undefined,
  );
  servers.push(server);
  ports[site] = server.port;
}

beforeAll(async () => {
  const now = Date.now();
  const ca = new WorldCA(new Date(now), "DomainLens Test CA");
  caPem = ca.certPem;
  const other = new WorldCA(new Date(now), "Unknown CA");
  // Issued 30 days ago, expiring in 60: what the valid certificate's day counts are checked against.
  const usual = { notBefore: new Date(now - 30 * DAY), notAfter: new Date(now + 60 * DAY) };
  await serve("valid", ca.issueLeaf({ names: ["valid.test", HOSTS.valid], ...usual }));
  await serve(
    "expired",
    ca.issueLeaf({
      names: ["expired.test"],
      notBefore: new Date(now - 400 * DAY),
      notAfter: new Date(now - 10 * DAY),
    }),
  );
  await serve(
    "future",
    ca.issueLeaf({
      names: ["future.test"],
      notBefore: new Date(now + 10 * DAY),
      notAfter: new Date(now + 100 * DAY),
    }),
  );
  await serve("self", ca.issueLeaf({ names: ["self.test"], ...usual, selfSigned: true }));
  await serve("wrong", ca.issueLeaf({ names: ["somewhere-else.test"], ...usual }));
  await serve(
    "recent",
    ca.issueLeaf({ ...usual, names: ["recent.test"], notBefore: new Date(now - 1.5 * DAY) }),
  );
  await serve("foreign", other.issueLeaf({ names: ["foreign.test"], ...usual }));
  await serve("plain", null);
  const silent = await startTcpServer(HOSTS.silent, () => {});
  servers.push(silent);
  ports.silent = silent.port;
  dns = await startTestDns("127.88.3.53", (name, type) => {
    const site = name.replace(/\.test$/, "") as Site;
    const address = HOSTS[site];
    if (!address) return { rcode: 3 };
    return { records: type === "A" ? [{ type: "A", address }] : [] };
  });
  const connectTo = (Object.keys(HOSTS) as Site[])
    .map((site) => `${site}.test:443=${HOSTS[site]}:${ports[site]}`)
    .join(",");
  const common = { dnsServers: [dns.server], allowCidrs: ["127.88.3.0/24"], connectTo, readTimeoutMs: 500 };
  egress = createEgress({ ...common, extraCaPem: caPem });
  noExtraCa = createEgress(common);
});

afterAll(async () => {
  await egress?.close();
  await noExtraCa?.close();
  await Promise.all([...servers.map((s) => s.close()), dns?.close()]);
});

describe("TLS probe", () => {
  it("trusts a certificate from the extra CA and reports the chain", async () => {
    const result = await egress.probeTls("valid.test");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({
      authorized: true,
      authorizationError: null,
      hostnameError: null,
      address: HOSTS.valid,
    });
    expect(result.flags).toEqual({
      expired: false,
      notYetValid: false,
      selfSigned: false,
      untrusted: false,
      hostnameMismatch: false,
      recentlyIssued: false,
    });
    expect(result.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(result.chain[0]).toMatchObject({
      commonName: "valid.test",
      dnsNames: ["valid.test"],
      ipAddresses: [HOSTS.valid],
    });
    expect(result.chain[0]?.issuer).toContain("DomainLens Test CA");
    expect(result.chain[0]?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(result.daysSinceIssued).toBe(30);
    expect(result.daysUntilExpiry).toBe(59);
  });

  it("uses the same trust store as fetch: without the extra CA the certificate is untrusted", async () => {
    const result = await noExtraCa.probeTls("valid.test");
    expect(result).toMatchObject({
      ok: true,
      authorized: false,
      flags: { untrusted: true, selfSigned: false },
    });
  });

  it("probes an IP literal against its IP SAN", async () => {
    const result = await egress.probeTls(HOSTS.valid, { port: ports.valid });
    expect(result).toMatchObject({ ok: true, authorized: true, flags: { hostnameMismatch: false } });
  });

  it.each([
    ["expired", { expired: true, untrusted: false }, "CERT_HAS_EXPIRED"],
    ["future", { notYetValid: true, untrusted: false }, "CERT_NOT_YET_VALID"],
    ["self", { selfSigned: true, untrusted: true }, "DEPTH_ZERO_SELF_SIGNED_CERT"],
    ["wrong", { hostnameMismatch: true, untrusted: false }, "ERR_TLS_CERT_ALTNAME_INVALID"],
    ["foreign", { untrusted: true, selfSigned: false }, "UNABLE_TO_VERIFY_LEAF_SIGNATURE"],
  ])("flags the %s certificate", async (site, flags, error) => {
    const result = await egress.probeTls(`${site}.test`);
    expect(result).toMatchObject({ ok: true, authorized: false, flags });
    if (result.ok) expect(result.authorizationError).toBe(error);
  });

  it("flags a recently issued certificate", async () => {
    const result = await egress.probeTls("recent.test");
    expect(result).toMatchObject({ ok: true, daysSinceIssued: 1, flags: { recentlyIssued: true } });
    const relaxed = await egress.probeTls("recent.test", { recentlyIssuedDays: 1 });
    expect(relaxed).toMatchObject({ ok: true, flags: { recentlyIssued: false } });
  });

  it("reports a server without TLS, a silent server and a refused port as typed failures", async () => {
    expect(await egress.probeTls("plain.test")).toMatchObject({
      ok: false,
      reason: "no_tls",
      host: "plain.test",
      port: 443,
    });
    expect(await egress.probeTls("silent.test")).toMatchObject({ ok: false, reason: "timeout_read" });
    expect(await egress.probeTls(HOSTS.valid, { port: 1 })).toMatchObject({
      ok: false,
      reason: "connection_refused",
    });
    expect(await egress.probeTls("missing.test")).toMatchObject({ ok: false, reason: "dns_nxdomain" });
    expect(await egress.probeTls("not a host")).toMatchObject({ ok: false, reason: "invalid_url" });
  });
});
