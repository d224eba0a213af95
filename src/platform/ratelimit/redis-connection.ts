import { Redis } from "ioredis";
import { RateLimiterUnavailableError } from "./limiter.js";

/** Longest pause between reconnection attempts while Redis is down. */
const MAX_RECONNECT_DELAY_MS = 2_000;

export interface RedisConnection {
  readonly client: Redis;
  /** Redis host and port, without credentials, for error messages. */
  readonly location: string;
  /**
   * Undefined when commands can be sent now. Otherwise a promise that settles when they can: it waits for
   * a connection still being set up (at most `connectTimeoutMs`) and rejects at once when Redis is down.
   */
  whenReady(): Promise<void> | undefined;
  close(): Promise<void>;
}

/**
 * A client that fails fast: no offline queue (a command sent while disconnected fails instead of
 * waiting), bounded connect and command times, and reconnection with backoff in the background.
 * Connection errors are recorded, never thrown into the process.
 */
export function connectRedis(
  url: string,
  commandTimeoutMs: number,
  connectTimeoutMs: number,
): RedisConnection {
  const location = describeLocation(url);
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt - 1, 10), MAX_RECONNECT_DELAY_MS),
  });
  let lastError: unknown;
  client.on("error", (err: unknown) => {
    lastError = err;
  });
  let pending: Promise<void> | undefined;
  let closed = false;

  const unavailable = (reason: string, cause: unknown = lastError) =>
    new RateLimiterUnavailableError(`rate limit store (Redis at ${location}) ${reason}`, { cause });

  const waitForReady = () =>
    new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        clearTimeout(timer);
        client.off("ready", onReady);
        client.off("close", onClose);
        client.off("end", onClose);
        pending = undefined;
        if (err === undefined) resolve();
        else reject(err);
      };
      const onReady = () => settle();
      const onClose = () => settle(unavailable("refused or dropped the connection"));
      const timer = setTimeout(
        () => settle(unavailable(`not ready after ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      );
      client.on("ready", onReady);
      client.on("close", onClose);
      client.on("end", onClose);
    });

  return {
    client,
    location,
    whenReady() {
      if (closed) return Promise.reject(unavailable("client is closed", undefined));
      switch (client.status) {
        case "ready":
          return undefined;
        case "wait":
          client.connect().catch(() => {});
          pending ??= waitForReady();
          return pending;
        case "connecting":
        case "connect":
          pending ??= waitForReady();
          return pending;
        default:
          return Promise.reject(unavailable("is not connected"));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (client.status === "ready") {
        try {
          await client.quit();
          return;
        } catch {
          // Fall through to dropping the connection.
        }
      }
      client.disconnect();
    },
  };
}

function describeLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "(unparsable URL)";
  }
}
