import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Socket,
  type Server as TcpServer,
} from "node:net";

export interface TestServer {
  host: string;
  port: number;
  /** `http(s)://host:port` with IPv6 in brackets. */
  origin: string;
  /** TCP connections accepted, whatever happened next. */
  readonly connections: number;
  /** Requests seen, in order. */
  readonly requests: Array<{
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
  }>;
  close(): Promise<void>;
}

async function listen(server: Server | TcpServer, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function bracket(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** An HTTP or HTTPS server on a loopback address, counting connections and requests. */
export async function startTestServer(
  host: string,
  handler: RequestListener,
  tls?: { certPem: string; keyPem: string },
  port = 0,
): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const requests: TestServer["requests"] = [];
  let connections = 0;
  const listener: RequestListener = (req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    handler(req, res);
  };
  const server = tls
    ? createHttpsServer({ cert: tls.certPem, key: tls.keyPem }, listener)
    : createHttpServer(listener);
  server.on("connection", (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const bound = await listen(server, host, port);
  return {
    host,
    port: bound,
    origin: `${tls ? "https" : "http"}://${bracket(host)}:${bound}`,
    get connections() {
      return connections;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A raw TCP server: `onSocket` decides what (if anything) to say. */
export async function startTcpServer(
  host: string,
  onSocket: (socket: Socket) => void,
): Promise<{ port: number; readonly connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    onSocket(socket);
  });
  const port = await listen(server, host, 0);
  return {
    port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
