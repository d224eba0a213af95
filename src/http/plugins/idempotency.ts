import type { FastifyInstance, onSendAsyncHookHandler, preValidationAsyncHookHandler } from "fastify";
import { isValidIdempotencyKey, requestFingerprint } from "../../platform/idempotency.js";
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { toArray } from "./hooks.js";

/**
 * `Idempotency-Key` on every POST (docs/idempotency.md): a retry with the same key and body from the
 * same organization within 24 h gets the original status and body, and is neither charged nor counted
 * against the rate limit again. Runs after the body is parsed and before rate limiting.
 */
export function registerIdempotency(app: FastifyInstance, services: Services): void {
  app.decorateRequest("idempotency", null);

  const begin: preValidationAsyncHookHandler = async (request, reply) => {
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? (header[0] ?? "") : header;
    if (!isValidIdempotencyKey(key)) {
      throw new ApiError(
        "invalid_idempotency_key",
        "Idempotency-Key must be 1 to 255 visible ASCII characters.",
      );
    }
    const scope = request.principal ? `org:${request.principal.orgId}` : request.isAdmin ? "admin" : null;
    if (!scope) return;
    const fingerprint = requestFingerprint(request.method, request.routeOptions.url ?? request.url, {
      params: request.params,
      body: request.body,
    });
    const outcome = await services.idempotency.begin(scope, key, fingerprint);
    switch (outcome.kind) {
      case "new":
        request.idempotency = { scope, key };
        return;
      case "mismatch":
        throw new ApiError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request; use a new key for a new request.",
        );
      case "in_progress":
        throw new ApiError(
          "idempotency_key_in_progress",
          "A request with this Idempotency-Key has not finished; retry later.",
          {},
          { "retry-after": "2" },
        );
      case "replay":
        request.rateLimitApplied = true;
        reply.header("idempotent-replayed", "true");
        return reply.code(outcome.statusCode).send(outcome.body);
    }
  };

  const complete: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const body = typeof payload === "string" && payload.length > 0 ? JSON.parse(payload) : null;
        await services.idempotency.complete(claim.scope, claim.key, reply.statusCode, body);
      } else {
        await services.idempotency.release(claim.scope, claim.key);
      }
    } catch (err) {
      request.log.error({ err }, "could not record the idempotent outcome");
    }
    return payload;
  };

  // On POST routes only. Registered before the rate limit, so its hook runs first: a replay is not
  // counted again.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("POST")) return;
    route.preValidation = [...toArray(route.preValidation), begin];
    route.onSend = [...toArray(route.onSend), complete];
  });
}
