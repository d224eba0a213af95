import { describe, expect, it } from "vitest";
import { indicatorPattern, patternString, STIX_SCO_NAMESPACE, toStixBundle } from "./stix.js";
import { benignScan, downScan, phishingScan } from "./testing/fixtures.js";
import { patternProblems, stixProblems } from "./testing/stix-check.js";
import { uuidV5 } from "./uuid.js";

type Obj = { type: string; id: string } & Record<string, unknown>;
const ofType = (objects: Obj[], type: string) => objects.filter((o) => o.type === type);

describe("uuidV5", () => {
  it("gives RFC 9562's and STIX 2.1's published values", () => {
    // RFC 9562 appendix A.4: the DNS namespace and www.example.com.
    expect(uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
    // The deterministic id of the domain-name example.com (STIX 2.1 §2.9, as the reference library has it).
    expect(uuidV5(STIX_SCO_NAMESPACE, JSON.stringify({ value: "example.com" }))).toBe(
      "bedb4899-d24b-5401-bc86-8f6b4cc18ec7",
    );
  });
});

describe("toStixBundle", () => {
  it("writes a bundle STIX 2.1 accepts, for a phishing page, a benign page and a site that is down", () => {
    for (const input of [phishingScan(), benignScan(), downScan()]) {
      expect(stixProblems(toStixBundle(input))).toEqual([]);
    }
  });

  it("flags the URLs and the page's own host, not the link shortener's", () => {
    const bundle = toStixBundle(phishingScan());
    const [indicator] = ofType(bundle.objects, "indicator");
    expect(indicator).toMatchObject({
      indicator_types: ["malicious-activity"],
      pattern_type: "stix",
      valid_from: "2026-06-01T10:00:04.210Z",
      confidence: 92,
      labels: ["case:4711"],
      description: "A PayPal sign-in page on a domain PayPal does not own.",
    });
    expect(indicator?.pattern).toBe(
      "[url:value = 'https://bit.ly/3xPhish'] OR " +
        "[url:value = 'https://login.paypa1-secure.com/signin?session=abc&lang=en'] OR " +
        "[domain-name:value = 'login.paypa1-secure.com']",
    );
  });

  it("records the navigations as observables: URLs, host names and the addresses they resolved to", () => {
    const bundle = toStixBundle(phishingScan());
    const values = (type: string) => ofType(bundle.objects, type).map((o) => o.value);
    expect(values("url")).toEqual([
      "https://bit.ly/3xPhish",
      "https://login.paypa1-secure.com/signin?session=abc&lang=en",
    ]);
    expect(values("domain-name")).toEqual(["bit.ly", "login.paypa1-secure.com"]);
    expect(values("ipv4-addr")).toEqual(["67.199.248.10", "203.0.113.7"]);
    // Subresources (the CDN script) and refused requests are in the HAR, not in the indicator's evidence.
    expect(JSON.stringify(bundle)).not.toContain("example-cdn");
    const page = ofType(bundle.objects, "domain-name").find((o) => o.value === "login.paypa1-secure.com");
    const address = ofType(bundle.objects, "ipv4-addr").find((o) => o.value === "203.0.113.7");
    expect(page?.resolves_to_refs).toEqual([address?.id]);
    const [observed] = ofType(bundle.objects, "observed-data");
    expect(observed).toMatchObject({
      first_observed: "2026-06-01T10:00:00.000Z",
      last_observed: "2026-06-01T10:00:02.400Z",
      number_observed: 1,
    });
    expect(observed?.object_refs).toHaveLength(6);
  });

  it("names the imitated brand as the identity a phishing attack pattern targets", () => {
    const bundle = toStixBundle(phishingScan());
    const brand = ofType(bundle.objects, "identity").find((o) => o.name === "PayPal");
    const [technique] = ofType(bundle.objects, "attack-pattern");
    const [indicator] = ofType(bundle.objects, "indicator");
    expect(brand).toMatchObject({ identity_class: "organization" });
    expect(technique).toMatchObject({
      name: "Phishing",
      external_references: [{ source_name: "capec", external_id: "CAPEC-98" }],
    });
    const relations = ofType(bundle.objects, "relationship").map((r) => [
      r.source_ref,
      r.relationship_type,
      r.target_ref,
    ]);
    expect(relations).toEqual(
      expect.arrayContaining([
        [indicator?.id, "indicates", technique?.id],
        [technique?.id, "targets", brand?.id],
        [indicator?.id, "based-on", ofType(bundle.objects, "observed-data")[0]?.id],
      ]),
    );
    const creator = ofType(bundle.objects, "identity").find((o) => o.name === "DomainLens");
    for (const o of bundle.objects) if ("created_by_ref" in o) expect(o.created_by_ref).toBe(creator?.id);
  });

  it("marks a benign page benign, with no attack pattern and no brand", () => {
    const bundle = toStixBundle(benignScan());
    expect(ofType(bundle.objects, "indicator")[0]?.indicator_types).toEqual(["benign"]);
    expect(ofType(bundle.objects, "attack-pattern")).toEqual([]);
    expect(ofType(bundle.objects, "identity").map((o) => o.name)).toEqual(["DomainLens"]);
  });

  it("still describes a site that was down: its URL and host, no address", () => {
    const bundle = toStixBundle(downScan());
    expect(ofType(bundle.objects, "indicator")[0]?.pattern).toBe(
      "[url:value = 'https://paypa1-secure.com/login'] OR [domain-name:value = 'paypa1-secure.com']",
    );
    expect(ofType(bundle.objects, "ipv4-addr")).toEqual([]);
  });

  it("gives the same ids on every export, and the same observable ids across scans", () => {
    const once = toStixBundle(phishingScan());
    expect(toStixBundle(phishingScan())).toEqual(once);
    const other = phishingScan();
    other.scan.id = "11111111-2222-4333-8444-555555555555";
    const again = toStixBundle(other);
    expect(again.id).not.toBe(once.id);
    expect(ofType(again.objects, "indicator")[0]?.id).not.toBe(ofType(once.objects, "indicator")[0]?.id);
    expect(ofType(again.objects, "url").map((o) => o.id)).toEqual(
      ofType(once.objects, "url").map((o) => o.id),
    );
  });

  it("escapes quotes and backslashes in pattern strings", () => {
    expect(patternString("a'b\\c")).toBe("'a\\'b\\\\c'");
    const input = phishingScan({ capture: { finalUrl: "https://login.paypa1-secure.com/it's\\here" } });
    const pattern = indicatorPattern(input);
    expect(pattern).toContain("'https://login.paypa1-secure.com/it\\'s\\\\here'");
    expect(patternProblems(pattern)).toEqual([]);
    expect(stixProblems(toStixBundle(input))).toEqual([]);
  });

  it("the checks catch what the specification forbids", () => {
    const bundle = toStixBundle(phishingScan());
    const broken = structuredClone(bundle) as { objects: Obj[] };
    const indicator = ofType(broken.objects, "indicator")[0];
    const url = ofType(broken.objects, "url")[0];
    if (!indicator || !url) throw new Error("fixture");
    indicator.created = "2026-06-01T10:00:04Z";
    indicator.indicator_types = ["phishing"];
    url.id = "url--6f0c1d0e-8d4b-4a53-9b8e-2f5d7c3a91e4";
    expect(stixProblems(broken)).toEqual([
      expect.stringContaining("created is not a millisecond UTC timestamp"),
      expect.stringContaining("not in indicator-type-ov"),
      expect.stringContaining("is not an SCO in the bundle"),
      expect.stringContaining("id is not the UUIDv5 of its value"),
    ]);
    expect(patternProblems("[url:value = 'a' OR")).not.toEqual([]);
    expect(patternProblems("[url:value = 'it's']")).not.toEqual([]);
  });
});
