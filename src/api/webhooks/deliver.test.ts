import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDns, type TestAnswer, type TestDns } from "../../engines/egress/testing/dns-server.js";
import { startTestServer, type TestServer } from "../../engines/egress/testing/servers.js";
import { literalSsrfCases } from "../../engines/egress/testing/ssrf-cases.js";
import { createEgress, type Egress } from "../../engines/net/index.js";
import { attemptDelivery } from "./deliver.js";
import { verify } from "./signing.js";

/*
 * The SSRF battery, for webhook deliveries: an endpoint URL is chosen by a customer, so every delivery goes
 * through the egress gate like a scan's page does. Loopback plan of this file: the allowlisted receiver on
 * 127.88.2.10, the DNS server on 127.88.2.53, the canary on 127.0.0.1 (never allowlisted, never reached).
 */

const RECEIVER_HOST = "127.88.2.10";
const DNS_HOST = "127.88.2.53";
const KEY = Buffer.alloc(32, 7).toString("base64");

let canary: TestServer;
let receiver: TestServer;
let dns: TestDns;
let egress: Egress;
let P = 0;
const bodies: string[] = [];

function zone(name: string, type: string, count: number): TestAnswer {
  const a = (address: string): TestAnswer => ({ records: type === "A" ? [{ type: "A", address }] : [] });
  switch (name) {
    case "hooks.test":
      return a(RECEIVER_HOST);
    case "internal.test":
      return a("127.0.0.1");
    case "metadata.test":
      return a("169.254.169.254");
    case "private.test":
      return a("10.1.2.3");
    case "mixed.test":
      return {
        records: [
          { type: "A", address: RECEIVER_HOST },
          { type: "A", address: "127.0.0.1" },
        ],
      };
    case "rebind.test":
      // The first answer passes the policy; every later one points at the canary.
      return a(type === "A" && count === 1 ? RECEIVER_HOST : "127.0.0.1");
    default:
      return { rcode: 3 };
  }
}

beforeAll(async () => {
  canary = await startTestServer("127.0.0.1", (_req, res) => res.end("canary"));
  P = canary.port;
  receiver = await startTestServer(RECEIVER_HOST, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const redirects: Record<string, string> = {
        "/to-loopback": `http://127.0.0.1:${P}/`,
        "/to-metadata": "http://169.254.169.254/latest/meta-data/",
        "/to-internal-name": `http://internal.test:${P}/`,
      };
      const location = redirects[req.url ?? ""];
      if (location) {
        res.writeHead(307, { location });
        res.end();
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      bodies.push(body);
      const ok = verify(
        KEY,
        {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        },
        body,
        Math.floor(Date.now() / 1000),
      );
      res.writeHead(ok ? 200 : 401);
      res.end();
    });
  });
  dns = await startTestDns(DNS_HOST, zone);
  egress = createEgress({
    dnsServers: [dns.server],
    dnsTimeoutMs: 300,
    dnsTries: 1,
    connectTimeoutMs: 1000,
    readTimeoutMs: 2000,
    allowCidrs: ["127.88.2.0/24"],
  });
});

afterAll(async () => {
  await egress?.close();
  await Promise.all([canary?.close(), receiver?.close(), dns?.close()]);
});

const deliver = (url: string) =>
  attemptDelivery((u, o) => egress.fetch(u, o), {
    id: "5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c0d",
    url,
    body: '{"type":"scan.completed","timestamp":"2026-11-28T00:00:00.000Z","data":{}}',
    keys: [KEY],
  });

describe("webhook deliveries through the egress gate", () => {
  it("delivers a signed POST to an allowed receiver by name", async () => {
    const outcome = await deliver(`http://hooks.test:${receiver.port}/hook`);
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(bodies.at(-1)).toContain('"scan.completed"');
  });

  it.each(literalSsrfCases(0).map(([label], i) => [label, i] as const))("refuses %s", async (_label, i) => {
    const [, url, reason] = literalSsrfCases(P)[i] ?? ["", "", ""];
    const outcome = await deliver(url);
    expect(outcome.ok).toBe(false);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error?.startsWith(`${reason}:`), outcome.error ?? "").toBe(true);
  });

  it.each([
    ["a name resolving to loopback", () => `http://internal.test:${P}/`, "blocked_loopback"],
    ["a name resolving to metadata", () => "http://metadata.test/", "blocked_metadata_address"],
    ["a name resolving to 10/8", () => "http://private.test/", "blocked_private_address"],
    ["a name mixing allowed and loopback", () => `http://mixed.test:${P}/`, "blocked_loopback"],
    ["a scheme other than http(s)", () => `gopher://127.0.0.1:${P}/_POST`, "blocked_scheme"],
    ["credentials before loopback", () => `http://hooks.test@127.0.0.1:${P}/`, "blocked_loopback"],
  ])("refuses %s", async (_label, url, reason) => {
    const outcome = await deliver(url());
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.startsWith(`${reason}:`), outcome.error ?? "").toBe(true);
  });

  it.each(["/to-loopback", "/to-metadata", "/to-internal-name"])(
    "never follows a redirect (%s): the 307 is the attempt's failed answer",
    async (path) => {
      const outcome = await deliver(`http://hooks.test:${receiver.port}${path}`);
      expect(outcome).toMatchObject({ ok: false, statusCode: 307 });
      expect(outcome.error).toContain("redirects are not followed");
    },
  );

  it("connects only to the checked address when DNS rebinds between attempts", async () => {
    expect(await deliver(`http://rebind.test:${receiver.port}/hook`)).toMatchObject({ ok: true });
    const second = await deliver(`http://rebind.test:${receiver.port}/hook`);
    expect(second.ok).toBe(false);
    expect(second.error?.startsWith("blocked_loopback:")).toBe(true);
  });

  it("never let a single connection reach the canary", () => {
    expect(canary.connections).toBe(0);
    expect(canary.requests).toEqual([]);
  });
});
