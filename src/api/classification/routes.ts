import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import { problemResponses } from "../shared-schemas.js";
import { classificationResultSchema, domainParamsSchema } from "./schemas.js";

export function classificationRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/v2/domain-classification/:domain",
      {
        config: { auth: "key", operation: "classification.get" },
        schema: {
          summary: "Check the classification cache (SPEC §4.1)",
          description:
            "200 with the stored classification of the root domain, charged as a cache hit ($0.001); 404 when the domain was never classified, free.",
          tags: ["classification"],
          security: [{ apiKey: [] }],
          params: domainParamsSchema,
          response: { 200: classificationResultSchema, ...problemResponses },
        },
      },
      async (request) => {
        const orgId = request.principal?.orgId ?? "";
        const result = await services.classification.getForOrg(orgId, request.params.domain);
        if (!result) {
          throw new ApiError(
            "not_found",
            "This domain has not been classified yet. POST /v2/domain-classification to classify it.",
          );
        }
        return result;
      },
    );
  };
}
