import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type RateLimitDecision, RateLimiterUnavailableError } from "./limiter.js";
import { createMemoryRateLimiter } from "./memory.js";
import { MemoryStore } from "./memory-store.js";

const T0 = 1_700_000_000_000;

function fakeClock(start = T0) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

describe("memory rate limiter", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses a 60 s window by default", async () => {
    const clock = fakeClock();
    const limiter = createMemoryRateLimiter({ now: clock.read });
    expect(await limiter.hit("k", 1)).toMatchObject({ allowed: true, resetAtMs: T0 + 60_000 });
    clock.now = T0 + 59_999;
    expect(await limiter.hit("k", 1)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    clock.now = T0 + 60_000;
    expect((await limiter.hit("k", 1)).allowed).toBe(true);
    await limiter.close();
  });

  it("accepts a retry exactly retryAfterMs later, and not a millisecond sooner", async () => {
    const clock = fakeClock();
    const limiter = createMemoryRateLimiter({ now: clock.read });
    await limiter.hit("k", 2, 1_000);
    clock.now += 300;
    await limiter.hit("k", 2, 1_000);
    const rejected = await limiter.hit("k", 2, 1_000);
    expect(rejected).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetAtMs: T0 + 1_000,
      retryAfterMs: 700,
    });
    clock.now += rejected.retryAfterMs - 1;
    expect((await limiter.hit("k", 2, 1_000)).allowed).toBe(false);
    clock.now += 1;
    expect(await limiter.hit("k", 2, 1_000)).toMatchObject({ allowed: true, resetAtMs: T0 + 1_300 });
    await limiter.close();
  });

  it("waits for enough requests to leave when a key's limit is lowered", async () => {
    const clock = fakeClock();
    const limiter = createMemoryRateLimiter({ now: clock.read });
    for (let i = 0; i < 5; i++) {
      clock.now = T0 + i * 10;
      await limiter.hit("k", 5, 1_000);
    }
    clock.now = T0 + 50;
    // Times 0..40 are logged; with a limit of 2 a slot frees when the one at 30 leaves.
    expect(await limiter.hit("k", 2, 1_000)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetAtMs: T0 + 1_000,
      retryAfterMs: 980,
    });
    expect(await limiter.hit("k", 6, 1_000)).toMatchObject({ allowed: true, remaining: 0 });
    await limiter.close();
  });

  it("does not let a clock that steps back admit extra requests", async () => {
    const clock = fakeClock();
    const limiter = createMemoryRateLimiter({ now: clock.read });
    await limiter.hit("k", 2, 1_000);
    clock.now = T0 - 5_000;
    expect((await limiter.hit("k", 2, 1_000)).allowed).toBe(true);
    expect((await limiter.hit("k", 2, 1_000)).allowed).toBe(false);
    clock.now = T0 + 999;
    expect((await limiter.hit("k", 2, 1_000)).allowed).toBe(false);
    await limiter.close();
  });

  it("forgets the least recently used key beyond maxKeys", async () => {
    const limiter = createMemoryRateLimiter({ now: fakeClock().read, maxKeys: 2 });
    await limiter.hit("a", 1);
    await limiter.hit("b", 1);
    await limiter.hit("a", 1); // rejected, but marks "a" as recently used
    await limiter.hit("c", 1); // evicts "b"
    expect((await limiter.hit("a", 1)).allowed).toBe(false);
    expect((await limiter.hit("c", 1)).allowed).toBe(false);
    expect((await limiter.hit("b", 1)).allowed).toBe(true);
    await limiter.close();
  });

  it("sweeps idle keys on an unref'd timer that close() clears", async () => {
    vi.useFakeTimers();
    const now = vi.fn(() => T0);
    const limiter = createMemoryRateLimiter({ now });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(now).toHaveBeenCalledTimes(1);
    await limiter.close();
    expect(vi.getTimerCount()).toBe(0);
    await expect(limiter.hit("k", 1)).rejects.toBeInstanceOf(RateLimiterUnavailableError);
  });

  it("rejects an invalid maxKeys", () => {
    expect(() => createMemoryRateLimiter({ maxKeys: 0 })).toThrow(RangeError);
  });
});

describe("memory store", () => {
  it("sweep removes keys whose window is empty and keeps the rest", () => {
    const store = new MemoryStore(100);
    store.hit("idle", 5, 1_000, T0);
    store.hit("short", 5, 100, T0 + 850);
    store.hit("active", 5, 1_000, T0 + 500);
    store.sweep(T0 + 1_000);
    expect(store.size).toBe(1);
    expect(store.hit("active", 1, 1_000, T0 + 1_000).allowed).toBe(false);
  });

  it("never holds more than maxKeys keys", () => {
    const store = new MemoryStore(10);
    for (let i = 0; i < 1_000; i++) store.hit(`k${i}`, 3, 60_000, T0 + i);
    expect(store.size).toBe(10);
  });
});

/** The obvious implementation: keep every accepted time, count those still in the window. */
function referenceDecision(
  accepted: number[],
  now: number,
  limit: number,
  windowMs: number,
): RateLimitDecision {
  const inWindow = accepted.filter((t) => t > now - windowMs);
  if (inWindow.length < limit) {
    accepted.push(now);
    const oldest = inWindow[0] ?? now;
    return {
      allowed: true,
      limit,
      remaining: limit - inWindow.length - 1,
      resetAtMs: oldest + windowMs,
      retryAfterMs: 0,
    };
  }
  const oldest = inWindow[0] ?? now;
  const freesSlot = inWindow[inWindow.length - limit] ?? now;
  return {
    allowed: false,
    limit,
    remaining: 0,
    resetAtMs: oldest + windowMs,
    retryAfterMs: freesSlot + windowMs - now,
  };
}

/** The obvious implementation of a hit of `cost` requests, all or nothing. */
function referenceCostDecision(
  accepted: number[],
  now: number,
  limit: number,
  windowMs: number,
  cost: number,
): RateLimitDecision {
  const inWindow = accepted.filter((t) => t > now - windowMs);
  if (inWindow.length + cost <= limit) {
    for (let i = 0; i < cost; i++) accepted.push(now);
    const oldest = inWindow[0] ?? now;
    return {
      allowed: true,
      limit,
      remaining: limit - inWindow.length - cost,
      resetAtMs: oldest + windowMs,
      retryAfterMs: 0,
    };
  }
  const oldest = inWindow[0] ?? now;
  // Once the oldest inWindow.length + cost - limit have left, `cost` fit.
  const lastToLeave = inWindow[inWindow.length + cost - limit - 1] ?? now;
  return {
    allowed: false,
    limit,
    remaining: Math.max(limit - inWindow.length, 0),
    resetAtMs: oldest + windowMs,
    retryAfterMs: lastToLeave + windowMs - now,
  };
}

describe("memory rate limiter properties", () => {
  const hitsArb = fc.array(
    fc.record({
      delay: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_500 })),
      key: fc.integer({ min: 0, max: 2 }),
    }),
    { maxLength: 300 },
  );

  it("never allows more than `limit` requests in any window", async () => {
    await fc.assert(
      fc.asyncProperty(
        hitsArb,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3_000 }),
        async (hits, limit, windowMs) => {
          const clock = fakeClock();
          const limiter = createMemoryRateLimiter({ now: clock.read });
          const allowedTimes: number[][] = [[], [], []];
          for (const { delay, key } of hits) {
            clock.now += delay;
            if ((await limiter.hit(`k${key}`, limit, windowMs)).allowed) allowedTimes[key]?.push(clock.now);
          }
          await limiter.close();
          // The busiest window ends at an accepted request: check the window ending at each one.
          for (const times of allowedTimes) {
            times.forEach((end, i) => {
              const inWindow = times.slice(0, i + 1).filter((t) => t > end - windowMs).length;
              expect(inWindow).toBeLessThanOrEqual(limit);
            });
          }
        },
      ),
    );
  });

  it("decides exactly like the obvious implementation, limits changing between calls", async () => {
    const opsArb = fc.array(
      fc.record({
        delay: fc.integer({ min: 0, max: 400 }),
        key: fc.integer({ min: 0, max: 2 }),
        limit: fc.integer({ min: 1, max: 9 }),
      }),
      { maxLength: 300 },
    );
    await fc.assert(
      fc.asyncProperty(opsArb, fc.integer({ min: 1, max: 2_000 }), async (ops, windowMs) => {
        const clock = fakeClock();
        const limiter = createMemoryRateLimiter({ now: clock.read });
        const logs: number[][] = [[], [], []];
        for (const { delay, key, limit } of ops) {
          clock.now += delay;
          const expected = referenceDecision(logs[key] ?? [], clock.now, limit, windowMs);
          expect(await limiter.hit(`k${key}`, limit, windowMs)).toEqual(expected);
        }
        await limiter.close();
      }),
    );
  });

  it("decides hits of any cost exactly like the obvious implementation, and a refused one logs nothing", async () => {
    const opsArb = fc.array(
      fc.record({
        delay: fc.integer({ min: 0, max: 400 }),
        key: fc.integer({ min: 0, max: 1 }),
        limit: fc.integer({ min: 1, max: 9 }),
        cost: fc.integer({ min: 1, max: 9 }),
      }),
      { maxLength: 200 },
    );
    await fc.assert(
      fc.asyncProperty(opsArb, fc.integer({ min: 1, max: 2_000 }), async (ops, windowMs) => {
        const clock = fakeClock();
        const limiter = createMemoryRateLimiter({ now: clock.read });
        const logs: number[][] = [[], []];
        for (const { delay, key, limit, cost } of ops) {
          clock.now += delay;
          if (cost > limit) {
            await expect(limiter.hit(`k${key}`, limit, windowMs, cost)).rejects.toBeInstanceOf(RangeError);
            continue;
          }
          const expected = referenceCostDecision(logs[key] ?? [], clock.now, limit, windowMs, cost);
          const decision = await limiter.hit(`k${key}`, limit, windowMs, cost);
          expect(decision).toEqual(expected);
          if (!decision.allowed) {
            // Waiting retryAfterMs is enough for the whole cost, and a millisecond less is not.
            const log = logs[key] ?? [];
            const countAt = (t: number) => log.filter((x) => x > t - windowMs).length;
            expect(countAt(clock.now + decision.retryAfterMs) + cost).toBeLessThanOrEqual(limit);
            expect(countAt(clock.now + decision.retryAfterMs - 1) + cost).toBeGreaterThan(limit);
          }
        }
        await limiter.close();
      }),
    );
  });
});
