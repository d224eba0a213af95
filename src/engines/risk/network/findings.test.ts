import { describe, expect, it } from "vitest";
import { FINDING_CATALOG } from "../../findings/catalog.js";
import type { TlsFlags } from "../../net/index.js";
import { asnFindings } from "./asn-check.js";
import { dnsFindings, emptyDnsCheck } from "./dns-check.js";
import { emptyRdapCheck, rdapFindings } from "./rdap-check.js";
import { emptyTlsCheck, tlsFindings } from "./tls-check.js";
import type { RdapCheck, TlsCheck } from "./types.js";

const codes = (findings: Array<{ finding_id: string }>): string[] => findings.map((f) => f.finding_id);
const target = { hostname: "www.example.com", registrableDomain: "example.com" };

const CLEAN: TlsFlags = {
  expired: false,
  notYetValid: false,
  selfSigned: false,
  untrusted: false,
  hostnameMismatch: false,
  recentlyIssued: false,
};

function tls(flags: Partial<TlsFlags>, extra: Partial<TlsCheck> = {}): TlsCheck {
  return {
    ...emptyTlsCheck("ok", null, null, "www.example.com"),
    flags: { ...CLEAN, ...flags },
    issuer: "C=US, O=Example CA, CN=Example CA R1",
    issuerOrganization: "Example CA",
    dnsNames: ["www.example.com"],
    validFrom: "2026-01-01T00:00:00.000Z",
    validTo: "2026-12-31T00:00:00.000Z",
    daysSinceIssued: 40,
    ...extra,
  };
}

function rdap(extra: Partial<RdapCheck>): RdapCheck {
  return {
    ...emptyRdapCheck("ok", null, null, "example.com"),
    registeredAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

describe("network finding catalog", () => {
  it("numbers every network code DR-NET-NNN for the network agent", () => {
    const network = FINDING_CATALOG.filter((d) => d.code.startsWith("DR-NET-"));
    expect(network.length).toBeGreaterThan(15);
    for (const d of network) {
      expect(d.code).toMatch(/^DR-NET-\d{3}$/);
      expect(d.agent).toBe("Network Analysis Agent");
    }
  });
});

describe("TLS findings", () => {
  it.each([
    [{}, ["DR-NET-027"]],
    [{ expired: true }, ["DR-NET-020"]],
    [{ notYetValid: true }, ["DR-NET-021"]],
    [{ selfSigned: true, untrusted: true }, ["DR-NET-022"]],
    [{ untrusted: true }, ["DR-NET-023"]],
    [{ hostnameMismatch: true }, ["DR-NET-024"]],
    [{ recentlyIssued: true }, ["DR-NET-025", "DR-NET-027"]],
    [{ expired: true, untrusted: true, hostnameMismatch: true }, ["DR-NET-020", "DR-NET-023", "DR-NET-024"]],
  ] as Array<[Partial<TlsFlags>, string[]]>)("flags %j give %j", (flags, expected) => {
    expect(codes(tlsFindings(tls(flags, { daysSinceIssued: 2 }), "www.example.com"))).toEqual(expected);
  });

  it("names the issuer of a good certificate", () => {
    const [finding] = tlsFindings(tls({}), "www.example.com");
    expect(finding?.description).toBe("Valid TLS certificate from Example CA");
    expect(finding?.severity).toBe("Informational");
  });

  it.each([
    ["connection_refused", ["DR-NET-026"]],
    ["timeout_read", ["DR-NET-026"]],
    ["no_tls", ["DR-NET-026"]],
    ["tls_error", ["DR-NET-026"]],
    ["blocked_private_address", []],
    ["dns_nxdomain", []],
  ])("a probe failing with %s gives %j", (reason, expected) => {
    const check = emptyTlsCheck("failed", reason, "detail", "www.example.com");
    expect(codes(tlsFindings(check, "www.example.com"))).toEqual(expected);
  });

  it("reports nothing for a check that did not run", () => {
    expect(tlsFindings(emptyTlsCheck("not_checked", "deadline", null), "x.com")).toEqual([]);
    expect(tlsFindings(emptyTlsCheck("skipped", "halted", null), "x.com")).toEqual([]);
  });
});

describe("registration findings", () => {
  it.each([
    [0, "DR-NET-010", "High"],
    [30, "DR-NET-010", "High"],
    [31, "DR-NET-011", "Informational"],
    [4000, "DR-NET-011", "Informational"],
  ])("a domain %i days old gives %s (%s)", (ageDays, code, severity) => {
    const [finding] = rdapFindings(rdap({ ageDays, registrar: "Example Registrar, Inc." }));
    expect(finding).toMatchObject({ finding_id: code, severity });
    expect(finding?.details).toContain("Example Registrar, Inc.");
  });

  it("says today for a domain registered today", () => {
    const [finding] = rdapFindings(rdap({ ageDays: 0 }));
    expect(finding?.description).toBe("Domain registered today");
    expect(finding?.details).toMatch(/registrar not published/);
  });

  it.each([
    "rdap_unavailable",
    "rdap_not_found",
    "rdap_no_registration_date",
    "rdap_http_error",
    "timeout_total",
  ])("an RDAP failure (%s) is an unknown age, not a guess", (reason) => {
    const findings = rdapFindings(emptyRdapCheck("failed", reason, "message", "example.com"));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ finding_id: "DR-NET-012", severity: "Informational" });
  });

  it("an RDAP answer after the deadline is an unknown age too", () => {
    const [finding] = rdapFindings(emptyRdapCheck("not_checked", "deadline", null, "example.com"));
    expect(finding?.finding_id).toBe("DR-NET-012");
    expect(finding?.details).toMatch(/deadline/);
  });

  it("adds an expiry notice within 30 days", () => {
    const findings = rdapFindings(
      rdap({ ageDays: 900, daysUntilExpiry: 12, expiresAt: "2026-12-19T00:00:00Z" }),
    );
    expect(codes(findings)).toEqual(["DR-NET-011", "DR-NET-013"]);
    expect(findings[1]?.details).toMatch(/expires in 12 days/);
  });
});

describe("DNS and hosting findings", () => {
  it("reports a non-public address without claiming anything else", () => {
    const check = {
      ...emptyDnsCheck("ok", null, null),
      addresses: [{ address: "10.0.0.5", family: 4 as const }],
      nonPublic: [
        { address: "10.0.0.5", reason: "blocked_private_address", detail: "10.0.0.5 is a private address" },
      ],
    };
    const findings = dnsFindings(check, target);
    expect(codes(findings)).toEqual(["DR-NET-004", "DR-NET-006"]);
    expect(findings[0]?.details).toContain("10.0.0.5, a private address");
  });

  it.each([
    ["dns_nxdomain", "DR-NET-001"],
    ["dns_no_data", "DR-NET-002"],
    ["dns_timeout", "DR-NET-003"],
    ["dns_error", "DR-NET-003"],
  ])("a DNS failure %s gives exactly %s", (reason, code) => {
    expect(codes(dnsFindings(emptyDnsCheck("failed", reason, "message"), target))).toEqual([code]);
  });

  it("names the network, or says it is unknown", () => {
    const found = asnFindings({
      status: "ok",
      reason: null,
      message: null,
      durationMs: 1,
      asn: 15169,
      org: "Google LLC",
      hosts: [
        { address: "8.8.8.8", asn: 15169, org: "Google LLC", status: "found", detail: "8.8.8.0-8.8.8.255" },
      ],
    });
    expect(found[0]).toMatchObject({
      finding_id: "DR-NET-030",
      description: "Hosted on AS15169 (Google LLC)",
    });
    const unknownHost = (address: string, detail: string) =>
      asnFindings({
        status: "failed",
        reason: "not_found",
        message: null,
        durationMs: 1,
        asn: null,
        org: null,
        hosts: [{ address, asn: null, org: null, status: "not_found", detail }],
      });
    const unknown = unknownHost("203.0.113.9", "no range");
    expect(unknown[0]).toMatchObject({
      finding_id: "DR-NET-031",
      severity: "Informational",
      details: "No autonomous system is known for the site's address: 203.0.113.9: no range.",
    });
    // A detail that already names the address is not prefixed with it again.
    const loopback = unknownHost(
      "127.77.16.5",
      "127.77.16.5 is a loopback address, which belongs to no autonomous system",
    );
    expect(loopback[0]?.details).toBe(
      "No autonomous system is known for the site's address: 127.77.16.5 is a loopback address, which belongs to no autonomous system.",
    );
  });
});
