import type { Page } from "playwright-core";

/**
 * Kits that write their form a few seconds after the page has loaded (a spinner, then `document.write`
 * after a timer): a page that offers nothing to type into and little to read once it has loaded is given
 * up to `LATE_CONTENT_MS` more for a field or some text to appear, in the document or in a frame of its own
 * origin (a srcdoc frame); a page with text but nothing to type into is waited for while one of its short
 * timers is pending (`TIMER_WATCH`). A page that already shows a field, or text with no timer pending, is
 * read at once; a page that stays empty costs the whole wait (docs/scan-analysis.md, "Late content").
 */
export const LATE_CONTENT_MS = 3_000;

/**
 * Installed before the page's scripts run (an init script): counts the page's pending short timers
 * (`setTimeout` of 0.1–5 s whose callback has not run yet), so that a page whose text says "Loading…" while
 * a timer is about to write its form is waited for too.
 */
export const TIMER_WATCH = `(() => {
  const pending = new Set();
  const set = window.setTimeout;
  const clear = window.clearTimeout;
  Object.defineProperty(window, Symbol.for("domainlens.pendingTimers"), { value: () => pending.size });
  window.setTimeout = function (handler, delay, ...args) {
    if (typeof handler !== "function") return set.call(window, handler, delay, ...args);
    const ms = Number(delay) || 0;
    let id;
    id = set.call(window, function () { pending.delete(id); return handler.apply(this, args); }, delay);
    if (ms >= 100 && ms <= 5000) pending.add(id);
    return id;
  };
  window.clearTimeout = function (id) { pending.delete(id); return clear.call(window, id); };
})();`;

/**
 * Something to type into, or a paragraph's worth of text while no short timer is pending (read in the
 * page; plain JavaScript).
 */
const SHOWS_SOMETHING = `(() => {
  const timers = window[Symbol.for("domainlens.pendingTimers")];
  const waiting = typeof timers === "function" ? timers() : 0;
  const shows = (doc) => {
    const field = doc.querySelector("input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select");
    const text = doc.body ? (doc.body.innerText || "").trim().length : 0;
    return field !== null || (text >= 300 && waiting === 0);
  };
  // A frame the page wrote itself (srcdoc) or of its own origin shows the visitor its content too.
  const framed = () => Array.from(document.querySelectorAll("iframe")).some((frame) => {
    try { return frame.contentDocument !== null && shows(frame.contentDocument); } catch (e) { return false; }
  });
  return shows(document) || framed();
})()`;

/** Waits (polling every 250 ms, at most `maxMs`) until the page shows something; never throws. */
export async function awaitLateContent(page: Page, maxMs: number = LATE_CONTENT_MS): Promise<void> {
  if (maxMs <= 0) return;
  await page
    .waitForFunction(SHOWS_SOMETHING, undefined, { polling: 250, timeout: maxMs })
    .catch(() => undefined);
}
