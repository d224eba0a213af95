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
import { decisionsFromReply, HIT_SCRIPT } from "./redis-script.js";

export const DEFAULT_KEY_PREFIX = "dl:rl:";
export const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;
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
  ): Promise<unknown>;
};

type Waiter = { resolve: (d: RateLimitDecision) => void; reject: (err: unknown) => void };

/** The hits of one key, limit and window: at most one call in flight, the others waiting for the next. */
interface Lane {
  id: string;
  key: string;
  limit: number;
  windowMs: number;
  inFlight: boolean;
  waiting: Waiter[];
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
 */
export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): RateLimiter {
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const connection = connectRedis(url, commandTimeoutMs, Math.max(commandTimeoutMs, MIN_CONNECT_TIMEOUT_MS));
  connection.client.defineCommand("domainlensRateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
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

  const send = (lane: Lane): void => {
    const waiters = lane.waiting;
    if (waiters.length === 0) return;
    lane.waiting = [];
    lane.inFlight = true;
    sequence++;
    const prefix = `${memberTag}${sequence.toString(36)}:`;
    const n = waiters.length;
    run(async () => {
      const reply = await client.domainlensRateLimitHit(
        keyPrefix + lane.key,
        lane.limit,
        lane.windowMs,
        n,
        prefix,
      );
      return decisionsFromReply(reply, lane.limit, lane.windowMs, n);
    })
      .then(
        (decisions) => {
          waiters.forEach((w, i) => {
            const d = decisions[i];
            if (d) w.resolve(d);
            else w.reject(new Error("missing rate limit decision"));
          });
        },
        (err: unknown) => {
          for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        lane.inFlight = false;
        if (lane.waiting.length > 0) send(lane);
        else lanes.delete(lane.id);
      });
  };

  const flush = (): void => {
    for (const lane of due) if (!lane.inFlight) send(lane);
    due.clear();
  };

  return {
    backend: "redis",
    hit(key: string, limit: number, windowMs: number = DEFAULT_WINDOW_MS): Promise<RateLimitDecision> {
      const invalid = checkHitArguments(limit, windowMs);
      if (invalid !== undefined) return Promise.reject(invalid);
      return new Promise((resolve, reject) => {
        const id = `${key}\u0000${limit}\u0000${windowMs}`;
        let lane = lanes.get(id);
        if (lane === undefined) {
          lane = { id, key, limit, windowMs, inFlight: false, waiting: [] };
          lanes.set(id, lane);
        }
        lane.waiting.push({ resolve, reject });
        if (lane.inFlight) return; // sent when the call in flight returns
        // Hits of requests read in this turn of the event loop go in the same call.
        if (due.size === 0) setImmediate(flush);
        due.add(lane);
      });
    },
    async ping(): Promise<void> {
      await run(() => client.ping());
    },
    close: () => connection.close(),
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
