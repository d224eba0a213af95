import type { Socket } from "node:net";
import { endWithProblem } from "../raw-problem.js";

/**
 * Requests Node's HTTP parser rejects before any route sees them (a malformed request line, bad header
 * syntax, headers over the size limit) get the same problem document as every other 400, instead of
 * Fastify's default `{"error":"Bad Request"}` body, then the connection closes. A socket already written
 * to, or gone, gets nothing more.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const detail =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "The request's headers are larger than DomainLens accepts."
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "The request was not received in time."
        : "The request could not be parsed as HTTP/1.1.";
  endWithProblem(socket, "400 Bad Request", "invalid_request", detail);
}
