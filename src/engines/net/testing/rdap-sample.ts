/** Shaped like a real gTLD registry answer (RFC 9083 with ICANN profile extras). */
export const SAMPLE_DOMAIN = {
  objectClassName: "domain",
  handle: "2336799_DOMAIN_COM-VRSN",
  ldhName: "EXAMPLE-SHOP.TEST",
  status: ["client delete prohibited", "client transfer prohibited"],
  events: [
    { eventAction: "registration", eventDate: "2024-05-01T10:00:00Z" },
    { eventAction: "expiration", eventDate: "2026-05-01T10:00:00Z" },
    { eventAction: "last changed", eventDate: "2025-04-02T08:30:00Z" },
    { eventAction: "last update of RDAP database", eventDate: "2026-07-01T00:00:00Z" },
  ],
  entities: [
    {
      objectClassName: "entity",
      roles: ["registrar"],
      publicIds: [{ type: "IANA Registrar ID", identifier: "292" }],
      vcardArray: [
        "vcard",
        [
          ["version", {}, "text", "4.0"],
          ["fn", {}, "text", "MarkMonitor Inc."],
        ],
      ],
      entities: [
        { objectClassName: "entity", roles: ["abuse"], vcardArray: ["vcard", [["fn", {}, "text", "Abuse"]]] },
      ],
    },
    {
      objectClassName: "entity",
      roles: ["registrant"],
      vcardArray: [
        "vcard",
        [
          ["version", {}, "text", "4.0"],
          ["fn", {}, "text", ""],
          ["org", {}, "text", "Example Shop GmbH"],
        ],
      ],
    },
  ],
  nameservers: [
    { objectClassName: "nameserver", ldhName: "NS1.EXAMPLE-DNS.TEST." },
    { objectClassName: "nameserver", ldhName: "ns2.example-dns.test" },
  ],
  secureDNS: { delegationSigned: false },
};
