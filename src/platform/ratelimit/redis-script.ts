import type { RateLimitDecision } from "./limiter.js";

/**
 * One hit, atomically, on a sorted set whose members are accepted requests scored by their time in ms.
 * Time comes from the Redis server clock, so API nodes with skewed clocks share one timeline.
 *
 * KEYS[1] the key's log; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] a member unique to this hit.
 * Returns { allowed (1|0), count in the window after the hit, oldest time, time at which one more request
 * fits (when rejected), server time }.
 */
export const HIT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {1, count + 1, tonumber(oldest[2]), now, now}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local pivot = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
return {0, count, tonumber(oldest[2]), tonumber(pivot[2]) + window, now}
`;

type HitReply = [allowed: number, count: number, oldest: number, slotAt: number, now: number];

function isHitReply(reply: unknown): reply is HitReply {
  return Array.isArray(reply) && reply.length === 5 && reply.every((v) => typeof v === "number");
}

/** Turns the script's reply into a decision; throws when the reply is not the expected shape. */
export function decisionFromReply(reply: unknown, limit: number, windowMs: number): RateLimitDecision {
  if (!isHitReply(reply)) throw new Error(`unexpected rate limit script reply: ${JSON.stringify(reply)}`);
  const [allowed, count, oldest, slotAt, now] = reply;
  const resetAtMs = oldest + windowMs;
  if (allowed === 1) {
    return { allowed: true, limit, remaining: Math.max(limit - count, 0), resetAtMs, retryAfterMs: 0 };
  }
  return { allowed: false, limit, remaining: 0, resetAtMs, retryAfterMs: Math.max(slotAt - now, 1) };
}
