/**
 * Rate limiting for DomainLens: a sliding-window log per key (for the API, organization × operation).
 *
 * Semantics shared by every backend:
 * - The limiter remembers the exact time of each accepted request (a log, not fixed buckets). A request
 *   at time `now` is accepted when fewer than `limit` accepted requests lie in the window
 *   `(now - windowMs, now]`; the window is 60 s unless the caller passes another one.
 * - A request that lands exactly `windowMs` after an earlier one no longer sees it: the earlier request
 *   left the window at that instant.
 * - Rejected requests are not logged, so they never push the window forward: a client that backs off
 *   gets capacity back as soon as its oldest accepted request leaves the window.
 * - `resetAtMs` is when the oldest request counted in the window leaves it (`now + windowMs` for an empty
 *   window, so a first request reports a full window). `retryAfterMs` is 0 when allowed; when rejected
 *   it is the wait until enough requests have left the window for one more to fit (normally until the
 *   oldest leaves; longer only if the limit of a key was lowered while its log was full).
 * - One key should be used with one window length; the limit of a key may change between calls.
 * - A hit may count several requests at once (`cost`, default 1: a batch of N items counted as N),
 *   all or nothing: it is allowed when `cost` more requests fit under `limit` in the window, and then
 *   `cost` requests are logged at that instant; otherwise nothing is logged. See RateLimiter.hit.
 * - A backend that cannot be reached makes `hit()` and `ping()` reject with
 *   RateLimiterUnavailableError; the API answers 503 with Retry-After in that case. Invalid arguments
 *   (a limit, window or cost that is not a positive integer, or a cost above the limit) reject with a
 *   RangeError, on every backend and before any backend work. A limit of 0 is not a window: it blocks
 *   the operation, and the caller (src/http/plugins/rate-limit.ts) answers it without asking the limiter
 *   (docs/rate-limits.md).
 */

export const DEFAULT_WINDOW_MS = 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /**
   * Requests left in the window after this hit when allowed; when rejected, the room there is now (fewer
   * than the hit's cost: 0 for a hit of cost 1). Never negative.
   */
  remaining: number;
  /** Unix ms when the oldest request counted in the window leaves it (now + window when the window is empty). */
  resetAtMs: number;
  /** Ms to wait before a retry (of the same cost) can succeed; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  readonly backend: "memory" | "redis";
  /**
   * Counts `cost` requests (default 1) against `key` if all of them fit under `limit` in the last
   * `windowMs` (default 60000), all or nothing:
   * - allowed when the window holds at most `limit - cost` requests: `cost` requests are logged at this
   *   instant (they leave the window together) and `remaining` is the room left after them;
   * - otherwise rejected and nothing is logged: `remaining` is the room now (less than `cost`, so a
   *   smaller batch of at most `remaining` would fit) and `retryAfterMs` the wait until the whole `cost`
   *   fits, i.e. until enough logged requests have left the window (not merely the oldest one).
   * `cost` must be a positive integer no greater than `limit`. A cost above the limit can never fit, so
   * it is not a rejection to retry after a while: it rejects with a RangeError like an invalid limit.
   * Callers compare the cost with the limit first and answer 400 (too many items for the limit), keeping
   * 429 with Retry-After for costs that will fit later.
   * Redis: hits of cost 1 may be admitted from a lease (see createRedisRateLimiter); a hit of cost above
   * 1 never is — it always goes to Redis and takes no lease — and requests this process holds leased but
   * unused count against it like any logged request.
   */
  hit(key: string, limit: number, windowMs?: number, cost?: number): Promise<RateLimitDecision>;
  /** Throws RateLimiterUnavailableError when the backend cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The limiter's backend cannot answer; the request's fate is unknown, not rejected. */
export class RateLimiterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RateLimiterUnavailableError";
  }
}

/** Returns a RangeError describing the first invalid argument of a hit, or undefined when they are valid. */
export function checkHitArguments(limit: number, windowMs: number, cost = 1): RangeError | undefined {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    return new RangeError(`rate limit must be a positive integer, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    return new RangeError(`rate limit window must be a positive integer of milliseconds, got ${windowMs}`);
  }
  if (cost !== 1) {
    if (!Number.isSafeInteger(cost) || cost < 1) {
      return new RangeError(`rate limit cost must be a positive integer, got ${cost}`);
    }
    if (cost > limit) {
      return new RangeError(
        `rate limit cost ${cost} exceeds the limit ${limit}: it can never fit in the window`,
      );
    }
  }
  return undefined;
}
