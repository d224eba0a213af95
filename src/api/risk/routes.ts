import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deprecation } from "../../http/context.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { domainRiskDeprecationPage } from "../pages/deprecation.js";
import { SECURITY_HEADERS } from "../pages/style.js";
import { problemResponses } from "../shared-schemas.js";
import {
  createRiskBatchBody,
  createRiskBody,
  createRiskResponse,
  listRisksQuery,
  riskBatchSchema,
  riskListSchema,
  riskParams,
  riskRecordSchema,
} from "./schemas.js";

/** Domain risk v1 is deprecated in favour of a v2 (SPEC §9); dates are DomainLens's (docs/deprecations.md). */
export const DOMAIN_RISK_DEPRECATION: Deprecation = {
  deprecatedAt: new Date("2026-06-01T00:00:00Z"),
  sunsetAt: new Date("2027-06-30T00:00:00Z"),
  link: "/deprecations/domain-risks-v1",
};

export function riskRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.domainRisksCreate, {
        config: { deprecation: DOMAIN_RISK_DEPRECATION },
        schema: {
          summary: "Analyze the risk of a URL or domain, synchronously (deprecated)",
          description:
            "Typosquatting, suspicious keywords, domain age (DNS and RDAP) and TLS problems, in at most 5 seconds. Users' sites on hosting platforms are screened under the organization's user-site policy (`user_site_policy` in GET /v1/account). Charged $0.0025.",
          tags: ["domain risk"],
          deprecated: true,
          body: createRiskBody,
          response: { 200: createRiskResponse, ...problemResponses },
        },
      }),
      handler: async (request) => services.risk.create(request.principal?.orgId ?? "", request.body.url),
    });

    app.route({
      ...route(OPS.deprecationsDomainRisksV1Get, { schema: { hide: true } }),
      handler: async (_request, reply) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
        reply.header("cache-control", "public, max-age=3600").type("text/html; charset=utf-8");
        return domainRiskDeprecationPage(DOMAIN_RISK_DEPRECATION);
      },
    });

    app.route({
      ...route(OPS.domainRisksBatch, {
        config: { deprecation: DOMAIN_RISK_DEPRECATION },
        schema: {
          summary: "Analyze up to 100 URLs or domains in one call (deprecated with domain risk v1)",
          description:
            "Every item is analysed at once, each within the usual 5 seconds, and answered in one response with its verdict, or with its own error (not charged). The analysed ones are stored and charged $0.0025 each in one transaction; the credit for every item is needed to start (else 402, nothing analysed). Counts one per item against the `domain_risks.batch` limit (100 items a minute). See docs/scan-search.md#batches.",
          tags: ["domain risk"],
          deprecated: true,
          body: createRiskBatchBody,
          response: { 200: riskBatchSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.risk.createBatch(request.principal?.orgId ?? "", request.body.urls),
    });

    app.route({
      ...route(OPS.domainRisksList, {
        config: { deprecation: DOMAIN_RISK_DEPRECATION },
        schema: {
          summary: "List the organization's domain risk records (deprecated with domain risk v1)",
          description:
            "Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page; by verdict and creation time. Only this organization's records. Never charged. See docs/scan-search.md.",
          tags: ["domain risk"],
          deprecated: true,
          querystring: listRisksQuery,
          response: { 200: riskListSchema, ...problemResponses },
        },
      }),
      handler: async (request) => services.risk.list(request.principal?.orgId ?? "", request.query),
    });

    app.route({
      ...route(OPS.domainRisksGet, {
        config: { deprecation: DOMAIN_RISK_DEPRECATION },
        schema: {
          summary: "Get a domain risk record (deprecated)",
          tags: ["domain risk"],
          deprecated: true,
          params: riskParams,
          response: { 200: riskRecordSchema, ...problemResponses },
        },
      }),
      handler: async (request) => services.risk.get(request.principal?.orgId ?? "", request.params.risk_id),
    });
  };
}
