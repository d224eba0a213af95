import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgress, type Egress } from "../net/index.js";
import { createResolver, type EgressResolver } from "./resolver.js";
import { startTestDns, type TestAnswer, type TestDns } from "./testing/dns-server.js";

// Loopback plan for this file: the DNS server on 127.88.6.53.
let dns: TestDns;
let resolver: EgressResolver;
let egress: Egress;

function zone(name: string): TestAnswer {
  switch (name) {
    case "full.test":
      return {
        records: [
          { type: "A", address: "192.0.2.10" },
          { type: "A", address: "192.0.2.11" },
          { type: "AAAA", address: "2001:db8::10" },
          { type: "MX", priority: 10, exchange: "mx.full.test" },
          { type: "NS", name: "ns1.full.test" },
          { type: "TXT", text: "v=spf1 -all" },
        ],
      };
    case "www.full.test":
      return { records: [{ type: "CNAME", name: "full.test" }] };
    case "v6only.test":
      return { records: [{ type: "AAAA", address: "2001:db8::6" }] };
    case "empty.test":
      return { records: [] };
    case "broken.test":
      return { rcode: 2 };
    case "silent.test":
      return { drop: true };
    default:
      return { rcode: 3 };
  }
}

beforeAll(async () => {
  dns = await startTestDns("127.88.6.53", zone);
  resolver = createResolver({ servers: [dns.server], timeoutMs: 300, tries: 1 });
  egress = createEgress({ dnsServers: [dns.server], dnsTimeoutMs: 300, dnsTries: 1 });
});

afterAll(async () => {
  resolver?.close();
  await egress?.close();
  await dns?.close();
});

describe("resolver", () => {
  it("asks the configured servers", () => {
    expect(resolver.servers).toEqual([dns.server]);
    const system = createResolver({ timeoutMs: 100, tries: 1 });
    expect(system.servers).toEqual([]);
    system.close();
  });

  it("answers every record type", async () => {
    expect(await resolver.query("full.test", "A")).toEqual({
      ok: true,
      records: [
        { address: "192.0.2.10", ttl: 60 },
        { address: "192.0.2.11", ttl: 60 },
      ],
    });
    expect(await resolver.query("full.test", "AAAA")).toEqual({
      ok: true,
      records: [{ address: "2001:db8::10", ttl: 60 }],
    });
    expect(await resolver.query("full.test", "MX")).toEqual({
      ok: true,
      records: [{ exchange: "mx.full.test", priority: 10 }],
    });
    expect(await resolver.query("full.test", "NS")).toEqual({ ok: true, records: ["ns1.full.test"] });
    expect(await resolver.query("full.test", "TXT")).toEqual({ ok: true, records: ["v=spf1 -all"] });
    expect(await resolver.query("www.full.test", "CNAME")).toEqual({ ok: true, records: ["full.test"] });
  });

  it.each([
    ["missing.test", "nxdomain"],
    ["empty.test", "no_data"],
    ["silent.test", "timeout"],
    ["broken.test", "error"],
  ])("tells %s apart as %s", async (name, kind) => {
    const result = await resolver.query(name, "A");
    expect(result).toMatchObject({ ok: false, kind });
    if (!result.ok) expect(result.message).toContain(name);
  });

  it("combines A and AAAA, IPv4 first", async () => {
    expect(await resolver.resolveAddresses("full.test")).toEqual({
      ok: true,
      addresses: [
        { address: "192.0.2.10", family: 4 },
        { address: "192.0.2.11", family: 4 },
        { address: "2001:db8::10", family: 6 },
      ],
    });
    expect(await resolver.resolveAddresses("v6only.test")).toEqual({
      ok: true,
      addresses: [{ address: "2001:db8::6", family: 6 }],
    });
    expect(await resolver.resolveAddresses("missing.test")).toMatchObject({ ok: false, kind: "nxdomain" });
    expect(await resolver.resolveAddresses("empty.test")).toMatchObject({ ok: false, kind: "no_data" });
  });

  it("stops waiting when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = resolver.query("silent.test", "A", controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: "timeout" });
  });

  it("builds a DNS profile of a domain", async () => {
    const profile = await egress.dns("FULL.test.");
    expect(profile.name).toBe("full.test");
    expect(profile.existence).toBe("exists");
    expect(profile.records.MX).toMatchObject({ ok: true });
    expect(profile.records.CNAME).toMatchObject({ ok: false, kind: "no_data" });
    expect((await egress.dns("missing.test")).existence).toBe("nxdomain");
    expect((await egress.dns("silent.test")).existence).toBe("unknown");
  });
});
