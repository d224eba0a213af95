import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { AsnLookup, AsnLookupResult } from "../../net/asn.js";
import type { AsnCheck, AsnHost } from "./types.js";

/** At most this many of the host's addresses are looked up. */
const MAX_ADDRESSES = 4;

export function emptyAsnCheck(
  status: AsnCheck["status"],
  reason: string | null,
  message: string | null,
): AsnCheck {
  return { status, reason, message, durationMs: null, asn: null, org: null, hosts: [] };
}

function host(result: AsnLookupResult): AsnHost {
  switch (result.status) {
    case "found":
      return {
        address: result.address,
        asn: result.asn,
        org: result.org,
        status: "found",
        detail: result.range,
      };
    case "not_public":
      return { address: result.address, asn: null, org: null, status: "not_public", detail: result.detail };
    case "unavailable":
      return { address: result.address, asn: null, org: null, status: "unavailable", detail: result.message };
    case "not_found":
      return {
        address: result.address,
        asn: null,
        org: null,
        status: "not_found",
        detail: `${result.address} is in no announced range of the table`,
      };
    default:
      return {
        address: result.address,
        asn: null,
        org: null,
        status: "invalid",
        detail: `${result.address} is not an IP address`,
      };
  }
}

/** The autonomous system of each address (local table, no traffic); the first address is the primary. */
export async function checkAsn(lookup: AsnLookup, addresses: readonly string[]): Promise<AsnCheck> {
  const unique = [...new Set(addresses)].slice(0, MAX_ADDRESSES);
  if (unique.length === 0) return emptyAsnCheck("skipped", "no_address", "there is no address to look up");
  const hosts = (await Promise.all(unique.map((address) => lookup.lookup(address)))).map(host);
  const primary = hosts[0];
  if (!primary || primary.asn === null) {
    return {
      ...emptyAsnCheck("failed", primary?.status ?? "not_found", primary?.detail ?? null),
      hosts,
    };
  }
  return { ...emptyAsnCheck("ok", null, null), asn: primary.asn, org: primary.org, hosts };
}

function describe(h: AsnHost): string {
  if (h.asn === null)
    return h.detail?.startsWith(h.address) ? h.detail : `${h.address}: ${h.detail ?? h.status}`;
  return `${h.address} in AS${h.asn} (${h.org ?? "organization unknown"})`;
}

export function asnFindings(check: AsnCheck): Finding[] {
  if (check.status === "ok" && check.asn !== null) {
    return [
      makeFinding(
        "DR-NET-030",
        `The site's address is announced by ${check.hosts.map(describe).join("; ")}.`,
        {
          description: `Hosted on AS${check.asn} (${check.org ?? "organization unknown"})`,
        },
      ),
    ];
  }
  if (check.status === "failed") {
    return [
      makeFinding(
        "DR-NET-031",
        `No autonomous system is known for the site's address: ${check.hosts.map(describe).join("; ") || check.message}.`,
      ),
    ];
  }
  return [];
}
