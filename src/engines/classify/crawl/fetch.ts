import { abortError } from "../../../util/abort.js";
import type { Egress, FetchHop, FetchResult } from "../../net/index.js";
import type { RedirectHop } from "../capture.js";
import type { CrawlBudget } from "./budget.js";
import { decodeBody } from "./decode.js";

/** What every fetch of one crawl shares. */
export interface CrawlContext {
  egress: Egress;
  budget: CrawlBudget;
  /** Aborted by the caller or when the crawl's time budget runs out. */
  signal: AbortSignal;
  /** The caller's own signal: its abort is thrown, never reported as a finding. */
  outer: AbortSignal | undefined;
}

export interface Fetched {
  url: string;
  result: FetchResult;
  /** Decoded text of a successful response (empty for binary or failed ones). */
  text: string;
}

export interface FetchSettings {
  timeoutMs: number;
  maxRedirects?: number;
  verifyTls?: boolean;
  /** Bytes to keep at most (also bounded by the budget's page cap). */
  maxBytes?: number;
}

/** Throws the caller's abort reason when the caller aborted. */
export function throwIfCallerAborted(ctx: CrawlContext): void {
  if (ctx.outer?.aborted) throw abortError(ctx.outer);
}

/**
 * One GET through the gate within the crawl's budgets, or null when no bytes or time are left for it
 * (the budget is then marked exhausted).
 */
export async function budgetedFetch(
  ctx: CrawlContext,
  url: string,
  settings: FetchSettings,
): Promise<Fetched | null> {
  throwIfCallerAborted(ctx);
  const grant = ctx.budget.reserve();
  if (grant === null) return null;
  const cap = Math.min(grant, settings.maxBytes ?? grant);
  let result: FetchResult;
  try {
    result = await ctx.egress.fetch(url, {
      maxBodyBytes: cap,
      totalTimeoutMs: Math.max(1, Math.min(settings.timeoutMs, ctx.budget.remainingMs())),
      ...(settings.maxRedirects !== undefined ? { maxRedirects: settings.maxRedirects } : {}),
      ...(settings.verifyTls === false ? { verifyTls: false } : {}),
      signal: ctx.signal,
    });
  } finally {
    throwIfCallerAborted(ctx);
  }
  ctx.budget.settle(grant, result.ok ? result.body.length : 0);
  // Cut off by the crawl's deadline, or timed out with the time budget spent: the time budget ran out.
  if (
    !result.ok &&
    (ctx.signal.aborted || (result.reason.startsWith("timeout_") && ctx.budget.remainingMs() < 250))
  )
    ctx.budget.exhausted = true;
  const text = result.ok ? decodeBody(result.body, result.contentType, cap) : "";
  return { url, result, text };
}

function absolute(location: string | null, base: string): string | null {
  if (location === null) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return location.slice(0, 2_048);
  }
}

/** The gate's hops as capture hops: every HTTP request of the fetch, redirects resolved to absolute URLs. */
export function httpHops(hops: readonly FetchHop[]): RedirectHop[] {
  return hops.map((hop) => ({
    url: hop.url,
    status: hop.status,
    location: absolute(hop.location, hop.url),
    kind: "http" as const,
    ...(hop.reason ? { reason: hop.reason } : {}),
  }));
}
