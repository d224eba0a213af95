import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { endWithProblem } from "../raw-problem.js";

/**
 * Node's HTTP server hands a CONNECT request to its `connect` listeners and, without one, closes the socket
 * with no answer; Fastify does not listen. DomainLens is not a proxy: it answers 405 method_not_allowed as
 * a problem document, listing in `Allow` the methods its routes use, and closes the connection.
 */
export function registerConnectRefusal(app: FastifyInstance): void {
  const methods = new Set<string>();
  app.addHook("onRoute", (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) methods.add(method);
  });
  app.server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => {}); // the client may already be gone; nothing to answer then
    const allow = [...methods].filter((m) => m !== "CONNECT").join(", ");
    endWithProblem(
      socket,
      "405 Method Not Allowed",
      "method_not_allowed",
      "CONNECT is not supported: DomainLens is an HTTP API, not a proxy. See /openapi.json.",
      { Allow: allow },
    );
  });
}
