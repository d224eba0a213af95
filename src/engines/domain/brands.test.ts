import { parse } from "tldts";
import { describe, expect, it } from "vitest";
import { brandOwning, readBrandEntries } from "./brands.js";

describe("brand table", () => {
  const entries = readBrandEntries();

  it("lists at least 300 brands with unique names", () => {
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  });

  it("lists registrable domains (or `name.*` and `prefix-*.tld` patterns) only", () => {
    const wrong: string[] = [];
    for (const entry of entries) {
      for (const raw of entry.domains) {
        const domain = raw.endsWith(".*") ? raw.replace("*", "de") : raw.replace("*", "example");
        const icann = parse(domain).domain;
        const withPrivate = parse(domain, { allowPrivateDomains: true }).domain;
        if (icann !== domain && withPrivate !== domain) wrong.push(`${entry.name}: ${raw}`);
      }
      for (const token of entry.common ?? [])
        if (!entry.tokens.includes(token)) wrong.push(`${entry.name}: ${token}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ["paypal.com", "paypal", "com", "PayPal"],
    ["paypal.de", "paypal", "de", "PayPal"],
    ["dns.google", "dns", "google", "Google"],
    ["sparkasse-hannover.de", "sparkasse-hannover", "de", "Sparkasse"],
    ["gogle.com", "gogle", "com", "Google"],
  ])("%s belongs to %s", (domain, name, suffix, brand) => {
    expect(brandOwning(domain, name, suffix, true)?.name).toBe(brand);
  });

  it.each([
    ["paypal.top", "paypal", "top"],
    ["paypal.io", "paypal", "io"],
    ["paypal-login.com", "paypal-login", "com"],
  ])("%s belongs to no brand", (domain, name, suffix) => {
    expect(brandOwning(domain, name, suffix, true)).toBeNull();
  });
});
