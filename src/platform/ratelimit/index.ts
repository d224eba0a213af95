export {
  DEFAULT_WINDOW_MS,
  type RateLimitDecision,
  type RateLimiter,
  RateLimiterUnavailableError,
} from "./limiter.js";
export { createMemoryRateLimiter, DEFAULT_MAX_KEYS, type MemoryRateLimiterOptions } from "./memory.js";
export {
  createRedisRateLimiter,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_KEY_PREFIX,
  type RedisRateLimiterOptions,
} from "./redis.js";
