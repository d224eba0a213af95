import { checkServerIdentity, type TLSSocket } from "node:tls";
import type { Gate } from "../egress/gate.js";
import { canonicalHost, hostText } from "../egress/host.js";
import { type EgressFailure, egressFailure } from "../egress/reasons.js";
import {
  type CertificateSummary,
  isSelfSigned,
  parseDate,
  peerChain,
  summarizeCertificate,
} from "./tls-certs.js";

export interface TlsProbeOptions {
  port?: number;
  /** A leaf certificate younger than this many days is flagged `recentlyIssued` (default 7). */
  recentlyIssuedDays?: number;
  totalTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface TlsFlags {
  expired: boolean;
  notYetValid: boolean;
  selfSigned: boolean;
  /** The chain does not lead to a trusted root (Node's roots plus the configured extra CA). */
  untrusted: boolean;
  hostnameMismatch: boolean;
  recentlyIssued: boolean;
}

export interface TlsProbeSuccess {
  ok: true;
  host: string;
  port: number;
  address: string;
  connectTo: string | null;
  protocol: string | null;
  alpnProtocol: string | null;
  cipher: string | null;
  /** Node's verdict with the same trust store (and hostname) a fetch would use. */
  authorized: boolean;
  authorizationError: string | null;
  hostnameError: string | null;
  /** Leaf first. Empty when the server presented no certificate. */
  chain: CertificateSummary[];
  flags: TlsFlags;
  daysSinceIssued: number | null;
  daysUntilExpiry: number | null;
  timings: { totalMs: number };
}

export type TlsProbeResult = TlsProbeSuccess | (EgressFailure & { host: string; port: number });

const DAY_MS = 86_400_000;

/**
 * Connects with TLS through the gate (same resolver, policy and connect-to map) without rejecting any
 * certificate, and reports the presented chain with the flags a risk verdict needs.
 */
export async function probeTls(
  gate: Gate,
  target: string,
  options: TlsProbeOptions = {},
): Promise<TlsProbeResult> {
  const started = performance.now();
  const port = options.port ?? 443;
  const host = canonicalHost(target);
  if (!host)
    return { ...egressFailure("invalid_url", `${target.slice(0, 200)} is not a host`), host: target, port };
  const shownHost = hostText(host);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.totalTimeoutMs ?? gate.caps.totalTimeoutMs);
  const onOuterAbort = (): void => controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    const plan = await gate.plan(host, port, controller.signal);
    if (!plan.ok) return { ...plan, host: shownHost, port };
    if (controller.signal.aborted) return { ...egressFailure("timeout_total"), host: shownHost, port };
    const opened = await gate.open(plan, {
      tls: { rejectUnauthorized: false, alpnProtocols: ["h2", "http/1.1"] },
      signal: controller.signal,
    });
    if (!opened.ok) return { ...opened, host: shownHost, port };
    const socket = opened.socket as TLSSocket;
    try {
      return inspect(gate, socket, {
        host: shownHost,
        identity: host.kind === "name" ? host.name : host.address,
        port,
        address: plan.address,
        connectTo: plan.connectTo,
        recentDays: options.recentlyIssuedDays ?? 7,
        started,
      });
    } finally {
      socket.destroy();
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

interface InspectContext {
  host: string;
  identity: string;
  port: number;
  address: string;
  connectTo: string | null;
  recentDays: number;
  started: number;
}

function inspect(gate: Gate, socket: TLSSocket, context: InspectContext): TlsProbeSuccess {
  const now = gate.now().getTime();
  const chain = peerChain(socket.getPeerCertificate(true));
  const leaf = chain[0];
  const summaries = chain.map((entry) => summarizeCertificate(entry.x509));
  const validFrom = leaf ? Date.parse(parseDate(leaf.x509.validFrom) ?? "") : Number.NaN;
  const validTo = leaf ? Date.parse(parseDate(leaf.x509.validTo) ?? "") : Number.NaN;
  const identityError = leaf ? checkServerIdentity(context.identity, leaf.peer) : new Error("no certificate");
  const daysSinceIssued = Number.isNaN(validFrom) ? null : Math.floor((now - validFrom) / DAY_MS);
  const daysUntilExpiry = Number.isNaN(validTo) ? null : Math.floor((validTo - now) / DAY_MS);
  const authorizationError = socket.authorizationError ? String(socket.authorizationError) : null;
  const hostnameError = identityError ? identityError.message : null;
  const cipher = socket.getCipher();
  return {
    ok: true,
    host: context.host,
    port: context.port,
    address: context.address,
    connectTo: context.connectTo,
    protocol: socket.getProtocol() ?? null,
    alpnProtocol: typeof socket.alpnProtocol === "string" ? socket.alpnProtocol : null,
    cipher: cipher ? cipher.name : null,
    authorized: socket.authorized && !identityError,
    authorizationError: authorizationError ?? (identityError ? "ERR_TLS_CERT_ALTNAME_INVALID" : null),
    hostnameError,
    chain: summaries,
    flags: {
      expired: !Number.isNaN(validTo) && now > validTo,
      notYetValid: !Number.isNaN(validFrom) && now < validFrom,
      selfSigned: leaf ? isSelfSigned(leaf.x509) : false,
      untrusted: !gate.trust.isTrustedChain(chain.map((entry) => entry.x509)),
      hostnameMismatch: identityError !== undefined,
      recentlyIssued:
        daysSinceIssued !== null && daysSinceIssued >= 0 && daysSinceIssued < context.recentDays,
    },
    daysSinceIssued,
    daysUntilExpiry,
    timings: { totalMs: Math.round(performance.now() - context.started) },
  };
}
