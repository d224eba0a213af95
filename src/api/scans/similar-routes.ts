import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemResponses } from "../shared-schemas.js";
import { scanParams } from "./schemas.js";
import { similarScansQuery, similarScansSchema } from "./similar-schemas.js";

/** GET /v1/scans/{scan_id}/similar (docs/scan-search.md#similar-pages). */
export function similarScanRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.scansSimilar, {
        schema: {
          summary: "The organization's other scans of pages that look like this one",
          description:
            "Exact and near-duplicate matches by DOM structure (the same skeleton, or a SimHash at most 7 bits away), favicon (the same icon) and viewport screenshot (the same perceptual hash, or one at most 7 bits away), with the scan's own fingerprints. Newest first, 25 per page (up to 100 with `limit`), with `next_cursor`. Only this organization's scans. 404 until the scan is completed, and for an id that is unknown, malformed or another organization's. Never charged; counts against the `scans.similar` limit. See docs/scan-search.md#similar-pages.",
          tags: ["scans"],
          params: scanParams,
          querystring: similarScansQuery,
          response: { 200: similarScansSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.scans.similar(request.principal?.orgId ?? "", request.params.scan_id, request.query),
    });
  };
}
