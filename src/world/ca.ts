import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import {
  bitString,
  boolean,
  explicit,
  implicit,
  integer,
  objectIdentifier,
  octetString,
  sequence,
  set,
  time,
  utf8String,
} from "./der.js";
import { addDays } from "./site-schema.js";

const OID = {
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extKeyUsage: "2.5.29.37",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  subjectAltName: "2.5.29.17",
  subjectKeyId: "2.5.29.14",
  authorityKeyId: "2.5.29.35",
} as const;

/** The name every wrong-host certificate carries, like a hosting provider's default certificate. */
export const WRONG_HOST_NAME = "default.world-hosting.net";

export interface KeyAndCert {
  keyPem: string;
  certPem: string;
  /** What the server presents: the leaf, then the root when the world's CA issued it. */
  chainPem: string;
}

export type LeafKind = "valid" | "expired" | "self-signed" | "wrong-host";

export interface LeafRequest {
  /** DNS names and IP addresses (v4 or v6) for the subjectAltName; the first is the subject. */
  names: string[];
  notBefore: Date;
  notAfter: Date;
  /** Signed by the leaf's own key instead of the root. */
  selfSigned?: boolean;
}

interface Signer {
  name: Buffer;
  key: KeyObject;
  keyId: Buffer;
}

function distinguishedName(commonName: string, organization?: string): Buffer {
  const rdn = (oid: string, value: string) => set(sequence(objectIdentifier(oid), utf8String(value)));
  return sequence(
    ...(organization ? [rdn(OID.organization, organization)] : []),
    rdn(OID.commonName, commonName),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

function keyUsageBits(bits: number): Buffer {
  let unused = 0;
  while (unused < 7 && ((bits >> unused) & 1) === 0) unused++;
  return bitString(Buffer.from([bits]), unused);
}

function subjectAltNames(names: string[]): Buffer {
  return sequence(
    ...names.map((n) => {
      if (isIP(n) !== 0) return implicit(7, Buffer.from(ipaddr.parse(n).toByteArray()));
      return implicit(2, Buffer.from(n, "ascii"));
    }),
  );
}

function toPem(label: string, der: Buffer): string {
  const body = der.toString("base64").replace(/(.{64})/g, "$1\n");
  return `-----BEGIN ${label}-----\n${body.replace(/\n$/, "")}\n-----END ${label}-----\n`;
}

interface CertificateParams {
  subject: Buffer;
  publicKey: KeyObject;
  issuer: Signer;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}

function certificate(p: CertificateParams): Buffer {
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    algorithm,
    p.issuer.name,
    sequence(time(p.notBefore), time(p.notAfter)),
    p.subject,
    p.publicKey.export({ type: "spki", format: "der" }),
    explicit(3, sequence(...p.extensions)),
  );
  return sequence(tbs, algorithm, bitString(sign("sha256", tbs, p.issuer.key)));
}

function keyId(publicKey: KeyObject): Buffer {
  return createHash("sha1")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest();
}

/** A root CA generated for one world, and the leaf certificates it (or nobody) issues. */
export class WorldCA {
  readonly certPem: string;
  /** Base64 SHA-256 of the root's SubjectPublicKeyInfo. */
  readonly spkiSha256: string;
  private readonly signer: Signer;

  constructor(
    private readonly now: Date,
    commonName = "DomainLens World Test Root CA",
  ) {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const name = distinguishedName(commonName, "DomainLens Test World");
    this.signer = { name, key: privateKey, keyId: keyId(publicKey) };
    const der = certificate({
      subject: name,
      publicKey,
      issuer: this.signer,
      notBefore: addDays(now, -3 * 365),
      notAfter: addDays(now, 10 * 365),
      extensions: [
        extension(OID.basicConstraints, true, sequence(boolean(true))),
        extension(OID.keyUsage, true, keyUsageBits(0x06)),
        extension(OID.subjectKeyId, false, octetString(this.signer.keyId)),
      ],
    });
    this.certPem = toPem("CERTIFICATE", der);
    this.spkiSha256 = createHash("sha256")
      .update(publicKey.export({ type: "spki", format: "der" }))
      .digest("base64");
  }

  /**
   * Issues a leaf carrying `names` (the first is the subject). `valid` and `wrong-host` run from the
   * later of `created` and a year ago until a year ahead and chain to the root (a wrong-host leaf is
   * simply issued for other names); `expired` ended 90 days ago; `self-signed` is signed by its own key.
   */
  issue(kind: LeafKind, names: string[], created?: Date): KeyAndCert {
    const yearAgo = addDays(this.now, -365);
    const hourAgo = new Date(this.now.getTime() - 3_600_000);
    let notBefore = created && created > yearAgo ? created : yearAgo;
    if (notBefore > hourAgo) notBefore = hourAgo;
    let notAfter = addDays(this.now, 365);
    if (kind === "expired") {
      notBefore = addDays(this.now, -455);
      notAfter = addDays(this.now, -90);
    }
    return this.issueLeaf({ names, notBefore, notAfter, selfSigned: kind === "self-signed" });
  }

  /** Issues a leaf for `names` valid exactly from `notBefore` to `notAfter`, which may lie in the future. */
  issueLeaf(request: LeafRequest): KeyAndCert {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const sans = request.names.length > 0 ? request.names : [WRONG_HOST_NAME];
    const subject = distinguishedName(sans[0] ?? WRONG_HOST_NAME);
    const selfSigned = request.selfSigned === true;
    const issuer: Signer = selfSigned
      ? { name: subject, key: privateKey, keyId: keyId(publicKey) }
      : this.signer;
    const der = certificate({
      subject,
      publicKey,
      issuer,
      notBefore: request.notBefore,
      notAfter: request.notAfter,
      extensions: [
        extension(OID.basicConstraints, true, sequence()),
        extension(OID.keyUsage, true, keyUsageBits(0x80)),
        extension(OID.extKeyUsage, false, sequence(objectIdentifier(OID.serverAuth))),
        extension(OID.subjectAltName, false, subjectAltNames(sans)),
        extension(OID.subjectKeyId, false, octetString(keyId(publicKey))),
        extension(OID.authorityKeyId, false, sequence(implicit(0, issuer.keyId))),
      ],
    });
    const certPem = toPem("CERTIFICATE", der);
    return {
      keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      certPem,
      chainPem: selfSigned ? certPem : certPem + this.certPem,
    };
  }
}
