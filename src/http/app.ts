import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { accountRoutes } from "../api/account/routes.js";
import { adminRoutes } from "../api/admin/routes.js";
import { classificationRoutes } from "../api/classification/routes.js";
import { pagesRoutes } from "../api/pages/routes.js";
import { publicRoutes } from "../api/public/routes.js";
import { riskRoutes } from "../api/risk/routes.js";
import { scanExportRoutes } from "../api/scans/export-routes.js";
import { scanRoutes } from "../api/scans/routes.js";
import { shareRoutes } from "../api/scans/share-routes.js";
import { similarScanRoutes } from "../api/scans/similar-routes.js";
import { scanViewRoutes } from "../api/scans/view-routes.js";
import { systemRoutes } from "../api/system/routes.js";
import { webhookRoutes } from "../api/webhooks/routes.js";
import { OPS } from "../platform/operations.js";
import { API_REFERENCE_OPTIONS } from "./api-reference.js";
import "./context.js";
import { registerErrorHandling } from "./error-handler.js";
import { declareScopeAuth, registerAuth } from "./plugins/auth.js";
import { clientErrorHandler } from "./plugins/client-error.js";
import { registerClosingAnswer } from "./plugins/closing.js";
import { registerConnectRefusal } from "./plugins/connect.js";
import { registerDeprecation } from "./plugins/deprecation.js";
import { registerIdempotency } from "./plugins/idempotency.js";
import { registerJsonParser } from "./plugins/json-body.js";
import { registerMetrics } from "./plugins/metrics.js";
import { registerRateLimit } from "./plugins/rate-limit.js";
import { route } from "./route.js";
import type { Services } from "./services.js";

const REQUEST_ID_RE = /^[\w.:-]{1,128}$/;

export interface AppOptions {
  /** A pino logger; requests are not logged without one. */
  logger?: FastifyBaseLogger;
}

/** The DomainLens HTTP API. Listening is the caller's business (src/main/serve.ts, tests use inject()). */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: services.config.BODY_LIMIT_BYTES,
    trustProxy: services.config.TRUST_PROXY,
    // Requests arriving while the server closes get our 503 problem document (plugins/closing.ts).
    return503OnClosing: false,
    // Requests the HTTP parser rejects get a problem document too (plugins/client-error.ts).
    clientErrorHandler,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: any other body type is 415 unsupported_media_type.
  app.removeContentTypeParser(["text/plain"]);
  registerJsonParser(app);

  // Set first, so every answer carries it, errors included. A callback hook: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  registerClosingAnswer(app);
  registerConnectRefusal(app);

  registerErrorHandling(app, services);
  const registry = registerMetrics(app);
  registerAuth(app, services);
  registerIdempotency(app, services);
  registerRateLimit(app, services);
  registerDeprecation(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "DomainLens API",
        version: "1.0.0",
        description:
          "Domain classification (v2), domain risk (v1, deprecated), URL scans (v1) and the public classification endpoint. Authentication, errors, limits and examples: docs/api.md.",
      },
      components: {
        securitySchemes: {
          apiKey: { type: "http", scheme: "bearer", description: "An organization API key, dl_live_…" },
          adminToken: { type: "http", scheme: "bearer", description: "The server's ADMIN_TOKEN" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The API reference UI's routes cannot carry route() config: its scope declares them open.
  await app.register(async (docs) => {
    declareScopeAuth(docs, "none");
    await docs.register(swaggerUi, API_REFERENCE_OPTIONS);
  });

  await app.register(systemRoutes(services, registry));
  await app.register(accountRoutes(services));
  await app.register(classificationRoutes(services));
  await app.register(publicRoutes(services));
  await app.register(pagesRoutes(services));
  await app.register(riskRoutes(services));
  await app.register(webhookRoutes(services));
  await app.register(scanRoutes(services));
  await app.register(shareRoutes(services));
  await app.register(similarScanRoutes(services));
  await app.register(scanExportRoutes(services));
  await app.register(scanViewRoutes(services));
  await app.register(adminRoutes(services));

  app.route({ ...route(OPS.openapiGet, { schema: { hide: true } }), handler: async () => app.swagger() });
  await app.ready();
  return app;
}
