import { createSocket } from "node:dgram";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** A record a test DNS server answers with. */
export type TestRecord =
  | { type: "A" | "AAAA"; address: string }
  | { type: "CNAME" | "NS"; name: string }
  | { type: "MX"; priority: number; exchange: string }
  | { type: "TXT"; text: string };

export interface TestAnswer {
  /** 0 NOERROR (default), 2 SERVFAIL, 3 NXDOMAIN. */
  rcode?: number;
  records?: TestRecord[];
  /** Do not answer at all (the client times out). */
  drop?: boolean;
}

/** Decides the answer; `count` is how many times this name and type were asked, starting at 1. */
export type TestZone = (name: string, type: string, count: number) => TestAnswer;

export interface TestDns {
  /** `ip:port` for the resolver's server list. */
  server: string;
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE_NAMES: Record<number, string> = { 1: "A", 2: "NS", 5: "CNAME", 15: "MX", 16: "TXT", 28: "AAAA" };
const TYPE_CODES: Record<TestRecord["type"], number> = { A: 1, NS: 2, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 };

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "ascii")])),
    Buffer.from([0]),
  ]);
}

function rdata(record: TestRecord): Buffer {
  switch (record.type) {
    case "A":
    case "AAAA":
      return Buffer.from(ipaddr.parse(record.address).toByteArray());
    case "CNAME":
    case "NS":
      return encodeName(record.name);
    case "MX": {
      const preference = Buffer.alloc(2);
      preference.writeUInt16BE(record.priority);
      return Buffer.concat([preference, encodeName(record.exchange)]);
    }
    default: {
      const text = Buffer.from(record.text, "utf8");
      return Buffer.concat([Buffer.from([text.length]), text]);
    }
  }
}

function parseQuestion(message: Buffer): { name: string; type: string; end: number } | null {
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length) {
    const length = message[offset] ?? 0;
    offset += 1;
    if (length === 0) break;
    labels.push(
      message
        .subarray(offset, offset + length)
        .toString("ascii")
        .toLowerCase(),
    );
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  const type = TYPE_NAMES[message.readUInt16BE(offset)] ?? `TYPE${message.readUInt16BE(offset)}`;
  return { name: labels.join("."), type, end: offset + 4 };
}

function respond(query: Buffer, question: { end: number }, answer: TestAnswer): Buffer {
  const records = answer.records ?? [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const rd = (query.readUInt16BE(2) & 0x0100) !== 0 ? 0x0100 : 0;
  header.writeUInt16BE(0x8000 | 0x0400 | rd | (answer.rcode ?? 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const body = records.map((record) => {
    const data = rdata(record);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(TYPE_CODES[record.type], 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...body]);
}

/** A tiny authoritative DNS server on a loopback address, answering from a function (UDP only). */
export async function startTestDns(host: string, zone: TestZone): Promise<TestDns> {
  const socket = createSocket(isIP(host) === 6 ? "udp6" : "udp4");
  const queries: TestDns["queries"] = [];
  const counts = new Map<string, number>();
  socket.on("message", (message, remote) => {
    const question = message.length >= 12 ? parseQuestion(message) : null;
    if (!question) return;
    queries.push({ name: question.name, type: question.type });
    const key = `${question.name} ${question.type}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const answer = zone(question.name, question.type, count);
    if (answer.drop) return;
    const filtered = {
      ...answer,
      records: (answer.records ?? []).filter((r) => r.type === question.type || r.type === "CNAME"),
    };
    socket.send(respond(message, question, filtered), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, host, () => resolve()));
  const { port } = socket.address();
  return {
    server: `${isIP(host) === 6 ? `[${host}]` : host}:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
