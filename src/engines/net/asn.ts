import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import ipaddr from "ipaddr.js";

/**
 * IP address → autonomous system, from the `@ip-location-db/asn` range tables (RouteViews, the five RIRs
 * and DB-IP, CC BY 4.0). The CSVs (`start,end,asn,org`, inclusive numeric ranges) are read once, on first
 * use, into sorted typed arrays and searched by bisection. Parsing yields to the event loop between chunks,
 * so a server keeps answering while the table loads.
 */

export type AsnLookupResult =
  | { status: "found"; address: string; asn: number; org: string | null; range: string }
  /** Loopback, private, link-local, reserved…: such addresses belong to no autonomous system. */
  | { status: "not_public"; address: string; range: string; detail: string }
  /** A public address that no range of the table covers. */
  | { status: "not_found"; address: string }
  | { status: "invalid"; address: string }
  /** The table could not be loaded. */
  | { status: "unavailable"; address: string; message: string };

export interface AsnTableStats {
  ipv4Ranges: number;
  ipv6Ranges: number;
  organizations: number;
  /** Bytes held by the typed arrays (organization names come on top). */
  arrayBytes: number;
  loadMs: number;
}

export interface AsnLookup {
  /** Never throws; loads the table on first use. */
  lookup(address: string): Promise<AsnLookupResult>;
  /** Starts loading (idempotent) and resolves when the table is ready or failed. */
  load(): Promise<{ ok: true; stats: AsnTableStats } | { ok: false; message: string }>;
}

export interface AsnLookupOptions {
  /** Folder holding `asn-ipv4-num.csv` and `asn-ipv6-num.csv`; default: the installed package. */
  directory?: string;
  /** Rows parsed between two yields to the event loop. */
  chunkRows?: number;
}

interface V4Table {
  start: Uint32Array;
  end: Uint32Array;
  asn: Uint32Array;
  org: Uint32Array;
}

interface V6Table {
  startHi: BigUint64Array;
  startLo: BigUint64Array;
  endHi: BigUint64Array;
  endLo: BigUint64Array;
  asn: Uint32Array;
  org: Uint32Array;
}

interface Table {
  v4: V4Table;
  v6: V6Table;
  orgs: string[];
  stats: AsnTableStats;
}

const COMMA = 44;
const NEWLINE = 10;
const MASK_64 = (1n << 64n) - 1n;

function packageDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("@ip-location-db/asn/package.json"));
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function countLines(buffer: Buffer, chunk: number): Promise<number> {
  let count = 0;
  let position = buffer.indexOf(NEWLINE);
  while (position !== -1) {
    count += 1;
    if (count % (chunk * 4) === 0) await nextTick();
    position = buffer.indexOf(NEWLINE, position + 1);
  }
  return buffer.length > 0 && buffer[buffer.length - 1] !== NEWLINE ? count + 1 : count;
}

function decimal(buffer: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 10 + ((buffer[i] ?? 48) - 48);
  return value;
}

/** Byte equality of two ranges of one buffer (a JS loop: `Buffer.compare` costs more per call). */
function sameBytes(buffer: Uint8Array, aFrom: number, aTo: number, bFrom: number, bTo: number): boolean {
  if (aTo - aFrom !== bTo - bFrom) return false;
  for (let i = 0; i < aTo - aFrom; i += 1) if (buffer[aFrom + i] !== buffer[bFrom + i]) return false;
  return true;
}

/**
 * Interns organization names. A name is decoded only the first time its bytes are seen in a file: rows
 * are matched by a hash of the raw bytes and a byte comparison, so 400 000 rows cost ~80 000 strings.
 */
class OrgNames {
  readonly names: string[] = [];
  private readonly byName = new Map<string, number>();
  private bytes: Uint8Array = new Uint8Array(0);
  /** Hash of a name's bytes → slot of its first occurrence in the current file. */
  private byHash = new Map<number, number>();
  private slots: { from: number[]; to: number[]; id: number[] } = { from: [], to: [], id: [] };

  /** Starts a new file: byte offsets of the previous one no longer apply. */
  reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.byHash = new Map();
    this.slots = { from: [], to: [], id: [] };
  }

  intern(from: number, to: number, hash: number): number {
    const { bytes, slots } = this;
    const key = hash & 0x3fffffff;
    const slot = this.byHash.get(key);
    if (slot !== undefined && sameBytes(bytes, slots.from[slot] ?? 0, slots.to[slot] ?? 0, from, to))
      return slots.id[slot] ?? 0;
    let name = Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from)
      .toString("utf8")
      .trim();
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"'))
      name = name.slice(1, -1).replaceAll('""', '"');
    let id = this.byName.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.byName.set(name, id);
    }
    // On a hash collision the first name keeps the slot; the other is found through byName.
    if (slot === undefined) {
      this.byHash.set(key, slots.id.length);
      slots.from.push(from);
      slots.to.push(to);
      slots.id.push(id);
    }
    return id;
  }
}

/** One parsed line; reused between rows. Numbers are kept as byte ranges (IPv6 needs 128 bits). */
interface Row {
  startFrom: number;
  startTo: number;
  endFrom: number;
  endTo: number;
  asn: number;
  org: number;
}

function fieldEnd(buffer: Uint8Array, from: number): number {
  let i = from;
  const length = buffer.length;
  while (i < length && buffer[i] !== COMMA && buffer[i] !== NEWLINE) i += 1;
  return i;
}

/** Walks `start,end,asn,org` lines in one pass over the bytes; yields every `chunk` rows. */
async function walkCsv(
  buffer: Uint8Array,
  chunk: number,
  orgs: OrgNames,
  onRow: (row: Row) => void,
): Promise<void> {
  orgs.reset(buffer);
  const row: Row = { startFrom: 0, startTo: 0, endFrom: 0, endTo: 0, asn: 0, org: 0 };
  const length = buffer.length;
  let position = 0;
  let rows = 0;
  while (position < length) {
    row.startFrom = position;
    row.startTo = fieldEnd(buffer, position);
    row.endFrom = row.startTo + 1;
    row.endTo = fieldEnd(buffer, row.endFrom);
    const asnTo = fieldEnd(buffer, row.endTo + 1);
    let i = asnTo + 1;
    let hash = 0x811c9dc5;
    while (i < length && buffer[i] !== NEWLINE) {
      hash = Math.imul(hash ^ (buffer[i] ?? 0), 0x01000193);
      i += 1;
    }
    const complete = buffer[row.startTo] === COMMA && buffer[row.endTo] === COMMA && buffer[asnTo] === COMMA;
    if (complete) {
      const orgTo = buffer[i - 1] === 13 ? i - 1 : i;
      row.asn = decimal(buffer, row.endTo + 1, asnTo);
      row.org = orgs.intern(asnTo + 1, orgTo, hash);
      onRow(row);
      rows += 1;
      if (rows % chunk === 0) await nextTick();
    }
    position = i + 1;
  }
}

function v4Number(bytes: number[]): number {
  return (
    ((bytes[0] ?? 0) * 2 ** 24 + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0)) >>> 0
  );
}

function v6Parts(bytes: number[]): [bigint, bigint] {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return [value >> 64n, value & MASK_64];
}

function v4Text(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join(".");
}

function v6Text(hi: bigint, lo: bigint): string {
  const bytes: number[] = [];
  for (const part of [hi, lo])
    for (let shift = 56n; shift >= 0n; shift -= 8n) bytes.push(Number((part >> shift) & 255n));
  return ipaddr.fromByteArray(bytes).toString();
}

/** The first n entries (the line count includes lines that are not ranges, if any). */
function firstN<T extends Uint32Array | BigUint64Array>(array: T, n: number): T {
  return array.length === n ? array : (array.slice(0, n) as T);
}

async function loadV4(file: string, chunk: number, orgs: OrgNames): Promise<V4Table> {
  const buffer = await readFile(file);
  const size = await countLines(buffer, chunk);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  const table: V4Table = {
    start: new Uint32Array(size),
    end: new Uint32Array(size),
    asn: new Uint32Array(size),
    org: new Uint32Array(size),
  };
  let n = 0;
  let sorted = true;
  await walkCsv(bytes, chunk, orgs, (row) => {
    table.start[n] = decimal(bytes, row.startFrom, row.startTo);
    table.end[n] = decimal(bytes, row.endFrom, row.endTo);
    table.asn[n] = row.asn;
    table.org[n] = row.org;
    if (n > 0 && (table.start[n] ?? 0) < (table.start[n - 1] ?? 0)) sorted = false;
    n += 1;
  });
  if (!sorted) throw new Error(`${path.basename(file)} is not sorted by range start`);
  return {
    start: firstN(table.start, n),
    end: firstN(table.end, n),
    asn: firstN(table.asn, n),
    org: firstN(table.org, n),
  };
}

async function loadV6(file: string, chunk: number, orgs: OrgNames): Promise<V6Table> {
  const buffer = await readFile(file);
  const size = await countLines(buffer, chunk);
  const t: V6Table = {
    startHi: new BigUint64Array(size),
    startLo: new BigUint64Array(size),
    endHi: new BigUint64Array(size),
    endLo: new BigUint64Array(size),
    asn: new Uint32Array(size),
    org: new Uint32Array(size),
  };
  let n = 0;
  let previous = -1n;
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  await walkCsv(bytes, chunk, orgs, (row) => {
    const from = BigInt(buffer.toString("latin1", row.startFrom, row.startTo));
    const to = BigInt(buffer.toString("latin1", row.endFrom, row.endTo));
    if (from < previous) throw new Error(`${path.basename(file)} is not sorted by range start`);
    previous = from;
    t.startHi[n] = from >> 64n;
    t.startLo[n] = from & MASK_64;
    t.endHi[n] = to >> 64n;
    t.endLo[n] = to & MASK_64;
    t.asn[n] = row.asn;
    t.org[n] = row.org;
    n += 1;
  });
  return {
    startHi: firstN(t.startHi, n),
    startLo: firstN(t.startLo, n),
    endHi: firstN(t.endHi, n),
    endLo: firstN(t.endLo, n),
    asn: firstN(t.asn, n),
    org: firstN(t.org, n),
  };
}

/** Index of the last range starting at or before the key, or -1. */
function bisect(count: number, startsAfter: (i: number) => boolean): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (startsAfter(mid)) high = mid - 1;
    else {
      found = mid;
      low = mid + 1;
    }
  }
  return found;
}

function find(table: Table, address: ipaddr.IPv4 | ipaddr.IPv6, text: string): AsnLookupResult {
  let i: number;
  let range: string;
  if (address.kind() === "ipv4") {
    const key = v4Number(address.toByteArray());
    const { v4 } = table;
    i = bisect(v4.start.length, (m) => (v4.start[m] ?? 0) > key);
    if (i === -1 || (v4.end[i] ?? 0) < key) return { status: "not_found", address: text };
    range = `${v4Text(v4.start[i] ?? 0)}-${v4Text(v4.end[i] ?? 0)}`;
    return found(table, text, v4.asn[i], v4.org[i], range);
  }
  const [hi, lo] = v6Parts(address.toByteArray());
  const { v6 } = table;
  const after = (m: number): boolean => {
    const sHi = v6.startHi[m] ?? 0n;
    return sHi > hi || (sHi === hi && (v6.startLo[m] ?? 0n) > lo);
  };
  i = bisect(v6.startHi.length, after);
  if (i === -1) return { status: "not_found", address: text };
  const eHi = v6.endHi[i] ?? 0n;
  if (eHi < hi || (eHi === hi && (v6.endLo[i] ?? 0n) < lo)) return { status: "not_found", address: text };
  range = `${v6Text(v6.startHi[i] ?? 0n, v6.startLo[i] ?? 0n)}-${v6Text(eHi, v6.endLo[i] ?? 0n)}`;
  return found(table, text, v6.asn[i], v6.org[i], range);
}

function found(
  table: Table,
  address: string,
  asn: number | undefined,
  org: number | undefined,
  range: string,
): AsnLookupResult {
  const name = org === undefined ? null : (table.orgs[org] ?? null);
  return { status: "found", address, asn: asn ?? 0, org: name || null, range };
}

/** IPv6 forms that carry an IPv4 address (byte range): 6to4 (2002::/16) and NAT64 (64:ff9b::/96). */
const EMBEDDED_V4: Record<string, [number, number]> = { "6to4": [2, 6], rfc6052: [12, 16] };

const RANGE_NAMES: Record<string, string> = {
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT",
  uniqueLocal: "unique local",
  as112: "AS112",
  as112v6: "AS112",
  amt: "AMT",
  rfc6145: "IPv4-translated",
  droneRemoteIdProtocolEntityTags: "DRIP",
};

/**
 * Parses an address and says whether it can belong to an AS at all. IPv4-mapped, 6to4 and NAT64 IPv6
 * addresses are looked up by the IPv4 address they carry.
 */
export function classifyAddress(
  input: string,
): { ok: true; address: ipaddr.IPv4 | ipaddr.IPv6; text: string } | { ok: false; result: AsnLookupResult } {
  const trimmed = input.trim().replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(trimmed)) return { ok: false, result: { status: "invalid", address: input } };
  let address = ipaddr.process(trimmed);
  const text = address.toString();
  const embedded = address.kind() === "ipv6" ? EMBEDDED_V4[address.range()] : undefined;
  if (embedded) address = new ipaddr.IPv4(address.toByteArray().slice(...embedded));
  const range = address.range();
  if (range !== "unicast") {
    const shown = embedded ? `${text} (carrying ${address.toString()})` : text;
    const detail = `${shown} is a ${RANGE_NAMES[range] ?? range} address, which belongs to no autonomous system`;
    return { ok: false, result: { status: "not_public", address: text, range, detail } };
  }
  return { ok: true, address, text };
}

/** A lookup over the range tables; nothing is read until the first `lookup` or `load`. */
export function createAsnLookup(options: AsnLookupOptions = {}): AsnLookup {
  const chunk = Math.max(1_000, options.chunkRows ?? 5_000);
  let loading: Promise<{ ok: true; table: Table } | { ok: false; message: string }> | undefined;

  const loadTable = async (): Promise<{ ok: true; table: Table } | { ok: false; message: string }> => {
    const started = performance.now();
    try {
      const directory = options.directory ?? packageDirectory();
      const orgs = new OrgNames();
      const v4 = await loadV4(path.join(directory, "asn-ipv4-num.csv"), chunk, orgs);
      const v6 = await loadV6(path.join(directory, "asn-ipv6-num.csv"), chunk, orgs);
      const arrays = [...Object.values(v4), ...Object.values(v6)] as Array<{ byteLength: number }>;
      const stats: AsnTableStats = {
        ipv4Ranges: v4.start.length,
        ipv6Ranges: v6.startHi.length,
        organizations: orgs.names.length,
        arrayBytes: arrays.reduce((sum, a) => sum + a.byteLength, 0),
        loadMs: Math.round(performance.now() - started),
      };
      return { ok: true, table: { v4, v6, orgs: orgs.names, stats } };
    } catch (error) {
      return { ok: false, message: `the IP-to-ASN table cannot be loaded: ${String(error)}` };
    }
  };

  const load = (): Promise<{ ok: true; table: Table } | { ok: false; message: string }> => {
    loading ??= loadTable();
    return loading;
  };

  return {
    async load() {
      const loaded = await load();
      return loaded.ok ? { ok: true, stats: loaded.table.stats } : loaded;
    },
    async lookup(input) {
      const parsed = classifyAddress(input);
      if (!parsed.ok) return parsed.result;
      const loaded = await load();
      if (!loaded.ok) return { status: "unavailable", address: parsed.text, message: loaded.message };
      return find(loaded.table, parsed.address, parsed.text);
    },
  };
}

let shared: AsnLookup | undefined;

/** The process-wide lookup over the installed tables (loaded once, on first use). */
export function defaultAsnLookup(): AsnLookup {
  shared ??= createAsnLookup();
  return shared;
}
