import { randomUUID } from "node:crypto";
import { once } from "node:events";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { type RateLimiter, RateLimiterUnavailableError } from "./limiter.js";
import { createRedisRateLimiter, LEASE_MIN_LIMIT, LEASE_MS } from "./redis.js";

const redisUrl = process.env.REDIS_URL;
const opened: RateLimiter[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

function limiterFor(
  url: string,
  options: { keyPrefix?: string; commandTimeoutMs?: number } = {},
): RateLimiter {
  const limiter = createRedisRateLimiter(url, { keyPrefix: `dl:rl:test:${randomUUID()}:`, ...options });
  opened.push(limiter);
  return limiter;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function elapsedMs(action: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await action();
    return { ms: performance.now() - started, error: undefined };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

interface TestServer {
  port: number;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

/** A TCP server on loopback; `onSocket` decides what each connection does. */
async function listen(onSocket: (socket: net.Socket) => void, port = 0): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onSocket(socket);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("server has no TCP address");
  let closing: Promise<void> | undefined;
  return {
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

describe("redis rate limiter when Redis cannot be reached", () => {
  it("fails fast with RateLimiterUnavailableError when the connection is refused", async () => {
    const limiter = limiterFor("redis://127.0.0.1:1");
    const first = await elapsedMs(() => limiter.hit("k", 5));
    expect(first.error).toBeInstanceOf(RateLimiterUnavailableError);
    expect((first.error as Error).cause).toBeDefined();
    expect(first.ms).toBeLessThan(2_000);
    // Later calls, while the client retries in the background, fail just as fast.
    for (let i = 0; i < 3; i++) {
      const next = await elapsedMs(() => limiter.hit("k", 5));
      expect(next.error).toBeInstanceOf(RateLimiterUnavailableError);
      expect(next.ms).toBeLessThan(500);
    }
    await expect(limiter.ping()).rejects.toBeInstanceOf(RateLimiterUnavailableError);
    expect((await elapsedMs(() => limiter.close())).ms).toBeLessThan(1_000);
  });

  it("gives up after the connect timeout when a server accepts but never answers", async () => {
    const silent = await listen(() => {});
    cleanups.push(() => silent.close());
    const limiter = limiterFor(`redis://127.0.0.1:${silent.port}`, { commandTimeoutMs: 300 });
    const results = await Promise.all([1, 2, 3].map(() => elapsedMs(() => limiter.hit("k", 5))));
    for (const result of results) {
      expect(result.error).toBeInstanceOf(RateLimiterUnavailableError);
      expect(result.ms).toBeLessThan(3_000);
    }
  });
});

/** Forwards loopback connections to Redis; can pause traffic or go away entirely. */
async function redisProxy(target: URL) {
  let paused = false;
  const held: Array<() => void> = [];
  const forward = (socket: net.Socket) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    upstream.on("error", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
    socket.on("data", (chunk) => {
      if (paused) held.push(() => upstream.write(chunk));
      else upstream.write(chunk);
    });
    upstream.pipe(socket);
  };
  let server = await listen(forward);
  const port = server.port;
  cleanups.push(() => server.close());
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const send of held.splice(0)) send();
    },
    down: () => server.close(),
    up: async () => {
      server = await listen(forward, port);
    },
  };
}

describe.skipIf(redisUrl === undefined)("redis rate limiter against a real Redis", () => {
  const url = redisUrl ?? "";

  it("waits for a fresh client to connect instead of failing its first hit", async () => {
    const limiter = limiterFor(url);
    await expect(limiter.hit("fresh", 1)).resolves.toMatchObject({ allowed: true });
  });

  it("stores each key under the prefix with an expiry of one window", async () => {
    const prefix = `dl:rl:test:${randomUUID()}:`;
    const limiter = limiterFor(url, { keyPrefix: prefix });
    await limiter.hit("org-1:scans", 3, 5_000);
    await limiter.hit("org-1:scans", 3, 5_000);
    const inspector = new Redis(url);
    cleanups.push(() => inspector.disconnect());
    expect(await inspector.zcard(`${prefix}org-1:scans`)).toBe(2);
    const ttl = await inspector.pttl(`${prefix}org-1:scans`);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await inspector.exists("org-1:scans")).toBe(0);
  });

  it("uses the dl:rl: prefix by default", async () => {
    const key = `test:${randomUUID()}`;
    const limiter = createRedisRateLimiter(url);
    opened.push(limiter);
    await limiter.hit(key, 1, 5_000);
    const inspector = new Redis(url);
    cleanups.push(async () => {
      await inspector.del(`dl:rl:${key}`);
      inspector.disconnect();
    });
    expect(await inspector.exists(`dl:rl:${key}`)).toBe(1);
  });

  it("times a hung command out as unavailable, then carries on", async () => {
    const proxy = await redisProxy(new URL(url));
    const limiter = limiterFor(proxy.url, { commandTimeoutMs: 300 });
    await limiter.ping();
    proxy.pause();
    const hung = await elapsedMs(() => limiter.hit("k", 5));
    expect(hung.error).toBeInstanceOf(RateLimiterUnavailableError);
    expect(hung.ms).toBeLessThan(1_500);
    proxy.resume();
    await expect(limiter.hit("k", 5)).resolves.toMatchObject({ allowed: true });
  });

  it("fails fast while Redis is gone and recovers by itself when it returns", async () => {
    const proxy = await redisProxy(new URL(url));
    const limiter = limiterFor(proxy.url);
    await expect(limiter.hit("k", 100)).resolves.toMatchObject({ allowed: true });
    await proxy.down();
    await sleep(50);
    const down = await elapsedMs(() => limiter.hit("k", 100));
    expect(down.error).toBeInstanceOf(RateLimiterUnavailableError);
    expect(down.ms).toBeLessThan(1_500);

    await proxy.up();
    const deadline = Date.now() + 8_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      recovered = await limiter.hit("k", 100).then(
        (d) => d.allowed,
        () => false,
      );
      if (!recovered) await sleep(100);
    }
    expect(recovered).toBe(true);
    await expect(limiter.ping()).resolves.toBeUndefined();
  });

  describe("leases (limits of LEASE_MIN_LIMIT and more)", () => {
    const limit = LEASE_MIN_LIMIT;

    async function logOf(prefix: string, key: string): Promise<number> {
      const inspector = new Redis(url);
      try {
        return await inspector.zcard(`${prefix}${key}`);
      } finally {
        inspector.disconnect();
      }
    }

    it("admits the requests after the first from a lease, each still counted once in the shared log", async () => {
      const prefix = `dl:rl:test:${randomUUID()}:`;
      const limiter = limiterFor(url, { keyPrefix: prefix });
      const first = await limiter.hit("org-1:risks", limit);
      expect(first).toMatchObject({ allowed: true, remaining: limit - 1 });
      const leased = await logOf(prefix, "org-1:risks");
      expect(leased).toBeGreaterThan(1); // the request and its lease
      const decisions = [];
      for (let i = 1; i < leased; i++) decisions.push(await limiter.hit("org-1:risks", limit));
      expect(decisions.map((d) => d.remaining)).toEqual(decisions.map((_, i) => limit - 2 - i));
      expect(decisions.every((d) => d.allowed && d.resetAtMs === first.resetAtMs)).toBe(true);
      // Served from the lease: the log did not grow.
      expect(await logOf(prefix, "org-1:risks")).toBe(leased);
    });

    it("gives back what a lease did not use when it ends, and at close", async () => {
      const prefix = `dl:rl:test:${randomUUID()}:`;
      const limiter = limiterFor(url, { keyPrefix: prefix });
      await limiter.hit("a", limit);
      await limiter.hit("a", limit);
      expect(await logOf(prefix, "a")).toBeGreaterThan(2);
      await sleep(LEASE_MS + 150);
      expect(await logOf(prefix, "a")).toBe(2);

      const other = limiterFor(url, { keyPrefix: prefix });
      await other.hit("b", limit);
      expect(await logOf(prefix, "b")).toBeGreaterThan(1);
      await other.close();
      expect(await logOf(prefix, "b")).toBe(1);

      // A hit made just before close() is still decided, and leaves no lease behind.
      const third = limiterFor(url, { keyPrefix: prefix });
      const pending = third.hit("c", limit);
      const closed = third.close();
      await expect(pending).resolves.toMatchObject({ allowed: true });
      await closed;
      expect(await logOf(prefix, "c")).toBe(1);

      // One already sent when close() starts: the lease its call grants is given back before close ends.
      const fourth = limiterFor(url, { keyPrefix: prefix });
      await fourth.ping();
      const sent = fourth.hit("d", limit);
      await new Promise((resolve) => setImmediate(resolve)); // the hit's call is on its way
      const closing = fourth.close();
      await expect(sent).resolves.toMatchObject({ allowed: true });
      await closing;
      expect(await logOf(prefix, "d")).toBe(1);
    });

    it("sends a hit of cost above 1 to Redis even while a lease is held, and asks for no lease", async () => {
      const prefix = `dl:rl:test:${randomUUID()}:`;
      const limiter = limiterFor(url, { keyPrefix: prefix });
      await limiter.hit("batch", limit); // leases a few requests for 100 ms
      const batch = await limiter.hit("batch", limit, undefined, 5);
      // Decided by Redis: counted after the request and the lease (while held, its requests are logged).
      expect(batch.allowed).toBe(true);
      expect(batch.remaining).toBeLessThanOrEqual(limit - 1 - 5);
      expect(batch.remaining).toBeGreaterThan(limit - 1 - 5 - LEASE_MIN_LIMIT / 4);
      // Logged as 5 entries, and its call leased nothing: every leased entry is the first call's.
      const inspector = new Redis(url);
      cleanups.push(() => inspector.disconnect());
      const members = await inspector.zrange(`${prefix}batch`, 0, -1);
      expect(members.filter((m) => !m.includes(":L"))).toHaveLength(1 + 5);
      expect(new Set(members.filter((m) => m.includes(":L")).map((m) => m.split(":L")[0])).size).toBeLessThan(
        2,
      );
      // The next hit of cost 1, from the lease or not, counts the batch: 7 requests made.
      await expect(limiter.hit("batch", limit)).resolves.toMatchObject({
        allowed: true,
        remaining: limit - 7,
      });

      // A first hit of cost above 1 on a key leases nothing.
      await limiter.hit("fresh", limit, undefined, 5);
      expect(await logOf(prefix, "fresh")).toBe(5);
    });

    it("never leases for the SPEC's limits, and never more than a quarter of the room left", async () => {
      const prefix = `dl:rl:test:${randomUUID()}:`;
      const limiter = limiterFor(url, { keyPrefix: prefix });
      await limiter.hit("low", 60);
      expect(await logOf(prefix, "low")).toBe(1);
      // One call admitting all but 8 of a high-limit key's requests may lease 2 more, not its usual 8.
      await Promise.all(Array.from({ length: limit - 8 }, () => limiter.hit("full", limit)));
      expect(await logOf(prefix, "full")).toBe(limit - 8 + 2);
    });
  });
});
