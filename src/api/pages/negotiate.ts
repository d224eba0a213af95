/*
 * Content negotiation of addresses that answer both a page and JSON (`GET /s/{token}`,
 * docs/sharing.md#the-html-view): a page only for a client that prefers HTML to JSON.
 */

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const JSON_TYPES = new Set(["application/json", "application/problem+json", "application/*"]);

/** The highest quality an Accept header gives any of `types` (0 when none is listed). */
function quality(accept: string, types: ReadonlySet<string>): number {
  let best = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (!types.has(type)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (Number.isFinite(q) && q > best) best = Math.min(q, 1);
  }
  return best;
}

/**
 * Whether a request's Accept header prefers HTML: `text/html` (or XHTML) is listed with a higher quality
 * than JSON (`application/json`, `application/*`). `*\/*` alone, no header, and JSON answer JSON; a
 * browser's navigation (`text/html,…,*\/*;q=0.8`) answers the page.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, HTML_TYPES);
  return html > 0 && html > quality(accept, JSON_TYPES);
}
