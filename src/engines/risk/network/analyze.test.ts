import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.js";
import { startWorld, type World } from "../../../world/index.js";
import type { Finding } from "../../findings/types.js";
import { createAsnLookup } from "../../net/asn.js";
import { createEgress, type Egress } from "../../net/index.js";
import { analyzeNetwork } from "./analyze.js";
import type { NetworkAnalysisOptions } from "./types.js";

/** The network agent through the production egress gate, against the test world's fixtures. */
let world: World;
let egress: Egress;
let corpus: string;
const asn = createAsnLookup();
const PLAIN_SITE = "plainpage-almanac.com";

beforeAll(async () => {
  // A site served over plain HTTP only (`cert: none`): the builtin corpus has none.
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-net-sites-"));
  mkdirSync(path.join(corpus, PLAIN_SITE));
  writeFileSync(
    path.join(corpus, PLAIN_SITE, "index.html"),
    "<!doctype html><title>Almanac</title><p>Tides.</p>",
  );
  writeFileSync(
    path.join(corpus, PLAIN_SITE, "site.json"),
    JSON.stringify({ cert: "none", created: "2015-03-02" }),
  );
  world = await startWorld({ sitesDir: corpus });
  egress = createEgress(loadConfig({ ...world.env }).egress);
  // Loaded up front so that its parsing does not compete with the timing assertions below.
  await asn.load();
});

afterAll(async () => {
  await egress?.close();
  await world?.stop();
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

function analyze(hostname: string, options: NetworkAnalysisOptions = {}) {
  const registrableDomain = hostname.split(".").slice(-2).join(".");
  return analyzeNetwork(egress, { hostname, registrableDomain }, { asn, ...options });
}

const codes = (findings: Finding[]): string[] => findings.map((f) => f.finding_id);
const threats = (findings: Finding[]): Finding[] => findings.filter((f) => f.severity !== "Informational");

function site(hostname: string) {
  const found = world.sites.find((s) => s.hostname === hostname);
  if (!found) throw new Error(`no fixture ${hostname}`);
  return found;
}

describe("network analysis in the test world", () => {
  it("finds nothing wrong with an old, normal site and reports its registrar and age", async () => {
    const result = await analyze("northgatecourier.com");
    expect(result.halted).toBe(false);
    expect(result.notChecked).toEqual([]);
    expect(threats(result.findings)).toEqual([]);
    const { dns, rdap, tls, asn: hosting } = result.checks;
    expect(dns).toMatchObject({
      status: "ok",
      addresses: [{ address: site("northgatecourier.com").a[0], family: 4 }],
    });
    expect(rdap.status).toBe("ok");
    expect(rdap.registrar).toBe(site("northgatecourier.com").registrar);
    expect(rdap.registeredAt?.slice(0, 10)).toBe("1998-04-21");
    expect(rdap.ageDays).toBeGreaterThan(365 * 25);
    expect(tls).toMatchObject({
      status: "ok",
      flags: { expired: false, selfSigned: false, hostnameMismatch: false },
    });
    expect(codes(result.findings)).toEqual(["DR-NET-006", "DR-NET-011", "DR-NET-027", "DR-NET-031"]);
    expect(result.findings.find((f) => f.finding_id === "DR-NET-011")?.details).toContain(
      "Network Solutions",
    );
    // World addresses are loopback: no network is invented for them.
    expect(hosting).toMatchObject({ status: "failed", reason: "not_public", asn: null, org: null });
  });

  it("reports a domain registered two days ago as newly registered (High)", async () => {
    const result = await analyze("brightkettle-coffee.com");
    expect(result.checks.rdap.ageDays).toBe(2);
    const finding = result.findings.find((f) => f.finding_id === "DR-NET-010");
    expect(finding).toMatchObject({ severity: "High", source_agent: "Network Analysis Agent" });
    expect(finding?.description).toBe("Domain registered 2 days ago");
    expect(finding?.details).toContain("Namecheap, Inc.");
    // Its certificate is as young as the domain.
    expect(codes(result.findings)).toContain("DR-NET-025");
    expect(result.checks.dns.mx.map((m) => m.exchange)).toEqual([
      "mx1.privateemail.com",
      "mx2.privateemail.com",
    ]);
  });

  it.each([
    ["oldmill-hardware.com", "DR-NET-020", "Low"],
    ["pinecrest-homelab.net", "DR-NET-022", "Medium"],
    ["vantor-analytics.io", "DR-NET-024", "Medium"],
  ])("reports the certificate of %s as %s", async (hostname, code, severity) => {
    const result = await analyze(hostname);
    expect(threats(result.findings).map((f) => [f.finding_id, f.severity])).toEqual([[code, severity]]);
    expect(codes(result.findings)).not.toContain("DR-NET-027");
  });

  it("halts on NXDOMAIN with one DNS finding", async () => {
    const result = await analyze("quietbrook-studio.com");
    expect(result.halted).toBe(true);
    expect(codes(result.findings)).toEqual(["DR-NET-001"]);
    expect(result.checks.dns).toMatchObject({
      status: "failed",
      reason: "dns_nxdomain",
      existence: "nxdomain",
    });
    for (const check of [result.checks.rdap, result.checks.tls, result.checks.asn])
      expect(check).toMatchObject({ status: "skipped", reason: "halted" });
  });

  it("says an unreachable host gives no HTTPS answer", async () => {
    const result = await analyze("tallowmere-games.com");
    expect(result.halted).toBe(false);
    expect(result.checks.tls).toMatchObject({ status: "failed", reason: "connection_refused" });
    const finding = result.findings.find((f) => f.finding_id === "DR-NET-026");
    expect(finding?.description).toBe("No HTTPS answer");
    expect(finding?.details).toMatch(/port 443/);
    expect(result.checks.rdap.registrar).toBe("Porkbun LLC");
  });

  it("says a plain-HTTP site (cert: none) offers no HTTPS", async () => {
    const result = await analyze(PLAIN_SITE);
    expect(threats(result.findings).map((f) => f.finding_id)).toEqual(["DR-NET-026"]);
    expect(result.findings.find((f) => f.finding_id === "DR-NET-026")?.details).toMatch(/offers no HTTPS/);
  });

  it.each(["velvetorchard.com", "www.velvetorchard.com"])(
    "sees parking name servers on %s",
    async (hostname) => {
      const result = await analyze(hostname);
      expect(result.checks.dns.parking).toEqual({
        provider: "bodis.com",
        nameServers: ["ns1.bodis.com", "ns2.bodis.com"],
      });
      const finding = result.findings.find((f) => f.finding_id === "DR-NET-005");
      expect(finding).toMatchObject({
        severity: "Low",
        description: "Domain uses parking name servers (bodis.com)",
      });
      expect(codes(result.findings)).toContain("DR-NET-013");
    },
  );

  it("returns by the deadline and marks what did not answer as not checked", async () => {
    const started = performance.now();
    const result = await analyze("no-response.net", { deadlineMs: 50 });
    const elapsed = performance.now() - started;
    // Well before what the checks would take on their own (the default deadline is 4.5 s).
    expect(elapsed).toBeLessThan(2_000);
    expect(result.halted).toBe(false);
    expect(result.notChecked).toContain("tls");
    expect(result.checks.tls).toMatchObject({ status: "not_checked", reason: "deadline" });
    expect(codes(result.findings)).toContain("DR-NET-090");
    expect(codes(result.findings)).not.toContain("DR-NET-026");
  });

  it("gives up on a TLS handshake after the check's own time limit", async () => {
    const result = await analyze("no-response.net", { timeouts: { tlsMs: 300 } });
    expect(result.notChecked).toEqual([]);
    expect(result.checks.tls).toMatchObject({ status: "failed", reason: "timeout_total" });
    expect(result.findings.find((f) => f.finding_id === "DR-NET-026")?.details).toMatch(/handshake in time/);
  });

  it("halts with a DNS finding when DNS does not answer", async () => {
    const deadDns = createEgress({
      ...loadConfig({ ...world.env }).egress,
      dnsServers: ["127.77.200.53:53"],
    });
    try {
      const result = await analyzeNetwork(
        deadDns,
        { hostname: "northgatecourier.com", registrableDomain: "northgatecourier.com" },
        { asn, timeouts: { dnsMs: 400 } },
      );
      expect(result.halted).toBe(true);
      expect(codes(result.findings)).toEqual(["DR-NET-003"]);
      expect(result.checks.dns.reason).toMatch(/^dns_(timeout|error)$/);
    } finally {
      await deadDns.close();
    }
  });

  it("checks an IP address without DNS or RDAP and never connects to a private one", async () => {
    const result = await analyzeNetwork(egress, { hostname: "10.20.30.40", registrableDomain: "" }, { asn });
    expect(result.halted).toBe(false);
    expect(result.checks.dns).toMatchObject({ status: "skipped", reason: "ip_literal" });
    expect(result.checks.rdap).toMatchObject({ status: "skipped", reason: "ip_literal" });
    expect(result.checks.tls).toMatchObject({ status: "failed", reason: "blocked_private_address" });
    expect(result.checks.asn).toMatchObject({ status: "failed", reason: "not_public" });
    expect(threats(result.findings).map((f) => f.finding_id)).toEqual(["DR-NET-004"]);
  });

  it("never throws for a name that cannot exist", async () => {
    const result = await analyzeNetwork(
      egress,
      { hostname: "bad name!.example", registrableDomain: "" },
      { asn },
    );
    expect(result.halted).toBe(true);
    expect(result.findings).toHaveLength(1);
  });
});
