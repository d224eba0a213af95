import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemResponses } from "../shared-schemas.js";
import {
  createWebhookBody,
  deliveryListSchema,
  deliveryParams,
  deliverySchema,
  listDeliveriesQuery,
  rotatedSecretSchema,
  updateWebhookBody,
  webhookListSchema,
  webhookParams,
  webhookSchema,
  webhookWithSecretSchema,
} from "./schemas.js";

const SEE = "See docs/webhooks.md.";

export function webhookRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.webhooksCreate, {
        schema: {
          summary: "Create a webhook endpoint",
          description: `Deliveries of the chosen events (scan.completed, scan.failed, classification.completed, classification.failed) are POSTed to \`url\`, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature). 201 with the signing secret (\`whsec_…\`), shown only here. An https URL on the public internet; an address literal on a private network is 400 \`invalid_webhook_url\`. At most 20 endpoints (409 \`too_many_webhooks\`). Never charged. ${SEE}`,
          tags: ["webhooks"],
          body: createWebhookBody,
          response: { 201: webhookWithSecretSchema, ...problemResponses, 409: problemResponses[404] },
        },
      }),
      handler: async (request, reply) => {
        const created = await services.webhooks.create(request.principal?.orgId ?? "", request.body);
        return reply.code(201).header("location", `/v1/webhooks/${created.webhook_id}`).send(created);
      },
    });

    app.route({
      ...route(OPS.webhooksList, {
        schema: {
          summary: "List the organization's webhook endpoints",
          description: `Newest first, without their secrets. Never charged. ${SEE}`,
          tags: ["webhooks"],
          response: { 200: webhookListSchema, ...problemResponses },
        },
      }),
      handler: async (request) => services.webhooks.list(request.principal?.orgId ?? ""),
    });

    app.route({
      ...route(OPS.webhooksGet, {
        schema: {
          summary: "Get a webhook endpoint",
          description: `Its URL, events, status and, when disabled, why. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          response: { 200: webhookSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.webhooks.get(request.principal?.orgId ?? "", request.params.webhook_id),
    });

    app.route({
      ...route(OPS.webhooksUpdate, {
        schema: {
          summary: "Change a webhook endpoint, or enable or disable it",
          description: `Any of url, events, description, status. \`{"status": "enabled"}\` turns a disabled endpoint back on; deliveries that failed meanwhile can be sent again with their retry operation. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          body: updateWebhookBody,
          response: { 200: webhookSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.webhooks.update(request.principal?.orgId ?? "", request.params.webhook_id, request.body),
    });

    app.route({
      ...route(OPS.webhooksDelete, {
        schema: {
          summary: "Delete a webhook endpoint",
          description: `204. Deliveries still pending are not sent. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          response: { 204: z.null().describe("Deleted"), ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        await services.webhooks.remove(request.principal?.orgId ?? "", request.params.webhook_id);
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...route(OPS.webhooksRotateSecret, {
        schema: {
          summary: "Rotate a webhook endpoint's signing secret",
          description: `Answers the new secret once. For 24 hours deliveries carry two signatures, under the new and the previous secret, so receivers can switch without losing one. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          response: { 200: rotatedSecretSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.webhooks.rotateSecret(request.principal?.orgId ?? "", request.params.webhook_id),
    });

    app.route({
      ...route(OPS.webhooksTest, {
        schema: {
          summary: "Send a test event to a webhook endpoint",
          description: `Queues a \`webhook.test\` delivery, signed like every other, and answers it (202); follow it in the endpoint's deliveries. A failing test never disables the endpoint. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          response: { 202: deliverySchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) =>
        reply
          .code(202)
          .send(await services.webhooks.sendTest(request.principal?.orgId ?? "", request.params.webhook_id)),
    });

    app.route({
      ...route(OPS.webhooksDeliveriesList, {
        schema: {
          summary: "A webhook endpoint's delivery log",
          description: `Every delivery newest first, with each attempt (time, HTTP status or why nothing answered, duration) and when a pending one is tried next. Filter by status. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: webhookParams,
          querystring: listDeliveriesQuery,
          response: { 200: deliveryListSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.webhooks.deliveries(
          request.principal?.orgId ?? "",
          request.params.webhook_id,
          request.query,
        ),
    });

    app.route({
      ...route(OPS.webhooksDeliveriesGet, {
        schema: {
          summary: "One delivery of a webhook endpoint",
          description: `Its attempts and status. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: deliveryParams,
          response: { 200: deliverySchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.webhooks.delivery(
          request.principal?.orgId ?? "",
          request.params.webhook_id,
          request.params.delivery_id,
        ),
    });

    app.route({
      ...route(OPS.webhooksDeliveriesRetry, {
        schema: {
          summary: "Send a failed delivery again",
          description: `A new round of attempts for a delivery that failed for good, with the same body and webhook-id (receivers deduplicate by it). 400 for a delivery that is not failed or an endpoint that is disabled. Never charged. ${SEE}`,
          tags: ["webhooks"],
          params: deliveryParams,
          response: { 202: deliverySchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) =>
        reply
          .code(202)
          .send(
            await services.webhooks.retry(
              request.principal?.orgId ?? "",
              request.params.webhook_id,
              request.params.delivery_id,
            ),
          ),
    });
  };
}
