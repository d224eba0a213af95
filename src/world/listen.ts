import type { Socket as UdpSocket } from "node:dgram";
import type { AddressInfo, Server, Socket } from "node:net";

/**
 * Every server and socket one world owns, so that stop() can close them all: servers stop
 * listening, open connections are destroyed, and per-connection timers end with their sockets.
 */
export class Sockets {
  private readonly servers = new Set<Server>();
  private readonly udp = new Set<UdpSocket>();
  private readonly connections = new Set<Socket>();
  private closed = false;

  /** Listens on host:port (0 = any free port) and returns the bound port. */
  async listen(server: Server, host: string, port = 0): Promise<number> {
    this.adopt(server);
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once("error", onError);
      server.listen({ host, port, exclusive: true }, () => {
        server.off("error", onError);
        resolve();
      });
    });
    return (server.address() as AddressInfo).port;
  }

  adopt(server: Server): void {
    this.servers.add(server);
    server.on("connection", (socket: Socket) => {
      if (this.closed) {
        socket.destroy();
        return;
      }
      this.connections.add(socket);
      // Clients of a test internet hang up in every way; that is never the world's error.
      socket.on("error", () => {});
      socket.once("close", () => this.connections.delete(socket));
    });
    // A listening server reports late errors here instead of crashing the process.
    server.on("error", () => {});
  }

  async bindUdp(socket: UdpSocket, host: string, port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      socket.once("error", onError);
      socket.bind({ address: host, port, exclusive: true }, () => {
        socket.off("error", onError);
        resolve();
      });
    });
    this.udp.add(socket);
    socket.on("error", () => {});
  }

  /** Closes one server that never became part of the world (a failed bind). */
  static async discard(server: Server): Promise<void> {
    if (!server.listening) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const waits: Array<Promise<void>> = [];
    for (const server of this.servers) {
      if (server.listening) waits.push(new Promise<void>((resolve) => server.close(() => resolve())));
    }
    for (const socket of this.connections) socket.destroy();
    for (const socket of this.udp) waits.push(new Promise<void>((resolve) => socket.close(() => resolve())));
    await Promise.all(waits);
    this.servers.clear();
    this.udp.clear();
    this.connections.clear();
  }
}
