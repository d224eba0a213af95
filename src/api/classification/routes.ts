import type { FastifySerializerCompiler } from "fastify";
import { type FastifyPluginAsyncZod, serializerCompiler } from "fastify-type-provider-zod";
import { ApiError } from "../../http/errors.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemResponses } from "../shared-schemas.js";
import {
  classificationJobListSchema,
  classificationJobSchema,
  classificationResultSchema,
  createClassificationBody,
  domainParamsSchema,
  jobParamsSchema,
  listJobsQuery,
} from "./schemas.js";

/**
 * The schema's serializer, remembering the JSON of each result object it has checked: a cache hit answers
 * the same object for as long as the service holds it (ClassificationService), so it is checked and
 * encoded once rather than on every hit.
 */
function serializeOnce<T>(route: Parameters<FastifySerializerCompiler<T>>[0]): (data: unknown) => string {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const encoded = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== "object" || data === null) return serialize(data);
    let json = encoded.get(data);
    if (json === undefined) {
      json = serialize(data);
      encoded.set(data, json);
    }
    return json;
  };
}

export function classificationRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.classificationGet, {
        serializerCompiler: serializeOnce,
        schema: {
          summary: "Read the stored classification of a domain",
          description:
            "200 with the stored classification of the root domain, charged as a cache hit ($0.001); 404 when the domain was never classified, free.",
          tags: ["classification"],
          params: domainParamsSchema,
          response: { 200: classificationResultSchema, ...problemResponses },
        },
      }),
      handler: async (request) => {
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
    });

    app.route({
      ...route(OPS.classificationCreate, {
        schema: {
          summary: "Classify a domain, or retrieve its fresh classification",
          description:
            "200 with the stored result when it is fresh, charged as a cache hit ($0.001). Otherwise 202 with a job to poll at `status_url`, charged as a cache miss ($0.01); callers asking for a domain while it is being crawled share that crawl, each with its own job. A job that fails is refunded. See docs/classification.md for freshness.",
          tags: ["classification"],
          body: createClassificationBody,
          response: { 200: classificationResultSchema, 202: classificationJobSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const orgId = request.principal?.orgId ?? "";
        const outcome = await services.classification.create(orgId, request.body.domain);
        if (outcome.kind === "hit") return reply.code(200).send(outcome.result);
        return reply.code(202).header("location", outcome.job.status_url).send(outcome.job);
      },
    });

    app.route({
      ...route(OPS.classificationJobsList, {
        schema: {
          summary: "List the organization's classification jobs",
          description:
            "Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page; by status, root domain and creation time. Each item is the job status object without `result` (read it with GET /v2/domain-classification/jobs/{id}). Only this organization's jobs. Never charged. See docs/scan-search.md.",
          tags: ["classification"],
          querystring: listJobsQuery,
          response: { 200: classificationJobListSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.classification.listJobs(request.principal?.orgId ?? "", request.query),
    });

    app.route({
      ...route(OPS.classificationJobsGet, {
        schema: {
          summary: "Poll a classification job",
          description:
            "The job status object: `queued`, `running`, `complete` (with `result`) or `failed` (with `error`, refunded). Never charged. An id that is unknown, malformed or another organization's answers 404.",
          tags: ["classification"],
          params: jobParamsSchema,
          response: { 200: classificationJobSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.classification.getJob(request.principal?.orgId ?? "", request.params.id),
    });
  };
}
