import { html, type SafeHtml, trustedConstant } from "./html.js";
import { STYLESHEET } from "./style.js";

const STYLE_ELEMENT = trustedConstant(`<style>${STYLESHEET}</style>`);

/** A magnifier in the brand colour, as a data: URL (the CSP allows data: images), so no request is made. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='6.5' cy='6.5' r='4.5' fill='none' stroke='%230b57d0' stroke-width='2'/%3E%3Cpath d='M10 10l4.5 4.5' stroke='%230b57d0' stroke-width='2.2' stroke-linecap='round'/%3E%3C/svg%3E";

export const MAX_ECHO = 200;

/** The search form: a GET to /domains with `q`, which redirects to the root domain's page. */
export function searchForm(id: string, value = "", label = "Domain or URL"): SafeHtml {
  const shown = value.length > MAX_ECHO ? value.slice(0, MAX_ECHO) : value;
  return html`<form class="search" role="search" method="get" action="/domains">
<label class="sr" for="${id}">${label}</label>
<input id="${id}" name="q" type="search" inputmode="url" enterkeyhint="search" autocomplete="off"
 autocapitalize="none" spellcheck="false" required maxlength="2048" placeholder="example.com" value="${shown}">
<button type="submit">Look up</button>
</form>`;
}

export interface PageOptions {
  title: string;
  description?: string;
  /** Keeps error and miss pages out of search engines. */
  noindex?: boolean;
  /** Omit the search form from the header (when the page body has its own). */
  headerSearch?: boolean;
  /** A further stylesheet element of the page (a `trustedConstant`, allowed by the page's own CSP). */
  extraStyle?: SafeHtml;
  /** Replaces the footer's text. */
  footer?: SafeHtml;
  main: SafeHtml;
}

/** The whole document: one layout for every page, including errors. */
export function layout(options: PageOptions): string {
  const headerSearch = options.headerSearch ?? true;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
${options.description ? html`<meta name="description" content="${options.description}">` : false}
${options.noindex ? html`<meta name="robots" content="noindex">` : false}
<meta name="color-scheme" content="light dark">
<link rel="icon" href="${FAVICON}">
${STYLE_ELEMENT}
${options.extraStyle ?? false}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<div class="wrap">
<a class="brand" href="/domains">Domain<span>Lens</span></a>
${headerSearch ? searchForm("q") : false}
</div>
</header>
<main id="main" class="wrap" tabindex="-1">
${options.main}
</main>
<footer>
<div class="wrap">
${
  options.footer ??
  html`<p>DomainLens domain information pages show who operates a domain and what it is for, from what its
public pages say. They are not a verdict on whether a site is safe.</p>`
}
</div>
</footer>
</body>
</html>
`.text;
}
