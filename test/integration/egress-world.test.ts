import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { createEgress, type Egress } from "../../src/engines/net/index.js";
import { type SiteSummary, startWorld, type World } from "../../src/world/index.js";

/**
 * The production egress gate, configured only through the environment the test world hands out,
 * against each kind of fixture the engines must tell apart.
 */
let world: World;
let egress: Egress;
const DAY = 86_400_000;

function site(hostname: string): SiteSummary {
  const found = world.sites.find((s) => s.hostname === hostname);
  if (!found) throw new Error(`no fixture ${hostname}`);
  return found;
}

beforeAll(async () => {
  world = await startWorld();
  const config = loadConfig({ ...world.env });
  egress = createEgress({ ...config.egress, totalTimeoutMs: 8_000, readTimeoutMs: 4_000 });
});

afterAll(async () => {
  await egress?.close();
  await world?.stop();
  // Nothing of the world is left listening.
  const { connect } = await import("node:net");
  const [dnsHost, dnsPort] = world.env.DNS_SERVERS.split(":");
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: dnsHost ?? "", port: Number(dnsPort) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
  expect(refused).toBe(true);
});

describe("the egress gate in the test world", () => {
  it("fetches a normal HTTPS site, following HTTP to HTTPS", async () => {
    const res = await egress.fetch("http://codewharf.dev/");
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.status).toBe(200);
    expect(res.url).toBe("https://codewharf.dev/");
    expect(res.hops.map((h) => h.status)).toEqual([301, 200]);
    expect(res.hops[1]?.resolvedAddress).toBe(site("codewharf.dev").a[0]);
    expect(res.contentType).toMatch(/text\/html/);
    expect(res.body.toString()).toMatch(/<title>[^<]+<\/title>/);
  });

  it("probes a valid certificate as trusted", async () => {
    const probe = await egress.probeTls("harborlinebank.com");
    expect(probe.ok).toBe(true);
    if (!probe.ok) return;
    expect(probe.authorized).toBe(true);
    expect(probe.flags).toMatchObject({
      expired: false,
      selfSigned: false,
      untrusted: false,
      hostnameMismatch: false,
    });
    expect(probe.chain[0]?.dnsNames).toContain("harborlinebank.com");
  });

  it.each([
    ["oldmill-hardware.com", "expired"],
    ["pinecrest-homelab.net", "selfSigned"],
    ["vantor-analytics.io", "hostnameMismatch"],
  ] as const)("flags the certificate of %s as %s, and a verifying fetch fails", async (hostname, flag) => {
    const probe = await egress.probeTls(hostname);
    expect(probe.ok).toBe(true);
    if (!probe.ok) return;
    expect(probe.authorized).toBe(false);
    expect(probe.flags[flag]).toBe(true);
    const res = await egress.fetch(`https://${hostname}/`);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.reason).toBe("tls_error");
  });

  it("reads RDAP registration facts, including a domain registered days ago", async () => {
    const established = await egress.rdap.lookupDomain("harborlinebank.com");
    expect(established.status).toBe("found");
    if (established.status === "found") {
      expect(established.domain.registeredAt?.slice(0, 10)).toBe(
        site("harborlinebank.com").created.toISOString().slice(0, 10),
      );
      expect(established.domain.registrar?.name).toBeTruthy();
    }
    const fresh = await egress.rdap.lookupDomain("brightkettle-coffee.com");
    expect(fresh.status).toBe("found");
    if (fresh.status === "found") {
      const age = Date.now() - Date.parse(fresh.domain.registeredAt ?? "");
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(7 * DAY);
    }
  });

  it("tells a parked domain by its name servers", async () => {
    const dns = await egress.dns("velvetorchard.com");
    expect(dns.existence).toBe("exists");
    expect(dns.records.NS.ok && dns.records.NS.records).toEqual(["ns1.bodis.com", "ns2.bodis.com"]);
  });

  it("reports NXDOMAIN and an unreachable host as distinct failures", async () => {
    const missing = await egress.fetch("https://quietbrook-studio.com/");
    expect(missing.ok === false && missing.reason).toBe("dns_nxdomain");
    expect((await egress.dns("quietbrook-studio.com")).existence).toBe("nxdomain");
    const down = await egress.fetch("https://tallowmere-games.com/");
    expect(down.ok === false && down.reason).toBe("connection_refused");
  });

  it("records a redirect chain across domains, hop by hop", async () => {
    const res = await egress.fetch("https://winter-deals-alert.top/");
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const hosts = res.hops.map((h) => new URL(h.url).hostname);
    expect(hosts).toEqual(["winter-deals-alert.top", "clk.adnimbus.xyz", "luxe-outlet-deals.shop"]);
    expect(res.hops.slice(0, -1).every((h) => h.status !== null && h.status >= 300 && h.status < 400)).toBe(
      true,
    );
  });

  it("follows a short link to its destination", async () => {
    const res = await egress.fetch("https://lnkf.to/spring");
    expect(res.ok).toBe(true);
    if (res.ok) expect(new URL(res.url).hostname).toBe("pebbleandpine.shop");
  });

  it("bounds misbehaving servers", async () => {
    const endless = await egress.fetch("https://endless-redirect.net/");
    expect(endless.ok === false && endless.reason).toBe("too_many_redirects");
    const huge = await egress.fetch("https://huge-body.org/", {
      maxBodyBytes: 1_000_000,
      onBodyTooLarge: "truncate",
    });
    expect(huge.ok && huge.truncated).toBe(true);
    if (huge.ok) expect(huge.body.length).toBeLessThanOrEqual(1_000_000);
    const reset = await egress.fetch("https://connection-reset.net/");
    expect(reset.ok).toBe(false);
    const slow = await egress.fetch("https://slowloris-endpoint.com/", { totalTimeoutMs: 1_500 });
    expect(slow.ok === false && slow.reason).toMatch(/^timeout_/);
  });

  it("still refuses everything outside the world's range", async () => {
    const res = await egress.fetch("http://127.0.0.1:8080/");
    expect(res.ok === false && res.reason).toBe("blocked_loopback");
  });

  it("tunnels a browser's CONNECT to a world site and refuses the host's own services", async () => {
    const blocked: string[] = [];
    const proxy = await egress.startProxy({ onBlocked: (e) => blocked.push(e.reason ?? "") });
    try {
      const { request } = await import("node:http");
      const status = (target: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request({ host: "127.0.0.1", port: proxy.port, method: "CONNECT", path: target });
          req.once("connect", (res, socket) => {
            socket.destroy();
            resolve(res.statusCode ?? 0);
          });
          req.once("error", reject);
          req.end();
        });
      expect(await status("codewharf.dev:443")).toBe(200);
      expect(await status("127.0.0.1:5432")).toBe(403);
      expect(blocked).toEqual(["blocked_loopback"]);
    } finally {
      await proxy.close();
    }
  });
});
