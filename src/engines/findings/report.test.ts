import { describe, expect, it } from "vitest";
import { makeFinding } from "./catalog.js";
import { reportFindings } from "./report.js";
import { AGENTS, type Finding } from "./types.js";

const codes = (findings: Finding[]) => findings.map((f) => `${f.finding_id} ${f.severity}`);

describe("reportFindings", () => {
  it("makes one finding of a code reported twice about one subject, keeping both details", () => {
    const first = makeFinding("NET-210", 'The host name contains the credential keyword "login".', {
      severity: "Low",
      category: "credential",
      description: "Suspicious credential keywords in the host name",
    });
    const second = makeFinding(
      "NET-210",
      'The host name contains the credential keywords "login" and "signin".',
      {
        severity: "Medium",
        category: "credential",
        description: "Suspicious credential keywords in the host name",
      },
    );
    const out = reportFindings([first, second]);
    expect(out).toHaveLength(1);
    expect(out[0]?.severity).toBe("Medium");
    expect(out[0]?.details).toBe(`${second.details} ${first.details}`);
    expect(out[0]?.category).toBe("credential");
  });

  it("keeps identical duplicates once, with their details once", () => {
    const f = makeFinding("NET-122", "The certificate expired on 1 May 2024.");
    expect(reportFindings([f, { ...f }, { ...f }])).toEqual([f]);
  });

  it("keeps one finding per subject when the description names a different one", () => {
    const paypal = makeFinding("CON-020", "The page presents itself as PayPal.", {
      description: "Page presents itself as PayPal on a domain PayPal does not use",
    });
    const apple = makeFinding("CON-020", "The page presents itself as Apple.", {
      description: "Page presents itself as Apple on a domain Apple does not use",
    });
    expect(reportFindings([paypal, apple])).toEqual([paypal, apple]);
  });

  it("orders by severity, Critical first, then by agent, keeping the agents' order within them", () => {
    const findings = [
      makeFinding("SYS-012", "Markup cut at 5 MB.", { severity: "Informational" }),
      makeFinding("NET-010", "answered 200", { severity: "Informational" }),
      makeFinding("NET-122", "expired", { severity: "Medium" }),
      makeFinding("NET-011", "plain HTTP", { severity: "Low" }),
      makeFinding("CON-001", "asks for a password", { severity: "Critical" }),
      makeFinding("CON-020", "presents itself as PayPal", { severity: "High" }),
      makeFinding("NET-210", "lure words", { severity: "High" }),
    ];
    const out = reportFindings(findings);
    expect(codes(out)).toEqual([
      "CON-001 Critical",
      "NET-210 High",
      "CON-020 High",
      "NET-122 Medium",
      "NET-011 Low",
      "SYS-012 Informational",
      "NET-010 Informational",
    ]);
    expect(out.map((f) => f.source_agent).slice(1, 3)).toEqual([AGENTS.network, AGENTS.content]);
  });

  it("puts the static agent before the network agent in a domain risk report", () => {
    const out = reportFindings([
      makeFinding("DR-NET-010", "Registered 3 days ago.", { severity: "High" }),
      makeFinding("DR-DOM-003", "Typosquat of paypal.com.", { severity: "High" }),
    ]);
    expect(out.map((f) => f.finding_id)).toEqual(["DR-DOM-003", "DR-NET-010"]);
  });

  it("does not change its input", () => {
    const input = [
      makeFinding("NET-011", "a", { severity: "Low" }),
      makeFinding("NET-011", "b", { severity: "High" }),
    ];
    const copy = structuredClone(input);
    reportFindings(input);
    expect(input).toEqual(copy);
  });
});
