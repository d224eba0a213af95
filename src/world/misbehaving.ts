import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createNetServer, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import type { WorldCA } from "./ca.js";
import type { Sockets } from "./listen.js";
import type { MisbehavingEndpoint } from "./types.js";

/** Seconds between two bytes of the slow-loris endpoint. */
export const DRIP_INTERVAL_MS = 2_000;
/** The slow-loris endpoint gives up on a connection after this many dripped bytes. */
const DRIP_LIMIT = 300;
/** Exact size of huge-body.org's body: 50 MiB. */
export const HUGE_BODY_BYTES = 50 * 1024 * 1024;

type RequestHandler = (req: IncomingMessage, res: ServerResponse, rawSockets: Map<number, Socket>) => void;
type SocketHandler = (socket: Socket) => void;

interface EndpointSpec {
  hostname: string;
  address: string;
  kind: string;
  description: string;
  /** Speaks HTTP over plain TCP and TLS. */
  http?: RequestHandler;
  /** Handles raw connections itself (after the TLS handshake on the HTTPS port when `tls`). */
  socket?: SocketHandler;
  tls?: boolean;
}

/** Reads one request head from a raw connection and returns its path. */
function readRequestPath(socket: Socket, onPath: (path: string) => void): void {
  let head = "";
  const onData = (chunk: Buffer) => {
    head += chunk.toString("latin1");
    const end = head.indexOf("\r\n\r\n");
    if (end === -1 && head.length < 16_384) return;
    socket.off("data", onData);
    const path = /^[A-Z]+ (\S+) HTTP\/1\.[01]\r\n/.exec(head)?.[1] ?? "/";
    onPath(path);
  };
  socket.on("data", onData);
}

/** Sends `text` one byte per DRIP_INTERVAL_MS, then closes the connection. */
function drip(socket: Socket, text: string): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= text.length || sent >= DRIP_LIMIT) {
      clearInterval(timer);
      socket.end();
      return;
    }
    socket.write(text.charAt(sent));
    sent++;
  }, DRIP_INTERVAL_MS);
  socket.once("close", () => clearInterval(timer));
}

const slowLoris: SocketHandler = (socket) => {
  socket.setNoDelay(true);
  socket.on("error", () => {});
  readRequestPath(socket, (path) => {
    if (path.startsWith("/slow-headers")) {
      socket.write("HTTP/1.1 200 OK\r\n");
      drip(socket, `X-Slow: ${"z".repeat(DRIP_LIMIT)}`);
      return;
    }
    socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n\r\n");
    drip(socket, `<!doctype html><html><head><title>slow</title></head><body>${"z".repeat(DRIP_LIMIT)}`);
  });
};

const endlessRedirect: RequestHandler = (req, res) => {
  const step = /^\/next\/(\d+)/.exec(req.url ?? "/");
  const next = step ? Number(step[1]) + 1 : 1;
  res.writeHead(302, {
    Location: `/next/${next}`,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": 0,
  });
  res.end();
};

const FILLER = (() => {
  const line = Buffer.from("<p>This page goes on and on and on and on and on.</p>\n");
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length; i += line.length) line.copy(chunk, i);
  return chunk;
})();

const hugeBody: RequestHandler = (req, res) => {
  const chunked = (req.url ?? "/").startsWith("/chunked");
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    ...(chunked ? {} : { "Content-Length": HUGE_BODY_BYTES }),
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  let sent = 0;
  const pump = () => {
    while (sent < HUGE_BODY_BYTES && !res.destroyed) {
      const size = Math.min(FILLER.length, HUGE_BODY_BYTES - sent);
      sent += size;
      if (!res.write(size === FILLER.length ? FILLER : FILLER.subarray(0, size))) {
        res.once("drain", pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
};

const truncatedResponse: RequestHandler = (req, res, rawSockets) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": 1024 * 1024 });
  res.write(`<!doctype html><html><body>${FILLER.subarray(0, 16 * 1024).toString()}`);
  const raw = rawSockets.get(req.socket.remotePort ?? -1);
  const timer = setTimeout(() => (raw ? raw.resetAndDestroy() : req.socket.destroy()), 50);
  req.socket.once("close", () => clearTimeout(timer));
};

const PNG_BYTES = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)),
]);

const wrongContentType: RequestHandler = (req, res) => {
  const path = new URL(req.url ?? "/", "http://x.invalid").pathname;
  const html =
    "<!doctype html><html><head><title>Mislabelled</title></head><body><h1>HTML page</h1></body></html>\n";
  if (path === "/json") {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(JSON.stringify({ this_is: "json", served_as: "text/html" }));
  } else if (path === "/html-as-image") {
    res.writeHead(200, { "Content-Type": "image/png" });
    res.end(html);
  } else if (path === "/no-content-type") {
    res.writeHead(200);
    res.end(html);
  } else {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": PNG_BYTES.length });
    res.end(PNG_BYTES);
  }
};

export const MISBEHAVING: EndpointSpec[] = [
  {
    hostname: "slowloris-endpoint.com",
    address: "127.77.1.1",
    kind: "slow-loris",
    description: `status and headers at once, then one body byte every ${DRIP_INTERVAL_MS / 1000} s; /slow-headers drips the headers instead`,
    socket: slowLoris,
    tls: true,
  },
  {
    hostname: "endless-redirect.net",
    address: "127.77.1.2",
    kind: "endless-redirect",
    description: "every path answers 302 to /next/N+1",
    http: endlessRedirect,
  },
  {
    hostname: "huge-body.org",
    address: "127.77.1.3",
    kind: "huge-body",
    description: "a streamed 50 MiB text/html body with Content-Length; /chunked sends it without a length",
    http: hugeBody,
  },
  {
    hostname: "connection-reset.net",
    address: "127.77.1.4",
    kind: "reset-on-connect",
    description: "accepts the TCP connection and resets it at once (RST), before any TLS or HTTP",
    socket: (socket) => socket.resetAndDestroy(),
  },
  {
    hostname: "truncated-response.net",
    address: "127.77.1.5",
    kind: "reset-mid-response",
    description: "promises a 1 MiB body, sends 16 KiB, then resets the connection",
    http: truncatedResponse,
  },
  {
    hostname: "wrong-content-type.com",
    address: "127.77.1.6",
    kind: "wrong-content-type",
    description:
      "/ is binary served as text/html; /json is JSON as text/html; /html-as-image is HTML as image/png; /no-content-type has none",
    http: wrongContentType,
  },
  {
    hostname: "no-response.net",
    address: "127.77.1.7",
    kind: "no-response",
    description: "accepts the TCP connection and never sends a byte (no TLS handshake, no HTTP answer)",
    socket: () => {},
  },
];

function rawSocketIndex(server: Server): Map<number, Socket> {
  const index = new Map<number, Socket>();
  server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    index.set(port, socket);
    socket.once("close", () => index.delete(port));
  });
  return index;
}

async function startEndpoint(
  spec: EndpointSpec,
  ca: WorldCA,
  sockets: Sockets,
): Promise<MisbehavingEndpoint> {
  const cert = ca.issue("valid", [spec.hostname]);
  const tlsOptions = { key: cert.keyPem, cert: cert.chainPem };
  let plain: Server;
  let secure: Server;
  const handle = spec.http;
  if (handle) {
    plain = createHttpServer((req, res) => handle(req, res, plainIndex));
    secure = createHttpsServer(tlsOptions, (req, res) => handle(req, res, secureIndex));
  } else {
    const onSocket = spec.socket ?? ((socket: Socket) => socket.destroy());
    plain = createNetServer(onSocket);
    secure = spec.tls
      ? createTlsServer(tlsOptions, onSocket).on("tlsClientError", () => {})
      : createNetServer(onSocket);
  }
  const plainIndex = rawSocketIndex(plain);
  const secureIndex = rawSocketIndex(secure);
  const httpPort = await sockets.listen(plain, spec.address);
  const httpsPort = await sockets.listen(secure, spec.address);
  return {
    hostname: spec.hostname,
    address: spec.address,
    kind: spec.kind,
    description: spec.description,
    httpPort,
    httpsPort,
  };
}

/** Starts every misbehaving endpoint on its own address, HTTP and HTTPS on free ports. */
export async function startMisbehaving(ca: WorldCA, sockets: Sockets): Promise<MisbehavingEndpoint[]> {
  return Promise.all(MISBEHAVING.map((spec) => startEndpoint(spec, ca, sockets)));
}
