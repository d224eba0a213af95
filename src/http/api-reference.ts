import type { FastifySwaggerUiOptions } from "@fastify/swagger-ui";

/** The DomainLens wordmark (the magnifier of the pages' favicon and the name), shown in the reference's top bar. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40">
<circle cx="16" cy="17" r="9" fill="none" stroke="#8ab4f8" stroke-width="3.5"/>
<path d="M23 24l8 8" stroke="#8ab4f8" stroke-width="4" stroke-linecap="round"/>
<text x="40" y="27" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="20"
 font-weight="700" fill="#ffffff">Domain<tspan fill="#8ab4f8">Lens</tspan></text>
<text x="146" y="27" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="13"
 fill="#c9ced6">API</text>
</svg>`;

/** The pages' favicon: a magnifier in the brand colour. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="6.5" cy="6.5" r="4.5"
 fill="none" stroke="#0b57d0" stroke-width="2"/><path d="M10 10l4.5 4.5" stroke="#0b57d0" stroke-width="2.2"
 stroke-linecap="round"/></svg>`;

/** The top bar in the pages' colours; the spec-URL box is hidden (there is one document, /openapi.json). */
const CSS = `.swagger-ui .topbar{background:#16181d;padding:6px 0}
.swagger-ui .topbar .download-url-wrapper{display:none}
.swagger-ui .topbar a{max-width:none}
.swagger-ui .info .title small.version-stamp{background:#0b57d0}`;

/**
 * The options of the API reference at /docs (@fastify/swagger-ui): DomainLens' name, logo and favicon
 * rather than the stock ones, the logo linking to the landing page.
 */
export const API_REFERENCE_OPTIONS: FastifySwaggerUiOptions = {
  routePrefix: "/docs",
  logo: { type: "image/svg+xml", content: LOGO, href: "/", target: "_self" },
  theme: {
    title: "DomainLens API reference",
    favicon: [
      { filename: "favicon.svg", rel: "icon", type: "image/svg+xml", sizes: "any", content: FAVICON },
    ],
    css: [{ filename: "domainlens.css", content: CSS }],
  },
  uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
};
