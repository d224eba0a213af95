import { randomBytes, webcrypto } from "node:crypto";
import { installReflectMetadata } from "./reflect-metadata.js";

type X509 = typeof import("@peculiar/x509");
let loaded: Promise<X509> | undefined;

/** Loads @peculiar/x509 once, after the metadata functions its dependency injection needs. */
function x509Module(): Promise<X509> {
  loaded ??= (async () => {
    installReflectMetadata();
    const x509 = await import("@peculiar/x509");
    x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
    return x509;
  })();
  return loaded;
}

const ALG = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const DAY_MS = 86_400_000;

export interface IssuedCert {
  certPem: string;
  keyPem: string;
}

export interface CertRequest {
  names: string[];
  ips?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

export interface TestCa {
  certPem: string;
  issue(request: CertRequest): Promise<IssuedCert>;
}

function serial(): string {
  return `01${randomBytes(8).toString("hex")}`;
}

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALG, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
}

async function keyPem(key: webcrypto.CryptoKey): Promise<string> {
  const x509 = await x509Module();
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", key);
  return x509.PemConverter.encode(pkcs8, "PRIVATE KEY");
}

function altNames(x509: X509, request: CertRequest): InstanceType<X509["SubjectAlternativeNameExtension"]> {
  return new x509.SubjectAlternativeNameExtension([
    ...request.names.map((value) => ({ type: "dns" as const, value })),
    ...(request.ips ?? []).map((value) => ({ type: "ip" as const, value })),
  ]);
}

function window(request: CertRequest): { notBefore: Date; notAfter: Date } {
  return {
    notBefore: request.notBefore ?? new Date(Date.now() - 30 * DAY_MS),
    notAfter: request.notAfter ?? new Date(Date.now() + 60 * DAY_MS),
  };
}

/** A throwaway certificate authority for tests (ECDSA P-256). */
export async function createTestCa(name = "DomainLens Test CA"): Promise<TestCa> {
  const x509 = await x509Module();
  const keys = await keyPair();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}, O=DomainLens Tests`,
    notBefore: new Date(Date.now() - 365 * DAY_MS),
    notAfter: new Date(Date.now() + 365 * DAY_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certPem: ca.toString("pem"),
    async issue(request) {
      const leafKeys = await keyPair();
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: serial(),
        subject: `CN=${request.names[0] ?? request.ips?.[0] ?? "leaf"}`,
        issuer: ca.subject,
        ...window(request),
        signingKey: keys.privateKey,
        publicKey: leafKeys.publicKey,
        signingAlgorithm: ALG,
        extensions: [
          new x509.BasicConstraintsExtension(false),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          altNames(x509, request),
          await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey),
        ],
      });
      return { certPem: cert.toString("pem"), keyPem: await keyPem(leafKeys.privateKey) };
    },
  };
}

/** A leaf certificate signed by its own key. */
export async function createSelfSigned(request: CertRequest): Promise<IssuedCert> {
  const x509 = await x509Module();
  const keys = await keyPair();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${request.names[0] ?? "self-signed"}`,
    ...window(request),
    keys,
    signingAlgorithm: ALG,
    extensions: [altNames(x509, request)],
  });
  return { certPem: cert.toString("pem"), keyPem: await keyPem(keys.privateKey) };
}
