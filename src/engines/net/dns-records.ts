import type { DnsRecordMap, DnsRecordType, DnsResult, EgressResolver } from "../egress/resolver.js";

export type DnsRecordSet = { [T in DnsRecordType]: DnsResult<DnsRecordMap[T]> };

export interface DnsProfile {
  name: string;
  /** "nxdomain" when DNS says the name does not exist, "unknown" when no type got a definite answer. */
  existence: "exists" | "nxdomain" | "unknown";
  records: DnsRecordSet;
}

const ALL_TYPES: DnsRecordType[] = ["A", "AAAA", "MX", "NS", "TXT", "CNAME"];

/** Looks up A, AAAA, MX, NS, TXT and CNAME for a name in parallel through the egress resolver. */
export async function lookupDnsRecords(
  resolver: EgressResolver,
  name: string,
  signal?: AbortSignal,
): Promise<DnsProfile> {
  const clean = name.trim().toLowerCase().replace(/\.$/, "");
  const [a, aaaa, mx, ns, txt, cname] = await Promise.all([
    resolver.query(clean, "A", signal),
    resolver.query(clean, "AAAA", signal),
    resolver.query(clean, "MX", signal),
    resolver.query(clean, "NS", signal),
    resolver.query(clean, "TXT", signal),
    resolver.query(clean, "CNAME", signal),
  ]);
  const records: DnsRecordSet = { A: a, AAAA: aaaa, MX: mx, NS: ns, TXT: txt, CNAME: cname };
  const results = ALL_TYPES.map((type) => records[type]);
  let existence: DnsProfile["existence"] = "unknown";
  if (results.some((r) => r.ok || r.kind === "no_data")) existence = "exists";
  else if (results.some((r) => !r.ok && r.kind === "nxdomain")) existence = "nxdomain";
  return { name: clean, existence, records };
}
