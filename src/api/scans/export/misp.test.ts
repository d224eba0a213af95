import { describe, expect, it } from "vitest";
import { toMispEvent } from "./misp.js";
import { benignScan, downScan, phishingScan } from "./testing/fixtures.js";
import { mispProblems, tagProblem } from "./testing/misp-check.js";

const rows = (input: ReturnType<typeof phishingScan>) =>
  toMispEvent(input).Event.Attribute.map((a) => [a.type, a.category, a.value, a.to_ids]);

describe("toMispEvent", () => {
  it("writes an event the MISP core format accepts, for a phishing page, a benign page and a site that is down", () => {
    for (const input of [phishingScan(), benignScan(), downScan()]) {
      expect(mispProblems(toMispEvent(input))).toEqual([]);
    }
  });

  it("describes a phishing scan: verdict, threat level, date, and IDS flags on what is the attacker's own", () => {
    const { Event } = toMispEvent(phishingScan());
    expect(Event).toMatchObject({
      info: "DomainLens URL scan: Malicious, Phishing / Credential Theft: https://login.paypa1-secure.com/signin?session=abc&lang=en",
      date: "2026-06-01",
      threat_level_id: "1",
      analysis: "2",
      distribution: "0",
      published: false,
      timestamp: String((Date.parse("2026-06-01T10:00:04.210Z") / 1000) | 0),
      Orgc: { name: "DomainLens" },
    });
    expect(rows(phishingScan())).toEqual([
      ["url", "Network activity", "https://bit.ly/3xPhish", true],
      ["url", "Network activity", "https://login.paypa1-secure.com/signin?session=abc&lang=en", true],
      // The shortener's host is everyone's: never an IDS signature.
      ["hostname", "Network activity", "bit.ly", false],
      // Addresses are shared hosting or CDNs as often as not: context, not signatures.
      ["ip-dst", "Network activity", "67.199.248.10", false],
      ["hostname", "Network activity", "login.paypa1-secure.com", true],
      ["domain", "Network activity", "paypa1-secure.com", true],
      ["ip-dst", "Network activity", "203.0.113.7", false],
      ["target-org", "Targeting data", "PayPal", false],
      ["text", "External analysis", "Malicious: Phishing / Credential Theft (confidence 92)", false],
      ["text", "External analysis", "A PayPal sign-in page on a domain PayPal does not own.", false],
      [
        "text",
        "External analysis",
        "CON-001 (High): Password field on a brand look-alike page. The page asks for a PayPal password.",
        false,
      ],
      ["text", "Other", "Log in to your PayPal account", false],
      [
        "link",
        "External analysis",
        "https://api.domainlens.example/v1/scans/0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b",
        false,
      ],
    ]);
  });

  it("tags with the published taxonomies: TLP, incident class and the phishing taxonomy's technique and state", () => {
    const tags = (input: ReturnType<typeof phishingScan>) => toMispEvent(input).Event.Tag.map((t) => t.name);
    expect(tags(phishingScan())).toEqual([
      "tlp:amber",
      'circl:incident-classification="phishing"',
      'phishing:techniques="fake-website"',
      'phishing:state="active"',
      'phishing:report-type="automatic-reporting"',
    ]);
    expect(tags(downScan())).toContain('phishing:state="down"');
    expect(tags(benignScan())).toEqual(["tlp:amber"]);
  });

  it("flags nothing for IDS on a benign page, and rates its threat low", () => {
    const { Event } = toMispEvent(benignScan());
    expect(Event.threat_level_id).toBe("3");
    expect(Event.Attribute.filter((a) => a.to_ids)).toEqual([]);
    expect(Event.Attribute.find((a) => a.type === "target-org")).toBeUndefined();
  });

  it("keeps the analysis at 'initial' when the site could not be looked at", () => {
    const { Event } = toMispEvent(downScan());
    expect(Event.analysis).toBe("0");
    expect(rows(downScan()).filter((r) => r[3] === true)).toEqual([
      ["url", "Network activity", "https://paypa1-secure.com/login", true],
      ["domain", "Network activity", "paypa1-secure.com", true],
    ]);
  });

  it("keeps its uuids from one export to the next, so a re-import updates the same event", () => {
    const first = toMispEvent(phishingScan());
    expect(toMispEvent(phishingScan())).toEqual(first);
    const uuids = first.Event.Attribute.map((a) => a.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it("the checks catch a wrong category, an unknown tag and a missing field", () => {
    const event = toMispEvent(phishingScan());
    const broken = structuredClone(event) as unknown as {
      Event: Record<string, unknown> & { Attribute: Array<Record<string, unknown>> };
    };
    const first = broken.Event.Attribute[0];
    if (!first) throw new Error("fixture");
    first.category = "Targeting data";
    broken.Event.Tag = [{ name: 'phishing:state="gone"' }];
    delete broken.Event.date;
    expect(mispProblems(broken)).toEqual([
      "Event.date is not YYYY-MM-DD",
      expect.stringContaining("category Targeting data is not valid for the type"),
      expect.stringContaining("gone is not a value of phishing:state"),
    ]);
    expect(tagProblem("tlp:amber")).toBeNull();
    expect(tagProblem("tlp:beige")).not.toBeNull();
  });
});
