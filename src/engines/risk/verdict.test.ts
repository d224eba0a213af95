import { describe, expect, it } from "vitest";
import type { FindingCode } from "../findings/catalog.js";
import { AGENTS, type Finding, type Severity } from "../findings/types.js";
import type { TlsFlags } from "../net/index.js";
import { nameSignalOf } from "./clearance.js";
import { asnFindings, emptyAsnCheck } from "./network/asn-check.js";
import { dnsFindings, emptyDnsCheck } from "./network/dns-check.js";
import { emptyRdapCheck, rdapFindings } from "./network/rdap-check.js";
import { emptyTlsCheck, tlsFindings } from "./network/tls-check.js";
import type { CheckName, NetworkAnalysis, TlsCheck } from "./network/types.js";
import type { Assessment } from "./report.js";
import type { ImpersonatedBrand, StaticAnalysis, StaticSignals } from "./static/types.js";
import { buildVerdict } from "./verdict.js";

/**
 * docs/risk.md, "Name against history": every row of the table, on constructed static and network analyses.
 */
type StaticOk = Extract<StaticAnalysis, { ok: true }>;

const NOW = Date.parse("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const YEARS = (n: number) => Math.round(n * 365.25);

function dom(code: FindingCode, severity: Severity, details: string, description = "Name finding"): Finding {
  return { finding_id: code, severity, source_agent: AGENTS.static, description, details };
}

const SIGNALS: StaticSignals = {
  siteDomain: null,
  isBrandDomain: false,
  brandOwner: null,
  knownBank: false,
  trancoRank: null,
  tld: "com",
  suspiciousTld: false,
  platform: null,
  freeHosting: null,
  shortener: false,
  ipLiteral: false,
  idn: false,
  mixedScript: false,
  keywordCategories: [],
  keywords: [],
  entropy: 3,
  randomLabel: false,
  subdomainDepth: 0,
  hostnameLength: 14,
  userinfo: false,
  encodedHost: false,
  port: null,
  nameModel: null,
};

interface NameCase {
  hostname: string;
  registrableDomain?: string;
  findings: Finding[];
  brand?: ImpersonatedBrand;
  signals?: Partial<StaticSignals>;
}

function staticOf(c: NameCase): StaticOk {
  const registrableDomain = c.registrableDomain ?? c.hostname;
  return {
    ok: true,
    url: `https://${c.hostname}/`,
    hostname: c.hostname,
    registrableDomain,
    findings: c.findings,
    brand: c.brand ?? null,
    signals: { ...SIGNALS, siteDomain: registrableDomain, ...c.signals },
  };
}

/** The name of issue 14: a 2003 bank whose name is also a crypto brand plus a mild lure. */
const LEDGERBANK: NameCase = {
  hostname: "ledgerbank.com",
  brand: { name: "Ledger", legitimateDomain: "ledger.com", technique: "combosquat" },
  findings: [
    dom(
      "DR-DOM-003",
      "Medium",
      'ledgerbank.com combines Ledger\'s name ("ledger") with the lure word "bank"; Ledger\'s legitimate domain is ledger.com.',
      "Brand name combined with lure words (combosquatting)",
    ),
    dom("DR-DOM-010", "Low", 'The host name contains the financial keyword "bank".', "Financial keyword"),
    dom("DR-DOM-010", "Low", 'The host name contains the crypto keyword "ledger".', "Crypto keyword"),
  ],
  signals: { keywordCategories: ["crypto", "financial"], keywords: ["bank", "ledger"] },
};

const COMMERCEBANK: NameCase = {
  hostname: "commercebank.com",
  brand: { name: "Commerzbank", legitimateDomain: "commerzbank.de", technique: "insertion" },
  findings: [
    dom(
      "DR-DOM-001",
      "Medium",
      'commercebank.com differs from Commerzbank\'s commerzbank.de by 2 characters (added "c", z→e), an inserted character.',
    ),
  ],
};

const CHASEBANK_IO: NameCase = {
  hostname: "chasebank.io",
  brand: { name: "Chase", legitimateDomain: "chasebank.com", technique: "tld_swap" },
  findings: [
    dom(
      "DR-DOM-004",
      "Medium",
      "chasebank.io uses Chase's name under another top-level domain (.io); Chase's legitimate domain is chasebank.com.",
    ),
  ],
};

const modelName = (severity: Severity): NameCase => ({
  hostname: "halvorsen-paket.com",
  findings: [
    dom(
      "DR-DOM-027",
      severity,
      'The learned name model scores halvorsen-paket.com 0.91 (threshold 0.62); weighed most: "paket", "-".',
      "Name resembles phishing names (learned name model)",
    ),
  ],
});

const LEDGER_LOGIN: NameCase = {
  hostname: "ledger-login.com",
  brand: { name: "Ledger", legitimateDomain: "ledger.com", technique: "combosquat" },
  findings: [
    dom(
      "DR-DOM-003",
      "High",
      'ledger-login.com combines Ledger\'s name ("ledger") with the lure word "login"; Ledger\'s legitimate domain is ledger.com.',
    ),
    dom("DR-DOM-010", "Medium", 'The host name contains the credential keyword "login".'),
  ],
  signals: { keywordCategories: ["credential", "crypto"] },
};

const PAYPA1: NameCase = {
  hostname: "paypa1.com",
  brand: { name: "PayPal", legitimateDomain: "paypal.com", technique: "homoglyph" },
  findings: [
    dom("DR-DOM-002", "High", "paypa1.com differs from PayPal's paypal.com by one character (l→1)."),
  ],
};

const USER_SITE: NameCase = {
  hostname: "parcel-tracking.pages.dev",
  registrableDomain: "pages.dev",
  findings: [dom("DR-DOM-010", "Medium", 'The user site\'s name contains the delivery keyword "parcel".')],
  signals: {
    siteDomain: "parcel-tracking.pages.dev",
    platform: { domain: "pages.dev", kind: "free_hosting", userContent: "subdomain" },
    freeHosting: "pages.dev",
    keywordCategories: ["delivery"],
  },
};

const POLICY_SITE: NameCase = {
  ...USER_SITE,
  hostname: "k7qz.pages.dev",
  findings: [dom("DR-DOM-028", "Medium", "k7qz.pages.dev is an unknown user site on pages.dev.")],
  signals: { ...USER_SITE.signals, keywordCategories: [] },
};

const CLEAN_NAME: NameCase = { hostname: "northgatecourier.com", findings: [] };

/** What the network agent saw. `registeredDays` null: RDAP gave no date. */
interface HostCase {
  registeredDays: number | null;
  certificate: "valid" | "none" | "self-signed" | "expired" | "not_checked";
  /** Days since the certificate was issued (valid ones). */
  certificateDays?: number;
  parking?: boolean;
  halted?: boolean;
}

const FLAGS: TlsFlags = {
  expired: false,
  notYetValid: false,
  selfSigned: false,
  untrusted: false,
  hostnameMismatch: false,
  recentlyIssued: false,
};

function tlsOf(host: string, h: HostCase): TlsCheck {
  if (h.certificate === "none")
    return emptyTlsCheck("failed", "connection_refused", "connect ECONNREFUSED", host);
  if (h.certificate === "not_checked") return emptyTlsCheck("not_checked", "deadline", "no answer", host);
  const days = h.certificateDays ?? 200;
  const issued = h.certificate === "expired" ? NOW - 455 * DAY : NOW - days * DAY;
  return {
    ...emptyTlsCheck("ok", null, null, host),
    flags: {
      ...FLAGS,
      expired: h.certificate === "expired",
      selfSigned: h.certificate === "self-signed",
      untrusted: h.certificate === "self-signed",
      recentlyIssued: h.certificate === "valid" && days < 7,
    },
    issuer: "C=US, O=Let's Encrypt, CN=R11",
    issuerOrganization: h.certificate === "self-signed" ? null : "Let's Encrypt",
    subject: `CN=${host}`,
    dnsNames: [host],
    validFrom: new Date(issued).toISOString(),
    validTo: new Date(h.certificate === "expired" ? NOW - 90 * DAY : NOW + 90 * DAY).toISOString(),
    daysSinceIssued: h.certificate === "expired" ? 455 : days,
    daysUntilExpiry: h.certificate === "expired" ? -90 : 90,
    protocol: "TLSv1.3",
  };
}

function networkOf(name: NameCase, h: HostCase): NetworkAnalysis {
  const hostname = name.hostname;
  const registrableDomain = name.registrableDomain ?? hostname;
  const target = { hostname, registrableDomain };
  if (h.halted) {
    const dns = { ...emptyDnsCheck("failed", "dns_nxdomain", "NXDOMAIN"), existence: "nxdomain" as const };
    return {
      findings: dnsFindings(dns, target),
      halted: true,
      checks: {
        dns,
        rdap: emptyRdapCheck("skipped", "halted", "halted", registrableDomain),
        tls: emptyTlsCheck("skipped", "halted", "halted", hostname),
        asn: emptyAsnCheck("skipped", "halted", "halted"),
      },
      notChecked: [],
      durationMs: 40,
    };
  }
  const dns = {
    ...emptyDnsCheck("ok", null, null),
    existence: "exists" as const,
    addresses: [{ address: "203.0.113.7", family: 4 as const }],
    ns: h.parking ? ["ns1.bodis.com", "ns2.bodis.com"] : ["ns1.example-dns.net"],
    parking: h.parking ? { provider: "bodis.com", nameServers: ["ns1.bodis.com", "ns2.bodis.com"] } : null,
  };
  const rdap =
    h.registeredDays === null
      ? emptyRdapCheck("failed", "rdap_not_found", "no record", registrableDomain)
      : {
          ...emptyRdapCheck("ok", null, null, registrableDomain),
          registeredAt: new Date(NOW - h.registeredDays * DAY).toISOString(),
          ageDays: h.registeredDays,
          registrar: "CSC Corporate Domains, Inc.",
          expiresAt: new Date(NOW + 400 * DAY).toISOString(),
          daysUntilExpiry: 400,
        };
  const tls = tlsOf(hostname, h);
  const asn = {
    ...emptyAsnCheck("ok", null, null),
    asn: 64500,
    org: "Example Hosting",
    hosts: [{ address: "203.0.113.7", asn: 64500, org: "Example Hosting", status: "found", detail: null }],
  };
  const notChecked: CheckName[] = tls.status === "not_checked" ? ["tls"] : [];
  return {
    findings: [
      ...dnsFindings(dns, target),
      ...rdapFindings(rdap),
      ...tlsFindings(tls, hostname),
      ...asnFindings(asn),
    ],
    halted: false,
    checks: { dns, rdap, tls, asn },
    notChecked,
    durationMs: 120,
  };
}

const OLD_VALID: HostCase = { registeredDays: YEARS(23), certificate: "valid", certificateDays: 200 };

interface Row {
  row: string;
  name: NameCase;
  host: HostCase | null;
  rank?: number;
  assessment: Assessment;
  threatType: string;
}

/** The table of docs/risk.md, row by row. */
const ROWS: Row[] = [
  {
    row: "1 weak (brand + mild lure), registered 23 years ago, settled valid certificate",
    name: LEDGERBANK,
    host: OLD_VALID,
    assessment: "Benign",
    threatType: "Benign",
  },
  {
    row: "2 the same name registered 7 days ago",
    name: LEDGERBANK,
    host: { registeredDays: 7, certificate: "valid", certificateDays: 7 },
    assessment: "Malicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "3 weak, old domain, certificate issued 2 days ago",
    name: LEDGERBANK,
    host: { registeredDays: YEARS(10), certificate: "valid", certificateDays: 2 },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "4 weak, old domain, no HTTPS",
    name: LEDGERBANK,
    host: { registeredDays: YEARS(10), certificate: "none" },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "5a weak, old domain, self-signed certificate",
    name: LEDGERBANK,
    host: { registeredDays: YEARS(10), certificate: "self-signed" },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "5b weak, old domain, expired certificate",
    name: LEDGERBANK,
    host: { registeredDays: YEARS(10), certificate: "expired" },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "5c weak, old domain, certificate not checked in time",
    name: LEDGERBANK,
    host: { registeredDays: YEARS(10), certificate: "not_checked" },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "6 weak, registered a year ago, valid certificate",
    name: LEDGERBANK,
    host: { registeredDays: 365, certificate: "valid", certificateDays: 60 },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "7 weak, registration date unknown, valid certificate",
    name: LEDGERBANK,
    host: { registeredDays: null, certificate: "valid" },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "8 weak, registration date unknown, valid certificate, Tranco-ranked",
    name: LEDGERBANK,
    host: { registeredDays: null, certificate: "valid", certificateDays: 3 },
    rank: 8_412,
    assessment: "Benign",
    threatType: "Benign",
  },
  {
    row: "9 weak, Tranco-ranked, no HTTPS",
    name: LEDGERBANK,
    host: { registeredDays: null, certificate: "none" },
    rank: 8_412,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "10 weak (one edit from a brand, Medium), old domain, valid certificate",
    name: COMMERCEBANK,
    host: OLD_VALID,
    assessment: "Benign",
    threatType: "Benign",
  },
  {
    row: "11 weak (dictionary-word brand under another TLD, Medium), old domain, valid certificate",
    name: CHASEBANK_IO,
    host: OLD_VALID,
    assessment: "Benign",
    threatType: "Benign",
  },
  {
    row: "12 weak (learned model only, Medium), old domain, valid certificate",
    name: modelName("Medium"),
    host: OLD_VALID,
    assessment: "Benign",
    threatType: "Benign",
  },
  {
    row: "13 learned model only (Medium), registered 6 months ago",
    name: modelName("Medium"),
    host: { registeredDays: 180, certificate: "valid", certificateDays: 30 },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "14 strong (learned model High), old domain, valid certificate",
    name: modelName("High"),
    host: OLD_VALID,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "15 strong (combosquat with a strong lure, High), old domain, valid certificate",
    name: LEDGER_LOGIN,
    host: OLD_VALID,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "16 strong (homoglyph, High), old domain, valid certificate, ranked",
    name: PAYPA1,
    host: OLD_VALID,
    rank: 9_999,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "17 strong (screening policy DR-DOM-028), platform registered long ago, valid certificate",
    name: POLICY_SITE,
    host: OLD_VALID,
    assessment: "Suspicious",
    threatType: "Infrastructure Anomaly",
  },
  {
    row: "18 weak name of a user site on a hosting platform (the history is the platform's)",
    name: USER_SITE,
    host: OLD_VALID,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "19 weak, old domain, valid certificate, parking name servers",
    name: LEDGERBANK,
    host: { ...OLD_VALID, parking: true },
    assessment: "Unknown",
    threatType: "Parked Domain",
  },
  {
    row: "20 weak, offline (no network evidence)",
    name: LEDGERBANK,
    host: null,
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "21 weak, DNS fails (analysis halted)",
    name: LEDGERBANK,
    host: { registeredDays: null, certificate: "none", halted: true },
    assessment: "Suspicious",
    threatType: "Phishing / Credential Theft",
  },
  {
    row: "22 no name signal, old domain, valid certificate",
    name: CLEAN_NAME,
    host: OLD_VALID,
    assessment: "Benign",
    threatType: "Benign",
  },
];

function verdictOf(name: NameCase, host: HostCase | null, rank?: number) {
  const s = staticOf(rank === undefined ? name : { ...name, signals: { ...name.signals, trancoRank: rank } });
  return buildVerdict(s, host ? networkOf(name, host) : null);
}

describe("name against history (docs/risk.md)", () => {
  it.each(ROWS.map((r) => [r.row, r] as const))("%s", (_row, r) => {
    const report = verdictOf(r.name, r.host, r.rank);
    expect({ assessment: report.final_assessment, threat_type: report.threat_type }).toEqual({
      assessment: r.assessment,
      threat_type: r.threatType,
    });
  });

  it("says why an old bank that resembles a crypto brand is benign", () => {
    const report = verdictOf(LEDGERBANK, OLD_VALID);
    expect(report.confidence_score).toBe(70);
    const summary = report.executive_summary;
    expect(summary).toContain(
      "ledgerbank.com resembles Ledger (ledger.com) by combining the brand name with other words, but the domain has been registered since 2003-",
    );
    expect(summary).toContain("(23 years, through CSC Corporate Domains, Inc.)");
    expect(summary).toContain("serves a valid certificate from Let's Encrypt, issued 7 months ago");
    expect(summary).toContain("the domain's history outweighs it");
    expect(summary).not.toContain("imitates");
    // The registration is said once, and the cleared keywords are not listed as evidence.
    expect(summary.match(/registered/g)).toHaveLength(1);
    expect(summary).not.toContain("Other evidence");
    // The findings stay in the report for an analyst to see.
    expect(report.evidence_findings.map((f) => f.finding_id)).toEqual(
      expect.arrayContaining(["DR-DOM-003", "DR-DOM-010", "DR-NET-011", "DR-NET-027"]),
    );
  });

  it("names the rank when rank clears the name", () => {
    const report = verdictOf(
      LEDGERBANK,
      { registeredDays: null, certificate: "valid", certificateDays: 3 },
      8_412,
    );
    expect(report.executive_summary).toContain(
      "but the domain is widely used (Tranco rank 8412) and serves a valid certificate from Let's Encrypt, issued 3 days ago",
    );
  });

  it("says which weak signals a name without a brand carries", () => {
    const report = verdictOf(modelName("Medium"), OLD_VALID);
    expect(report.executive_summary).toContain(
      "The name halvorsen-paket.com carries only weak signals (Name resembles phishing names (learned name model)), but the domain has been registered since",
    );
  });

  it("still names the imitation when a young domain carries the same name", () => {
    const report = verdictOf(LEDGERBANK, { registeredDays: 7, certificate: "valid", certificateDays: 7 });
    expect(report.executive_summary).toContain("ledgerbank.com imitates Ledger (ledger.com)");
    expect(report.executive_summary).toContain("registered only 7 days ago");
  });
});

describe("name the learned model reads as legitimate (docs/risk.md, Learned name model)", () => {
  const READS_LEGITIMATE = { nameModel: { score: 0.2, clear: true } };

  it("does not count a weak signal offline, and says why", () => {
    const report = verdictOf({ ...LEDGERBANK, signals: READS_LEGITIMATE }, null);
    expect(report.final_assessment).toBe("Benign");
    expect(report.executive_summary).toContain("the learned name model reads it as more likely legitimate");
    const kept = report.evidence_findings.find((f) => f.finding_id === "DR-DOM-003");
    expect(kept?.severity).toBe("Informational");
    expect(kept?.details).toContain("Not counted");
  });

  it("still counts it on a newly registered domain", () => {
    const report = verdictOf(
      { ...LEDGERBANK, signals: READS_LEGITIMATE },
      {
        registeredDays: 7,
        certificate: "valid",
        certificateDays: 7,
      },
    );
    expect(report.final_assessment).not.toBe("Benign");
    expect(report.executive_summary).toContain("ledgerbank.com imitates Ledger (ledger.com)");
  });

  it("never clears a strong signal", () => {
    const report = verdictOf({ ...PAYPA1, signals: READS_LEGITIMATE }, null);
    expect(report.final_assessment).not.toBe("Benign");
  });

  it("counts the weak signal when the model does not read the name as legitimate", () => {
    const report = verdictOf({ ...LEDGERBANK, signals: { nameModel: { score: 0.7, clear: false } } }, null);
    expect(report.final_assessment).toBe("Suspicious");
  });
});

describe("name signal", () => {
  it.each([
    ["no finding", [], "none"],
    ["only informational findings", [dom("DR-DOM-021", "Informational", "official domain")], "none"],
    ["brand + mild lure (ledgerbank.com)", LEDGERBANK.findings, "weak"],
    ["one edit from a brand, Medium", COMMERCEBANK.findings, "weak"],
    ["dictionary-word brand under another TLD, Medium", CHASEBANK_IO.findings, "weak"],
    ["learned model, Medium", modelName("Medium").findings, "weak"],
    [
      "brand inside a name + random-looking",
      [dom("DR-DOM-007", "Medium", "x"), dom("DR-DOM-017", "Low", "y")],
      "weak",
    ],
    ["learned model, High", modelName("High").findings, "strong"],
    ["combosquat with a strong lure, High", LEDGER_LOGIN.findings, "strong"],
    ["homoglyph", PAYPA1.findings, "strong"],
    ["screening policy DR-DOM-028", POLICY_SITE.findings, "strong"],
    ["typo with lures, High", [dom("DR-DOM-001", "High", "typo with lures")], "strong"],
    ["brand in a subdomain, Medium", [dom("DR-DOM-005", "Medium", "brand in a subdomain")], "strong"],
    [
      "keyword + com- prefix",
      [dom("DR-DOM-010", "Low", "kw"), dom("DR-DOM-023", "Medium", "com-")],
      "strong",
    ],
  ] as const)("%s: %s", (_label, findings, expected) => {
    expect(nameSignalOf(findings)).toBe(expected);
  });
});
