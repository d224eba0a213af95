import { describe, expect, it } from "vitest";
import { parseTarget } from "./url.js";

describe("parseTarget", () => {
  it.each([
    ["example.com", "http://example.com/", "example.com"],
    ["  Example.COM.  ", "http://example.com/", "example.com"],
    [
      "https://User:Secret@Shop.Example.org:8443/a/b?q=1#x",
      "https://shop.example.org:8443/a/b?q=1#x",
      "shop.example.org",
    ],
    ["example.com:8080/login", "http://example.com:8080/login", "example.com"],
    ["//example.com/path", "http://example.com/path", "example.com"],
    ["HTTPS://WWW.PAYPAL.COM/", "https://www.paypal.com/", "www.paypal.com"],
    ["https://example.com:443/", "https://example.com/", "example.com"],
    ["bücher.de", "http://xn--bcher-kva.de/", "xn--bcher-kva.de"],
    ["https://pаypal.com/", "https://xn--pypal-4ve.com/", "xn--pypal-4ve.com"],
    ["hxxps://evil[.]example[.]com/x", "https://evil.example.com/x", "evil.example.com"],
    ["https://example.com./", "https://example.com/", "example.com"],
  ])("%j → %s", (input, href, hostname) => {
    const parsed = parseTarget(input);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.href).toBe(href);
    expect(parsed.host).toMatchObject({ kind: "domain", hostname });
  });

  it.each([
    "http://example.com/\u0000",
    "https://exa\tmple.com/",
    "https://example.com/a\nb",
    "example.com\u007f",
  ])("refuses raw control characters in %j", (input) => {
    expect(parseTarget(input)).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("records the tricks a URL plays", () => {
    const parsed = parseTarget("https://paypal.com@evil.example.top:8443/%6c%6f%67in");
    expect(parsed).toMatchObject({
      ok: true,
      tricks: { userinfo: "paypal.com", userinfoHost: "paypal.com", port: 8443, encodedPath: true },
    });
  });

  it.each([
    ["http://3232235777/", "192.168.1.1", "3232235777"],
    ["http://0xC0.0xA8.0x01.0x01/", "192.168.1.1", "0xc0.0xa8.0x01.0x01"],
    ["http://192.168.1.1/", "192.168.1.1", null],
  ])("%s is the IP address %s", (input, address, obfuscated) => {
    const parsed = parseTarget(input);
    expect(parsed).toMatchObject({
      ok: true,
      host: { kind: "ip", address },
      tricks: { obfuscatedIp: obfuscated },
    });
  });

  it("accepts IPv6 literals", () => {
    expect(parseTarget("http://[2001:db8::1]/x")).toMatchObject({
      ok: true,
      host: { kind: "ip", version: 6 },
    });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["ftp://example.com/file", "unsupported_scheme"],
    ["mailto:someone@example.com", "unsupported_scheme"],
    ["http://exa mple.com/", "malformed"],
    ["localhost", "no_public_suffix"],
    ["http://example.invalidtld/", "no_public_suffix"],
    ["co.uk", "public_suffix_only"],
    ["-bad.com", "invalid_label"],
    [`https://${"a".repeat(2100)}.com/`, "too_long"],
  ])("rejects %j as %s", (input, reason) => {
    const parsed = parseTarget(input);
    expect(parsed).toMatchObject({ ok: false, reason });
    if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(0);
  });
});
