import type { MarkMatch } from "./logos.js";
import type { OcrLine } from "./ocr.js";
import type { Box, RgbImage } from "./raster.js";
import { alnum } from "./text.js";

/**
 * Which marks on a screenshot present themselves as the page's own identity, as opposed to third-party
 * marks every legitimate site shows: a row of social or payment icons, "Sign in with Google" buttons,
 * "Download on the App Store" badges, partner logo walls. Only claims become findings and `brands`.
 */
export interface MarkClaim {
  match: MarkMatch;
  claim: boolean;
  /** Why it is or is not a claim, for the finding's details and for tests. */
  reason: "prominent" | "lockup" | "small" | "row" | "button" | "badge" | "logo wall";
}

/** Longest side (px, at a 1280-px-wide screenshot) from which a lone mark reads as a page's logo. */
export const PROMINENT_SIDE = 28;
/** Words beside a mark that make it a third-party button or badge. */
const BUTTON_WORDS = new Set([
  "with",
  "continue",
  "sign",
  "log",
  "login",
  "signin",
  "pay",
  "buy",
  "checkout",
  "donate",
  "download",
  "get",
  "available",
  "follow",
  "share",
  "connect",
]);

function centreX(m: MarkMatch): number {
  return m.box.x + m.box.w / 2;
}

function centreY(m: MarkMatch): number {
  return m.box.y + m.box.h / 2;
}

function side(m: MarkMatch): number {
  return Math.max(m.box.w, m.box.h);
}

/**
 * Other brands' marks of a similar size beside this one (a row: social or payment icons, "Google |
 * Facebook" buttons) or stacked with it (a column of sign-in buttons).
 */
function listMates(match: MarkMatch, all: readonly MarkMatch[]): number {
  const brand = match.template.source.brand;
  return all.filter((other) => {
    if (other === match || other.template.source.brand === brand) return false;
    if (Math.max(side(other), side(match)) / Math.min(side(other), side(match)) >= 1.7) return false;
    const reach = side(match) * 12;
    const sameRow =
      Math.abs(centreY(other) - centreY(match)) < Math.max(match.box.h, other.box.h) * 0.5 &&
      Math.abs(other.box.x - match.box.x) < reach;
    const sameColumn =
      Math.abs(centreX(other) - centreX(match)) < Math.max(match.box.w, other.box.w) * 0.75 &&
      Math.abs(other.box.y - match.box.y) < side(match) * 6;
    return sameRow || sameColumn;
  }).length;
}

/** OCR words on the mark's line, right of it (`after`) or left of it (`before`), close to it. */
function wordsBeside(match: MarkMatch, lines: readonly OcrLine[], direction: "after" | "before"): string[] {
  const { x, y, w, h } = match.box;
  const reach = Math.max(h, 12) * 6;
  const words: Array<{ x: number; text: string }> = [];
  for (const line of lines) {
    for (const word of line.words) {
      const overlap = Math.min(y + h, word.y1) - Math.max(y, word.y0);
      if (overlap < Math.min(h, word.y1 - word.y0) * 0.4) continue;
      const inReach =
        direction === "after"
          ? word.x0 >= x + w - 2 && word.x0 <= x + w + reach
          : word.x1 <= x + 2 && word.x1 >= x - reach;
      if (inReach) words.push({ x: word.x0, text: alnum(word.text) });
    }
  }
  const sorted = words.sort((a, b) => (direction === "after" ? a.x - b.x : b.x - a.x));
  return sorted
    .slice(0, 4)
    .map((word) => word.text)
    .filter((t) => t.length > 0);
}

function namesBrand(words: readonly string[], match: MarkMatch): boolean {
  const brand = match.template.source.brand;
  const joined = words.join("");
  const names = [alnum(brand.name), alnum(match.template.source.title), ...brand.tokens.map((t) => t.text)];
  return names.some((n) => n.length >= 2 && joined.startsWith(n));
}

const BEFORE_WORDS = new Set(["with", "via", "using", "pay", "by", "on", "accept", "accepts", "accepted"]);

function pixel(image: RgbImage, x: number, y: number): [number, number, number] | null {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return null;
  const p = (y * image.width + x) * 3;
  return [image.data[p] ?? 0, image.data[p + 1] ?? 0, image.data[p + 2] ?? 0];
}

function near(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (!a || !b) return false;
  return (
    Math.max(
      Math.abs((a[0] ?? 0) - (b[0] ?? 0)),
      Math.abs((a[1] ?? 0) - (b[1] ?? 0)),
      Math.abs((a[2] ?? 0) - (b[2] ?? 0)),
    ) < 24
  );
}

/** How far (px) the colour `colour` continues from (x, y) in steps of (dx, dy), up to `limit`. */
function run(
  image: RgbImage,
  x: number,
  y: number,
  dx: number,
  dy: number,
  colour: readonly number[],
  limit: number,
): number {
  let n = 0;
  while (n < limit && near(pixel(image, x + dx * (n + 1), y + dy * (n + 1)), colour)) n++;
  return n;
}

/**
 * A mark sitting in a small filled shape of its own — an app-store badge, a coloured button — rather than
 * on the page, a card or a header bar: the colour around it stops soon above and below, not far to the
 * sides, and on all four sides gives way to one and the same outer colour.
 */
function inBadge(image: RgbImage, box: Box): boolean {
  const cx = Math.round(box.x + box.w / 2);
  const top = box.y - 2;
  const bottom = box.y + box.h + 1;
  const surround = pixel(image, cx, top);
  if (!surround || !near(surround, pixel(image, cx, bottom))) return false;
  const limit = Math.max(box.h, 8) * 3;
  const up = run(image, cx, top, 0, -1, surround, limit);
  const down = run(image, cx, bottom, 0, 1, surround, limit);
  if (up + down + box.h > box.h * 2.6) return false;
  const left = run(image, cx, top, -1, 0, surround, image.width);
  const right = run(image, cx, top, 1, 0, surround, image.width);
  if (left + right >= image.width * 0.5) return false;
  const outside = [
    pixel(image, cx, top - up - 3),
    pixel(image, cx, bottom + down + 3),
    pixel(image, cx - left - 3, top),
    pixel(image, cx + right + 3, top),
  ];
  const outer = outside[0] ?? null;
  return outer !== null && !near(outer, surround) && outside.every((c) => near(c, outer));
}

export function judgeClaims(
  matches: readonly MarkMatch[],
  lines: readonly OcrLine[],
  image: RgbImage | null,
): MarkClaim[] {
  const brands = new Set(matches.map((m) => m.template.source.brand));
  const sides = matches.map(side).sort((a, b) => a - b);
  const medianSide = sides[Math.floor(sides.length / 2)] ?? 0;
  return matches.map((match): MarkClaim => {
    const after = wordsBeside(match, lines, "after");
    const before = wordsBeside(match, lines, "before");
    if (
      after.slice(0, 3).some((w) => BUTTON_WORDS.has(w)) ||
      before.slice(0, 2).some((w) => BEFORE_WORDS.has(w))
    ) {
      return { match, claim: false, reason: "button" };
    }
    if (listMates(match, matches) >= 1) return { match, claim: false, reason: "row" };
    if (image && inBadge(image, match.box)) return { match, claim: false, reason: "badge" };
    // Three or more brands' marks: a partner, payment or social wall, unless this one towers over the rest.
    if (brands.size >= 3 && side(match) < medianSide * 2) return { match, claim: false, reason: "logo wall" };
    if (namesBrand(after, match)) return { match, claim: true, reason: "lockup" };
    if (side(match) >= PROMINENT_SIDE) return { match, claim: true, reason: "prominent" };
    return { match, claim: false, reason: "small" };
  });
}
