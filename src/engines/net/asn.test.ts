import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { classifyAddress, createAsnLookup } from "./asn.js";

/** Local table lookups only: nothing here sends a packet. */
describe("IP to ASN over the installed tables", () => {
  const asn = createAsnLookup();

  it.each([
    ["8.8.8.8", 15169, /google/i],
    ["1.1.1.1", 13335, /cloudflare/i],
    ["9.9.9.9", 19281, /quad9/i],
    ["2001:4860:4860::8888", 15169, /google/i],
    ["2606:4700:4700::1111", 13335, /cloudflare/i],
    ["::ffff:8.8.4.4", 15169, /google/i],
    ["2002:808:808::1", 15169, /google/i],
    ["64:ff9b::808:808", 15169, /google/i],
  ])("finds %s in AS%i", async (address, number, org) => {
    const result = await asn.lookup(address);
    expect(result.status).toBe("found");
    if (result.status !== "found") return;
    expect(result.asn).toBe(number);
    expect(result.org).toMatch(org);
  });

  it("reports the range that matched, in address notation", async () => {
    const result = await asn.lookup("8.8.8.8");
    expect(result).toMatchObject({ status: "found", address: "8.8.8.8", range: "8.8.8.0-8.8.8.255" });
    const mapped = await asn.lookup("::ffff:8.8.4.4");
    expect(mapped.address).toBe("8.8.4.4");
  });

  it.each([
    ["127.77.16.5", "loopback"],
    ["10.1.2.3", "private"],
    ["192.168.0.1", "private"],
    ["100.64.1.1", "carrierGradeNat"],
    ["169.254.169.254", "linkLocal"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fd00::1", "uniqueLocal"],
    ["2001:db8::1", "reserved"],
    ["2002:7f00:1::", "loopback"],
  ])("gives no ASN for %s (%s)", async (address, range) => {
    const result = await asn.lookup(address);
    expect(result).toMatchObject({ status: "not_public", range });
  });

  it("explains why a non-public address has no ASN", async () => {
    const result = await asn.lookup("127.77.16.5");
    expect(result.status === "not_public" && result.detail).toBe(
      "127.77.16.5 is a loopback address, which belongs to no autonomous system",
    );
    const mapped = await asn.lookup("2002:a00:1::");
    expect(mapped.status === "not_public" && mapped.detail).toMatch(
      /carrying 10\.0\.0\.1\) is a private address/,
    );
  });

  it("refuses text that is not an address", async () => {
    expect(await asn.lookup("example.com")).toEqual({ status: "invalid", address: "example.com" });
    expect(classifyAddress("[2606:4700:4700::1111]").ok).toBe(true);
  });

  it("loads the table once and reports its size", async () => {
    const [first, second] = await Promise.all([asn.load(), asn.load()]);
    expect(first.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.stats).toBe(first.stats);
    expect(first.stats.ipv4Ranges).toBeGreaterThan(100_000);
    expect(first.stats.ipv6Ranges).toBeGreaterThan(10_000);
    expect(first.stats.arrayBytes).toBeLessThan(32 * 1024 * 1024);
  });
});

describe("IP to ASN over a small table", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "domainlens-asn-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const v6Start = BigInt("0x2a0104f8000000000000000000000000"); // 2a01:4f8::
  const write = (name: string, v4: string, v6: string): string => {
    const folder = path.join(dir, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "asn-ipv4-num.csv"), v4);
    writeFileSync(path.join(folder, "asn-ipv6-num.csv"), v6);
    return folder;
  };

  it("parses quoted names, finds range edges and leaves gaps empty", async () => {
    const folder = write(
      "small",
      [
        '16777216,16777471,13335,"Cloudflare, Inc."',
        '16777472,16777727,64500,"LLC ""QUOTED"""',
        "16778240,16779263,64501,Plain Org\r",
        "",
      ].join("\n"),
      `${v6Start},${v6Start + 255n},64502,Six Org\n`,
    );
    const asn = createAsnLookup({ directory: folder });
    expect(await asn.lookup("1.0.0.0")).toMatchObject({ asn: 13335, org: "Cloudflare, Inc." });
    expect(await asn.lookup("1.0.0.255")).toMatchObject({ asn: 13335 });
    expect(await asn.lookup("1.0.1.7")).toMatchObject({ asn: 64500, org: 'LLC "QUOTED"' });
    expect(await asn.lookup("1.0.4.9")).toMatchObject({ asn: 64501, org: "Plain Org" });
    expect(await asn.lookup("1.0.2.1")).toMatchObject({ status: "not_found" });
    expect(await asn.lookup("0.255.255.255")).toMatchObject({ status: "not_public" });
    expect(await asn.lookup("2a01:4f8::ff")).toMatchObject({ asn: 64502, range: "2a01:4f8::-2a01:4f8::ff" });
    expect(await asn.lookup("2a01:4f8::100")).toMatchObject({ status: "not_found" });
    const loaded = await asn.load();
    expect(loaded.ok && loaded.stats).toMatchObject({ ipv4Ranges: 3, ipv6Ranges: 1, organizations: 4 });
  });

  it("says the table is unavailable when it cannot be read or is out of order", async () => {
    const missing = createAsnLookup({ directory: path.join(dir, "missing") });
    expect(await missing.lookup("8.8.8.8")).toMatchObject({ status: "unavailable", address: "8.8.8.8" });
    const unsorted = write("unsorted", "16777472,16777727,2,B\n16777216,16777471,1,A\n", "");
    const result = await createAsnLookup({ directory: unsorted }).lookup("1.0.0.1");
    expect(result).toMatchObject({ status: "unavailable" });
  });
});
