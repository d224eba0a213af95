import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RateLimiter, RateLimiterUnavailableError } from "./limiter.js";
import { createMemoryRateLimiter } from "./memory.js";
import { createRedisRateLimiter } from "./redis.js";

/** A limiter under test with the clock it is judged by. */
interface Subject {
  limiter: RateLimiter;
  backend: RateLimiter["backend"];
  windowMs: number;
  /** The backend's current time in Unix ms. */
  now(): number;
  /** Lets `ms` of the backend's time pass. */
  wait(ms: number): Promise<void>;
  /** Allowed difference when comparing the backend's times with `now()`. */
  toleranceMs: number;
}

/** The behaviour every backend must show; run once per backend. */
function rateLimiterContract(name: string, open: () => Promise<Subject>, skip = false): void {
  describe.skipIf(skip)(`rate limiter contract (${name})`, () => {
    let s: Subject;
    const key = (label: string) => `contract:${label}:${randomUUID()}`;
    const hits = (k: string, limit: number, n: number) =>
      Promise.all(Array.from({ length: n }, () => s.limiter.hit(k, limit, s.windowMs)));

    beforeEach(async () => {
      s = await open();
    });
    afterEach(async () => {
      await s.limiter.close();
    });

    it("names its backend and answers ping", async () => {
      expect(s.limiter.backend).toBe(s.backend);
      await expect(s.limiter.ping()).resolves.toBeUndefined();
    });

    it("allows exactly `limit` requests in a burst, counting `remaining` down, then rejects", async () => {
      const k = key("burst");
      const decisions = [];
      for (let i = 0; i < 8; i++) decisions.push(await s.limiter.hit(k, 5, s.windowMs));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
      expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0, 0]);
      expect(decisions.every((d) => d.limit === 5)).toBe(true);
      expect(decisions.slice(0, 5).every((d) => d.retryAfterMs === 0)).toBe(true);
      expect(decisions.slice(5).every((d) => d.retryAfterMs > 0 && d.retryAfterMs <= s.windowMs)).toBe(true);
    });

    it("reports when the oldest request leaves the window and how long to wait", async () => {
      const k = key("reset");
      const before = s.now();
      const first = await s.limiter.hit(k, 3, s.windowMs);
      const after = s.now();
      expect(first.resetAtMs).toBeGreaterThanOrEqual(before + s.windowMs - s.toleranceMs);
      expect(first.resetAtMs).toBeLessThanOrEqual(after + s.windowMs + s.toleranceMs);

      await s.wait(s.windowMs / 5);
      const second = await s.limiter.hit(k, 3, s.windowMs);
      const third = await s.limiter.hit(k, 3, s.windowMs);
      expect(second.resetAtMs).toBe(first.resetAtMs);
      expect(third.resetAtMs).toBe(first.resetAtMs);

      const rejectedFrom = s.now();
      const rejected = await s.limiter.hit(k, 3, s.windowMs);
      const rejectedUntil = s.now();
      expect(rejected.allowed).toBe(false);
      expect(rejected.resetAtMs).toBe(first.resetAtMs);
      // Waiting retryAfterMs from the moment of the decision reaches the reset time.
      const decidedAt = rejected.resetAtMs - rejected.retryAfterMs;
      expect(decidedAt).toBeGreaterThanOrEqual(rejectedFrom - s.toleranceMs);
      expect(decidedAt).toBeLessThanOrEqual(rejectedUntil + s.toleranceMs);
    });

    it("slides: capacity returns request by request as each one leaves the window", async () => {
      const k = key("slide");
      const margin = s.windowMs / 10;
      const a = await s.limiter.hit(k, 2, s.windowMs);
      await s.wait(s.windowMs / 2);
      const b = await s.limiter.hit(k, 2, s.windowMs);
      const full = await s.limiter.hit(k, 2, s.windowMs);
      expect([a.allowed, b.allowed, full.allowed]).toEqual([true, true, false]);
      expect(full.resetAtMs).toBe(a.resetAtMs);

      await s.wait(full.retryAfterMs + margin);
      const afterA = await s.limiter.hit(k, 2, s.windowMs);
      expect(afterA).toMatchObject({ allowed: true, remaining: 0 });
      // The second request is still in the window: only one slot came back.
      const stillFull = await s.limiter.hit(k, 2, s.windowMs);
      expect(stillFull.allowed).toBe(false);
      expect(stillFull.resetAtMs).toBe(afterA.resetAtMs);
      expect(stillFull.resetAtMs).toBeGreaterThan(a.resetAtMs);
      expect(stillFull.retryAfterMs).toBeLessThan(s.windowMs / 2);
    });

    it("does not count rejected requests: backing off recovers when the oldest accepted one leaves", async () => {
      const k = key("backoff");
      const accepted = await s.limiter.hit(k, 1, s.windowMs);
      await s.wait(s.windowMs / 4);
      const r1 = await s.limiter.hit(k, 1, s.windowMs);
      await s.wait(s.windowMs / 4);
      const r2 = await s.limiter.hit(k, 1, s.windowMs);
      expect([accepted.allowed, r1.allowed, r2.allowed]).toEqual([true, false, false]);
      expect(r1.resetAtMs).toBe(accepted.resetAtMs);
      expect(r2.resetAtMs).toBe(accepted.resetAtMs);
      expect(r2.retryAfterMs).toBeLessThan(r1.retryAfterMs);

      await s.wait(r2.retryAfterMs + s.windowMs / 10);
      await expect(s.limiter.hit(k, 1, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 0 });
    });

    it("keeps keys independent", async () => {
      const one = key("one");
      const two = key("two");
      await hits(one, 2, 3);
      expect((await s.limiter.hit(one, 2, s.windowMs)).allowed).toBe(false);
      await expect(s.limiter.hit(two, 2, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 1 });
    });

    it("allows exactly `limit` of many concurrent requests", async () => {
      const decisions = await hits(key("concurrent"), 10, 50);
      const allowed = decisions.filter((d) => d.allowed);
      expect(allowed).toHaveLength(10);
      expect(allowed.map((d) => d.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Made in one turn of the event loop: served in arrival order, the rest told when to come back.
      expect(decisions.map((d) => d.allowed)).toEqual(decisions.map((_, i) => i < 10));
      for (const d of decisions.slice(10)) {
        expect(d).toMatchObject({ remaining: 0 });
        expect(d.retryAfterMs).toBeGreaterThan(0);
        expect(d.retryAfterMs).toBeLessThanOrEqual(s.windowMs);
      }
    });

    it("decides concurrent requests of several keys and limits each on its own", async () => {
      const [a, b] = [key("mixed-a"), key("mixed-b")];
      const decisions = await Promise.all([
        ...Array.from({ length: 4 }, () => s.limiter.hit(a, 2, s.windowMs)),
        ...Array.from({ length: 4 }, () => s.limiter.hit(b, 3, s.windowMs)),
      ]);
      expect(decisions.map((d) => [d.allowed, d.limit, d.remaining])).toEqual([
        [true, 2, 1],
        [true, 2, 0],
        [false, 2, 0],
        [false, 2, 0],
        [true, 3, 2],
        [true, 3, 1],
        [true, 3, 0],
        [false, 3, 0],
      ]);
    });

    it("rejects invalid limits and windows with a RangeError", async () => {
      await expect(s.limiter.hit(key("invalid"), 0, s.windowMs)).rejects.toBeInstanceOf(RangeError);
      await expect(s.limiter.hit(key("invalid"), 1.5, s.windowMs)).rejects.toBeInstanceOf(RangeError);
      await expect(s.limiter.hit(key("invalid"), 1, 0)).rejects.toBeInstanceOf(RangeError);
    });

    describe("hits of several requests at once (cost)", () => {
      it("logs a cost that fits as `cost` requests at one instant", async () => {
        const k = key("cost-fits");
        // Twice the subject's window: room for sleeps that overshoot on a busy machine.
        const windowMs = 2 * s.windowMs;
        const before = s.now();
        const batch = await s.limiter.hit(k, 5, windowMs, 3);
        const after = s.now();
        expect(batch).toMatchObject({ allowed: true, limit: 5, remaining: 2, retryAfterMs: 0 });
        expect(batch.resetAtMs).toBeGreaterThanOrEqual(before + windowMs - s.toleranceMs);
        expect(batch.resetAtMs).toBeLessThanOrEqual(after + windowMs + s.toleranceMs);
        await s.wait(windowMs / 2);
        // The next single hits see the room the batch left.
        const singles = [];
        for (let i = 0; i < 3; i++) singles.push(await s.limiter.hit(k, 5, windowMs));
        expect(singles.map((d) => [d.allowed, d.remaining])).toEqual([
          [true, 1],
          [true, 0],
          [false, 0],
        ]);
        expect(singles.every((d) => d.resetAtMs === batch.resetAtMs)).toBe(true);
        // The three requests of the batch leave together (the singles stay): all of its room comes back.
        const full = singles[2];
        expect(full?.retryAfterMs).toBeLessThanOrEqual(windowMs / 2 + s.toleranceMs);
        await s.wait((full?.retryAfterMs ?? 0) + windowMs / 10);
        await expect(s.limiter.hit(k, 5, windowMs, 3)).resolves.toMatchObject({
          allowed: true,
          remaining: 0,
        });
      });

      it("takes a cost equal to the limit on an empty window", async () => {
        const k = key("cost-limit");
        await expect(s.limiter.hit(k, 4, s.windowMs, 4)).resolves.toMatchObject({
          allowed: true,
          remaining: 0,
        });
        const next = await s.limiter.hit(k, 4, s.windowMs);
        expect(next).toMatchObject({ allowed: false, remaining: 0 });
      });

      it("logs nothing for a cost that does not fit, and reports the room there is", async () => {
        const k = key("cost-refused");
        await s.limiter.hit(k, 5, s.windowMs);
        await s.limiter.hit(k, 5, s.windowMs, 2);
        const refused = await s.limiter.hit(k, 5, s.windowMs, 3);
        expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 2 });
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(s.windowMs);
        // Nothing was logged: both requests of room are still there.
        await expect(s.limiter.hit(k, 5, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 1 });
        await expect(s.limiter.hit(k, 5, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 0 });
        await expect(s.limiter.hit(k, 5, s.windowMs)).resolves.toMatchObject({
          allowed: false,
          remaining: 0,
        });
      });

      it("tells a refused cost how long until all of it fits, not just until the oldest request leaves", async () => {
        const k = key("cost-retry");
        // Twice the subject's window: room for sleeps that overshoot on a busy machine.
        const windowMs = 2 * s.windowMs;
        const limit = 4;
        const margin = windowMs / 10;
        const a = await s.limiter.hit(k, limit, windowMs);
        await s.wait(windowMs / 3);
        const bFrom = s.now();
        await s.limiter.hit(k, limit, windowMs);
        const bUntil = s.now();
        await s.wait(windowMs / 3);
        await s.limiter.hit(k, limit, windowMs);

        // Three logged, room for one: a cost of 3 fits once the first two (a and b) have left.
        const from = s.now();
        const refused = await s.limiter.hit(k, limit, windowMs, 3);
        const until = s.now();
        expect(refused).toMatchObject({ allowed: false, remaining: 1, resetAtMs: a.resetAtMs });
        // Waiting retryAfterMs from the moment of the decision reaches the time b leaves the window.
        expect(from + refused.retryAfterMs).toBeLessThanOrEqual(bUntil + windowMs + s.toleranceMs);
        expect(until + refused.retryAfterMs).toBeGreaterThanOrEqual(bFrom + windowMs - s.toleranceMs);
        expect(refused.retryAfterMs).toBeGreaterThan(a.resetAtMs - from + windowMs / 6);

        // Once a has left there is room for two: still refused, now until b leaves.
        await s.wait(a.resetAtMs - s.now() + margin);
        const stillRefused = await s.limiter.hit(k, limit, windowMs, 3);
        expect(stillRefused).toMatchObject({ allowed: false, remaining: 2 });
        expect(stillRefused.retryAfterMs).toBeLessThan(windowMs / 2); // not until c leaves

        await s.wait(stillRefused.retryAfterMs + margin);
        await expect(s.limiter.hit(k, limit, windowMs, 3)).resolves.toMatchObject({
          allowed: true,
          remaining: 0,
        });
      });

      it("decides hits of several costs made together in arrival order", async () => {
        const k = key("cost-mixed");
        const costs = [1, 3, 2, 1, 1];
        const decisions = await Promise.all(costs.map((cost) => s.limiter.hit(k, 5, s.windowMs, cost)));
        expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
          [true, 4],
          [true, 1],
          [false, 1],
          [true, 0],
          [false, 0],
        ]);
      });

      it("rejects a cost above the limit with a RangeError, logging nothing", async () => {
        const k = key("cost-over");
        await expect(s.limiter.hit(k, 3, s.windowMs, 4)).rejects.toBeInstanceOf(RangeError);
        await expect(s.limiter.hit(k, 3, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 2 });
        await expect(s.limiter.hit(k, 3, s.windowMs, 1_000)).rejects.toBeInstanceOf(RangeError);
        await expect(s.limiter.hit(k, 3, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 1 });
        // A cost of the whole limit is valid: refused here (only one request of room), not an error.
        await expect(s.limiter.hit(k, 3, s.windowMs, 3)).resolves.toMatchObject({
          allowed: false,
          remaining: 1,
        });
      });

      it("rejects a cost that is not a positive integer with a RangeError, like an invalid limit", async () => {
        const k = key("cost-invalid");
        for (const cost of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
          await expect(s.limiter.hit(k, 5, s.windowMs, cost)).rejects.toBeInstanceOf(RangeError);
        }
        await expect(s.limiter.hit(k, 5, s.windowMs)).resolves.toMatchObject({ allowed: true, remaining: 4 });
      });
    });

    it("is unavailable once closed", async () => {
      await s.limiter.close();
      await expect(s.limiter.hit(key("closed"), 1, s.windowMs)).rejects.toBeInstanceOf(
        RateLimiterUnavailableError,
      );
      await expect(s.limiter.ping()).rejects.toBeInstanceOf(RateLimiterUnavailableError);
    });
  });
}

rateLimiterContract("memory, injected clock", async () => {
  let clock = 1_700_000_000_000;
  return {
    limiter: createMemoryRateLimiter({ now: () => clock }),
    backend: "memory",
    windowMs: 60_000,
    now: () => clock,
    wait: async (ms) => {
      clock += ms;
    },
    toleranceMs: 0,
  };
});

const redisUrl = process.env.REDIS_URL;

/** How far the Redis server clock is ahead of this process's clock, and how precisely that is known. */
async function redisClock(url: string): Promise<{ offsetMs: number; uncertaintyMs: number }> {
  const client = new Redis(url);
  try {
    const before = Date.now();
    const [seconds, micros] = await client.time();
    const after = Date.now();
    const server = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    return { offsetMs: server - (before + after) / 2, uncertaintyMs: (after - before) / 2 + 2 };
  } finally {
    client.disconnect();
  }
}

rateLimiterContract(
  "redis, real time",
  async () => {
    const url = redisUrl ?? "";
    const clock = await redisClock(url);
    return {
      limiter: createRedisRateLimiter(url, { keyPrefix: `dl:rl:test:${randomUUID()}:` }),
      backend: "redis",
      windowMs: 500,
      now: () => Date.now() + clock.offsetMs,
      wait: (ms) => sleep(ms),
      toleranceMs: clock.uncertaintyMs + 5,
    };
  },
  redisUrl === undefined,
);
