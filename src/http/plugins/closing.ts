import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.js";

/** Seconds a client is told to wait: a new connection reaches another node, or this one restarted. */
const CLOSING_RETRY_S = 1;

/**
 * Requests that arrive while the server closes — on a kept-alive connection, or pipelined behind one still
 * being answered — get the project's 503 problem document with Retry-After (and `Connection: close`, set by
 * Fastify) instead of Fastify's own 503 body. Needs the Fastify option `return503OnClosing: false`.
 * Registered before authentication, so nothing else runs for them: nothing is counted or charged.
 */
export function registerClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onRequest", (_request, _reply, done) => {
    if (!closing) return done();
    done(
      new ApiError(
        "service_unavailable",
        `DomainLens is shutting down on this node; nothing was done or charged. Retry in ${CLOSING_RETRY_S} second on a new connection.`,
        {},
        { "retry-after": String(CLOSING_RETRY_S) },
      ),
    );
  });
}
