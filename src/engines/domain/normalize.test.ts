import { describe, expect, it } from "vitest";
import { normalizeDomain } from "./normalize.js";

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
});
