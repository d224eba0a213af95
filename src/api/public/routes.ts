import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiError } from "../../http/errors.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { publicClassificationSchema, publicQuerySchema } from "../classification/schemas.js";
import { problemSchema, rateLimitedSchema } from "../shared-schemas.js";

export function publicRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.publicClassify, {
        schema: {
          summary: "Public classification of a domain, without an API key",
          description:
            "No API key. Limited per client address (PUBLIC_RATE_LIMIT_PER_MINUTE, default 120 a minute). 404 when the domain has not been classified; the 404 queues a crawl of it on the house, within a global budget (PUBLIC_CRAWL_BUDGET_PER_HOUR), and says so in `crawl_queued`.",
          tags: ["public"],
          querystring: publicQuerySchema,
          response: {
            200: publicClassificationSchema,
            400: problemSchema,
            404: problemSchema,
            429: rateLimitedSchema,
          },
        },
      }),
      handler: async (request) => {
        const result = await services.classification.getPublic(request.query.domain);
        if (result) return result;
        const queued = await services.classification.queuePublicCrawl(request.query.domain);
        throw new ApiError(
          "not_found",
          queued
            ? "This domain has not been classified yet. A classification is under way; retry in a minute."
            : "This domain has not been classified yet.",
          { crawl_queued: queued },
        );
      },
    });
  };
}
