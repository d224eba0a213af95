import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { JournalUnavailableError } from "../platform/billing/journal/index.js";
import { InsufficientBalanceError } from "../platform/billing/ledger.js";
import { microsToUsd } from "../platform/money.js";
import { RateLimiterUnavailableError } from "../platform/ratelimit/index.js";
import { ApiError, type ErrorCode, problemBody } from "./errors.js";
import { applyRateLimit, RateLimitExceeded } from "./plugins/rate-limit.js";
import type { Services } from "./services.js";

const PARSE_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_request",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
};

function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): FastifyReply {
  const body = problemBody(code, message, extra);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(body.status).type("application/problem+json; charset=utf-8").send(body);
}

function sendRateLimited(reply: FastifyReply, err: RateLimitExceeded): FastifyReply {
  // SPEC §7.1: this body, not the problem document.
  return reply
    .code(429)
    .header("retry-after", String(err.retryAfterS))
    .send({
      error: "rate_limit_exceeded",
      message: `Rate limit of ${err.limit} requests per minute exceeded for ${err.policy}. Retry in ${err.retryAfterS} seconds.`,
      limit: err.limit,
      retry_after: err.retryAfterS,
    });
}

function classify(
  err: FastifyError | Error,
): { code: ErrorCode; message: string; extra?: Record<string, unknown> } | null {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      field: `${err.validationContext ?? "body"}${v.instancePath.replace(/\//g, ".")}`,
      message: v.message,
    }));
    const summary = issues.map((i) => `${i.field}: ${i.message}`).join("; ");
    return {
      code: "invalid_request",
      message: `The request is not valid: ${summary}`,
      extra: { errors: issues },
    };
  }
  const fastifyCode = "code" in err && typeof err.code === "string" ? err.code : "";
  const mapped = PARSE_ERRORS[fastifyCode];
  if (mapped) return { code: mapped, message: err.message };
  if (err instanceof SyntaxError && "statusCode" in err)
    return { code: "invalid_json", message: err.message };
  return null;
}

/** One error body for everything but 429 (ARCHITECTURE "A request, end to end"). */
export function registerErrorHandling(app: FastifyInstance, services: Services): void {
  app.setErrorHandler(async (err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RateLimitExceeded) return sendRateLimited(reply, err);
    if (err instanceof ApiError) return sendProblem(reply, err.code, err.message, err.extra, err.headers);
    if (err instanceof InsufficientBalanceError) {
      return sendProblem(
        reply,
        "insufficient_balance",
        `This request costs $${microsToUsd(err.requiredMicros)} and the organization's balance is lower. Add credits and retry.`,
      );
    }
    if (err instanceof JournalUnavailableError) {
      request.log.error({ err }, "charge journal unavailable");
      return sendProblem(
        reply,
        "service_unavailable",
        "Charges cannot be recorded right now; nothing was charged. Retry in 5 seconds.",
        {},
        { "retry-after": "5" },
      );
    }
    if (err instanceof RateLimiterUnavailableError) {
      return sendProblem(
        reply,
        "rate_limiter_unavailable",
        "Rate limits cannot be checked right now.",
        {},
        { "retry-after": "5" },
      );
    }
    const client = classify(err);
    if (client) {
      // Requests rejected before the rate limiter still count as requests and carry its headers.
      try {
        await applyRateLimit(services, request, reply);
      } catch (limitErr) {
        if (limitErr instanceof RateLimitExceeded) return sendRateLimited(reply, limitErr);
        if (limitErr instanceof ApiError)
          return sendProblem(reply, limitErr.code, limitErr.message, {}, limitErr.headers);
      }
      return sendProblem(reply, client.code, client.message, client.extra);
    }
    const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) return sendProblem(reply, "invalid_request", err.message);
    request.log.error({ err }, "request failed");
    return sendProblem(
      reply,
      "internal_error",
      `Something went wrong on our side. Quote request id ${request.id} when contacting support.`,
    );
  });

  // A mirror of the route table, to tell an unknown path (404) from a known path with another method (405).
  const mirror = FindMyWay();
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const existing = methodsByPath.get(route.url);
      if (existing) existing.add(method);
      else {
        methodsByPath.set(route.url, new Set([method]));
        mirror.on("GET", route.url, () => {}, { path: route.url });
      }
    }
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const found = mirror.find("GET" as HTTPMethod, path);
    const store = found?.store as { path?: string } | undefined;
    const allowed = store?.path ? methodsByPath.get(store.path) : undefined;
    if (allowed && !allowed.has(request.method)) {
      return sendProblem(
        reply,
        "method_not_allowed",
        `${request.method} is not allowed here.`,
        {},
        { allow: [...allowed].join(", ") },
      );
    }
    return sendProblem(reply, "route_not_found", `No endpoint ${request.method} ${path}. See /openapi.json.`);
  });
}
