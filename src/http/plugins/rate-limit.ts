import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from "fastify";
import type { Operation } from "../../platform/operations.js";
import { type RateLimitDecision, RateLimiterUnavailableError } from "../../platform/ratelimit/index.js";
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { toArray } from "./hooks.js";

const WINDOW_MS = 60_000;
const UNAVAILABLE_RETRY_S = 5;

export class RateLimitExceeded extends Error {
  constructor(
    readonly limit: number,
    readonly retryAfterS: number,
    readonly policy: string,
  ) {
    super("rate limit exceeded");
  }
}

/** `RateLimit-Policy` values by policy and limit; both come from a small, fixed set. */
const policyHeaders = new Map<string, string>();

function policyHeader(policy: string, limit: number): string {
  const key = `${policy}|${limit}`;
  let value = policyHeaders.get(key);
  if (value === undefined) {
    value = `"${policy}";q=${limit};w=${WINDOW_MS / 1000}`;
    if (policyHeaders.size >= 10_000) policyHeaders.clear();
    policyHeaders.set(key, value);
  }
  return value;
}

function setHeaders(reply: FastifyReply, policy: string, d: RateLimitDecision): void {
  const resetS = Math.ceil(d.resetAtMs / 1000);
  const secondsToReset = Math.max(0, Math.ceil((d.resetAtMs - Date.now()) / 1000));
  // One call for the five (cheaper than five reply.header calls). The IETF
  // draft-ietf-httpapi-ratelimit-headers fields: the policy and the current state.
  reply.headers({
    "x-ratelimit-limit": d.limit,
    "x-ratelimit-remaining": d.remaining,
    "x-ratelimit-reset": resetS,
    "ratelimit-policy": policyHeader(policy, d.limit),
    ratelimit: `"${policy}";r=${d.remaining};t=${secondsToReset}`,
  });
}

/**
 * A limit of 0 blocks the operation for the organization (docs/rate-limits.md): no window can ever let a
 * call through, so the answer is 403 operation_blocked rather than a 429 whose Retry-After would never come
 * true. The limiter is not asked (its limits are positive); nothing is counted, recorded or charged.
 */
function blocked(reply: FastifyReply, policy: string): never {
  reply.headers({
    "x-ratelimit-limit": 0,
    "x-ratelimit-remaining": 0,
    "ratelimit-policy": policyHeader(policy, 0),
    ratelimit: `"${policy}";r=0`,
  });
  throw new ApiError(
    "operation_blocked",
    `The organization may not call ${policy}: its limit is 0 requests per minute, set by the DomainLens administrator. Retrying does not help; ask the administrator to raise the limit.`,
  );
}

/**
 * Counts the request against its organization's (or, on the public endpoint, its client address's)
 * sliding window, sets the rate-limit headers, and throws RateLimitExceeded over the limit. Counted at
 * most once per request; rejected requests are not counted (docs/rate-limits.md).
 */
export async function applyRateLimit(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  config: FastifyContextConfig = request.routeOptions.config,
): Promise<void> {
  if (request.rateLimitApplied) return;
  let key: string;
  let limit: number;
  let policy: string;
  // A keyed operation counts against its window (its own, or the one it shares: src/platform/operations.ts).
  const window = config.auth === "key" ? config.operation?.rateLimit : null;
  if (window && request.principal) {
    policy = window.name;
    const name = window.name as Operation;
    limit =
      services.limits.peek(request.principal.orgId, name) ??
      (await services.limits.limitFor(request.principal.orgId, name));
    key = `org:${request.principal.orgId}:${window.name}`;
  } else if (config.auth === "public") {
    policy = "public";
    limit = services.config.PUBLIC_RATE_LIMIT_PER_MINUTE;
    key = `ip:${request.ip}:public`;
  } else {
    return;
  }
  request.rateLimitApplied = true;
  if (limit <= 0) blocked(reply, policy);
  const cost = itemCount(config, request.body);
  if (cost > limit) {
    throw new ApiError(
      "invalid_request",
      `This batch has ${cost} items and the organization's ${policy} limit is ${limit} items per minute: send at most ${limit} items per request.`,
      { limit },
    );
  }
  let decision: RateLimitDecision;
  try {
    decision = await services.limiter.hit(key, limit, WINDOW_MS, cost);
  } catch (err) {
    if (err instanceof RateLimiterUnavailableError) {
      request.log.error({ err }, "rate limiter unavailable");
      throw new ApiError(
        "rate_limiter_unavailable",
        `Rate limits cannot be checked right now; retry in ${UNAVAILABLE_RETRY_S} seconds.`,
        {},
        { "retry-after": String(UNAVAILABLE_RETRY_S) },
      );
    }
    throw err;
  }
  setHeaders(reply, policy, decision);
  if (!decision.allowed) {
    throw new RateLimitExceeded(limit, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)), policy);
  }
  // The window is also the usage counter.
  if (request.principal && window)
    services.usage.record(request.principal.orgId, window.name, undefined, cost);
}

/** What a request counts: a batch's items (`itemsIn`, on a validated body), else 1. */
function itemCount(config: FastifyContextConfig, body: unknown): number {
  const field = config.operation?.auth === "key" ? config.operation.itemsIn : undefined;
  if (!field || typeof body !== "object" || body === null) return 1;
  const items = (body as Record<string, unknown>)[field];
  return Array.isArray(items) && items.length > 0 ? items.length : 1;
}

/** A hook on the routes that are rate limited (keyed operations, and the public ones per client address). */
export function registerRateLimit(app: FastifyInstance, services: Services): void {
  app.decorateRequest("rateLimitApplied", false);
  app.addHook("onRoute", (route) => {
    const config = route.config;
    if ((config?.auth === "key" && config.operation?.rateLimit) || config?.auth === "public") {
      const hook: preValidationAsyncHookHandler = async (request, reply) => {
        await applyRateLimit(services, request, reply, config);
      };
      // A batch counts its items, so it is counted once its body is known to be valid.
      const op = config.operation;
      if (op?.auth === "key" && op.itemsIn) route.preHandler = [...toArray(route.preHandler), hook];
      else route.preValidation = [...toArray(route.preValidation), hook];
    }
  });
}
