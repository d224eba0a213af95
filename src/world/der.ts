/** Minimal DER (X.690) encoders, enough to write X.509 v3 certificates. */

export function tlv(tag: number, content: Buffer): Buffer {
  const len = content.length;
  let header: Buffer;
  if (len < 0x80) header = Buffer.from([tag, len]);
  else {
    const bytes: number[] = [];
    for (let n = len; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, content]);
}

export const sequence = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
export const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
export const octetString = (content: Buffer): Buffer => tlv(0x04, content);
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const utf8String = (value: string): Buffer => tlv(0x0c, Buffer.from(value, "utf8"));
/** Context-specific constructed tag [n] (explicit tagging). */
export const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 | n, content);
/** Context-specific primitive tag [n] (implicit tagging). */
export const implicit = (n: number, content: Buffer): Buffer => tlv(0x80 | n, content);

/** An unsigned big-endian integer. */
export function integer(value: Buffer | number): Buffer {
  let bytes = value;
  if (typeof bytes === "number") {
    const hex = bytes.toString(16);
    bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  }
  while (bytes.length > 1 && bytes[0] === 0 && ((bytes[1] ?? 0) & 0x80) === 0) bytes = bytes.subarray(1);
  if (((bytes[0] ?? 0) & 0x80) !== 0) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

export function objectIdentifier(oid: string): Buffer {
  const arcs = oid.split(".").map(Number);
  const first = arcs[0] ?? 0;
  const second = arcs[1] ?? 0;
  const bytes: number[] = [first * 40 + second];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  if (date.getUTCFullYear() >= 1950 && date.getUTCFullYear() < 2050) {
    return tlv(0x17, Buffer.from(digits.slice(2), "ascii"));
  }
  return tlv(0x18, Buffer.from(digits, "ascii"));
}
