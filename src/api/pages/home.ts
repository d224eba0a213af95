import { html } from "./html.js";
import { layout, searchForm } from "./layout.js";

/** Where the home page points: one entry per thing a visitor may have come for. */
const LINKS = [
  {
    href: "/domains",
    name: "Domain information pages",
    text: "Who operates a domain, what it is for and what it lets its users do. No API key needed.",
  },
  {
    href: "/docs",
    name: "API reference",
    text: "Every endpoint with its parameters, answers and errors; try calls in the browser with your API key.",
  },
  {
    href: "/openapi.json",
    name: "OpenAPI document",
    text: "The same reference as OpenAPI 3.1, for generating clients.",
  },
  {
    href: "/api/v1/classify?domain=example.com",
    name: "Public classification endpoint",
    text: "The data of the domain pages as JSON: GET /api/v1/classify?domain=…",
  },
  {
    href: "/healthz",
    name: "Status: live",
    text: "Answers 200 while the server process runs.",
  },
  {
    href: "/readyz",
    name: "Status: ready",
    text: "Answers 200 when the server can serve requests (its database answers), 503 otherwise.",
  },
] as const;

/** GET /: what DomainLens is and where to go from here. */
export function homePage(): string {
  const main = html`<section class="hero" aria-labelledby="hero-title">
<h1 id="hero-title">DomainLens</h1>
<p class="lead">URL and domain threat intelligence: who operates a domain and what it is for, whether a URL
is phishing or malware, and the evidence behind each answer.</p>
${searchForm("q-main", "", "Look up a domain or URL")}
</section>
<section class="section" aria-labelledby="h-links"><h2 id="h-links">Start here</h2>
<ul class="links">${LINKS.map(
    (link) => html`<li class="card"><a href="${link.href}">${link.name}</a><p>${link.text}</p></li>`,
  )}</ul></section>
<section class="section" aria-labelledby="h-api"><h2 id="h-api">Using the API</h2>
<p>Calls other than the public endpoint, the pages and the status need an organization API key, sent as
<code>Authorization: Bearer dl_live_…</code>. The operator of this server issues keys.</p>
</section>`;
  return layout({
    title: "DomainLens",
    description: "URL and domain threat intelligence: classification, risk screening and URL scans.",
    headerSearch: false,
    main,
  });
}
