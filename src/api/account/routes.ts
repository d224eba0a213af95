import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { artifactRetentionSchema, userSitePolicySchema } from "../admin/schemas.js";
import { problemResponses } from "../shared-schemas.js";

const usageLine = z.object({ operation: z.string(), calls: z.number().int(), charged_usd: z.number() });

export const accountSchema = z
  .object({
    org_id: z.string(),
    name: z.string(),
    balance_usd: z.number(),
    limits: z.record(z.string(), z.number().int()),
    user_site_policy: userSitePolicySchema,
    artifact_retention_days: artifactRetentionSchema,
    created_at: z.string(),
    prices_usd: z.record(z.string(), z.number()),
    usage_this_month: z.array(usageLine),
  })
  .meta({ id: "Account" });

export function accountRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.accountGet, {
        schema: {
          summary: "Your organization: balance, effective rate limits, prices and usage this month",
          tags: ["account"],
          response: { 200: accountSchema, ...problemResponses },
        },
      }),
      handler: async (request) => {
        const orgId = request.principal?.orgId ?? "";
        return services.account.get(orgId);
      },
    });
  };
}
