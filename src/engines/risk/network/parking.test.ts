import { describe, expect, it } from "vitest";
import { matchParking, parseParkingList, shippedParkingList } from "./parking.js";

describe("parking name servers", () => {
  const list = parseParkingList(
    "# comment\nbodis.com\n  SEDOPARKING.com.  # trailing comment\n\nns1.park.do\n",
  );

  it("parses entries, ignoring comments, case and trailing dots", () => {
    expect([...list].sort()).toEqual(["bodis.com", "ns1.park.do", "sedoparking.com"]);
  });

  it.each([
    [["ns1.bodis.com", "ns2.bodis.com"], "bodis.com"],
    [["NS1.SEDOPARKING.COM."], "sedoparking.com"],
    [["ns1.park.do"], "ns1.park.do"],
    [["ns1.example.net", "ns2.bodis.com"], "bodis.com"],
  ])("matches %j as %s", (nameServers, provider) => {
    expect(matchParking(list, nameServers)?.provider).toBe(provider);
  });

  it.each([[["ns1.notbodis.com"]], [["ns2.park.do"]], [["bodis.com.evil.net"]], [[]]])(
    "does not match %j",
    (nameServers) => {
      expect(matchParking(list, nameServers)).toBeNull();
    },
  );

  it("lists the matching name servers only", () => {
    expect(matchParking(list, ["ns1.example.net", "ns2.bodis.com"])).toEqual({
      provider: "bodis.com",
      nameServers: ["ns2.bodis.com"],
    });
  });

  it("ships the derived list without general-purpose DNS hosts", async () => {
    const shipped = await shippedParkingList();
    expect(shipped.size).toBeGreaterThan(100);
    for (const entry of ["bodis.com", "sedoparking.com", "parkingcrew.net", "parking.namecheap.com"])
      expect(shipped.has(entry)).toBe(true);
    for (const entry of ["registrar-servers.com", "wordpress.com", "dnsowl.com"])
      expect(shipped.has(entry)).toBe(false);
    expect(matchParking(shipped, ["dns1.registrar-servers.com", "dns2.registrar-servers.com"])).toBeNull();
  });
});
