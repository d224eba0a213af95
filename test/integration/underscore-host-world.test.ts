import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { parseTarget } from "../../src/engines/domain/index.js";
import { createEgress, type Egress } from "../../src/engines/net/index.js";
import { startWorld, type World } from "../../src/world/index.js";

/**
 * A host name with an underscore in a label (`kucoinlogin_io.netlify.app`) goes through the input parser,
 * the egress gate, the resolver, TLS and the test internet's DNS unchanged.
 */
const HOST = "kucoinlogin_io.netlify.app";
let corpus: string;
let world: World;
let egress: Egress;

beforeAll(async () => {
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-underscore-sites-"));
  mkdirSync(path.join(corpus, HOST));
  writeFileSync(
    path.join(corpus, HOST, "index.html"),
    "<!doctype html><title>KuCoin Login</title><p>Sign in</p>",
  );
  world = await startWorld({ sitesDir: corpus });
  egress = createEgress({ ...loadConfig({ ...world.env }).egress, totalTimeoutMs: 8_000 });
});

afterAll(async () => {
  await egress?.close();
  await world?.stop();
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

describe("an underscore host name end to end", () => {
  it("is parsed, and allowed by the egress policy, without being changed", async () => {
    const parsed = parseTarget("https://KuCoinLogin_IO.netlify.app/");
    expect(parsed).toMatchObject({
      ok: true,
      href: `https://${HOST}/`,
      host: { kind: "domain", hostname: HOST },
    });
    const site = world.sites.find((s) => s.hostname === HOST);
    const plan = await egress.policy.checkUrl("https://KuCoinLogin_IO.netlify.app/login");
    expect(plan).toMatchObject({ ok: true, url: `https://${HOST}/login`, servername: HOST });
    if (plan.ok) expect(plan.resolvedAddress).toBe(site?.a[0]);
    if (plan.ok) expect(plan.host).toEqual({ kind: "name", name: HOST });
  });

  it("is served by the test internet's DNS and answered by the egress resolver", async () => {
    const site = world.sites.find((s) => s.hostname === HOST);
    expect(site).toBeDefined();
    const dns = await egress.dns(HOST);
    expect(dns.name).toBe(HOST);
    expect(dns.existence).toBe("exists");
    expect(dns.records.A.ok && dns.records.A.records.map((r) => r.address)).toEqual(site?.a);
  });

  it("passes the egress gate: fetched over HTTPS with a certificate valid for the name", async () => {
    const res = await egress.fetch(`https://${HOST}/`);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.status).toBe(200);
    expect(res.url).toBe(`https://${HOST}/`);
    expect(res.body.toString()).toContain("KuCoin Login");
    const probe = await egress.probeTls(HOST);
    expect(probe.ok && probe.authorized).toBe(true);
    if (probe.ok) expect(probe.chain[0]?.dnsNames).toContain(HOST);
  });
});
