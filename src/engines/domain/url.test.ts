import { describe, expect, it } from "vitest";
import { isLocalNetworkAddress, parseTarget } from "./url.js";

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
    [
      "https://kucoinlogin_io.netlify.app/",
      "https://kucoinlogin_io.netlify.app/",
      "kucoinlogin_io.netlify.app",
    ],
    ["kucoinlogin_io.netlify.app", "http://kucoinlogin_io.netlify.app/", "kucoinlogin_io.netlify.app"],
    ["A_B.Example.com/login", "http://a_b.example.com/login", "a_b.example.com"],
    [
      "hxxps://secure_login[.]example[.]com/",
      "https://secure_login.example.com/",
      "secure_login.example.com",
    ],
    // Browsers accept an underscore in any label, the registrable one included.
    ["https://pay_pal.com/x", "https://pay_pal.com/x", "pay_pal.com"],
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

  it("reduces an underscore host to its ICANN registrable domain", () => {
    expect(parseTarget("https://kucoinlogin_io.netlify.app/")).toMatchObject({
      ok: true,
      host: { icannDomain: "netlify.app", icannSuffix: "app" },
    });
    expect(parseTarget("pay_pal.com")).toMatchObject({ ok: true, host: { icannDomain: "pay_pal.com" } });
  });

  it("reads an underscore host in the user info as the host the URL pretends to lead to", () => {
    expect(parseTarget("https://kucoin_login.netlify.app@evil.example.top/")).toMatchObject({
      ok: true,
      host: { hostname: "evil.example.top" },
      tricks: { userinfoHost: "kucoin_login.netlify.app" },
    });
  });

  it.each([
    [
      "https://pay pal.com/",
      "malformed",
      'The label "pay pal" contains a space, which is not allowed in a host name.',
    ],
    [
      "pay pal.com",
      "malformed",
      'The label "pay pal" contains a space, which is not allowed in a host name.',
    ],
    ["https://-paypal.com/", "invalid_label", 'The label "-paypal" starts with a hyphen.'],
    ["secure.paypal-.com", "invalid_label", 'The label "paypal-" ends with a hyphen.'],
    ["https://a..b.com/", "invalid_label", "The host name has an empty label (two dots in a row)."],
    [
      `https://${"a".repeat(64)}.com/`,
      "invalid_label",
      'The label "aaaaaaaaaaaaaaaaaaaa…" is 64 characters long; a label may have at most 63.',
    ],
    [
      "https://a!b.com/",
      "invalid_label",
      'The label "a!b" contains the character "!", which is not allowed in a host name.',
    ],
    [
      "http://pay|pal.com/",
      "malformed",
      'The label "pay|pal" contains the character "|", which is not allowed in a host name.',
    ],
    ["http://", "malformed", "The URL has no host name."],
  ])("names the problem with %j", (input, reason, message) => {
    expect(parseTarget(input)).toEqual({ ok: false, reason, message });
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

describe("isLocalNetworkAddress", () => {
  it("tells addresses of the visitor's own network from addresses on the internet", () => {
    for (const local of ["192.168.178.1", "10.0.0.8", "172.16.4.2", "100.64.1.1", "127.0.0.1", "169.254.1.1"])
      expect(isLocalNetworkAddress(local), local).toBe(true);
    expect(isLocalNetworkAddress("[fd12:3456::1]")).toBe(true);
    expect(isLocalNetworkAddress("[::ffff:192.168.1.1]")).toBe(true);
    for (const remote of ["198.51.100.7", "8.8.8.8", "[2001:4860::8888]", "not-an-ip"])
      expect(isLocalNetworkAddress(remote), remote).toBe(false);
  });
});
