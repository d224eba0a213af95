import { X509Certificate } from "node:crypto";
import { createSecureContext, rootCertificates, type SecureContext } from "node:tls";

/** The certificates DomainLens trusts: Node's bundled roots plus any extra CA the operator configured. */
export interface TrustStore {
  /** PEM certificates for `tls.connect({ ca })`. */
  readonly ca: readonly string[];
  /** One TLS context holding these CAs, built on first use (parsing the roots per connection is slow). */
  secureContext(): SecureContext;
  /** How many extra CA certificates were added to Node's roots. */
  readonly extraCount: number;
  /**
   * True when the presented chain (leaf first) leads to a trusted certificate by issuer name and
   * signature. Validity dates are not considered, so an expired but otherwise trusted chain is trusted.
   */
  isTrustedChain(chain: readonly X509Certificate[]): boolean;
}

const PEM_RE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Splits a PEM bundle into certificates. Throws when the text holds no certificate or a broken one. */
export function splitPemBundle(pem: string): string[] {
  const certs = pem.match(PEM_RE) ?? [];
  if (certs.length === 0) throw new Error("The extra CA text contains no PEM certificate.");
  for (const cert of certs) {
    try {
      new X509Certificate(cert);
    } catch {
      throw new Error("The extra CA text contains a certificate that cannot be parsed.");
    }
  }
  return certs;
}

function issuedBy(child: X509Certificate, parent: X509Certificate): boolean {
  try {
    return child.checkIssued(parent) && child.verify(parent.publicKey);
  } catch {
    return false;
  }
}

interface CertIndex {
  bySubject: Map<string, X509Certificate[]>;
  fingerprints: Set<string>;
}

function buildIndex(pems: readonly string[]): CertIndex {
  const index: CertIndex = { bySubject: new Map(), fingerprints: new Set() };
  for (const pem of pems) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(pem);
    } catch {
      continue;
    }
    index.fingerprints.add(cert.fingerprint256);
    const list = index.bySubject.get(cert.subject) ?? [];
    list.push(cert);
    index.bySubject.set(cert.subject, list);
  }
  return index;
}

// Parsing Node's ~150 roots takes a few hundred milliseconds: done once per process, on first use.
let rootIndex: CertIndex | undefined;
const contexts = new Map<string, SecureContext>();

function contextFor(extras: readonly string[]): SecureContext {
  const key = extras.join("\n");
  let context = contexts.get(key);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, ...extras] });
    contexts.set(key, context);
  }
  return context;
}

export function createTrustStore(extraCaPem?: string): TrustStore {
  const extras = extraCaPem && extraCaPem.trim().length > 0 ? splitPemBundle(extraCaPem) : [];
  const ca = [...rootCertificates, ...extras];
  let extraIndex: CertIndex | undefined;

  const isKnown = (cert: X509Certificate, index: CertIndex): boolean =>
    index.fingerprints.has(cert.fingerprint256) ||
    (index.bySubject.get(cert.issuer) ?? []).some((root) => issuedBy(cert, root));

  return {
    ca,
    extraCount: extras.length,
    secureContext: () => contextFor(extras),
    isTrustedChain(chain) {
      rootIndex ??= buildIndex(rootCertificates);
      extraIndex ??= buildIndex(extras);
      let current = chain[0];
      for (let depth = 0; current && depth < 10; depth += 1) {
        const cert: X509Certificate = current;
        if (isKnown(cert, extraIndex) || isKnown(cert, rootIndex)) return true;
        current = chain.find((candidate) => candidate !== cert && issuedBy(cert, candidate));
      }
      return false;
    },
  };
}
