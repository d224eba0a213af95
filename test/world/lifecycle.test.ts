import { createSocket } from "node:dgram";
import { Resolver } from "node:dns/promises";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { FIXTURE_SITES, fetchWorld, route } from "./support.js";

/** Active handles and requests; timers are compared separately since the test runner owns some of them. */
function resources(): string[] {
  return process
    .getActiveResourcesInfo()
    .filter((r) => r !== "Timeout" && r !== "Immediate")
    .sort();
}

function timers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

function listeningPorts(world: World): Array<{ host: string; port: number }> {
  const { dns, rdap, web, misbehaving } = world.addresses;
  return [
    dns,
    rdap,
    { host: web.host, port: web.httpPort },
    { host: web.host, port: web.httpsPort },
    ...misbehaving.flatMap((m) => [
      { host: m.address, port: m.httpPort },
      { host: m.address, port: m.httpsPort },
    ]),
  ];
}

async function connectCode(to: { host: string; port: number }): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(to);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function udpBindable(host: string, port: number): Promise<boolean> {
  const socket = createSocket("udp4");
  return new Promise((resolve) => {
    socket.once("error", () => {
      socket.close();
      resolve(false);
    });
    socket.bind({ address: host, port, exclusive: true }, () => socket.close(() => resolve(true)));
  });
}

/** Uses every kind of server once and leaves some connections hanging, as a real client would. */
async function exercise(world: World): Promise<void> {
  const dns = new Resolver({ timeout: 1000, tries: 1 });
  dns.setServers([world.env.DNS_SERVERS]);
  await dns.resolve4("valid-fixture.com");
  expect((await fetchWorld(world.env, "https://valid-fixture.com/")).status).toBe(200);
  expect((await fetchWorld(world.env, "http://valid-fixture.com/")).status).toBe(301);
  await new Promise<void>((resolve, reject) => {
    const req = request(
      `${world.addresses.rdap.baseUrl}domain/valid-fixture.com`,
      { agent: false },
      (res) => {
        res.resume();
        res.on("end", resolve);
      },
    );
    req.on("error", reject);
    req.end();
  });
  for (const hostname of ["slowloris-endpoint.com", "no-response.net"]) {
    const socket = connect(await route(world.env, hostname, 80), () =>
      socket.write("GET / HTTP/1.1\r\n\r\n"),
    );
    socket.on("error", () => {});
    socket.resume();
  }
  await settle();
}

describe("starting and stopping the world", () => {
  it("frees every socket, server, timer and temp file, twice in a row", async () => {
    const before = resources();
    const timersBefore = timers();
    for (let round = 0; round < 2; round++) {
      const world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
      const caDir = path.dirname(world.env.EXTRA_CA_FILE);
      expect(existsSync(world.env.EXTRA_CA_FILE)).toBe(true);
      await exercise(world);
      const stopped = Date.now();
      await world.stop();
      expect(Date.now() - stopped).toBeLessThan(2000);
      await settle();
      expect(existsSync(caDir)).toBe(false);
      for (const to of listeningPorts(world)) expect(await connectCode(to)).toBe("ECONNREFUSED");
      expect(await udpBindable(world.addresses.dns.host, world.addresses.dns.port)).toBe(true);
      // Closed handles leave the list on a later turn of the event loop.
      await vi.waitFor(() => expect(resources()).toEqual(before));
      expect(timers()).toBeLessThanOrEqual(timersBefore);
    }
  });

  it("lets two worlds run side by side", async () => {
    const [a, b] = await Promise.all([
      startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false }),
      startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false }),
    ]);
    try {
      expect(a.env.DNS_SERVERS).not.toBe(b.env.DNS_SERVERS);
      expect(a.env.WORLD_CA_SPKI_SHA256).not.toBe(b.env.WORLD_CA_SPKI_SHA256);
      expect((await fetchWorld(b.env, "https://plain-fixture.com/")).status).toBe(200);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("makes stop() idempotent", async () => {
    const world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
    await Promise.all([world.stop(), world.stop()]);
    await world.stop();
  });
});
