import { createHash } from "node:crypto";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name-based UUID, version 5 (RFC 9562 §5.5: SHA-1 of the namespace's 16 bytes and the UTF-8 name). */
export function uuidV5(namespace: string, name: string): string {
  if (!UUID_RE.test(namespace)) throw new Error(`not a UUID: ${namespace}`);
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name, "utf8")
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The namespace of every id DomainLens derives for its exports (STIX objects other than cyber observables,
 * the MISP event and its attributes): a random UUID fixed once, so that exporting a scan twice gives the
 * same ids and a receiver updates what it imported instead of duplicating it.
 */
export const DOMAINLENS_NAMESPACE = "6f0c1d0e-8d4b-4a53-9b8e-2f5d7c3a91e4";

/** An id of DomainLens's namespace for `name`. */
export function exportId(name: string): string {
  return uuidV5(DOMAINLENS_NAMESPACE, name);
}
