import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.js";
import { startWorld, type World } from "../../../world/index.js";
import { type BrowserPool, createBrowserPool } from "../../browser/index.js";
import { literalSsrfCases } from "../../egress/testing/ssrf-cases.js";
import { createAsnLookup } from "../../net/asn.js";
import { createEgress, type Egress } from "../../net/index.js";
import { captureUrl } from "./index.js";

/**
 * The egress gate's SSRF battery again, through the browser path of a URL scan: every address literal is
 * scanned directly and reached through an HTTP redirect from an allowed server, in real Chromium behind the
 * gate's proxy. Each scan must end `blocked`, and the loopback canary must never see a connection.
 */
let world: World;
let egress: Egress;
let browser: BrowserPool;
let canary: Server;
let canaryHits = 0;
let relay: Server;
let relayBase = "";
let P = 0;
const asn = createAsnLookup();

/** An allowed server inside the world's range (third octet 250: no site is allocated there). */
const RELAY_HOST = "127.77.250.1";

beforeAll(async () => {
  canary = createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => {
    canaryHits += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  P = (canary.address() as AddressInfo).port;
  relay = createServer((req, res) => {
    const target = new URL(req.url ?? "/", "http://relay.invalid").searchParams.get("to");
    // A Location header is ASCII: non-ASCII (the full-width digits) goes percent-encoded, as servers send it.
    const location = target?.replace(/[^\x20-\x7e]/g, (c) => encodeURIComponent(c));
    res.writeHead(location ? 302 : 404, location ? { location } : {});
    res.end();
  });
  await new Promise<void>((resolve) => relay.listen(0, RELAY_HOST, resolve));
  relayBase = `http://${RELAY_HOST}:${(relay.address() as AddressInfo).port}`;
  world = await startWorld();
  const config = loadConfig({ ...world.env });
  egress = createEgress(config.egress);
  browser = createBrowserPool({ egress, extraCaPem: config.egress.extraCaPem });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await egress?.close();
  await world?.stop();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

async function scan(url: string) {
  const { capture } = await captureUrl({ browser, egress, asn }, url, { timeoutMs: 8_000 });
  return capture;
}

describe("the SSRF battery through the browser path of a scan", () => {
  it("refuses every address literal, scanned directly", async () => {
    const escaped: string[] = [];
    for (const [label, url] of literalSsrfCases(P)) {
      let outcome: string;
      try {
        outcome = (await scan(url)).outcome;
      } catch (err) {
        // The scan's own URL check refusing the input is a refusal too (the API answers 400 invalid_url).
        outcome = `rejected: ${(err as Error).name}`;
      }
      if (outcome !== "blocked" && !outcome.startsWith("rejected"))
        escaped.push(`${label} (${url}): ${outcome}`);
    }
    expect(escaped).toEqual([]);
    expect(canaryHits).toBe(0);
  }, 300_000);

  it("refuses every address literal reached through a redirect", async () => {
    const escaped: string[] = [];
    for (const [label, url] of literalSsrfCases(P)) {
      const capture = await scan(`${relayBase}/go?to=${encodeURIComponent(url)}`);
      if (capture.outcome !== "blocked") escaped.push(`${label} (${url}): ${capture.outcome}`);
    }
    expect(escaped).toEqual([]);
    expect(canaryHits).toBe(0);
  }, 300_000);
});
