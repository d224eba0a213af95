import type { RateLimitDecision } from "./limiter.js";
import { WindowLog } from "./window-log.js";

/**
 * The in-process table of window logs, one per key, kept in least-recently-used order. Memory is bounded:
 * keys whose window has emptied are removed by `sweep()`, and when more than `maxKeys` keys are in use
 * the least recently used key is forgotten (its client starts over with an empty window).
 */
export class MemoryStore {
  private readonly logs = new Map<string, WindowLog>();
  /** The key used last: already the most recent in `logs`, so a run of hits on it skips the reordering. */
  private lastKey: string | undefined;
  private lastLog: WindowLog | undefined;

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.logs.size;
  }

  hit(key: string, limit: number, windowMs: number, now: number): RateLimitDecision {
    const log = this.touch(key, limit, windowMs);
    log.windowMs = windowMs;
    log.dropThrough(now - windowMs);
    const count = log.count;
    if (count < limit) {
      log.append(now);
      return {
        allowed: true,
        limit,
        remaining: limit - count - 1,
        resetAtMs: log.at(0) + windowMs,
        retryAfterMs: 0,
      };
    }
    // Full: one more fits once the entries that keep the count at `limit` or above have left.
    const resetAtMs = log.at(0) + windowMs;
    const freesSlotAt = log.at(count - limit) + windowMs;
    return { allowed: false, limit, remaining: 0, resetAtMs, retryAfterMs: freesSlotAt - now };
  }

  /**
   * `cost` hits at once, all or nothing (1 <= cost <= limit, checked by the caller; `hit` is the same for a
   * cost of 1): allowed when all fit, and then logged at `now`; otherwise nothing is logged, `remaining` is
   * the room there is and `retryAfterMs` the wait until `cost` requests fit.
   */
  hitCost(key: string, limit: number, windowMs: number, now: number, cost: number): RateLimitDecision {
    const log = this.touch(key, limit, windowMs);
    log.windowMs = windowMs;
    log.dropThrough(now - windowMs);
    const count = log.count;
    if (count + cost <= limit) {
      for (let i = 0; i < cost; i++) log.append(now);
      return {
        allowed: true,
        limit,
        remaining: limit - count - cost,
        resetAtMs: log.at(0) + windowMs,
        retryAfterMs: 0,
      };
    }
    // `cost` fit once the oldest count + cost - limit entries have left: at least one (count + cost > limit),
    // at most count (cost <= limit).
    const resetAtMs = log.at(0) + windowMs;
    const fitsAt = log.at(count + cost - limit - 1) + windowMs;
    return {
      allowed: false,
      limit,
      remaining: Math.max(limit - count, 0),
      resetAtMs,
      retryAfterMs: fitsAt - now,
    };
  }

  /** Removes every key whose window is empty at `now`. */
  sweep(now: number): void {
    for (const [key, log] of this.logs) {
      if (log.newest() <= now - log.windowMs) this.logs.delete(key);
    }
  }

  clear(): void {
    this.logs.clear();
  }

  /** Returns the key's log, marked most recently used, creating it (and evicting if full) when absent. */
  private touch(key: string, limit: number, windowMs: number): WindowLog {
    if (key === this.lastKey && this.lastLog !== undefined && this.logs.get(key) === this.lastLog) {
      return this.lastLog;
    }
    const existing = this.logs.get(key);
    if (existing !== undefined) {
      this.logs.delete(key);
      this.logs.set(key, existing);
      this.lastKey = key;
      this.lastLog = existing;
      return existing;
    }
    if (this.logs.size >= this.maxKeys) {
      const leastRecent = this.logs.keys().next();
      if (leastRecent.done !== true) this.logs.delete(leastRecent.value);
    }
    const created = new WindowLog(windowMs, limit);
    this.logs.set(key, created);
    this.lastKey = key;
    this.lastLog = created;
    return created;
  }
}
