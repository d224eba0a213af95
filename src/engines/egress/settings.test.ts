import { describe, expect, it } from "vitest";
import { findConnectTo, parseConnectTo } from "./connect-to.js";
import { canonicalHost } from "./host.js";
import { EgressSettingsError, parseEgressSettings } from "./settings.js";

function name(text: string) {
  const host = canonicalHost(text);
  if (!host) throw new Error(`bad host ${text}`);
  return host;
}

describe("connect-to rules", () => {
  it("parses names, IPs, wildcards and IPv6 targets", () => {
    const rules = parseConnectTo(
      "shop.example:443=127.77.0.10:40123, *:80=127.77.0.11:40124;[::ffff:7f00:1]:8080=[::1]:9 10.0.0.1:*=127.1.2.3:5",
    );
    expect(rules).toMatchObject([
      { host: "shop.example", port: 443, address: "127.77.0.10", targetPort: 40123 },
      { host: "*", port: 80, address: "127.77.0.11", targetPort: 40124 },
      { host: "::ffff:7f00:1", port: 8080, address: "::1", targetPort: 9 },
      { host: "10.0.0.1", port: "*", address: "127.1.2.3", targetPort: 5 },
    ]);
  });

  it("matches the canonical host and port, first rule wins", () => {
    const rules = parseConnectTo(
      "Shop.Example.:443=127.77.0.10:1 *:443=127.77.0.12:2 0x7f.1:80=127.77.0.13:3",
    );
    expect(findConnectTo(rules, name("shop.example"), 443)?.targetPort).toBe(1);
    expect(findConnectTo(rules, name("other.example"), 443)?.targetPort).toBe(2);
    expect(findConnectTo(rules, name("127.0.0.1"), 80)?.targetPort).toBe(3);
    expect(findConnectTo(rules, name("shop.example"), 80)).toBeUndefined();
  });

  it("lets an IP rule match a name that resolved to that IP", () => {
    const rules = parseConnectTo("127.77.16.5:443=127.77.0.10:4443");
    expect(findConnectTo(rules, name("site.test"), 443, "127.77.16.5")?.targetPort).toBe(4443);
    expect(findConnectTo(rules, name("site.test"), 443, "::ffff:127.77.16.5")?.targetPort).toBe(4443);
    expect(findConnectTo(rules, name("site.test"), 443, "127.77.16.6")).toBeUndefined();
    expect(findConnectTo(rules, name("site.test"), 80, "127.77.16.5")).toBeUndefined();
  });

  it.each([
    "shop.example:443",
    "shop.example=127.0.0.1:1",
    "shop.example:443=target.example:1",
    "shop.example:443=127.0.0.1:0",
    "shop.example:99999=127.0.0.1:1",
    "shop example:443=127.0.0.1:1=2",
    "::1:443=127.0.0.1:1",
  ])("rejects %s", (rule) => {
    expect(() => parseConnectTo(rule)).toThrow(/connect-to rule/);
  });
});

describe("parseEgressSettings", () => {
  it("returns nothing for unset or empty variables", () => {
    expect(parseEgressSettings({})).toEqual({});
    expect(parseEgressSettings({ DNS_SERVERS: " ", CONNECT_TO: "" })).toEqual({});
  });

  it("validates and normalizes every variable", () => {
    const settings = parseEgressSettings({
      DNS_SERVERS: "127.77.0.53:5353, 9.9.9.9 [::1]:53 2001:4860:4860::8888",
      CONNECT_TO: "a.test:443=127.77.0.2:4443",
      EGRESS_ALLOW_CIDRS: "127.77.0.0/16,10.9.9.9",
      RDAP_BOOTSTRAP_URL: "http://127.77.0.5:8080/bootstrap.json",
      EGRESS_CONNECT_TIMEOUT_MS: "1500",
      EGRESS_READ_TIMEOUT_MS: "2500",
      EGRESS_TOTAL_TIMEOUT_MS: "9000",
      EGRESS_MAX_BODY_BYTES: "1048576",
      EGRESS_MAX_REDIRECTS: "0",
      EGRESS_ALLOWED_PORTS: "80,443",
      DNS_TIMEOUT_MS: "500",
      DNS_TRIES: "1",
      EGRESS_USER_AGENT: "DomainLensBot/1.0",
    });
    expect(settings).toEqual({
      dnsServers: ["127.77.0.53:5353", "9.9.9.9:53", "[::1]:53", "[2001:4860:4860::8888]:53"],
      connectTo: [
        {
          host: "a.test",
          port: 443,
          address: "127.77.0.2",
          targetPort: 4443,
          text: "a.test:443=127.77.0.2:4443",
        },
      ],
      allowCidrs: ["127.77.0.0/16", "10.9.9.9/32"],
      rdapBootstrapUrl: "http://127.77.0.5:8080/bootstrap.json",
      connectTimeoutMs: 1500,
      readTimeoutMs: 2500,
      totalTimeoutMs: 9000,
      maxBodyBytes: 1048576,
      maxRedirects: 0,
      allowedPorts: [80, 443],
      dnsTimeoutMs: 500,
      dnsTries: 1,
      userAgent: "DomainLensBot/1.0",
    });
  });

  it.each([
    ["DNS_SERVERS", "dns.google"],
    ["DNS_SERVERS", "127.0.0.1:0"],
    ["CONNECT_TO", "a.test:443"],
    ["EGRESS_ALLOW_CIDRS", "127.77.0.0/40"],
    ["RDAP_BOOTSTRAP_URL", "ftp://example.test/x"],
    ["RDAP_BOOTSTRAP_URL", "not a url"],
    ["EGRESS_CONNECT_TIMEOUT_MS", "-1"],
    ["EGRESS_MAX_BODY_BYTES", "1e6"],
    ["EGRESS_MAX_REDIRECTS", "51"],
    ["EGRESS_ALLOWED_PORTS", "80,http"],
    ["DNS_TRIES", "0"],
  ])("names %s when it is %s", (variable, value) => {
    try {
      parseEgressSettings({ [variable]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EgressSettingsError);
      expect((error as EgressSettingsError).variable).toBe(variable);
      expect((error as Error).message.startsWith(`${variable}:`)).toBe(true);
    }
  });
});
