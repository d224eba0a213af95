/** Text helpers for untrusted page content. */

/** C0/C1 controls, bidi overrides and zero-width characters that have no place in a displayed string. */
const CONTROL_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
];
const hex = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;
const CONTROL = new RegExp(`[${CONTROL_RANGES.map(([a, b]) => `${hex(a)}-${hex(b)}`).join("")}]`, "g");

/** Strips control and invisible characters and collapses whitespace (newlines and tabs included). */
export function cleanText(value: string): string {
  return value.replace(CONTROL, "").replace(/\s+/g, " ").trim();
}

/** Cuts at `max` characters without splitting a surrogate pair. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return value.slice(0, end);
}

/** Absolute URL of `value` against `base`, or null when it does not parse. */
export function resolveUrl(value: string, base: string | undefined): string | null {
  try {
    const url = base === undefined ? new URL(value) : new URL(value, base);
    const href = url.href;
    return href.length <= 4096 ? href : null;
  } catch {
    return null;
  }
}

const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "br",
  "button",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "img",
  "input",
  "label",
  "legend",
  "li",
  "main",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "section",
  "small",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

/** Elements that separate words (and lines) of visible text. */
export function isBlockElement(name: string): boolean {
  return BLOCK.has(name);
}
