import type { RateLimitDecision } from "./limiter.js";

/**
 * `n` hits on one key at one instant, atomically, on a sorted set whose members are accepted requests
 * scored by their time in ms: the same as `n` single hits in a row (the first ones are accepted while
 * they fit). Time comes from the Redis server clock, so API nodes with skewed clocks share one timeline.
 *
 * KEYS[1] the key's log; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] n; ARGV[4] a member prefix unique
 * to this call (members are the prefix and 1…n).
 * Returns { hits accepted, count in the window before them, oldest time after them, time at which one
 * more request fits (when some were rejected; else now), server time }.
 */
export const HIT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
local tag = ARGV[4]
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local before = redis.call('ZCARD', key)
local accepted = math.max(0, math.min(n, limit - before))
if accepted > 0 then
  local args = {}
  for i = 1, accepted do
    args[#args + 1] = now
    args[#args + 1] = tag .. i
  end
  for i = 1, #args, 1000 do
    redis.call('ZADD', key, unpack(args, i, math.min(i + 999, #args)))
  end
  redis.call('PEXPIRE', key, window)
end
local count = before + accepted
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local slotAt = now
if accepted < n then
  local pivot = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  slotAt = tonumber(pivot[2]) + window
end
return {accepted, before, tonumber(oldest[2]), slotAt, now}
`;

type HitReply = [accepted: number, before: number, oldest: number, slotAt: number, now: number];

function isHitReply(reply: unknown): reply is HitReply {
  return Array.isArray(reply) && reply.length === 5 && reply.every((v) => typeof v === "number");
}

/**
 * Turns the script's reply for `n` hits into their decisions, in order; throws when the reply is not the
 * expected shape.
 */
export function decisionsFromReply(
  reply: unknown,
  limit: number,
  windowMs: number,
  n: number,
): RateLimitDecision[] {
  if (!isHitReply(reply)) throw new Error(`unexpected rate limit script reply: ${JSON.stringify(reply)}`);
  const [accepted, before, oldest, slotAt, now] = reply;
  const resetAtMs = oldest + windowMs;
  const out: RateLimitDecision[] = [];
  for (let i = 1; i <= n; i++) {
    out.push(
      i <= accepted
        ? { allowed: true, limit, remaining: Math.max(limit - before - i, 0), resetAtMs, retryAfterMs: 0 }
        : { allowed: false, limit, remaining: 0, resetAtMs, retryAfterMs: Math.max(slotAt - now, 1) },
    );
  }
  return out;
}
