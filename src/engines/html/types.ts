/**
 * What DomainLens reads out of one HTML document (untrusted input, parsed without running scripts):
 * shared by the classification crawler and analysis and by the scan agents. Produced by
 * `extractPage(html, baseUrl)` in ./extract.ts. Every string is decoded text (entities resolved,
 * whitespace collapsed) and capped in length; URLs are absolute (resolved against the base URL and any
 * <base href>), or dropped when they do not parse.
 */
export interface PageFacts {
  /** Resolved base URL of the document. */
  baseUrl: string;
  title: string | null;
  /** <html lang>, lower-case, or null. */
  lang: string | null;
  /** <meta name|property=… content=…>, keys lower-case (`description`, `og:site_name`, `generator`…); first value wins. */
  meta: Record<string, string>;
  /** <link rel=canonical>. */
  canonical: string | null;
  /** Favicons declared by <link rel~=icon>. */
  icons: string[];
  /** Every <a href> with its visible text (capped count). */
  links: Array<{ href: string; text: string; rel: string | null }>;
  /** Headings h1–h3 in document order. */
  headings: Array<{ level: 1 | 2 | 3; text: string }>;
  /** Visible text (no script/style/noscript/template/hidden elements), whitespace collapsed, capped. */
  text: string;
  /** Parsed application/ld+json blocks (objects only; @graph flattened); unparsable blocks are skipped. */
  jsonLd: Array<Record<string, unknown>>;
  forms: Array<{
    action: string | null;
    method: string;
    inputs: Array<{ type: string; name: string | null; autocomplete: string | null }>;
  }>;
  scripts: Array<{ src: string | null; inlineLength: number }>;
  /** <iframe> sources with whether they are hidden (size 0/1, display:none, visibility:hidden). */
  iframes: Array<{ src: string | null; hidden: boolean }>;
  /** <meta http-equiv=refresh> target, absolute. */
  metaRefresh: { url: string; delaySeconds: number } | null;
  /** A `location = …` / `location.href = …` / `location.replace(…)` target found in inline scripts. */
  scriptRedirect: string | null;
  /** Copyright lines seen in the text ("© 2025 Example Ltd. All rights reserved."). */
  copyright: string[];
  /** Element counts useful for shell detection. */
  counts: { elements: number; scripts: number; textChars: number };
  /** Looks like an empty single-page-app shell: almost no text, a mount point, scripts. */
  jsShell: boolean;
}
