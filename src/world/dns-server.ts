import type DNS from "dns2";
import { createTCPServer, createUDPServer, type DnsHandler, Packet } from "dns2";
import { DEFAULT_NAMESERVERS } from "./address-plan.js";
import { Sockets } from "./listen.js";
import type { MxRecord } from "./site-schema.js";

const TTL = 300;
const MAX_CNAME_HOPS = 8;

/** What the world's DNS knows about one name. A name missing from the zone is NXDOMAIN. */
export interface ZoneEntry {
  nxdomain: boolean;
  A: string[];
  AAAA: string[];
  MX: MxRecord[];
  NS: string[];
  TXT: string[];
  CNAME: string | undefined;
}

export type Zone = Map<string, ZoneEntry>;

export function zoneEntry(partial: Partial<ZoneEntry>): ZoneEntry {
  return {
    nxdomain: false,
    A: [],
    AAAA: [],
    MX: [],
    NS: [...DEFAULT_NAMESERVERS],
    TXT: [],
    CNAME: undefined,
    ...partial,
  };
}

const T = Packet.TYPE;
/** Response codes (RFC 1035 §4.1.1). */
const RCODE = { FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3 } as const;

function resource(name: string, type: number, data: Partial<DNS.Packet.Resource>): DNS.Packet.Resource {
  return Object.assign(new Packet.Resource(name, type, Packet.CLASS.IN, TTL), data);
}

/** TXT strings longer than 255 bytes are split, between characters, into several character-strings of one record. */
function txtChunks(text: string): string[] {
  const chunks: string[] = [];
  let current = "";
  let size = 0;
  for (const char of text) {
    const bytes = Buffer.byteLength(char, "utf8");
    if (size + bytes > 255) {
      chunks.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  chunks.push(current);
  return chunks;
}

function soa(name: string): DNS.Packet.Resource {
  return resource(name, T.SOA, {
    primary: DEFAULT_NAMESERVERS[0],
    admin: "hostmaster.world-dns.net",
    serial: 2024010101,
    refresh: 3600,
    retry: 600,
    expiration: 604800,
    minimum: TTL,
  });
}

function records(owner: string, entry: ZoneEntry, type: number): DNS.Packet.Resource[] {
  const out: DNS.Packet.Resource[] = [];
  const any = type === T.ANY;
  if (type === T.A || any) for (const address of entry.A) out.push(resource(owner, T.A, { address }));
  if (type === T.AAAA || any)
    for (const address of entry.AAAA) out.push(resource(owner, T.AAAA, { address }));
  if (type === T.MX || any) {
    for (const mx of entry.MX)
      out.push(resource(owner, T.MX, { priority: mx.priority, exchange: mx.exchange }));
  }
  if (type === T.NS || any) for (const ns of entry.NS) out.push(resource(owner, T.NS, { ns }));
  if (type === T.TXT || any)
    for (const text of entry.TXT) out.push(resource(owner, T.TXT, { data: txtChunks(text) }));
  if (type === T.SOA || any) out.push(soa(owner));
  return out;
}

/** Answers one query authoritatively from the zone, following CNAMEs that stay inside the world. */
export function answerQuery(zone: Zone, request: Packet): Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  const question = request.questions[0];
  if (!question || request.questions.length !== 1) {
    response.header.rcode = RCODE.FORMERR;
    return response;
  }
  let owner = question.name.replace(/\.$/, "");
  for (let hop = 0; hop <= MAX_CNAME_HOPS; hop++) {
    const entry = zone.get(owner.toLowerCase());
    if (!entry || entry.nxdomain) {
      response.header.rcode = RCODE.NXDOMAIN;
      return response;
    }
    if (entry.CNAME && question.type !== T.CNAME) {
      response.answers.push(resource(owner, T.CNAME, { domain: entry.CNAME }));
      owner = entry.CNAME;
      continue;
    }
    if (entry.CNAME) {
      response.answers.push(resource(owner, T.CNAME, { domain: entry.CNAME }));
      return response;
    }
    const found = records(owner, entry, question.type);
    response.answers.push(...found);
    if (found.length === 0) response.authorities.push(soa(owner));
    return response;
  }
  response.header.rcode = RCODE.SERVFAIL;
  return response;
}

/**
 * Starts the authoritative server on UDP and TCP of `address`, both on the same port: TCP binds port 0
 * on that exact address, then UDP binds the same number; a clash closes both and tries again.
 */
export async function startDnsServer(zone: Zone, address: string, sockets: Sockets): Promise<number> {
  const handle: DnsHandler = (request, send) => {
    let response: Packet;
    try {
      response = answerQuery(zone, request);
    } catch {
      response = Packet.createResponseFromRequest(request);
      response.header.rcode = RCODE.SERVFAIL;
    }
    // The UDP transport returns a promise, the TCP transport nothing; a vanished client is no error.
    Promise.resolve()
      .then(() => send(response))
      .catch(() => {});
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    const tcp = createTCPServer(handle);
    const port = await sockets.listen(tcp, address, 0);
    const udp = createUDPServer({ type: "udp4" });
    udp.on("request", handle);
    try {
      await sockets.bindUdp(udp, address, port);
      return port;
    } catch {
      udp.close();
      await Sockets.discard(tcp);
    }
  }
  throw new Error(`the world's DNS server found no free port on ${address}`);
}
