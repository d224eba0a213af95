import { chromiumReason, type EgressIndex, isPolicyCode, type NavigationState } from "../../browser/index.js";
import { EGRESS_REASONS } from "../../egress/index.js";
import type { ScanOutcome } from "../types.js";

export interface Outcome {
  outcome: ScanOutcome;
  /** Stable code; null when the outcome is `ok`. */
  reason: string | null;
  message: string | null;
}

/** What the capture knows when it decides how the scan ended. */
export interface OutcomeFacts {
  navigation: NavigationState | null;
  egress: EgressIndex | null;
  /** The document (or the navigation after it) did not finish within the navigation budget. */
  timedOut: boolean;
  /** What `page.goto` threw, when it was not a timeout. */
  gotoError: string | null;
  /** The browser task failed: pool timeout, crash, Chromium missing, pool closed, renderer crash. */
  browserFailure: { reason: string; message: string } | null;
  /** Downloads the page started. */
  downloads: number;
}

const HTTP_ERRORS = new Set(["http_status", "too_many_redirects", "invalid_redirect", "body_too_large"]);

/** The scan outcome a failure reason stands for. */
export function outcomeForReason(reason: string): ScanOutcome {
  if (isPolicyCode(reason)) return "blocked";
  if (reason.startsWith("dns_")) return "dns_failure";
  if (reason.startsWith("timeout_")) return "timeout";
  if (reason.startsWith("tls_") || reason === "no_tls") return "tls_failure";
  if (HTTP_ERRORS.has(reason)) return "http_error";
  return "unreachable";
}

function sentence(reason: string): string {
  return (EGRESS_REASONS as Record<string, string>)[reason] ?? reason;
}

/** True when the main frame shows a site's own document (not an error page or the gate's refusal). */
export function showsPage(state: NavigationState | null): boolean {
  return state?.document != null && !state.errorPage && state.document.refusal === null;
}

/**
 * How the scan ended. The order matters: a browser failure, then the navigation after the last shown
 * document (failed or still running), then the shown document itself (the gate's refusal, an HTTP error).
 * A page that started a download instead of showing a document is `ok`: the download is the finding.
 */
export function decideOutcome(facts: OutcomeFacts): Outcome {
  const { navigation, egress } = facts;
  if (facts.browserFailure) {
    if (facts.browserFailure.reason === "timeout")
      return { outcome: "timeout", reason: "timeout_total", message: facts.browserFailure.message };
    return {
      outcome: "browser_error",
      reason: facts.browserFailure.reason,
      message: facts.browserFailure.message,
    };
  }
  const document = navigation?.document ?? null;
  const unfinished = navigation?.unfinished ?? null;
  if (unfinished && !unfinished.pending) {
    if (document === null && facts.downloads > 0 && chromiumReason(unfinished.failure ?? "") === "aborted")
      return { outcome: "ok", reason: null, message: null };
    const failure = egress?.failure(unfinished.url, unfinished.failure);
    const reason = failure?.reason ?? chromiumReason(unfinished.failure ?? "");
    return { outcome: outcomeForReason(reason), reason, message: failure?.message ?? sentence(reason) };
  }
  if (unfinished?.pending || facts.timedOut)
    return {
      outcome: "timeout",
      reason: "timeout_total",
      message: "The page did not finish loading within the scan's navigation time.",
    };
  if (document === null) {
    if (facts.downloads > 0) return { outcome: "ok", reason: null, message: null };
    const reason = facts.gotoError ? chromiumReason(facts.gotoError) : "navigation_failed";
    return { outcome: outcomeForReason(reason), reason, message: facts.gotoError ?? "No page was shown." };
  }
  if (document.refusal)
    return {
      outcome: outcomeForReason(document.refusal),
      reason: document.refusal,
      message: sentence(document.refusal),
    };
  if (navigation?.errorPage)
    return {
      outcome: "unreachable",
      reason: "navigation_failed",
      message: "The browser showed an error page.",
    };
  if (document.status >= 400)
    return {
      outcome: "http_error",
      reason: "http_status",
      message: `The page answered HTTP ${document.status}.`,
    };
  return { outcome: "ok", reason: null, message: null };
}
