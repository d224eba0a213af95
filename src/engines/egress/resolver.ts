import { Resolver } from "node:dns/promises";

export type DnsRecordType = "A" | "AAAA" | "MX" | "NS" | "TXT" | "CNAME";

export interface DnsRecordMap {
  A: { address: string; ttl: number };
  AAAA: { address: string; ttl: number };
  MX: { exchange: string; priority: number };
  NS: string;
  /** One string per TXT record, its character-strings joined. */
  TXT: string;
  CNAME: string;
}

/** NXDOMAIN, an existing name without records of the type, no answer in time, or any other DNS error. */
export type DnsFailureKind = "nxdomain" | "no_data" | "timeout" | "error";

export type DnsResult<T> =
  | { ok: true; records: T[] }
  | { ok: false; kind: DnsFailureKind; code: string; message: string };

export type AddressResolution =
  | { ok: true; addresses: Array<{ address: string; family: 4 | 6 }> }
  | { ok: false; kind: DnsFailureKind; message: string };

export interface EgressResolver {
  /** The DNS servers asked (`ip:port`), or an empty list for the system's resolver configuration. */
  readonly servers: readonly string[];
  query<T extends DnsRecordType>(
    name: string,
    type: T,
    signal?: AbortSignal,
  ): Promise<DnsResult<DnsRecordMap[T]>>;
  /** A and AAAA together: addresses in answer order, IPv4 first. */
  resolveAddresses(name: string, signal?: AbortSignal): Promise<AddressResolution>;
  close(): void;
}

export interface ResolverOptions {
  /** `ip:port` (or `ip`, port 53; IPv6 as `[addr]:port`). Empty or absent: system DNS servers. */
  servers?: readonly string[];
  /** Per-try timeout in milliseconds. */
  timeoutMs: number;
  /** Tries per server. */
  tries: number;
}

const KIND_BY_CODE: Record<string, DnsFailureKind> = {
  ENOTFOUND: "nxdomain",
  ENODATA: "no_data",
  ETIMEOUT: "timeout",
  ECANCELLED: "timeout",
};

function errorCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string")
    return error.code;
  return "EUNKNOWN";
}

function describe(kind: DnsFailureKind, code: string, name: string, type: string): string {
  switch (kind) {
    case "nxdomain":
      return `${name} does not exist (NXDOMAIN)`;
    case "no_data":
      return `${name} has no ${type} records`;
    case "timeout":
      return `no DNS answer for ${name} ${type} in time`;
    default:
      return `DNS error ${code} for ${name} ${type}`;
  }
}

async function runQuery<T extends DnsRecordType>(
  resolver: Resolver,
  name: string,
  type: T,
): Promise<DnsRecordMap[T][]> {
  switch (type) {
    case "A":
      return (await resolver.resolve4(name, { ttl: true })) as DnsRecordMap[T][];
    case "AAAA":
      return (await resolver.resolve6(name, { ttl: true })) as DnsRecordMap[T][];
    case "MX":
      return (await resolver.resolveMx(name)) as DnsRecordMap[T][];
    case "NS":
      return (await resolver.resolveNs(name)) as DnsRecordMap[T][];
    case "TXT":
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join("")) as DnsRecordMap[T][];
    default:
      return (await resolver.resolveCname(name)) as DnsRecordMap[T][];
  }
}

/** Which failure wins when A and AAAA both fail: the most informative one. */
const FAILURE_ORDER: DnsFailureKind[] = ["nxdomain", "timeout", "error", "no_data"];

/** A DNS resolver bound to fixed servers with bounded timeouts, never throwing. */
export function createResolver(options: ResolverOptions): EgressResolver {
  const servers = [...(options.servers ?? [])];
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: options.tries });
  if (servers.length > 0) resolver.setServers(servers);
  const serverCount = Math.max(1, servers.length || resolver.getServers().length);
  const budgetMs = options.timeoutMs * options.tries * serverCount * 2 + 250;
  let closed = false;

  const query = async <T extends DnsRecordType>(
    name: string,
    type: T,
    signal?: AbortSignal,
  ): Promise<DnsResult<DnsRecordMap[T]>> => {
    const fail = (code: string): DnsResult<DnsRecordMap[T]> => {
      const kind = KIND_BY_CODE[code] ?? "error";
      return { ok: false, kind, code, message: describe(kind, code, name, type) };
    };
    if (closed) return fail("ECANCELLED");
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const guard = new Promise<DnsResult<DnsRecordMap[T]>>((resolve) => {
      timer = setTimeout(() => resolve(fail("ETIMEOUT")), budgetMs);
      onAbort = () => resolve(fail("ECANCELLED"));
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
    const answer = runQuery(resolver, name, type).then(
      (records): DnsResult<DnsRecordMap[T]> => (records.length > 0 ? { ok: true, records } : fail("ENODATA")),
      (error: unknown) => fail(errorCode(error)),
    );
    try {
      return await Promise.race([answer, guard]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
  };

  return {
    servers,
    query,
    async resolveAddresses(name, signal) {
      const [a, aaaa] = await Promise.all([query(name, "A", signal), query(name, "AAAA", signal)]);
      const addresses = [
        ...(a.ok ? a.records.map((r) => ({ address: r.address, family: 4 as const })) : []),
        ...(aaaa.ok ? aaaa.records.map((r) => ({ address: r.address, family: 6 as const })) : []),
      ];
      if (addresses.length > 0) return { ok: true, addresses };
      const failures = [a, aaaa].filter((r) => !r.ok);
      for (const kind of FAILURE_ORDER) {
        const hit = failures.find((f) => f.kind === kind);
        if (hit)
          return {
            ok: false,
            kind,
            message: kind === "no_data" ? `${name} has no A or AAAA records` : hit.message,
          };
      }
      return { ok: false, kind: "no_data", message: `${name} has no A or AAAA records` };
    },
    close() {
      closed = true;
      resolver.cancel();
    },
  };
}
