import { createHash } from "node:crypto";

/** The whole test internet lives in this loopback range; nothing in it is ever 127.0.0.1. */
export const WORLD_CIDR = "127.77.0.0/16";

export const DNS_ADDRESS = "127.77.0.53";
export const RDAP_ADDRESS = "127.77.0.2";
export const WEB_ADDRESS = "127.77.0.10";

/** Nameservers every site delegates to by default; they resolve to the world's DNS server. */
export const DEFAULT_NAMESERVERS = ["ns1.world-dns.net", "ns2.world-dns.net"] as const;

/** Third octets for site addresses (127.77.16.1 – 127.77.127.254). */
const SITE_OCTETS = { first: 16, last: 127 } as const;
/** Third octets for unreachable sites (127.77.200.1 – 127.77.209.254): nothing listens there. */
const UNREACHABLE_OCTETS = { first: 200, last: 209 } as const;

interface Range {
  first: number;
  last: number;
}

/**
 * Hands out one address per hostname. The slot comes from a hash of the name, so a site keeps its
 * address when other sites are added; collisions move to the next free slot in hostname order.
 */
export class AddressAllocator {
  private readonly used = new Set<string>();

  site(hostname: string): string {
    return this.allocate(hostname, SITE_OCTETS);
  }

  unreachable(hostname: string): string {
    return this.allocate(hostname, UNREACHABLE_OCTETS);
  }

  private allocate(hostname: string, range: Range): string {
    const slots = (range.last - range.first + 1) * 254;
    const start = createHash("sha256").update(hostname).digest().readUInt32BE(0) % slots;
    for (let i = 0; i < slots; i++) {
      const slot = (start + i) % slots;
      const address = `127.77.${range.first + Math.floor(slot / 254)}.${(slot % 254) + 1}`;
      if (!this.used.has(address)) {
        this.used.add(address);
        return address;
      }
    }
    throw new Error(`the world ran out of addresses for ${hostname}`);
  }
}
