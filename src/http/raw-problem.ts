import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import type { ErrorCode } from "../api/errors.js";
import { problemBody } from "./errors.js";

/**
 * Answers on a bare socket, where no Fastify reply exists (a CONNECT request, a request Node's HTTP parser
 * rejected): the same problem document every other error gets, a request id, then the connection closes.
 */
export function endWithProblem(
  socket: Duplex,
  statusLine: string,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(problemBody(code, message));
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${statusLine}\r\n` +
      "Content-Type: application/problem+json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      extra +
      `X-Request-Id: ${randomUUID()}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
