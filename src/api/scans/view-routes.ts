import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, ERROR_CODES } from "../../http/errors.js";
import { RateLimitExceeded } from "../../http/plugins/rate-limit.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { scanPage } from "../pages/scan-page.js";
import { SCAN_PAGE_HEADERS } from "../pages/scan-style.js";
import { errorPage } from "../pages/views.js";
import { problemResponses } from "../shared-schemas.js";
import { scanParams } from "./schemas.js";
import { VIEW_FILES, type ViewFile } from "./view-service.js";

/*
 * The scan result page (docs/pages.md#scan-result-page): the signed link of the organization's own scan
 * (`GET /v1/scans/{scan_id}/view`, API key), the page it opens and the files that page links to (no key:
 * the link's signature is the credential). Share links render the same page (share-routes.ts).
 */

const viewLinkSchema = z
  .object({
    view_url: z
      .string()
      .describe(
        "The scan's result page, relative to the API's base URL: `/scans/{scan_id}/view?expires=…&sig=…`. Open it in a browser; no key needed while it is valid",
      ),
    expires_at: z.iso
      .datetime({ offset: false })
      .describe("When the link stops working (15 minutes from now)"),
  })
  .meta({ id: "ScanViewLink" });

const linkQuery = z.object({
  expires: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/** Sends a page with the scan page's security headers; never cached or indexed. */
export function sendScanPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  for (const [name, value] of Object.entries(SCAN_PAGE_HEADERS)) reply.header(name, value);
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex, nofollow")
    .type("text/html; charset=utf-8")
    .send(body);
}

/**
 * An error handler answering HTML pages for the requests `wantsPage` picks (the status codes are the
 * API's), and handing every other error to the app's problem documents.
 */
export function scanPageErrors(wantsPage: (request: FastifyRequest) => boolean) {
  return (err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) throw err;
    if (err instanceof RateLimitExceeded) {
      reply.header("retry-after", String(err.retryAfterS));
      const page = errorPage(
        "Too many requests",
        `More than ${err.limit} pages were opened from this address in a minute. Try again in ${err.retryAfterS} seconds.`,
      );
      return sendScanPage(reply, 429, page);
    }
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return sendScanPage(reply, err.status, errorPage(ERROR_CODES[err.code].title, err.message));
    }
    const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendScanPage(reply, status, errorPage("Bad request", "This address is not a valid scan link."));
    }
    request.log.error({ err }, "scan page failed");
    const page = errorPage(
      "Something went wrong",
      "The page could not be shown because of a problem on our side. Try again in a moment.",
      `Request id: ${request.id}`,
    );
    return sendScanPage(reply, 500, page);
  };
}

export function scanViewRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.scansViewGet, {
        schema: {
          summary: "A short-lived link to the scan's result page",
          description:
            "A signed link (`view_url`, valid 15 minutes) to the HTML result page of the organization's scan: the verdict, the screenshot, the findings, the redirect chain, the requests, the forms, the certificate, similar scans and export downloads, unmasked. Anyone holding the link sees that one scan until `expires_at`, without a key: open it in a browser, do not share it (for sharing, make the scan unlisted: `share_url`). 404 for an id that is unknown, malformed or another organization's. Never charged; counts against the `scans.get` limit. See docs/pages.md#scan-result-page.",
          tags: ["scans"],
          params: scanParams,
          response: { 200: viewLinkSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const link = await services.scanViews.link(request.principal?.orgId ?? "", request.params.scan_id);
        return reply.header("cache-control", "no-store").send(link);
      },
    });

    const pagesPlugin: FastifyPluginAsyncZod = async (pages) => {
      pages.setErrorHandler(scanPageErrors(() => true));
      const hidden = { hide: true } as const;

      pages.route({
        ...route(OPS.pagesScan, { schema: { ...hidden, params: scanParams, querystring: linkQuery } }),
        handler: async (request, reply) => {
          const model = await services.scanViews.ownerPage(request.params.scan_id, request.query);
          return sendScanPage(reply, 200, scanPage(model));
        },
      });

      pages.route({
        ...route(OPS.pagesScanFile, {
          schema: {
            ...hidden,
            params: scanParams.extend({ file: z.string().max(64) }),
            querystring: linkQuery,
          },
        }),
        handler: async (request, reply) => {
          const name = request.params.file;
          if (!(VIEW_FILES as readonly string[]).includes(name)) {
            throw new ApiError("not_found", "This link does not open a scan.");
          }
          const file = await services.scanViews.ownerFile(
            request.params.scan_id,
            request.query,
            name as ViewFile,
            (id) => `${request.protocol}://${request.host}/v1/scans/${id}`,
          );
          reply
            .type(file.contentType)
            .header("cache-control", "no-store")
            .header("x-robots-tag", "noindex, nofollow")
            .header("referrer-policy", "no-referrer")
            .header("x-content-type-options", "nosniff")
            .header(
              "content-disposition",
              `${file.attachment ? "attachment" : "inline"}; filename="${file.filename}"`,
            );
          // The DOM is the scanned site's markup and the exports carry its URLs: opened in a browser, none of
          // it runs in this origin. (A picture needs no policy; the browser's image viewer styles itself.)
          if (file.contentType !== "image/png")
            reply.header("content-security-policy", "sandbox; default-src 'none'");
          return reply.send(file.body);
        },
      });
    };
    await app.register(pagesPlugin);
  };
}
