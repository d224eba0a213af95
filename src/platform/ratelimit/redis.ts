import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import {
  checkHitArguments,
  DEFAULT_WINDOW_MS,
  type RateLimitDecision,
  type RateLimiter,
  RateLimiterUnavailableError,
} from "./limiter.js";
import { connectRedis } from "./redis-connection.js";
import {
  COST_SCRIPT,
  decisionFromCostReply,
  decisionsFromReply,
  HIT_SCRIPT,
  isCostReply,
  isHitReply,
  RELEASE_SCRIPT,
} from "./redis-script.js";

export const DEFAULT_KEY_PREFIX = "dl:rl:";
export const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;
/** Keys with a limit of at least this many requests per window may lease requests (see createRedisRateLimiter). */
export const LEASE_MIN_LIMIT = 1_000;
/** How long a lease lasts. */
export const LEASE_MS = 100;
/** Smallest and largest lease asked for. */
const LEASE_MIN_SIZE = 8;
const LEASE_MAX_SIZE = 1_024;
/** Connecting may take a little longer than a command. */
const MIN_CONNECT_TIMEOUT_MS = 1_000;

export interface RedisRateLimiterOptions {
  /** Prefix of every key this limiter writes, so one Redis can be shared (default "dl:rl:"). */
  keyPrefix?: string;
  /** Longest wait for one Redis command before the hit fails as unavailable (default 1000). */
  commandTimeoutMs?: number;
}

type LimiterClient = Redis & {
  domainlensRateLimitHit(
    key: string,
    limit: number,
    windowMs: number,
    hits: number,
    memberPrefix: string,
    lease: number,
    leaseMs: number,
  ): Promise<unknown>;
  domainlensRateLimitCost(
    key: string,
    limit: number,
    windowMs: number,
    cost: number,
    memberPrefix: string,
  ): Promise<unknown>;
  domainlensRateLimitRelease(key: string, leaseTag: string, first: number, last: number): Promise<unknown>;
};

/** A hit waiting for its call; `cost` is set only for a hit of cost above 1. */
type Waiter = { resolve: (d: RateLimitDecision) => void; reject: (err: unknown) => void; cost?: number };
type CostWaiter = Waiter & { cost: number };

/** Requests reserved in the log for this process to admit by itself until `expiresAt`. */
interface Lease {
  /** Member prefix of the leased entries (numbered 1…granted). */
  tag: string;
  granted: number;
  used: number;
  /** Requests counted in the window when the lease was granted, leased ones not included. */
  counted: number;
  resetAtMs: number;
  /** performance.now() at which the lease ends. */
  expiresAt: number;
  timer: NodeJS.Timeout;
}

/** The hits of one key, limit and window: at most one call in flight, the others waiting for the next. */
interface Lane {
  id: string;
  key: string;
  limit: number;
  windowMs: number;
  inFlight: boolean;
  waiting: Waiter[];
  /** How many of `waiting` have a cost above 1. */
  costly: number;
  lease: Lease | undefined;
  /** Size of the next lease asked for (0: the limit is too low to lease). */
  leaseSize: number;
}

/**
 * A limiter shared by every API node using the same Redis: hits are one atomic Lua script (EVALSHA)
 * on a sorted set per key, timed by the Redis server clock. A key has at most one call in flight: the hits
 * made while it runs (or in the same turn of the event loop) share the next call, which decides them in
 * arrival order exactly as single hits in a row would. A key's set expires one window after its
 * newest request. When Redis cannot answer, hits fail fast with RateLimiterUnavailableError while the
 * client reconnects in the background: a fresh client's first hits wait for the connection (at most the
 * connect timeout, 1 s or the command timeout if longer); a hit whose command times out may still have
 * been counted by Redis. `resetAtMs` is on the Redis server's clock.
 *
 * Leases, for keys with a limit of at least LEASE_MIN_LIMIT (high-volume organizations; the SPEC's
 * defaults are far below): a call whose hits all fit also reserves a few more requests in the log, at most
 * a quarter of the room left, which this process then admits without a round trip for LEASE_MS (100 ms).
 * Every admitted request is in the shared log, so processes together never admit more than the limit.
 * What a lease changes: a leased request is logged up to LEASE_MS after it was made (it leaves the window
 * that much later), the Remaining header does not see other processes' requests made during the lease,
 * and requests leased but not used are given back when the lease ends (or at close) — while held, they
 * count, so another process may be refused a little early; a crash leaves them counted for one window.
 * The lease size adapts to the traffic: it doubles when a lease runs out early and halves when most of
 * one goes unused.
 *
 * A hit of cost above 1 (all or nothing, see RateLimiter.hit) is one call of its own (COST_SCRIPT), taken
 * in arrival order with the key's other hits: the hits of cost 1 made before it go in the call before,
 * those made after it in the call after. It is never admitted from a lease and asks for none; requests this
 * process holds leased but unused count against it, as they do for every other process.
 */
export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): RateLimiter {
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const connection = connectRedis(url, commandTimeoutMs, Math.max(commandTimeoutMs, MIN_CONNECT_TIMEOUT_MS));
  connection.client.defineCommand("domainlensRateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  connection.client.defineCommand("domainlensRateLimitCost", { numberOfKeys: 1, lua: COST_SCRIPT });
  connection.client.defineCommand("domainlensRateLimitRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const client = connection.client as LimiterClient;
  // Members must be unique across every process sharing the set: a random process tag and a counter.
  const memberTag = `${randomBytes(8).toString("hex")}:`;
  let sequence = 0;

  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      const ready = connection.whenReady();
      if (ready !== undefined) await ready;
      return await command();
    } catch (err) {
      if (err instanceof RateLimiterUnavailableError) throw err;
      throw new RateLimiterUnavailableError(
        `rate limit store (Redis at ${connection.location}) failed: ${describe(err)}`,
        { cause: err },
      );
    }
  };

  // Hits of a key (with a limit and window) not yet sent; at most one call per key is in flight, and the
  // hits that arrive meanwhile go together in the next one.
  const lanes = new Map<string, Lane>();
  // Lanes with hits to send at the end of this turn of the event loop.
  const due = new Set<Lane>();

  // Gives back what a lease did not use; ends in the background (close waits for it).
  const releases = new Set<Promise<unknown>>();
  // Script calls in flight, so close() can end the leases they grant; once closing, no lease is asked for.
  const calls = new Set<Promise<unknown>>();
  let closing = false;
  const endLease = (lane: Lane): void => {
    const lease = lane.lease;
    if (lease === undefined) return;
    lane.lease = undefined;
    clearTimeout(lease.timer);
    const unused = lease.granted - lease.used;
    if (unused === 0) lane.leaseSize = Math.min(lane.leaseSize * 2, LEASE_MAX_SIZE);
    else if (unused * 2 > lease.granted) lane.leaseSize = Math.max(lane.leaseSize >> 1, LEASE_MIN_SIZE);
    if (unused > 0) {
      const release = run(() =>
        client.domainlensRateLimitRelease(keyPrefix + lane.key, lease.tag, lease.used + 1, lease.granted),
      )
        .catch(() => {}) // kept until it leaves the window: the limit errs on the strict side
        .finally(() => releases.delete(release));
      releases.add(release);
    }
  };
  /** Forgets a lane with nothing in flight, waiting or leased (its next hit makes a new one). */
  const forgetIfIdle = (lane: Lane): void => {
    if (!lane.inFlight && lane.waiting.length === 0 && lane.lease === undefined) lanes.delete(lane.id);
  };

  /** Admits a hit from the lane's lease, or returns undefined when it has none left. */
  const fromLease = (lane: Lane): RateLimitDecision | undefined => {
    const lease = lane.lease;
    if (lease === undefined) return undefined;
    if (lease.used === lease.granted || performance.now() >= lease.expiresAt) {
      endLease(lane);
      return undefined;
    }
    lease.used++;
    return {
      allowed: true,
      limit: lane.limit,
      remaining: Math.max(lane.limit - lease.counted - lease.used, 0),
      resetAtMs: lease.resetAtMs,
      retryAfterMs: 0,
    };
  };

  /** When a lane's call has returned: serves what waits from a lease just granted, sends the rest. */
  const afterCall = (lane: Lane): void => {
    lane.inFlight = false;
    // Hits that arrived meanwhile: from a lease just granted while it lasts, the rest in the next call.
    // A hit of cost above 1 is never served from a lease, nor any hit made after it.
    let served = 0;
    while (served < lane.waiting.length && lane.waiting[served]?.cost === undefined) {
      const decision = fromLease(lane);
      if (decision === undefined) break;
      lane.waiting[served++]?.resolve(decision);
    }
    if (served > 0) lane.waiting = lane.waiting.slice(served);
    if (lane.waiting.length > 0) send(lane);
    else forgetIfIdle(lane);
  };

  /** Sends one hit of cost above 1 on its own: all or nothing, no lease. */
  const sendCost = (lane: Lane, waiter: CostWaiter): void => {
    lane.inFlight = true;
    sequence++;
    const prefix = `${memberTag}${sequence.toString(36)}:`;
    const cost = waiter.cost;
    const call = run(async () => {
      const reply = await client.domainlensRateLimitCost(
        keyPrefix + lane.key,
        lane.limit,
        lane.windowMs,
        cost,
        prefix,
      );
      if (!isCostReply(reply))
        throw new Error(`unexpected rate limit script reply: ${JSON.stringify(reply)}`);
      return reply;
    })
      .then(
        (reply) => {
          const decision = decisionFromCostReply(reply, lane.limit, lane.windowMs, cost);
          waiter.resolve(decision);
          // A lease still held was granted before this call, so the count it saw includes every request of
          // the lease: the lease's Remaining goes on from this newer count.
          const lease = lane.lease;
          if (lease !== undefined) {
            lease.counted = Math.max(reply[1] + (decision.allowed ? cost : 0) - lease.granted, 0);
          }
        },
        (err: unknown) => waiter.reject(err),
      )
      .finally(() => {
        afterCall(lane);
        calls.delete(call);
      });
    calls.add(call);
  };

  const send = (lane: Lane): void => {
    const waiting = lane.waiting;
    if (waiting.length === 0) return;
    // A hit of cost above 1 goes alone; the hits of cost 1 before it go first, those after it next.
    const costly = lane.costly > 0 ? waiting.findIndex((w) => w.cost !== undefined) : -1;
    if (costly === 0) {
      lane.waiting = waiting.slice(1);
      lane.costly--;
      sendCost(lane, waiting[0] as CostWaiter);
      return;
    }
    const waiters = costly > 0 ? waiting.slice(0, costly) : waiting;
    lane.waiting = costly > 0 ? waiting.slice(costly) : [];
    lane.inFlight = true;
    sequence++;
    const prefix = `${memberTag}${sequence.toString(36)}:`;
    const n = waiters.length;
    const sentAt = performance.now();
    const call = run(async () => {
      const reply = await client.domainlensRateLimitHit(
        keyPrefix + lane.key,
        lane.limit,
        lane.windowMs,
        n,
        prefix,
        closing ? 0 : lane.leaseSize,
        LEASE_MS,
      );
      if (!isHitReply(reply)) throw new Error(`unexpected rate limit script reply: ${JSON.stringify(reply)}`);
      return reply;
    })
      .then(
        (reply) => {
          const decisions = decisionsFromReply(reply, lane.limit, lane.windowMs, n);
          waiters.forEach((w, i) => {
            const d = decisions[i];
            if (d) w.resolve(d);
            else w.reject(new Error("missing rate limit decision"));
          });
          const [accepted, before, oldest, , , granted] = reply;
          if (granted > 0) {
            lane.lease = {
              tag: `${prefix}L`,
              granted,
              used: 0,
              counted: before + accepted,
              resetAtMs: oldest + lane.windowMs,
              // From when the call was sent: the leased entries are logged at the server's time + LEASE_MS,
              // which is no earlier.
              expiresAt: sentAt + LEASE_MS,
              timer: setTimeout(() => {
                endLease(lane);
                forgetIfIdle(lane);
              }, LEASE_MS).unref(),
            };
          }
        },
        (err: unknown) => {
          for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        afterCall(lane);
        calls.delete(call);
      });
    calls.add(call);
  };

  const flush = (): void => {
    for (const lane of due) if (!lane.inFlight) send(lane);
    due.clear();
  };

  return {
    backend: "redis",
    hit(
      key: string,
      limit: number,
      windowMs: number = DEFAULT_WINDOW_MS,
      cost = 1,
    ): Promise<RateLimitDecision> {
      const invalid = checkHitArguments(limit, windowMs, cost);
      if (invalid !== undefined) return Promise.reject(invalid);
      const id = `${key}\u0000${limit}\u0000${windowMs}`;
      let lane = lanes.get(id);
      if (lane === undefined) {
        lane = {
          id,
          key,
          limit,
          windowMs,
          inFlight: false,
          waiting: [],
          costly: 0,
          lease: undefined,
          leaseSize: limit >= LEASE_MIN_LIMIT ? LEASE_MIN_SIZE : 0,
        };
        lanes.set(id, lane);
      } else if (cost === 1 && lane.lease !== undefined && lane.waiting.length === 0) {
        const leased = fromLease(lane);
        if (leased !== undefined) return Promise.resolve(leased);
      }
      const current = lane;
      return new Promise((resolve, reject) => {
        if (cost === 1) current.waiting.push({ resolve, reject });
        else {
          current.waiting.push({ resolve, reject, cost });
          current.costly++;
        }
        if (current.inFlight) return; // sent when the call in flight returns
        // Hits of requests read in this turn of the event loop go in the same call.
        if (due.size === 0) setImmediate(flush);
        due.add(current);
      });
    },
    async ping(): Promise<void> {
      await run(() => client.ping());
    },
    async close(): Promise<void> {
      closing = true;
      flush(); // hits not sent yet go now, asking for no lease
      while (calls.size > 0) await Promise.allSettled([...calls]);
      for (const lane of [...lanes.values()]) endLease(lane);
      await Promise.all(releases);
      await connection.close();
    },
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
