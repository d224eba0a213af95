/**
 * The one way the domain pages produce HTML: the `html` tagged template. Its literal parts are trusted
 * markup written in this folder; every interpolated value is escaped by `escapeHtml` unless it is already
 * a `SafeHtml` built by this tag. Nothing from a classification (which is text written from crawled,
 * hostile pages) can reach the output any other way.
 *
 * Rules the tag enforces at render time, so a careless template fails loudly instead of opening a hole:
 * - values go into element content or into a double- or single-quoted attribute value, never into an
 *   unquoted attribute value or a tag name;
 * - only strings, numbers, `SafeHtml`, arrays of those, and null/undefined/false (rendered as nothing).
 *
 * Values are never put into `href`/`src`/`style`/event attributes or into <style>/<script> by the views:
 * the only URLs are built from a validated root domain with `encodeURIComponent` (see views).
 */

/** Markup. The class is not exported: only the `html` tag and `trustedConstant` construct it. */
class Markup {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

export type SafeHtml = Markup;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

// C0 and C1 controls other than tab, line feed and carriage return: they have no business in display text
// and some (NUL) are mangled by HTML parsers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(CONTROLS, "\uFFFD").replace(/[&<>"'`]/g, (c) => ENTITIES[c] ?? c);
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) return value.text;
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return escapeHtml(String(value));
  if (Array.isArray(value)) return value.map(render).join("");
  throw new TypeError(`html: cannot interpolate a value of type ${typeof value}`);
}

// The literal text before a value ends in `attr=` (unquoted attribute value) or `<` / `</` (tag name).
const UNQUOTED_ATTRIBUTE = /=\s*$/;
const TAG_NAME = /<\/?\s*$/;

/** The tagged template: `html\`<p>${untrusted}</p>\``. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    // Only the literal part decides the context: an empty one continues the previous value's context.
    const before = strings[i] ?? "";
    if (UNQUOTED_ATTRIBUTE.test(before) || TAG_NAME.test(before)) {
      throw new Error(`html: value ${i} would land in an unquoted attribute or a tag name`);
    }
    out += render(values[i]) + (strings[i + 1] ?? "");
  }
  return new Markup(out);
}

/**
 * Marks a module-level constant written in this folder (the stylesheet) as markup. Never call it with
 * anything computed from a request or a classification.
 */
export function trustedConstant(text: string): SafeHtml {
  return new Markup(text);
}
