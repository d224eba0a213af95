import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalAddress, createAddressPolicy, parseCidr } from "./address-policy.js";

const policy = createAddressPolicy();

describe("address policy", () => {
  it.each([
    ["127.0.0.1", "blocked_loopback"],
    ["127.255.255.254", "blocked_loopback"],
    ["::1", "blocked_loopback"],
    ["10.1.2.3", "blocked_private_address"],
    ["172.16.0.1", "blocked_private_address"],
    ["172.31.255.255", "blocked_private_address"],
    ["192.168.1.1", "blocked_private_address"],
    ["100.64.0.1", "blocked_private_address"],
    ["100.127.255.255", "blocked_private_address"],
    ["169.254.169.254", "blocked_metadata_address"],
    ["fd00:ec2::254", "blocked_metadata_address"],
    ["100.100.100.200", "blocked_metadata_address"],
    ["169.254.1.1", "blocked_link_local"],
    ["fe80::1", "blocked_link_local"],
    ["fc00::1", "blocked_private_address"],
    ["fd12:3456::1", "blocked_private_address"],
    ["fec0::1", "blocked_private_address"],
    ["ff02::1", "blocked_multicast"],
    ["224.0.0.1", "blocked_multicast"],
    ["239.255.255.250", "blocked_multicast"],
    ["255.255.255.255", "blocked_broadcast"],
    ["0.0.0.0", "blocked_unspecified"],
    ["::", "blocked_unspecified"],
    ["0.1.2.3", "blocked_reserved_address"],
    ["192.0.2.1", "blocked_reserved_address"],
    ["198.51.100.7", "blocked_reserved_address"],
    ["203.0.113.9", "blocked_reserved_address"],
    ["198.18.0.1", "blocked_reserved_address"],
    ["240.0.0.1", "blocked_reserved_address"],
    ["2001:db8::1", "blocked_reserved_address"],
    ["3fff::1", "blocked_reserved_address"],
    ["2001::1", "blocked_reserved_address"],
    ["100::1", "blocked_reserved_address"],
    ["4000::1", "blocked_reserved_address"],
    // IPv4 embedded in IPv6: mapped, compatible, translated, NAT64, 6to4.
    ["::ffff:127.0.0.1", "blocked_loopback"],
    ["::ffff:7f00:1", "blocked_loopback"],
    ["0:0:0:0:0:ffff:a00:1", "blocked_private_address"],
    ["::ffff:169.254.169.254", "blocked_metadata_address"],
    ["::127.0.0.1", "blocked_loopback"],
    ["::7f00:1", "blocked_loopback"],
    ["::ffff:0:7f00:1", "blocked_loopback"],
    ["64:ff9b::7f00:1", "blocked_loopback"],
    ["64:ff9b::10.0.0.1", "blocked_private_address"],
    ["64:ff9b::a9fe:a9fe", "blocked_metadata_address"],
    ["64:ff9b:1::1", "blocked_private_address"],
    ["2002:7f00:1::1", "blocked_loopback"],
    ["2002:c0a8:101::1", "blocked_private_address"],
    ["::8.8.8.8", "blocked_reserved_address"],
    // Non-canonical IPv4 spellings are canonicalized before the check.
    ["0177.0.0.1", "blocked_loopback"],
    ["2130706433", "blocked_loopback"],
    ["0x7f.1", "blocked_loopback"],
    ["127.1", "blocked_loopback"],
  ])("%s is refused as %s", (address, reason) => {
    const verdict = policy.check(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.reason).toBe(reason);
      expect(verdict.detail).toContain(verdict.address);
    }
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s is allowed", (address) => {
    const verdict = policy.check(address);
    expect(verdict).toMatchObject({ allowed: true, allowlisted: false });
  });

  it("sees the canonical form: mapped IPv6 becomes IPv4", () => {
    expect(canonicalAddress("::ffff:8.8.8.8")).toBe("8.8.8.8");
    expect(canonicalAddress("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(canonicalAddress("not an address")).toBeNull();
    expect(policy.check("::ffff:8.8.8.8")).toMatchObject({ address: "8.8.8.8" });
  });

  it("refuses text that is not an address", () => {
    expect(policy.check("example.com")).toMatchObject({ allowed: false, reason: "invalid_url" });
  });

  it("lets the allowlist through, in every spelling of the address", () => {
    const open = createAddressPolicy(["127.88.0.0/16", "fd00:1::/64"]);
    expect(open.check("127.88.3.4")).toMatchObject({ allowed: true, allowlisted: true });
    expect(open.check("::ffff:127.88.3.4")).toMatchObject({
      allowed: true,
      allowlisted: true,
      address: "127.88.3.4",
    });
    expect(open.check("fd00:1::5")).toMatchObject({ allowed: true, allowlisted: true });
    expect(open.check("127.0.0.1")).toMatchObject({ allowed: false, reason: "blocked_loopback" });
    expect(open.isAllowlisted("127.88.0.1")).toBe(true);
    expect(open.isAllowlisted("127.89.0.1")).toBe(false);
  });

  it("parses CIDRs and single addresses, and rejects nonsense", () => {
    expect(parseCidr("127.88.0.0/16")?.text).toBe("127.88.0.0/16");
    expect(parseCidr("10.0.0.1")?.text).toBe("10.0.0.1/32");
    expect(parseCidr("::ffff:127.0.0.0/104")?.text).toBe("127.0.0.0/8");
    expect(parseCidr("fd00::/8")?.text).toBe("fd00::/8");
    expect(parseCidr("10.0.0.0/33")).toBeNull();
    expect(parseCidr("banana")).toBeNull();
    expect(() => createAddressPolicy(["nope"])).toThrow(/nope/);
  });

  it("refuses every loopback and RFC 1918 address, as IPv4 and as mapped IPv6", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom(127, 10), octet, octet, octet, (first, b, c, d) => {
        const v4 = `${first}.${b}.${c}.${d}`;
        const mapped = `::ffff:${((first << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = first === 127 ? "blocked_loopback" : "blocked_private_address";
        expect(policy.check(v4)).toMatchObject({ allowed: false, reason: expected });
        expect(policy.check(mapped)).toMatchObject({ allowed: false, reason: expected });
        expect(policy.check(`64:ff9b::${v4}`)).toMatchObject({ allowed: false, reason: expected });
      }),
    );
  });

  it("refuses all IPv6 outside global unicast space", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (parts) => {
        const first = parts[0] ?? 0;
        fc.pre(first < 0x2000 || first >= 0x4000);
        const text = parts.map((p) => p.toString(16)).join(":");
        const verdict = policy.check(text);
        const embeds = text.startsWith("0:0:0:0:0:ffff:") || text.startsWith("64:ff9b:0:0:0:0:");
        if (!embeds) expect(verdict.allowed).toBe(false);
      }),
    );
  });
});
