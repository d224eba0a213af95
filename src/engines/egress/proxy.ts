import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Gate } from "./gate.js";
import { canonicalHost, parsePort, splitHostPort } from "./host.js";
import { type EgressFailure, type EgressReason, egressFailure, isPolicyReason } from "./reasons.js";

/** One request the proxy handled, for a scan's network log. */
export interface ProxyEvent {
  kind: "connect" | "http";
  /** `host:port` for CONNECT, the absolute URL for plain HTTP. */
  target: string;
  outcome: "allowed" | "blocked" | "failed";
  reason?: EgressReason;
  message?: string;
  detail?: string;
  /** The address connected to, when a connection was made. */
  address?: string;
}

export interface ProxyOptions {
  /** Every request, whatever its outcome. */
  onEvent?: (event: ProxyEvent) => void;
  /** Requests refused by the policy (answered 403). */
  onBlocked?: (event: ProxyEvent) => void;
  /** Idle time after which a tunnel or upstream connection is closed (default 120 s). */
  idleTimeoutMs?: number;
}

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for the browser's --proxy-server. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export const REASON_HEADER = "x-domainlens-egress-reason";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const STATUS_TEXT: Record<number, string> = { 403: "Forbidden", 502: "Bad Gateway", 504: "Gateway Timeout" };

function statusFor(reason: EgressReason): number {
  if (isPolicyReason(reason)) return 403;
  return reason.startsWith("timeout_") || reason === "dns_timeout" ? 504 : 502;
}

function cleanHeaders(headers: IncomingMessage["headers"]): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || named.has(key)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * A forward proxy on 127.0.0.1 for the browser: CONNECT tunnels and absolute-URI HTTP requests, each
 * planned through the gate (resolver, policy, ports, connect-to) exactly like the product's own fetches.
 */
export async function startProxy(gate: Gate, options: ProxyOptions = {}): Promise<EgressProxy> {
  const sockets = new Set<Duplex>();
  const idleMs = options.idleTimeoutMs ?? 120_000;
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  const report = (event: ProxyEvent): void => {
    try {
      options.onEvent?.(event);
      if (event.outcome === "blocked") options.onBlocked?.(event);
    } catch {
      // A failing observer must not break the proxy.
    }
  };
  const refusal = (kind: ProxyEvent["kind"], target: string, failure: EgressFailure): ProxyEvent => ({
    kind,
    target,
    outcome: isPolicyReason(failure.reason) ? "blocked" : "failed",
    reason: failure.reason,
    message: failure.message,
    ...(failure.detail ? { detail: failure.detail } : {}),
  });
  const refuseRaw = (socket: Duplex, failure: EgressFailure): void => {
    const status = statusFor(failure.reason);
    const body = `${failure.message}${failure.detail ? ` (${failure.detail})` : ""}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Bad Gateway"}\r\n${REASON_HEADER}: ${failure.reason}\r\n` +
        `content-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  const refuseHttp = (res: ServerResponse, failure: EgressFailure): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = `${failure.message}${failure.detail ? ` (${failure.detail})` : ""}\n`;
    res.writeHead(statusFor(failure.reason), {
      [REASON_HEADER]: failure.reason,
      "content-type": "text/plain; charset=utf-8",
      connection: "close",
    });
    res.end(body);
  };

  const server = createServer();
  server.on("connection", (socket: Socket) => track(socket));
  server.on("clientError", (_error, socket) => socket.destroy());

  const handleConnect = async (req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> => {
    const target = req.url ?? "";
    client.on("error", () => client.destroy());
    const parts = splitHostPort(target);
    const host = parts ? canonicalHost(parts.host) : null;
    const port = parts ? parsePort(parts.port) : null;
    if (!host || port === null) {
      const failure = egressFailure("invalid_url", `CONNECT ${target.slice(0, 200)} is not host:port`);
      report(refusal("connect", target, failure));
      return refuseRaw(client, failure);
    }
    const plan = await gate.plan(host, port);
    if (!plan.ok) {
      report(refusal("connect", target, plan));
      return refuseRaw(client, plan);
    }
    const opened = await gate.open(plan, {});
    if (!opened.ok) {
      report(refusal("connect", target, opened));
      return refuseRaw(client, opened);
    }
    const upstream = opened.socket;
    track(upstream);
    if (client.destroyed) {
      upstream.destroy();
      return;
    }
    report({ kind: "connect", target, outcome: "allowed", address: plan.address });
    upstream.setTimeout(idleMs, () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  };

  const handleRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? "";
    req.on("error", () => res.destroy());
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      const failure = egressFailure("invalid_url", "the proxy only accepts absolute URLs");
      report(refusal("http", target, failure));
      return refuseHttp(res, failure);
    }
    if (!/^http:/i.test(target)) {
      const failure = egressFailure(
        "blocked_scheme",
        `${target.split(":")[0]}: is not proxied as a plain request`,
      );
      report(refusal("http", target, failure));
      return refuseHttp(res, failure);
    }
    const planned = await gate.planUrl(target);
    if (!("url" in planned)) {
      report(refusal("http", target, planned));
      return refuseHttp(res, planned);
    }
    const { url, plan } = planned;
    if (!plan.ok) {
      report(refusal("http", url.href, plan));
      return refuseHttp(res, plan);
    }
    const opened = await gate.open(plan, {});
    if (!opened.ok) {
      report(refusal("http", url.href, opened));
      return refuseHttp(res, opened);
    }
    const socket = opened.socket;
    track(socket);
    report({ kind: "http", target: url.href, outcome: "allowed", address: plan.address });
    const headers = { ...cleanHeaders(req.headers), host: url.host, connection: "close" };
    const upstream = httpRequest({
      createConnection: () => socket,
      method: req.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      headers,
      setHost: false,
    });
    upstream.setTimeout(gate.caps.readTimeoutMs, () =>
      upstream.destroy(Object.assign(new Error("read timeout"), { code: "ETIMEDOUT" })),
    );
    upstream.on("response", (response) => {
      res.writeHead(response.statusCode ?? 502, response.statusMessage, cleanHeaders(response.headers));
      response.pipe(res);
      response.on("error", () => res.destroy());
    });
    upstream.on("error", (error: Error & { code?: string }) => {
      const reason: EgressReason = error.code === "ETIMEDOUT" ? "timeout_read" : "connection_reset";
      refuseHttp(res, egressFailure(reason, `${url.href}: ${error.message}`));
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  };

  server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
    handleConnect(req, client, head).catch(() => client.destroy());
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handleRequest(req, res).catch(() => res.destroy());
  });

  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => {
    refuseRaw(socket, egressFailure("blocked_scheme", "protocol upgrades must go through a CONNECT tunnel"));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
