import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Registry } from "prom-client";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../../http/errors.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemSchema } from "../shared-schemas.js";

const checkSchema = z.object({ status: z.enum(["ok", "fail"]), checks: z.record(z.string(), z.string()) });

export function systemRoutes(services: Services, registry: Registry): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.healthLive, {
        schema: {
          tags: ["system"],
          summary: "Liveness",
          response: { 200: z.object({ status: z.literal("ok") }) },
        },
      }),
      handler: async () => ({
        status: "ok" as const,
      }),
    });

    app.route({
      ...route(OPS.healthReady, {
        schema: {
          tags: ["system"],
          summary: "Readiness: database, rate limiter (Redis when configured) and the charge journal",
          response: { 200: checkSchema, 503: checkSchema },
        },
      }),
      handler: async (_request, reply) => {
        const checks: Record<string, string> = {};
        const probes: [string, () => Promise<void>][] = [
          [services.database.kind, () => services.database.ping()],
          [`ratelimit_${services.limiter.backend}`, () => services.limiter.ping()],
          ["charge_journal", async () => services.charges.check()],
        ];
        let ok = true;
        for (const [name, probe] of probes) {
          try {
            await probe();
            checks[name] = "ok";
          } catch (err) {
            ok = false;
            checks[name] = err instanceof Error ? err.message : "failed";
          }
        }
        return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "fail", checks });
      },
    });

    app.route({
      ...route(OPS.metricsGet, { schema: { hide: true } }),
      handler: async (_request, reply) => {
        reply.type(registry.contentType);
        return registry.metrics();
      },
    });

    app.route({
      ...route(OPS.errorsGet, {
        schema: {
          tags: ["system"],
          summary: "What an error code means",
          params: z.object({ code: z.string() }),
          response: {
            200: z.object({ error: z.string(), status: z.number().int(), title: z.string() }),
            404: problemSchema,
          },
        },
      }),
      handler: async (request, reply) => {
        const code = request.params.code;
        if (!Object.hasOwn(ERROR_CODES, code)) {
          return reply.callNotFound();
        }
        const entry = ERROR_CODES[code as ErrorCode];
        return { error: code, status: entry.status, title: entry.title };
      },
    });
  };
}
