import type { RateLimitDecision } from "./limiter.js";

/**
 * `n` hits on one key at one instant, atomically, on a sorted set whose members are accepted requests
 * scored by their time in ms: the same as `n` single hits in a row (the first ones are accepted while
 * they fit). Time comes from the Redis server clock, so API nodes with skewed clocks share one timeline.
 *
 * When every hit fits and `lease` > 0, the call also reserves up to `lease` more requests for the caller
 * to admit by itself over the next `leaseMs` (a lease, see redis.ts): never more than a quarter of the room
 * left in the window, logged at `now + leaseMs` (no earlier than any request admitted under the lease is
 * made, so they leave the window no sooner than their own requests would), members the prefix, "L" and
 * 1…granted. Unused ones are given back with RELEASE_SCRIPT.
 *
 * KEYS[1] the key's log; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] n; ARGV[4] a member prefix unique
 * to this call (members are the prefix and 1…n); ARGV[5] lease wanted; ARGV[6] lease length in ms.
 * Returns { hits accepted, count in the window before them, oldest time after them, time at which one
 * more request fits (when some were rejected; else now), server time, requests leased }.
 */
export const HIT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
local tag = ARGV[4]
local wanted = tonumber(ARGV[5])
local leaseMs = tonumber(ARGV[6])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local before = redis.call('ZCARD', key)
local accepted = math.max(0, math.min(n, limit - before))
local granted = 0
if accepted == n and wanted > 0 then
  granted = math.max(0, math.min(wanted, math.floor((limit - before - accepted) / 4)))
end
if accepted > 0 then
  local args = {}
  for i = 1, accepted do
    args[#args + 1] = now
    args[#args + 1] = tag .. i
  end
  for i = 1, granted do
    args[#args + 1] = now + leaseMs
    args[#args + 1] = tag .. 'L' .. i
  end
  for i = 1, #args, 1000 do
    redis.call('ZADD', key, unpack(args, i, math.min(i + 999, #args)))
  end
  -- The log lives one window after its newest entry (leased entries are logged ahead, at now + leaseMs).
  local ttl = window
  if granted > 0 then ttl = window + leaseMs end
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
local count = before + accepted + granted
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local slotAt = now
if accepted < n then
  local pivot = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  slotAt = tonumber(pivot[2]) + window
end
return {accepted, before, tonumber(oldest[2]), slotAt, now, granted}
`;

/**
 * `cost` hits on one key at one instant, all or nothing (HIT_SCRIPT accepts the first ones that fit): when
 * the window holds at most `limit - cost` requests, all `cost` are logged at `now`; otherwise nothing is.
 * Never leases. 1 <= cost <= limit (checked by the caller).
 *
 * KEYS[1] the key's log; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] cost; ARGV[4] a member prefix unique
 * to this call (members are the prefix and 1…cost). Returns { hits accepted (cost or 0), count in the
 * window before them, oldest time after them, time at which `cost` requests fit (when rejected; else now),
 * server time }.
 */
export const COST_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local tag = ARGV[4]
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local before = redis.call('ZCARD', key)
local accepted = 0
local fitsAt = now
if before + cost <= limit then
  accepted = cost
  local args = {}
  for i = 1, cost do
    args[#args + 1] = now
    args[#args + 1] = tag .. i
  end
  for i = 1, #args, 1000 do
    redis.call('ZADD', key, unpack(args, i, math.min(i + 999, #args)))
  end
  if redis.call('PTTL', key) < window then redis.call('PEXPIRE', key, window) end
else
  -- The whole cost fits once the oldest before + cost - limit entries have left.
  local pivot = redis.call('ZRANGE', key, before + cost - limit - 1, before + cost - limit - 1, 'WITHSCORES')
  if pivot[2] then fitsAt = tonumber(pivot[2]) + window else fitsAt = now + window end
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local oldestAt = now
if oldest[2] then oldestAt = tonumber(oldest[2]) end
return {accepted, before, oldestAt, fitsAt, now}
`;

/**
 * Gives back the unused requests of a lease: KEYS[1] the key's log; ARGV[1] the lease's member prefix
 * (its call's prefix and "L"); ARGV[2], ARGV[3] the first and last unused numbers. Returns how many were
 * still in the log.
 */
export const RELEASE_SCRIPT = `
local key = KEYS[1]
local tag = ARGV[1]
local first = tonumber(ARGV[2])
local last = tonumber(ARGV[3])
local removed = 0
local members = {}
for i = first, last do
  members[#members + 1] = tag .. i
  if #members == 1000 or i == last then
    removed = removed + redis.call('ZREM', key, unpack(members))
    members = {}
  end
end
return removed
`;

export type HitReply = [
  accepted: number,
  before: number,
  oldest: number,
  slotAt: number,
  now: number,
  granted: number,
];

export function isHitReply(reply: unknown): reply is HitReply {
  return Array.isArray(reply) && reply.length === 6 && reply.every((v) => typeof v === "number");
}

/**
 * Turns the script's reply for `n` hits into their decisions, in order; throws when the reply is not the
 * expected shape.
 */
export function decisionsFromReply(
  reply: HitReply,
  limit: number,
  windowMs: number,
  n: number,
): RateLimitDecision[] {
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

export type CostReply = [accepted: number, before: number, oldest: number, fitsAt: number, now: number];

export function isCostReply(reply: unknown): reply is CostReply {
  return Array.isArray(reply) && reply.length === 5 && reply.every((v) => typeof v === "number");
}

/** Turns COST_SCRIPT's reply for a hit of `cost` into its decision. */
export function decisionFromCostReply(
  reply: CostReply,
  limit: number,
  windowMs: number,
  cost: number,
): RateLimitDecision {
  const [accepted, before, oldest, fitsAt, now] = reply;
  const resetAtMs = oldest + windowMs;
  return accepted === cost
    ? { allowed: true, limit, remaining: Math.max(limit - before - cost, 0), resetAtMs, retryAfterMs: 0 }
    : {
        allowed: false,
        limit,
        remaining: Math.max(limit - before, 0),
        resetAtMs,
        retryAfterMs: Math.max(fitsAt - now, 1),
      };
}
