import type { SiteState } from "../../engines/classify/types.js";

/** How long a stored classification counts as fresh for POST /v2/domain-classification (docs/classification.md). */
export interface FreshnessPolicy {
  /** developed, parked, redirect (CLASSIFICATION_FRESH_DAYS). */
  settledMs: number;
  /** unreachable, empty, under_construction: states that change soon (CLASSIFICATION_RECHECK_HOURS). */
  unsettledMs: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const DEFAULT_FRESHNESS: FreshnessPolicy = { settledMs: 30 * DAY_MS, unsettledMs: 24 * HOUR_MS };

export function freshnessPolicy(freshDays: number, recheckHours: number): FreshnessPolicy {
  return { settledMs: freshDays * DAY_MS, unsettledMs: recheckHours * HOUR_MS };
}

const UNSETTLED: ReadonlySet<string> = new Set<SiteState>(["unreachable", "empty", "under_construction"]);

/**
 * True while a record last updated at `updatedAt` is served by POST as it is (a cache hit); once it is
 * stale, POST crawls the domain again. GET keeps serving a stale record (its `updated_at` tells its age).
 */
export function isFresh(policy: FreshnessPolicy, state: string, updatedAt: Date, now = Date.now()): boolean {
  const maxAge = UNSETTLED.has(state) ? policy.unsettledMs : policy.settledMs;
  return now - updatedAt.getTime() < maxAge;
}
