import type { DomSnapshot } from "./snapshot.js";

/**
 * Pages shown only to phones (docs/scan-analysis.md): SMS phishing kits test the visitor's user agent,
 * screen width or touch support and show a desktop browser a blank page, a "404" or a placeholder. A
 * capture that was shown nothing to type into and little to read, by a page whose own scripts test for a
 * phone, is taken again as a phone; the phone's view is kept when it shows more.
 */

/** Scripts that tell a phone from a desktop. */
const PHONE_TEST =
  /navigator\s*\.\s*(?:userAgent|userAgentData|platform|maxTouchPoints|vendor)\b|matchMedia\s*\(|\binnerWidth\b|\bscreen\s*\.\s*(?:width|availWidth|orientation)\b|\bontouchstart\b|\bTouchEvent\b|\borientation\b/;

/** Less visible text than this is "little to read" (a "404 Not Found", a spinner's "Loading…"). */
const LITTLE_TEXT = 300;

const TYPED = new Set(["text", "email", "password", "tel", "number", "textarea", "search", "url", ""]);

/** Visible fields a person can type into. */
export function typedFields(snapshot: DomSnapshot): number {
  let count = 0;
  for (const form of snapshot.forms)
    for (const input of form.inputs) if (input.visible && TYPED.has(input.type)) count += 1;
  return count;
}

function visibleText(snapshot: DomSnapshot): number {
  return snapshot.text.replace(/\s+/g, " ").trim().length;
}

/** The desktop was shown nothing to type into and little to read, by a page that tests for a phone. */
export function worthPhoneView(desktop: DomSnapshot | null): boolean {
  if (!desktop || desktop.htmlLength === 0) return false;
  if (typedFields(desktop) > 0 || visibleText(desktop) >= LITTLE_TEXT) return false;
  return PHONE_TEST.test(desktop.html);
}

/** The phone was shown more: fields to type into that the desktop was not shown, or far more to read. */
export function phoneShowsMore(desktop: DomSnapshot, phone: DomSnapshot | null): boolean {
  if (!phone || phone.htmlLength === 0) return false;
  if (typedFields(phone) > typedFields(desktop)) return true;
  const before = visibleText(desktop);
  const after = visibleText(phone);
  return after >= LITTLE_TEXT && after >= 2 * before;
}
