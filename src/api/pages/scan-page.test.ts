import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ScanPageModel } from "../scans/view-service.js";
import { prefersHtml } from "./negotiate.js";
import { groupFindings, scanPage } from "./scan-page.js";
import { SCAN_PAGE_HEADERS } from "./scan-style.js";

const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

function model(overrides: Partial<ScanPageModel["scan"]> = {}): ScanPageModel {
  return {
    audience: "shared",
    scan: {
      url: `https://evil.example/${HOSTILE}`,
      status: "completed",
      created_at: "2026-06-01T10:00:00.000Z",
      completed_at: "2026-06-01T10:00:04.000Z",
      report: {
        request_url: "https://evil.example/",
        final_assessment: "Malicious",
        threat_type: HOSTILE,
        confidence_score: 90,
        executive_summary: HOSTILE,
        evidence_findings: [
          { finding_id: "X-1", severity: "Low", source_agent: "A", description: HOSTILE, details: HOSTILE },
        ],
        site_context: {
          apparent_purpose: HOSTILE,
          primary_language: "en",
          detected_brand: HOSTILE,
          page_title: HOSTILE,
        },
      },
      error: null,
      page: {
        final_url: "javascript:alert(3)",
        status: 200,
        title: HOSTILE,
        redirect_chain: [{ url: HOSTILE, status: 200, location: HOSTILE, kind: "http", address: HOSTILE }],
        requests: [
          {
            url: HOSTILE,
            method: "GET",
            resource_type: HOSTILE,
            status: 200,
            address: "1.2.3.4",
            outcome: "ok",
          },
        ],
        forms: [
          {
            action: "javascript:alert(4)",
            method: HOSTILE,
            inputs: [{ type: HOSTILE, name: HOSTILE }],
            visible: true,
          },
        ],
        tls: { protocol: HOSTILE, subject: HOSTILE, issuer: HOSTILE, valid_from: HOSTILE, valid_to: null },
        network: null,
      },
      artifacts_expired: false,
      ...overrides,
    },
    screenshot: { viewport: null, full: null },
    asns: new Map([["1.2.3.4", { asn: 64500, org: HOSTILE }]]),
    similar: null,
    exports: null,
    linkExpiresAt: null,
  };
}

describe("prefersHtml", () => {
  it.each([
    ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", true],
    ["text/html", true],
    ["application/xhtml+xml", true],
    ["text/html, */*", true],
    [undefined, false],
    ["", false],
    ["*/*", false],
    ["application/json", false],
    ["application/json, text/html", false],
    ["text/html;q=0.5, application/json", false],
    ["text/html;q=0", false],
    ["application/*;q=0.9, text/html", true],
  ])("%s → %s", (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe("groupFindings", () => {
  it("groups by agent, the worst group first, by severity within a group, report order among equals", () => {
    const f = (
      id: string,
      severity: "Critical" | "High" | "Medium" | "Low" | "Informational",
      agent: string,
    ) => ({
      finding_id: id,
      severity,
      source_agent: agent,
      description: id,
      details: "",
    });
    const groups = groupFindings([
      f("n1", "Low", "Network"),
      f("c1", "High", "Content"),
      f("n2", "Critical", "Network"),
      f("c2", "High", "Content"),
      f("v1", "Informational", "Vision"),
      f("c3", "Medium", "Content"),
    ]);
    expect(groups.map((g) => [g.agent, g.findings.map((x) => x.finding_id)])).toEqual([
      ["Network", ["n2", "n1"]],
      ["Content", ["c1", "c2", "c3"]],
      ["Vision", ["v1"]],
    ]);
  });
});

describe("scanPage", () => {
  it("escapes everything the scanned site wrote and links none of it", () => {
    const body = scanPage(model());
    expect(body).not.toContain("<script>");
    expect(body).not.toContain("<img src=x");
    expect(body).not.toMatch(/href="javascript:/);
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body).toContain("javascript:alert(4)");
    expect(body).toContain("AS64500");
    // A shared page never offers the organization's similar scans or exports.
    expect(body).not.toContain("Similar scans");
    expect(body).not.toContain("Export");
  });

  it("is allowed by its CSP: every inline stylesheet matches a hash, and no script source exists", () => {
    const body = scanPage(model());
    const csp = SCAN_PAGE_HEADERS["content-security-policy"] ?? "";
    const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
    expect(styles).toHaveLength(2);
    for (const css of styles) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`);
    }
    expect(csp).not.toContain("script-src");
    expect(body).not.toMatch(/<script|style="/);
  });

  it("says a scan is running, or that it failed", () => {
    expect(scanPage(model({ status: "processing", report: null, page: null, completed_at: null }))).toContain(
      "Scan in progress",
    );
    const failed = scanPage(
      model({
        status: "failed",
        report: null,
        page: null,
        error: { code: "scan_timeout", message: "Too slow." },
      }),
    );
    expect(failed).toContain("Scan failed");
    expect(failed).toContain("Too slow.");
  });
});
