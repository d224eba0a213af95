import { describe, expect, it } from "vitest";
import { FINDING_CATALOG } from "../../../findings/catalog.js";
import { scanCodeOf } from "../../../findings/catalog-scan-net.js";
import type { ScanCapture, ScanHop, ScanRequest } from "../../types.js";
import { buildContext } from "../context.js";
import { fixtureScan, savedCapture } from "../testing/fixture-scan.js";
import { analyzeNetworkAgent } from "./index.js";

const codes = (out: { findings: Array<{ finding_id: string }> }) => out.findings.map((f) => f.finding_id);

function browser(url: string, html: string, patch: Partial<ScanCapture> = {}): ScanCapture {
  return { ...savedCapture(url, html), source: "browser", ...patch };
}

function hop(url: string, location: string | null, kind: ScanHop["kind"] = "http", status = 302): ScanHop {
  return { url, status: location ? status : 200, location, kind, address: "198.51.100.7" };
}

function request(url: string, extra: Partial<ScanRequest> = {}): ScanRequest {
  return {
    url,
    method: "GET",
    resourceType: "script",
    status: 200,
    address: "198.51.100.7",
    outcome: "ok",
    reason: null,
    ...extra,
  };
}

function agent(capture: ScanCapture) {
  return analyzeNetworkAgent(buildContext(capture, { rankLookup: false }));
}

describe("scan network codes", () => {
  it("mirror the risk engine's codes: DR-NET-0NN → NET-1NN, DR-DOM-0NN → NET-2NN", () => {
    expect(scanCodeOf("DR-NET-010")).toBe("NET-110");
    expect(scanCodeOf("DR-DOM-002")).toBe("NET-202");
    expect(scanCodeOf("CON-001")).toBeNull();
    const scan = FINDING_CATALOG.filter((d) => /^NET-\d{3}$/.test(d.code));
    for (const d of scan) expect(d.agent).toBe("Network Analysis Agent");
    for (const d of FINDING_CATALOG.filter((x) => x.code.startsWith("DR-"))) {
      const mirror = FINDING_CATALOG.find((x) => x.code === scanCodeOf(d.code));
      expect(mirror).toMatchObject({ severity: d.severity, title: d.title });
    }
  });
});

describe("redirect chain", () => {
  it("cross-domain hops, client-side redirects, open redirects, downgrades and a victim's address", () => {
    const capture = browser("https://t.example-mail.com/c?url=https%3A%2F%2Flanding.example%2F", "<p>x</p>", {
      finalUrl: "http://phish.example/#victim%40corp.example",
      chain: [
        hop("https://t.example-mail.com/c?url=https%3A%2F%2Flanding.example%2F", "https://landing.example/"),
        hop("https://landing.example/", "http://phish.example/#victim%40corp.example", "meta_refresh", 200),
        hop("http://phish.example/#victim%40corp.example", null),
      ],
    });
    const out = agent(capture);
    expect(codes(out)).toEqual(
      expect.arrayContaining(["NET-001", "NET-004", "NET-005", "NET-006", "NET-007", "NET-008"]),
    );
    expect(out.findings.find((f) => f.finding_id === "NET-001")?.severity).toBe("Medium");
    expect(out.findings.find((f) => f.finding_id === "NET-006")?.details).not.toContain("victim@");
    expect(out.signals.chainSites).toEqual(["example-mail.com", "landing.example", "phish.example"]);
    expect(out.signals.crossSiteClientRedirect).toBe(true);
  });

  it("a benign short link is a Low hop", () => {
    const out = agent(fixtureScan("lnkf.to").capture);
    expect(out.findings.find((f) => f.finding_id === "NET-001")?.severity).toBe("Low");
  });
});

describe("requests and downloads", () => {
  it("IP hosts, abused TLDs, refused addresses, bots and downloads", () => {
    const out = agent(
      browser("https://shop.example/", "<p>x</p>", {
        requests: [
          request("http://203.0.113.50/x.js"),
          request("https://cdn.evil.top/a.js"),
          request("https://collect.evil.top/p", { method: "POST", resourceType: "fetch" }),
          request("http://10.0.0.1/", {
            outcome: "blocked",
            reason: "blocked_private_address",
            address: null,
          }),
          request("https://api.telegram.org/bot1:x/sendMessage", { resourceType: "fetch", method: "POST" }),
          request("https://ipapi.co/json/", { resourceType: "fetch" }),
        ],
        downloads: [{ url: "https://shop.example/invoice.exe", suggestedFilename: "invoice.exe" }],
      }),
    );
    expect(codes(out)).toEqual(
      expect.arrayContaining(["NET-020", "NET-021", "NET-022", "NET-023", "NET-024", "NET-025", "NET-026"]),
    );
    expect(out.findings.find((f) => f.finding_id === "NET-021")?.severity).toBe("Medium");
    expect(out.findings.find((f) => f.finding_id === "NET-024")?.severity).toBe("Critical");
  });

  it("counts requests and other sites in words that agree with the numbers", () => {
    const details = (requests: ScanRequest[]) =>
      agent(browser("https://shop.example/", "<p>x</p>", { requests })).findings.find(
        (f) => f.finding_id === "NET-026",
      )?.details;
    expect(details([request("https://shop.example/")])).toBe("1 request, 0 other registrable domains.");
    expect(details([request("https://shop.example/"), request("https://cdn.other.example/a.js")])).toBe(
      "2 requests, 1 other registrable domain: other.example (1).",
    );
  });
});

describe("where credentials go", () => {
  it("another domain, plain HTTP, the same host", () => {
    const offsite = agent(
      browser(
        "https://login.example/",
        '<form action="http://198.51.100.9/next.php"><input type="password" name="p"></form>',
      ),
    );
    expect(codes(offsite)).toEqual(expect.arrayContaining(["NET-030", "NET-031"]));
    expect(offsite.findings.find((f) => f.finding_id === "NET-030")?.severity).toBe("Critical");
    expect(offsite.signals.credentialsOffsite).toEqual(["198.51.100.9"]);
    const sibling = agent(
      browser(
        "https://www.example.com/",
        '<form action="https://auth.example.com/login"><input type="password" name="p"></form>',
      ),
    );
    expect(codes(sibling)).toContain("NET-032");
    const own = agent(
      browser("https://example.com/", '<form action="/login"><input type="password" name="p"></form>'),
    );
    expect(codes(own)).toContain("NET-033");
  });
});

describe("the final host's checks and the URL's name", () => {
  it("repeats the risk engine's findings under scan codes", () => {
    const out = agent(fixtureScan("paypa1.com").capture);
    expect(codes(out)).toEqual(expect.arrayContaining(["NET-110", "NET-202", "NET-106", "NET-127"]));
    expect(out.signals).toMatchObject({ newDomain: true, ageDays: 5, offline: false });
    expect(out.signals.urlBrand).toMatchObject({ name: "PayPal", technique: "homoglyph" });
  });

  it("a saved page has only the URL's reading", () => {
    const out = agent(savedCapture("https://paypa1.com/", "<p>x</p>"));
    expect(out.signals.offline).toBe(true);
    expect(codes(out).some((c) => c.startsWith("NET-1"))).toBe(false);
    expect(codes(out)).toContain("NET-202");
  });
});
