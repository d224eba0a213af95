import { describe, expect, it } from "vitest";
import { describeHostProblem, normalizeDomain } from "./normalize.js";

describe("normalizeDomain", () => {
  it.each([
    ["example.com", "example.com"],
    ["  EXAMPLE.com.  ", "example.com"],
    ["www.example.com", "example.com"],
    ["mail.google.co.uk", "google.co.uk"],
    ["https://user:pw@Shop.Example.org:8443/path?q=1", "example.org"],
    ["example.com/some/path", "example.com"],
    ["example.com:8080", "example.com"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["alice.github.io", "github.io"],
    ["kucoinlogin_io.netlify.app", "netlify.app"],
    ["https://a_b.example.com/login", "example.com"],
    ["_dmarc.example.com", "example.com"],
  ])("%s → %s", (input, root) => {
    const result = normalizeDomain(input);
    expect(result).toMatchObject({ ok: true, root });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["192.168.1.1", "ip_address"],
    ["[::1]", "ip_address"],
    ["exa mple.com", "invalid_characters"],
    ["foo@bar.com", "invalid_characters"],
    ["-bad.com", "invalid_label"],
    ["a..b.com", "invalid_label"],
    [`${"a".repeat(64)}.com`, "invalid_label"],
    ["localhost", "no_public_suffix"],
    ["example.invalidtld", "no_public_suffix"],
    ["co.uk", "public_suffix_only"],
    [`${"a.".repeat(130)}com`, "too_long"],
  ])("rejects %j as %s", (input, reason) => {
    const result = normalizeDomain(input);
    expect(result).toMatchObject({ ok: false, reason });
  });

  it("keeps an underscore below the registrable domain in the host name", () => {
    expect(normalizeDomain("KuCoinLogin_IO.Netlify.app.")).toEqual({
      ok: true,
      hostname: "kucoinlogin_io.netlify.app",
      root: "netlify.app",
      suffix: "app",
    });
  });

  it("refuses an underscore in the registrable label of a root domain, unless asked to accept it", () => {
    const refused = normalizeDomain("pay_pal.com");
    expect(refused).toMatchObject({ ok: false, reason: "invalid_label" });
    if (!refused.ok) expect(refused.message).toMatch(/^The label "pay_pal" .* contains an underscore/);
    expect(normalizeDomain("www.pay_pal.com", { underscoreInRegistrable: true })).toMatchObject({
      ok: true,
      hostname: "www.pay_pal.com",
      root: "pay_pal.com",
    });
  });

  it.each([
    [
      "pay pal.com",
      "invalid_characters",
      'The label "pay pal" contains a space, which is not allowed in a host name.',
    ],
    ["-paypal.com", "invalid_label", 'The label "-paypal" starts with a hyphen.'],
    ["login.paypal-.com", "invalid_label", 'The label "paypal-" ends with a hyphen.'],
    ["a..b.com", "invalid_label", "The host name has an empty label (two dots in a row)."],
    [".example.com", "invalid_label", "The host name starts with a dot (an empty label)."],
    [
      `${"a".repeat(64)}.com`,
      "invalid_label",
      'The label "aaaaaaaaaaaaaaaaaaaa…" is 64 characters long; a label may have at most 63.',
    ],
    [
      `${"ü".repeat(60)}.de`,
      "invalid_label",
      'The label "üüüüüüüüüüüüüüüüüüüü…" is 66 characters long in its ASCII form; a label may have at most 63.',
    ],
    [
      "a!b.com",
      "invalid_label",
      'The label "a!b" contains the character "!", which is not allowed in a host name.',
    ],
    [
      "foo@bar.com",
      "invalid_characters",
      'The label "foo@bar" contains the character "@", which is not allowed in a host name.',
    ],
    [
      "pay\u00a0pal.com",
      "invalid_characters",
      'The label "pay\u00a0pal" contains a white-space character (U+00A0), which is not allowed in a host name.',
    ],
    [
      "exa\tmple.com",
      "invalid_characters",
      'The label "exa\\tmple" contains the control character U+0009, which is not allowed in a host name.',
    ],
    [
      "shop.pay\ufffdpal.com",
      "invalid_characters",
      'The label "pay\ufffdpal" contains the character "\ufffd" (U+FFFD), which is not allowed in a host name.',
    ],
    ["xn--zz.com", "invalid_characters", 'The label "xn--zz" is not valid punycode.'],
    [
      "https://pay pal.com/",
      "invalid_characters",
      'The label "pay pal" contains a space, which is not allowed in a host name.',
    ],
  ])("names the problem with %j (%s)", (input, reason, message) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, reason, message });
  });

  it("finds nothing to name in a valid host", () => {
    expect(describeHostProblem("kucoinlogin_io.netlify.app")).toBeNull();
    expect(describeHostProblem("xn--bcher-kva.de.")).toBeNull();
    expect(describeHostProblem("")).toBe("The host name is empty.");
  });
});
