import type { Page } from "playwright-core";
import type { NavigationLog } from "../../browser/index.js";

export interface NavigationPlan {
  /** `performance.now()` by which the document (and each later one) must have its DOM. */
  deadline: number;
  /** `performance.now()` after which nothing more is waited for, settling included. */
  hardDeadline: number;
  /** A page that starts no navigation for this long after its load event (and at least 300 ms after the network went quiet) has settled. */
  quietMs: number;
  /** A scheduled meta refresh is waited for when it fires within this long. */
  maxRefreshWaitMs: number;
}

export interface NavigationRun {
  /** The last document did not reach DOMContentLoaded (or a navigation was still running) in time. */
  timedOut: boolean;
  /** What `page.goto` threw when it was not a timeout (a refused request, a download). */
  gotoError: string | null;
  /** Until the first document had its DOM. */
  navigationMs: number;
  /** Then waiting for late redirects and content. */
  settleMs: number;
}

const MAX_ROUNDS = 8;
/** Even after a slow network-idle wait, a page gets this long to start a navigation of its own. */
const MIN_QUIET_MS = 300;

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split("\n")[0] ?? text).replace(/^page\.goto: /, "").slice(0, 500);
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "TimeoutError" || /Timeout \d+ms exceeded/.test(error.message))
  );
}

/**
 * Loads `url` in the page, then lets it settle: the load event, the network going quiet, and any
 * navigation the page starts on its own (meta refresh, scripts) until it stays put for `quietMs`. A meta
 * refresh the document scheduled is waited for when it fires soon enough. Never throws.
 */
export async function navigate(
  page: Page,
  log: NavigationLog,
  url: string,
  plan: NavigationPlan,
): Promise<NavigationRun> {
  const started = performance.now();
  const until = (deadline: number): number => Math.max(1, Math.round(deadline - performance.now()));
  let timedOut = false;
  let gotoError: string | null = null;
  try {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: until(plan.deadline) });
  } catch (error) {
    if (isTimeout(error)) timedOut = true;
    // Also "interrupted by another navigation" (an early client-side redirect) and "Download is starting".
    else gotoError = firstLine(error);
  }
  if (!timedOut) timedOut = !(await reachDom(page, log, plan.deadline));
  const navigationMs = performance.now() - started;
  const shown = log.state();
  // Nothing to settle when no site document was shown (refused by the gate, failed, or a download).
  if (!timedOut && shown.document !== null && shown.document.refusal === null && !shown.errorPage) {
    await page.waitForLoadState("load", { timeout: until(plan.deadline) }).catch(() => {});
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const seen = log.starts();
      // The quiet period runs from the load event, alongside the wait for the network to go idle.
      const quietUntil = performance.now() + plan.quietMs;
      const idleFor = Math.min(plan.quietMs + 500, plan.hardDeadline - performance.now());
      if (idleFor <= 0) break;
      await page.waitForLoadState("networkidle", { timeout: Math.max(1, idleFor) }).catch(() => {});
      let wait = Math.max(MIN_QUIET_MS, quietUntil - performance.now());
      const refresh = log.scheduledRefresh();
      const firesIn = refresh ? refresh.at - performance.now() : Number.POSITIVE_INFINITY;
      if (firesIn <= plan.maxRefreshWaitMs) wait = Math.max(wait, firesIn + 500);
      wait = Math.min(wait, plan.hardDeadline - performance.now());
      const wentOn = log.starts() > seen || (wait > 0 && (await log.navigationWithin(wait, seen)));
      if (!wentOn) break;
      if (!(await reachDom(page, log, plan.hardDeadline))) {
        timedOut = true;
        break;
      }
      await page.waitForLoadState("load", { timeout: until(plan.hardDeadline) }).catch(() => {});
    }
  }
  return {
    timedOut,
    gotoError,
    navigationMs: Math.round(navigationMs),
    settleMs: Math.round(performance.now() - started - navigationMs),
  };
}

/** Waits for the navigation in flight to answer and for the shown document's DOM; false when time ran out. */
async function reachDom(page: Page, log: NavigationLog, deadline: number): Promise<boolean> {
  if (!(await log.settled(Math.max(0, deadline - performance.now())))) return false;
  const left = Math.max(1, Math.round(deadline - performance.now()));
  return page.waitForLoadState("domcontentloaded", { timeout: left }).then(
    () => true,
    () => false,
  );
}
