import { connect as netConnect, type Socket } from "node:net";
import { type SecureContext, type TLSSocket, connect as tlsConnect } from "node:tls";
import { canonicalAddress } from "./address-policy.js";
import { type EgressFailure, type EgressReason, egressFailure } from "./reasons.js";

export interface SocketTarget {
  /** The checked IP address to connect to, and nothing else. */
  address: string;
  port: number;
  /** TLS server name (SNI and certificate check); absent for IP-literal hosts. */
  servername?: string;
}

export interface TlsSettings {
  /** Holds the trusted CAs. */
  secureContext: SecureContext;
  rejectUnauthorized: boolean;
  alpnProtocols?: string[];
}

export interface OpenSocketOptions {
  connectTimeoutMs: number;
  /** How long the TLS handshake may take after the TCP connection is up. */
  handshakeTimeoutMs: number;
  tls?: TlsSettings;
  signal?: AbortSignal;
}

export type OpenSocketResult =
  | { ok: true; socket: Socket | TLSSocket; connectMs: number; handshakeMs: number | null }
  | EgressFailure;

const CERT_ERROR = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT)/;
const NOT_TLS =
  /wrong version number|packet length too long|http request|unknown protocol|record layer failure/i;

function codeOf(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string")
    return error.code;
  return "";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Maps a Node socket or TLS error to a reason code. */
export function reasonForSocketError(error: unknown, phase: "connect" | "tls" | "io"): EgressReason {
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === "ECONNREFUSED") return "connection_refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED") return "connection_reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EADDRNOTAVAIL")
    return "host_unreachable";
  if (code === "ETIMEDOUT") return phase === "connect" ? "timeout_connect" : "timeout_read";
  if (phase === "tls" || code.startsWith("ERR_SSL") || code.startsWith("ERR_TLS") || CERT_ERROR.test(code)) {
    if (NOT_TLS.test(message)) return "no_tls";
    return "tls_error";
  }
  return "connection_error";
}

/**
 * Opens a TCP (and optionally TLS) connection to exactly `target.address`: an IP literal, so no name
 * lookup happens here and the address the policy checked is the address connected to.
 */
export function openSocket(target: SocketTarget, options: OpenSocketOptions): Promise<OpenSocketResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let current: Socket | TLSSocket | undefined;
    let phase: "connect" | "tls" = "connect";
    let connectMs = 0;

    const finish = (result: OpenSocketResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (!result.ok) current?.destroy();
      resolve(result);
    };
    const fail = (reason: EgressReason, detail: string): void => finish(egressFailure(reason, detail));
    const where = `${target.address.includes(":") ? `[${target.address}]` : target.address}:${target.port}`;
    const onAbort = (): void => fail("timeout_total", `gave up connecting to ${where}`);
    const arm = (ms: number, reason: EgressReason, detail: string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(reason, detail), ms);
    };

    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const socket = netConnect({ host: target.address, port: target.port });
    current = socket;
    arm(
      options.connectTimeoutMs,
      "timeout_connect",
      `no TCP connection to ${where} within ${options.connectTimeoutMs} ms`,
    );
    socket.once("error", (error) =>
      fail(reasonForSocketError(error, phase), `${where}: ${messageOf(error)}`),
    );
    socket.once("connect", () => {
      connectMs = performance.now() - started;
      const remote = socket.remoteAddress ? canonicalAddress(socket.remoteAddress) : null;
      if (remote !== canonicalAddress(target.address)) {
        return fail("connection_error", `connected to ${remote ?? "an unknown peer"}, expected ${where}`);
      }
      const tls = options.tls;
      if (!tls) return finish({ ok: true, socket, connectMs, handshakeMs: null });
      phase = "tls";
      arm(
        options.handshakeTimeoutMs,
        "timeout_read",
        `no TLS handshake with ${where} within ${options.handshakeTimeoutMs} ms`,
      );
      const secure = tlsConnect({
        socket,
        host: target.address,
        ...(target.servername ? { servername: target.servername } : {}),
        secureContext: tls.secureContext,
        rejectUnauthorized: tls.rejectUnauthorized,
        ALPNProtocols: tls.alpnProtocols ?? ["http/1.1"],
      });
      current = secure;
      secure.once("error", (error) =>
        fail(
          reasonForSocketError(error, "tls"),
          `TLS with ${target.servername ?? where}: ${messageOf(error)}`,
        ),
      );
      secure.once("secureConnect", () => {
        finish({ ok: true, socket: secure, connectMs, handshakeMs: performance.now() - started - connectMs });
      });
    });
  });
}
