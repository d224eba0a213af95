import type { Kysely } from "kysely";
import { z } from "zod";
import type { FetchOptions, FetchResult } from "../../engines/net/index.js";
import type { DB } from "../../platform/db/schema.js";
import { type AnyJobHandler, JobFailure } from "../../platform/jobs/index.js";
import { attemptDelivery, DELIVERY_TIMEOUT_MS } from "./deliver.js";
import {
  DELIVERY_ATTEMPTS,
  logAttempt,
  markDelivered,
  markDeliveryFailed,
  readTarget,
  WEBHOOK_JOB_KIND,
} from "./store.js";

/**
 * Delays after each failed attempt (docs/webhooks.md#retries): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h —
 * eight attempts over about 27.6 hours.
 */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** An endpoint is disabled when a delivery failed for this long with nothing accepted meanwhile. */
export const DISABLE_AFTER_MS = 24 * 3_600_000;

/** The delay after attempt `attempt` failed, with ±10 % jitter so that retries of many deliveries spread. */
export function retryDelayMs(attempt: number): number {
  const base = RETRY_SCHEDULE_MS[Math.min(Math.max(attempt, 1), RETRY_SCHEDULE_MS.length) - 1] ?? 0;
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

export interface DeliveryJobOptions {
  db: Kysely<DB>;
  /** The egress gate's fetch: every delivery goes through it. */
  fetch: (url: string, options: FetchOptions) => Promise<FetchResult>;
  /** Replaces the retry schedule (tests). */
  backoffMs?: (attempt: number) => number;
  disableAfterMs?: number;
  timeoutMs?: number;
}

const payloadSchema = z.object({ delivery_id: z.uuid() });

function deliveryIdOf(payload: unknown): string | null {
  const parsed = payloadSchema.safeParse(payload);
  return parsed.success ? parsed.data.delivery_id : null;
}

/**
 * The handler of `webhook.deliver` jobs: `run` makes one signed attempt and logs it; `onComplete` marks the
 * delivery delivered; `onFailed` (attempts used up, or the endpoint gone) marks it failed and applies the
 * persistent-failure rule. At least once: a receiver deduplicates by `webhook-id`.
 */
export function deliveryJobHandler(options: DeliveryJobOptions): AnyJobHandler {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return {
    kind: WEBHOOK_JOB_KIND,
    timeoutMs: timeoutMs + 5_000,
    maxAttempts: DELIVERY_ATTEMPTS,
    backoffMs: options.backoffMs ?? retryDelayMs,

    async run(payload, ctx) {
      const id = deliveryIdOf(payload);
      if (!id)
        throw new JobFailure("invalid_payload", "a delivery job needs {delivery_id}", { retryable: false });
      const target = await readTarget(options.db, id);
      if (!target)
        throw new JobFailure("delivery_not_found", "the delivery no longer exists", { retryable: false });
      if (target.status !== "pending") return;
      const at = new Date();
      if (target.endpointDeleted || target.endpointStatus === "disabled") {
        const why = target.endpointDeleted ? "the endpoint was deleted" : "the endpoint is disabled";
        await logAttempt(options.db, id, {
          attempt: target.attempts + 1,
          at: at.toISOString(),
          status_code: null,
          error: `not sent: ${why}`,
          duration_ms: 0,
        });
        throw new JobFailure("endpoint_unavailable", why, { retryable: false });
      }
      const keys = target.previousSecret ? [target.secret, target.previousSecret] : [target.secret];
      const outcome = await attemptDelivery(
        options.fetch,
        { id, url: target.url, body: target.body, keys },
        { signal: ctx.signal, timeoutMs, now: at },
      );
      await logAttempt(options.db, id, {
        attempt: target.attempts + 1,
        at: at.toISOString(),
        status_code: outcome.statusCode,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      });
      if (!outcome.ok) throw new JobFailure("delivery_failed", outcome.error ?? "the attempt failed");
    },

    async onComplete(tx, job) {
      const id = deliveryIdOf(job.payload);
      if (id) await markDelivered(tx, id);
    },

    async onFailed(tx, job, error) {
      const id = deliveryIdOf(job.payload);
      if (id) await markDeliveryFailed(tx, id, error.message, options.disableAfterMs ?? DISABLE_AFTER_MS);
    },
  };
}
