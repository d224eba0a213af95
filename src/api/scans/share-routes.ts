import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { prefersHtml } from "../pages/negotiate.js";
import { scanPage } from "../pages/scan-page.js";
import { problemSchema, rateLimitedSchema } from "../shared-schemas.js";
import { screenshotQuery } from "./schemas.js";
import { sharedScanSchema, shareParams } from "./share-schemas.js";
import { scanPageErrors, sendScanPage } from "./view-routes.js";

const pngResponse = z.unknown().meta({
  description: "PNG image",
  content: { "image/png": { schema: { type: "string", format: "binary" } } },
});

const errors = { 404: problemSchema, 429: rateLimitedSchema } as const;

/**
 * Share links of unlisted scans (docs/sharing.md): no credentials, limited per client address. Every
 * answer, errors included, is kept out of caches and search engines: a revoked link must stop working at
 * once, and a link is meant for those it was given to.
 */
export function shareRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", (_request, reply, done) => {
      reply
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer")
        .header("vary", "Accept");
      done();
    });
    // A browser opening a share link gets the result page, its errors as pages too (docs/sharing.md).
    const wantsPage = (request: FastifyRequest) =>
      request.routeOptions.config.operation === OPS.sharesGet && prefersHtml(request.headers.accept);
    app.setErrorHandler(scanPageErrors(wantsPage));

    app.route({
      ...route(OPS.sharesGet, {
        schema: {
          summary: "A shared scan (share link of an unlisted scan)",
          description:
            "No API key; limited per client address (PUBLIC_RATE_LIMIT_PER_MINUTE). The scan's record and what the browser saw, with secrets and personal data in every URL masked (docs/sharing.md). A client that prefers HTML (`Accept: text/html`, a browser) gets the scan result page of the same view instead; JSON otherwise. 404 for a link that is unknown or revoked. Never cached, never indexed.",
          tags: ["sharing"],
          params: shareParams,
          response: { 200: sharedScanSchema, ...errors },
        },
      }),
      handler: async (request, reply) => {
        if (prefersHtml(request.headers.accept)) {
          const model = await services.scanViews.sharedPage(request.params.token);
          return sendScanPage(reply, 200, scanPage(model));
        }
        return services.shares.view(request.params.token);
      },
    });

    app.route({
      ...route(OPS.sharesScreenshotGet, {
        schema: {
          summary: "The viewport (or full-page) screenshot of a shared scan (PNG)",
          description:
            "No API key; limited per client address. The viewport screenshot, or the full page with `?full=1`. 404 for a link that is unknown or revoked, until the scan is completed, and when it has no such screenshot; 410 `artifact_expired` once the organization's retention deleted it. The picture is the page as the browser saw it: it is not masked.",
          tags: ["sharing"],
          params: shareParams,
          querystring: screenshotQuery,
          response: { 200: pngResponse, 410: problemSchema, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const full = request.query.full === "1" || request.query.full === "true";
        const png = await services.shares.screenshot(request.params.token, full ? "full_page" : "viewport");
        return reply
          .type("image/png")
          .header("x-content-type-options", "nosniff")
          .header("content-disposition", `inline; filename="shared-scan${full ? "-full" : ""}.png"`)
          .send(png);
      },
    });
  };
}
