import { describe, expect, it } from "vitest";
import { parseIanaBootstrap } from "./rdap-bootstrap.js";
import { parseRdapDomain, vcardValue } from "./rdap-parse.js";
import { SAMPLE_DOMAIN } from "./testing/rdap-sample.js";

describe("RDAP domain parsing", () => {
  it("reads events, registrar, registrant organization, status and nameservers", () => {
    expect(parseRdapDomain(SAMPLE_DOMAIN)).toEqual({
      handle: "2336799_DOMAIN_COM-VRSN",
      ldhName: "example-shop.test",
      unicodeName: null,
      registeredAt: "2024-05-01T10:00:00.000Z",
      expiresAt: "2026-05-01T10:00:00.000Z",
      lastChangedAt: "2025-04-02T08:30:00.000Z",
      registrar: { name: "MarkMonitor Inc.", ianaId: "292" },
      registrantOrganization: "Example Shop GmbH",
      statuses: ["client delete prohibited", "client transfer prohibited"],
      nameservers: ["ns1.example-dns.test", "ns2.example-dns.test"],
      dnssecSigned: false,
    });
  });

  it("drops a redacted registrant organization", () => {
    const redactedText = structuredClone(SAMPLE_DOMAIN);
    const registrant = redactedText.entities[1];
    if (registrant) registrant.vcardArray = ["vcard", [["org", {}, "text", "REDACTED FOR PRIVACY"]]];
    expect(parseRdapDomain(redactedText)?.registrantOrganization).toBeNull();

    const redactedMember = {
      ...SAMPLE_DOMAIN,
      redacted: [{ name: { type: "Registrant Organization" }, method: "removal" }],
    };
    expect(parseRdapDomain(redactedMember)?.registrantOrganization).toBeNull();
  });

  it("copes with a minimal or odd document", () => {
    expect(parseRdapDomain({ objectClassName: "domain", ldhName: "a.test" })).toMatchObject({
      ldhName: "a.test",
      registeredAt: null,
      registrar: null,
      registrantOrganization: null,
      statuses: [],
      nameservers: [],
      dnssecSigned: null,
    });
    expect(
      parseRdapDomain({
        objectClassName: "domain",
        events: [{ eventAction: "registration", eventDate: "yesterday" }, "x"],
      }),
    ).toMatchObject({ registeredAt: null });
    expect(parseRdapDomain({ objectClassName: "entity" })).toBeNull();
    expect(parseRdapDomain({ errorCode: 404, title: "Not found" })).toBeNull();
    expect(parseRdapDomain("nonsense")).toBeNull();
    expect(parseRdapDomain(null)).toBeNull();
  });

  it("reads structured vCard values", () => {
    expect(vcardValue({ vcardArray: ["vcard", [["org", {}, "text", ["ACME", "Sales"]]]] }, "org")).toBe(
      "ACME Sales",
    );
    expect(vcardValue({ vcardArray: "broken" }, "fn")).toBeNull();
  });
});

describe("RDAP bootstrap parsing", () => {
  it("maps every TLD to its base URLs, https first, with a trailing slash", () => {
    const map = parseIanaBootstrap({
      services: [
        [
          ["Test", "example"],
          ["http://rdap.one/x", "https://rdap.one/x/"],
        ],
        [["two"], ["ftp://nope"]],
        "junk",
      ],
    });
    expect(map?.get("test")).toEqual(["https://rdap.one/x/", "http://rdap.one/x/"]);
    expect(map?.get("example")).toEqual(["https://rdap.one/x/", "http://rdap.one/x/"]);
    expect(map?.has("two")).toBe(false);
    expect(parseIanaBootstrap({ services: [] })).toBeNull();
    expect(parseIanaBootstrap([])).toBeNull();
  });
});
