import { X509Certificate } from "node:crypto";
import type { DetailedPeerCertificate } from "node:tls";

/** What a finding needs to know about one certificate of a presented chain. */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  commonName: string | null;
  issuerOrganization: string | null;
  dnsNames: string[];
  ipAddresses: string[];
  /** ISO 8601. */
  validFrom: string | null;
  validTo: string | null;
  fingerprint256: string;
  serialNumber: string;
  isCA: boolean;
}

/** The presented chain, leaf first, each certificate once (the root's self-reference is dropped). */
export function peerChain(
  leaf: DetailedPeerCertificate,
): Array<{ peer: DetailedPeerCertificate; x509: X509Certificate }> {
  const chain: Array<{ peer: DetailedPeerCertificate; x509: X509Certificate }> = [];
  const seen = new Set<string>();
  let current: DetailedPeerCertificate | undefined = leaf;
  while (current?.raw && chain.length < 10) {
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(current.raw);
    } catch {
      break;
    }
    if (seen.has(x509.fingerprint256)) break;
    seen.add(x509.fingerprint256);
    chain.push({ peer: current, x509 });
    current = current.issuerCertificate;
  }
  return chain;
}

function dnLine(dn: string): string {
  return dn.split("\n").filter(Boolean).join(", ");
}

function dnField(dn: string, field: string): string | null {
  const line = dn.split("\n").find((l) => l.startsWith(`${field}=`));
  return line ? line.slice(field.length + 1) : null;
}

export function parseDate(text: string): string | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function subjectAltNames(cert: X509Certificate): { dnsNames: string[]; ipAddresses: string[] } {
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  for (const entry of (cert.subjectAltName ?? "").split(/,\s*/)) {
    const clean = entry.replace(/^"|"$/g, "");
    if (clean.startsWith("DNS:")) dnsNames.push(clean.slice(4).toLowerCase());
    else if (clean.startsWith("IP Address:")) ipAddresses.push(clean.slice(11));
  }
  return { dnsNames, ipAddresses };
}

export function summarizeCertificate(cert: X509Certificate): CertificateSummary {
  return {
    subject: dnLine(cert.subject),
    issuer: dnLine(cert.issuer),
    commonName: dnField(cert.subject, "CN"),
    issuerOrganization: dnField(cert.issuer, "O"),
    ...subjectAltNames(cert),
    validFrom: parseDate(cert.validFrom),
    validTo: parseDate(cert.validTo),
    fingerprint256: cert.fingerprint256,
    serialNumber: cert.serialNumber,
    isCA: cert.ca,
  };
}

/** A certificate signed by its own key with the same subject and issuer. */
export function isSelfSigned(cert: X509Certificate): boolean {
  try {
    // Names and signature, not checkIssued(): that also demands keyCertSign, which self-signed server
    // certificates usually lack.
    return cert.subject === cert.issuer && cert.verify(cert.publicKey);
  } catch {
    return false;
  }
}
