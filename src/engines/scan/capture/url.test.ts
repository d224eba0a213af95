import { describe, expect, it } from "vitest";
import { normalizeScanUrl, plainHttp } from "./url.js";

describe("normalizeScanUrl", () => {
  it.each([
    ["example.com", "https://example.com/", true],
    ["  Example.COM/Path?q=1#frag ", "https://example.com/Path?q=1#frag", true],
    ["//example.com/x", "https://example.com/x", true],
    ["example.com:8080/x", "https://example.com:8080/x", true],
    ["http://example.com", "http://example.com/", false],
    ["HTTPS://EXAMPLE.com./", "https://example.com/", false],
    ["hxxps://evil[.]top/login", "https://evil.top/login", false],
    ["münchen.de", "https://xn--mnchen-3ya.de/", true],
    ["https://пример.рф/", "https://xn--e1afmkfd.xn--p1ai/", false],
    ["https://docs.top/#j.doe%40example.com", "https://docs.top/#j.doe%40example.com", false],
  ])("%s → %s", (input, url, schemeAdded) => {
    expect(normalizeScanUrl(input)).toMatchObject({ ok: true, url, schemeAdded });
  });

  it("drops credentials from the URL and keeps them as evidence", () => {
    const result = normalizeScanUrl("https://paypal.com:secure@evil.top/signin");
    expect(result).toMatchObject({ ok: true, url: "https://evil.top/signin", hostname: "evil.top" });
    expect(result.ok && result.tricks).toMatchObject({
      userinfo: "paypal.com:secure",
      userinfoHost: "paypal.com",
    });
  });

  it("accepts IP literals (the egress policy decides at the gate) and names the disguise of a numeric one", () => {
    expect(normalizeScanUrl("http://2130706433/")).toMatchObject({
      ok: true,
      url: "http://127.0.0.1/",
      hostKind: "ip",
      registrableDomain: null,
      tricks: { obfuscatedIp: "2130706433" },
    });
    expect(normalizeScanUrl("http://[::1]:8080/")).toMatchObject({
      ok: true,
      hostname: "::1",
      hostKind: "ip",
    });
  });

  it.each([
    ["", "empty"],
    ["mailto:someone@example.com", "unsupported_scheme"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["ftp://files.example.com/", "unsupported_scheme"],
    ["file:///etc/passwd", "unsupported_scheme"],
    ["not a url at all", "malformed"],
    ["https://a..b.com/", "invalid_label"],
    ["localhost:8080", "no_public_suffix"],
    [`https://example.com/${"a".repeat(2100)}`, "too_long"],
  ])("refuses %j with a stable error (%s)", (input, reason) => {
    expect(normalizeScanUrl(input)).toMatchObject({ ok: false, error: "invalid_url", reason });
  });

  it("swaps only the scheme for the plain-HTTP attempt", () => {
    expect(plainHttp("https://example.com/https:/x")).toBe("http://example.com/https:/x");
  });
});
