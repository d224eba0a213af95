import { connect } from "node:net";
import type DNS from "dns2";
import { Packet } from "dns2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { FIXTURE_SITES, parseConnectTo, worldResolver } from "./support.js";

let world: World;

beforeAll(async () => {
  world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
});

afterAll(async () => {
  await world.stop();
});

async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
}

describe("the world's DNS server", () => {
  it("is configured as one explicit 127.77.0.53 address and port", () => {
    expect(world.env.DNS_SERVERS).toMatch(/^127\.77\.0\.53:\d+$/);
  });

  it("answers A with a per-site address in 127.77.0.0/16, the same for aliases", async () => {
    const dns = worldResolver(world.env);
    const [apex] = await dns.resolve4("valid-fixture.com");
    expect(apex).toMatch(/^127\.77\.\d+\.\d+$/);
    expect(await dns.resolve4("www.valid-fixture.com")).toEqual([apex]);
    const [other] = await dns.resolve4("plain-fixture.com");
    expect(other).not.toBe(apex);
    expect(world.addresses.sites["valid-fixture.com"]).toBe(apex);
  });

  it("is case-insensitive", async () => {
    expect(await worldResolver(world.env).resolve4("Valid-Fixture.COM")).toEqual([
      world.addresses.sites["valid-fixture.com"],
    ]);
  });

  it("answers MX, NS and TXT from site.json, splitting long TXT strings", async () => {
    const dns = worldResolver(world.env);
    expect(await dns.resolveMx("valid-fixture.com")).toEqual(
      expect.arrayContaining([
        { exchange: "mx1.valid-fixture.com", priority: 10 },
        { exchange: "mx2.valid-fixture.com", priority: 20 },
      ]),
    );
    expect((await dns.resolveNs("valid-fixture.com")).sort()).toEqual([
      "ns1.fixture-dns.net",
      "ns2.fixture-dns.net",
    ]);
    const txt = await dns.resolveTxt("valid-fixture.com");
    expect(txt).toContainEqual(["v=spf1 -all"]);
    const long = txt.find((parts) => parts[0]?.startsWith("long-record="));
    expect(long?.map((p) => p.length)).toEqual([255, 35]);
  });

  it("resolves mail and name servers named below a site to an address with no CONNECT_TO rule", async () => {
    const dns = worldResolver(world.env);
    const [mx] = await dns.resolve4("mx1.valid-fixture.com");
    expect(mx).toMatch(/^127\.77\./);
    expect(parseConnectTo(world.env.CONNECT_TO).some((r) => r.host === mx)).toBe(false);
    expect(await errorCode(dns.resolve4("ns1.fixture-dns.net"))).toBe("ENOTFOUND");
  });

  it("delegates to the world's default nameservers, which resolve to the DNS server", async () => {
    const dns = worldResolver(world.env);
    expect((await dns.resolveNs("plain-fixture.com")).sort()).toEqual([
      "ns1.world-dns.net",
      "ns2.world-dns.net",
    ]);
    expect(await dns.resolve4("ns1.world-dns.net")).toEqual(["127.77.0.53"]);
  });

  it("answers NXDOMAIN for unknown names, subdomains of sites and nxdomain sites", async () => {
    const dns = worldResolver(world.env);
    expect(await errorCode(dns.resolve4("unknown-name.com"))).toBe("ENOTFOUND");
    expect(await errorCode(dns.resolve4("deep.valid-fixture.com"))).toBe("ENOTFOUND");
    expect(await errorCode(dns.resolve4("gone-fixture.com"))).toBe("ENOTFOUND");
    expect(await errorCode(dns.resolveMx("gone-fixture.com"))).toBe("ENOTFOUND");
  });

  it("has no AAAA data by default, and the site.json AAAA when given", async () => {
    const dns = worldResolver(world.env);
    expect(await errorCode(dns.resolve6("valid-fixture.com"))).toBe("ENODATA");
    expect(await dns.resolve6("shared-fixture.com")).toEqual(["fd00::77"]);
    expect(await dns.resolve4("shared-fixture.com")).toEqual(["127.77.0.10"]);
  });

  it("follows a CNAME to its target inside the world", async () => {
    const dns = worldResolver(world.env);
    expect(await dns.resolveCname("cname-fixture.com")).toEqual(["valid-fixture.com"]);
    expect(await dns.resolve4("cname-fixture.com")).toEqual([world.addresses.sites["valid-fixture.com"]]);
  });

  it("points an unreachable site at an address no CONNECT_TO rule maps", async () => {
    const [address] = await worldResolver(world.env).resolve4("down-fixture.com");
    expect(address).toMatch(/^127\.77\./);
    expect(parseConnectTo(world.env.CONNECT_TO).some((r) => r.host === address)).toBe(false);
  });

  it("answers over TCP, several queries on one connection", async () => {
    const frame = (name: string, id: number) => {
      const query = new Packet();
      query.header.id = id;
      query.questions.push(new Packet.Question(name, Packet.TYPE.A, Packet.CLASS.IN));
      const body = query.toBuffer();
      return Buffer.concat([Buffer.from([body.length >> 8, body.length & 0xff]), body]);
    };
    const answers = await new Promise<DNS.Packet[]>((resolve, reject) => {
      const received: DNS.Packet[] = [];
      let buffer = Buffer.alloc(0);
      const socket = connect(world.addresses.dns, () => socket.write(frame("valid-fixture.com", 1)));
      socket.on("data", (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2 && buffer.length >= 2 + buffer.readUInt16BE(0)) {
          const size = buffer.readUInt16BE(0);
          received.push(Packet.parse(buffer.subarray(2, 2 + size)));
          buffer = buffer.subarray(2 + size);
          if (received.length === 1) socket.write(frame("unknown-name.com", 2));
          else socket.end();
        }
      });
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answers.map((a) => a.header.id)).toEqual([1, 2]);
    expect(answers[0]?.answers.map((r) => r.address)).toEqual([world.addresses.sites["valid-fixture.com"]]);
    expect(answers[1]?.header.rcode).toBe(3);
  });

  it("listens on its own address only", async () => {
    const refused = await new Promise<string | undefined>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port: world.addresses.dns.port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
