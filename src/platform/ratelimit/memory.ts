import {
  checkHitArguments,
  DEFAULT_WINDOW_MS,
  type RateLimitDecision,
  type RateLimiter,
  RateLimiterUnavailableError,
} from "./limiter.js";
import { MemoryStore } from "./memory-store.js";

/** Default bound on the number of keys remembered at once. */
export const DEFAULT_MAX_KEYS = 100_000;
/** How often keys whose window has emptied are removed. */
const SWEEP_INTERVAL_MS = 30_000;

export interface MemoryRateLimiterOptions {
  /** Clock in Unix ms (default Date.now). */
  now?: () => number;
  /** Most keys remembered at once; beyond it the least recently used key is forgotten (default 100000). */
  maxKeys?: number;
}

/**
 * A limiter held in this process: exact for a single API node, not shared between nodes (use the Redis
 * limiter for several). Each hit is O(1) amortized.
 */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new RangeError(`maxKeys must be a positive integer, got ${maxKeys}`);
  }
  const store = new MemoryStore(maxKeys);
  let closed = false;
  const sweeper = setInterval(() => store.sweep(now()), SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    backend: "memory",
    hit(
      key: string,
      limit: number,
      windowMs: number = DEFAULT_WINDOW_MS,
      cost = 1,
    ): Promise<RateLimitDecision> {
      if (closed) return Promise.reject(closedError());
      const invalid = checkHitArguments(limit, windowMs, cost);
      if (invalid !== undefined) return Promise.reject(invalid);
      return Promise.resolve(
        cost === 1
          ? store.hit(key, limit, windowMs, now())
          : store.hitCost(key, limit, windowMs, now(), cost),
      );
    },
    ping(): Promise<void> {
      return closed ? Promise.reject(closedError()) : Promise.resolve();
    },
    close(): Promise<void> {
      closed = true;
      clearInterval(sweeper);
      store.clear();
      return Promise.resolve();
    },
  };
}

function closedError(): RateLimiterUnavailableError {
  return new RateLimiterUnavailableError("the in-memory rate limiter is closed");
}
