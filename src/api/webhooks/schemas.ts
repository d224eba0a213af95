import { z } from "zod";
import { pageQueryShape, pageSchema } from "../shared-schemas.js";

/** The events an endpoint can subscribe to (docs/webhooks.md). `webhook.test` is sent on request only. */
export const WEBHOOK_EVENTS = [
  "scan.completed",
  "scan.failed",
  "classification.completed",
  "classification.failed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | "webhook.test";

/** The most endpoints one organization keeps. */
export const MAX_ENDPOINTS = 20;

const webhookUrl = z
  .string()
  .min(1)
  .max(2048)
  .describe("Where deliveries are POSTed: an https URL on the public internet (docs/webhooks.md)");
const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .describe("The events sent to this endpoint");
const description = z.string().trim().max(200).describe("A note for the organization's own use");

export const createWebhookBody = z
  .object({ url: webhookUrl, events, description: description.optional() })
  .strict()
  .meta({
    examples: [
      {
        url: "https://hooks.example.com/domainlens",
        events: ["scan.completed", "scan.failed"],
        description: "SOAR intake",
      },
    ],
  });
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const updateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    events: events.optional(),
    description: description.nullable().optional(),
    status: z
      .enum(["enabled", "disabled"])
      .optional()
      .describe("`enabled` turns a disabled endpoint back on (its reason is cleared)"),
  })
  .strict()
  .meta({ examples: [{ status: "enabled" }] });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookParams = z.object({
  webhook_id: z.string().meta({ example: "0b0f3c7e-4a57-4f6a-9a0e-5d8f3f0c1a2b" }),
});
export const deliveryParams = webhookParams.extend({
  delivery_id: z.string().meta({ example: "5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c0d" }),
});

export const webhookSchema = z
  .object({
    webhook_id: z.uuid(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z.string().nullable().describe("Why the endpoint is disabled; null when enabled"),
    disabled_at: z.string().nullable(),
    last_success_at: z.string().nullable().describe("The last delivery the endpoint accepted (2xx)"),
    created_at: z.string(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe("The signing secret (`whsec_…`), shown only in this answer: keep it to verify deliveries"),
  })
  .meta({ id: "WebhookWithSecret" });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) }).meta({ id: "WebhookList" });

const attemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z
    .number()
    .int()
    .nullable()
    .describe("The endpoint's HTTP status; null when it did not answer"),
  error: z.string().nullable().describe("Why the attempt failed; null when it succeeded"),
  duration_ms: z.number().int(),
});

export const deliverySchema = z
  .object({
    delivery_id: z.uuid().describe("Also the `webhook-id` header of every attempt"),
    webhook_id: z.uuid(),
    event: z.string(),
    resource_id: z.string().nullable().describe("The scan or classification job the event is about"),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.array(attemptSchema),
    next_attempt_at: z.string().nullable().describe("When the next attempt is due, while pending"),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListSchema = pageSchema(deliverySchema, "WebhookDeliveryList");

export const listDeliveriesQuery = z.object({
  ...pageQueryShape,
  status: z.enum(["pending", "delivered", "failed"]).optional(),
});
export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuery>;

export const rotatedSecretSchema = z
  .object({
    secret: z.string().describe("The new signing secret (`whsec_…`), shown only in this answer"),
    previous_secret_expires_at: z
      .string()
      .describe("Until then deliveries carry a signature under the previous secret too"),
  })
  .meta({ id: "WebhookSecret" });
