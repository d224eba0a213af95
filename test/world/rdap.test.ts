import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REGISTRAR, startWorld, type World } from "../../src/world/index.js";
import { FIXTURE_SITES } from "./support.js";

const NOW = new Date("2026-03-10T12:00:00.000Z");
let world: World;

beforeAll(async () => {
  world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false, now: NOW });
});

afterAll(async () => {
  await world.stop();
});

interface RdapEvent {
  eventAction: string;
  eventDate: string;
}
interface RdapEntity {
  roles: string[];
  vcardArray: [string, Array<[string, object, string, string]>];
}
interface RdapDomain {
  objectClassName: string;
  ldhName: string;
  status: string[];
  events: RdapEvent[];
  entities: RdapEntity[];
  nameservers: Array<{ ldhName: string }>;
  errorCode?: number;
}

async function bootstrapBase(): Promise<string> {
  const res = await fetch(world.env.RDAP_BOOTSTRAP_URL);
  const body = (await res.json()) as { services: Array<[string[], string[]]> };
  const url = body.services[0]?.[1][0];
  if (!url) throw new Error("no RDAP service in the bootstrap file");
  return url;
}

async function lookup(name: string): Promise<{ status: number; type: string | null; body: RdapDomain }> {
  const res = await fetch(`${await bootstrapBase()}domain/${name}`);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    body: (await res.json()) as RdapDomain,
  };
}

const event = (d: RdapDomain, action: string) => d.events.find((e) => e.eventAction === action)?.eventDate;
const vcardValue = (e: RdapEntity | undefined, key: string) =>
  e?.vcardArray[1].find((f) => f[0] === key)?.[3];
const entity = (d: RdapDomain, role: string) => d.entities.find((e) => e.roles.includes(role));

describe("the world's RDAP service", () => {
  it("publishes an RFC 9224 bootstrap file listing every TLD of the world", async () => {
    expect(world.env.RDAP_BOOTSTRAP_URL).toMatch(/^http:\/\/127\.77\.0\.2:\d+\/bootstrap\/dns\.json$/);
    const res = await fetch(world.env.RDAP_BOOTSTRAP_URL);
    const body = (await res.json()) as { version: string; services: Array<[string[], string[]]> };
    expect(body.version).toBe("1.0");
    expect(body.services).toHaveLength(1);
    const [tlds, urls] = body.services[0] ?? [[], []];
    expect(tlds).toEqual(["com", "net", "org"]);
    expect(urls).toEqual([`http://127.77.0.2:${world.addresses.rdap.port}/rdap/`]);
  });

  it("answers a site with its registration, expiry, registrar, registrant, status and nameservers", async () => {
    const { status, type, body } = await lookup("valid-fixture.com");
    expect(status).toBe(200);
    expect(type).toBe("application/rdap+json");
    expect(body.objectClassName).toBe("domain");
    expect(body.ldhName).toBe("valid-fixture.com");
    expect(event(body, "registration")).toBe("2026-03-07T12:00:00.000Z");
    expect(event(body, "expiration")).toBe("2028-03-07T12:00:00.000Z");
    expect(event(body, "last changed")).toBe("2026-03-07T12:00:00.000Z");
    expect(vcardValue(entity(body, "registrar"), "fn")).toBe("Fixture Registrar LLC");
    expect(vcardValue(entity(body, "registrant"), "org")).toBe("Fixture Holdings Ltd.");
    expect(body.status).toEqual(["client transfer prohibited", "client update prohibited"]);
    expect(body.nameservers.map((n) => n.ldhName)).toEqual(["ns1.fixture-dns.net", "ns2.fixture-dns.net"]);
  });

  it("applies the defaults: a year old, two-year term, default registrar, registrant redacted", async () => {
    const { body } = await lookup("PLAIN-fixture.com");
    expect(event(body, "registration")).toBe("2025-03-10T12:00:00.000Z");
    expect(event(body, "expiration")).toBe("2027-03-10T12:00:00.000Z");
    expect(vcardValue(entity(body, "registrar"), "fn")).toBe(DEFAULT_REGISTRAR);
    expect(entity(body, "registrant")).toBeUndefined();
    expect(body.status).toEqual(["client transfer prohibited"]);
    expect(body.nameservers.map((n) => n.ldhName)).toEqual(["ns1.world-dns.net", "ns2.world-dns.net"]);
  });

  it("reads absolute dates and reports the latest renewal as the last change", async () => {
    const { body } = await lookup("cloak-fixture.com");
    expect(event(body, "registration")).toBe("2024-02-29T00:00:00.000Z");
    expect(event(body, "last changed")).toBe("2026-02-28T00:00:00.000Z");
    expect(event(body, "expiration")).toBe("2027-02-28T00:00:00.000Z");
  });

  it("answers a registered name with the data of the shallowest site below it", async () => {
    const { status, body } = await lookup("sub-fixture.com");
    expect(status).toBe(200);
    expect(event(body, "registration")).toBe("2015-06-01T00:00:00.000Z");
    expect(vcardValue(entity(body, "registrar"), "fn")).toBe("Parent Registrar");
  });

  it("answers 404 with an RDAP error for unknown names, rdap:false sites and nxdomain sites", async () => {
    for (const name of ["unknown-name.com", "nordap-fixture.com", "gone-fixture.com"]) {
      const { status, type, body } = await lookup(name);
      expect(status).toBe(404);
      expect(type).toBe("application/rdap+json");
      expect(body.errorCode).toBe(404);
    }
  });

  it("knows the misbehaving endpoints", async () => {
    expect((await lookup("huge-body.org")).status).toBe(200);
  });
});
