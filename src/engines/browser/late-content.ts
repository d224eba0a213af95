import type { Page } from "playwright-core";

/**
 * Kits that write their form a few seconds after the page has loaded (a spinner, then `document.write`
 * after a timer): a page that offers nothing to type into and little to read once it has loaded is given
 * up to `LATE_CONTENT_MS` more for a field or some text to appear, in the document or in a frame of its own
 * origin (a srcdoc frame). A page that already shows either is read at once; a page that stays empty costs
 * the whole wait (docs/scan-analysis.md, "Late content").
 */
export const LATE_CONTENT_MS = 3_000;

/** Something to type into, or a paragraph's worth of text (read in the page; plain JavaScript). */
const SHOWS_SOMETHING = `(() => {
  const shows = (doc) => {
    const field = doc.querySelector("input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select");
    const text = doc.body ? (doc.body.innerText || "").trim().length : 0;
    return field !== null || text >= 300;
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
