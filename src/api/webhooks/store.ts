import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type {
  DB,
  WebhookAttempt,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from "../../platform/db/schema.js";
import { enqueueJob } from "../../platform/jobs/index.js";
import { microsOf, type PageWindow, windowConditions } from "../cursor.js";

/*
 * The SQL of webhooks: endpoints, and the deliveries written in the transaction of the event they tell
 * about (an outbox), each with its own job on the runtime (docs/webhooks.md).
 */

export const WEBHOOK_JOB_KIND = "webhook.deliver";
/** Attempts of one delivery: the first at once, then the retry schedule (docs/webhooks.md#retries). */
export const DELIVERY_ATTEMPTS = 8;

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

const live = (db: Kysely<DB>, orgId: string) =>
  db.selectFrom("webhook_endpoints").where("org_id", "=", orgId).where("deleted_at", "is", null);

export async function countEndpoints(tx: Kysely<DB>, orgId: string): Promise<number> {
  const row = await live(tx, orgId)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Serializes endpoint creation per organization (the count limit holds under concurrent requests). */
export async function lockOrgEndpoints(tx: Kysely<DB>, orgId: string): Promise<void> {
  await sql`SELECT 1 FROM organizations WHERE id = ${orgId} FOR UPDATE`.execute(tx);
}

export async function insertEndpoint(
  tx: Kysely<DB>,
  row: {
    id: string;
    orgId: string;
    url: string;
    events: string[];
    description: string | null;
    secret: string;
  },
): Promise<EndpointRow> {
  return tx
    .insertInto("webhook_endpoints")
    .values({
      id: row.id,
      org_id: row.orgId,
      url: row.url,
      events: row.events,
      description: row.description,
      secret: row.secret,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Kysely<DB>, orgId: string): Promise<EndpointRow[]> {
  return live(db, orgId).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function readEndpoint(db: Kysely<DB>, orgId: string, id: string): Promise<EndpointRow | null> {
  return (await live(db, orgId).selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function updateEndpoint(
  db: Kysely<DB>,
  orgId: string,
  id: string,
  patch: {
    url?: string;
    events?: string[];
    description?: string | null;
    status?: "enabled" | "disabled";
    secret?: string;
    previous_secret?: string | null;
    previous_secret_expires_at?: Date | null;
  },
): Promise<EndpointRow | null> {
  const set: Record<string, unknown> = { ...patch, updated_at: sql`now()` };
  if (patch.status === "enabled") Object.assign(set, { disabled_reason: null, disabled_at: null });
  if (patch.status === "disabled") {
    Object.assign(set, { disabled_reason: "Disabled by the organization.", disabled_at: sql`now()` });
  }
  const row = await db
    .updateTable("webhook_endpoints")
    .set(set)
    .where("id", "=", id)
    .where("org_id", "=", orgId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteEndpoint(db: Kysely<DB>, orgId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable("webhook_endpoints")
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("org_id", "=", orgId)
    .where("deleted_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The body of every delivery of one event: the Standard Webhooks envelope. */
export function eventBody(type: string, data: unknown, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Queues one delivery of `body` to one endpoint, with its job, in the caller's transaction. */
export async function insertDelivery(
  tx: Kysely<DB>,
  delivery: { endpointId: string; orgId: string; event: string; resourceId: string | null; body: string },
): Promise<string> {
  const id = randomUUID();
  const jobId = randomUUID();
  await tx
    .insertInto("webhook_deliveries")
    .values({
      id,
      endpoint_id: delivery.endpointId,
      org_id: delivery.orgId,
      event: delivery.event,
      resource_id: delivery.resourceId,
      body: delivery.body,
      job_id: jobId,
    })
    .execute();
  await enqueueJob(tx, {
    id: jobId,
    kind: WEBHOOK_JOB_KIND,
    payload: { delivery_id: id },
    maxAttempts: DELIVERY_ATTEMPTS,
  });
  return id;
}

/**
 * Queues a delivery of an event to each of the organization's enabled endpoints subscribed to it, in the
 * transaction that records the event (so an event is delivered if and only if it happened). Returns how
 * many deliveries were queued.
 */
export async function enqueueEvent(
  tx: Kysely<DB>,
  event: { orgId: string; type: string; resourceId: string | null; data: unknown },
): Promise<number> {
  const endpoints = await live(tx, event.orgId)
    .select("id")
    .where("status", "=", "enabled")
    .where(sql<boolean>`${event.type} = ANY(events)`)
    .execute();
  if (endpoints.length === 0) return 0;
  const body = eventBody(event.type, event.data);
  for (const endpoint of endpoints) {
    await insertDelivery(tx, {
      endpointId: endpoint.id,
      orgId: event.orgId,
      event: event.type,
      resourceId: event.resourceId,
      body,
    });
  }
  return endpoints.length;
}

/** What an attempt needs: the delivery and its endpoint as they are now. */
export interface DeliveryTarget {
  id: string;
  status: "pending" | "delivered" | "failed";
  body: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  endpointStatus: "enabled" | "disabled";
  endpointDeleted: boolean;
}

export async function readTarget(db: Kysely<DB>, deliveryId: string): Promise<DeliveryTarget | null> {
  const row = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.status",
      "d.body",
      "d.attempts",
      "e.url",
      "e.secret",
      sql<string | null>`CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END`.as(
        "previous_secret",
      ),
      "e.status as endpoint_status",
      "e.deleted_at",
    ])
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    body: row.body,
    attempts: row.attempts,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    endpointStatus: row.endpoint_status,
    endpointDeleted: row.deleted_at !== null,
  };
}

/** Appends one attempt to a delivery's log. */
export async function logAttempt(db: Kysely<DB>, deliveryId: string, attempt: WebhookAttempt): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({
      attempts: sql`attempts + 1`,
      attempt_log: sql`attempt_log || ${JSON.stringify([attempt])}::jsonb`,
    })
    .where("id", "=", deliveryId)
    .execute();
}

/** A delivery the endpoint accepted; the endpoint's last success moves on. */
export async function markDelivered(tx: Kysely<DB>, deliveryId: string): Promise<void> {
  const row = await tx
    .updateTable("webhook_deliveries")
    .set({ status: "delivered", delivered_at: sql`now()` })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .returning("endpoint_id")
    .executeTakeFirst();
  if (!row) return;
  await tx
    .updateTable("webhook_endpoints")
    .set({ last_success_at: sql`now()` })
    .where("id", "=", row.endpoint_id)
    .execute();
}

/**
 * A delivery that used up its attempts. Its endpoint is disabled, with the reason, when nothing reached it
 * since this delivery was queued and the delivery kept failing for at least `disableAfterMs` (a day by
 * default): persistent failure, not a bad hour. A test event never disables an endpoint.
 */
export async function markDeliveryFailed(
  tx: Kysely<DB>,
  deliveryId: string,
  reason: string,
  disableAfterMs: number,
): Promise<void> {
  const row = await tx
    .updateTable("webhook_deliveries")
    .set({ status: "failed" })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .returning(["endpoint_id", "event", "created_at", "attempts"])
    .executeTakeFirst();
  if (!row || row.event === "webhook.test") return;
  const hours = Math.round(disableAfterMs / 3_600_000);
  const why = `Disabled after deliveries failed for ${hours >= 1 ? `more than ${hours} hours` : "every attempt"} with nothing accepted; the last attempt: ${reason}. Fix the endpoint, then enable it with PATCH /v1/webhooks/{webhook_id} {"status": "enabled"}.`;
  await tx
    .updateTable("webhook_endpoints")
    .set({ status: "disabled", disabled_reason: why, disabled_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", row.endpoint_id)
    .where("status", "=", "enabled")
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("last_success_at", "is", null), eb("last_success_at", "<", row.created_at)]))
    .where(
      sql<boolean>`${row.created_at}::timestamptz <= now() - ${disableAfterMs} * interval '1 millisecond'`,
    )
    .execute();
}

export interface DeliveryListRow extends DeliveryRow {
  micros: string;
  next_attempt_at_job: Date | null;
}

const deliveryColumns = sql`d.id, d.endpoint_id, d.org_id, d.event, d.resource_id, d.body, d.status, d.attempts,
  d.attempt_log, d.delivered_at, d.created_at, d.job_id`;

/** An endpoint's deliveries newest first, with when each pending one is next tried. */
export async function listDeliveries(
  db: Kysely<DB>,
  orgId: string,
  endpointId: string,
  query: PageWindow & { status?: "pending" | "delivered" | "failed" },
): Promise<DeliveryListRow[]> {
  const where = [
    sql<boolean>`d.org_id = ${orgId}`,
    sql<boolean>`d.endpoint_id = ${endpointId}`,
    ...windowConditions(query, "d.created_at", "d.id"),
  ];
  if (query.status) where.push(sql<boolean>`d.status = ${query.status}`);
  const { rows } = await sql<DeliveryListRow>`
    SELECT ${deliveryColumns}, j.run_at AS next_attempt_at_job, ${microsOf("d.created_at")} AS micros
      FROM webhook_deliveries d LEFT JOIN jobs j ON j.id = d.job_id AND j.status = 'queued'
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY d.created_at DESC, d.id DESC
     LIMIT ${query.limit + 1}`.execute(db);
  return rows;
}

export async function readDelivery(
  db: Kysely<DB>,
  orgId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryListRow | null> {
  const { rows } = await sql<DeliveryListRow>`
    SELECT ${deliveryColumns}, j.run_at AS next_attempt_at_job, '0' AS micros
      FROM webhook_deliveries d LEFT JOIN jobs j ON j.id = d.job_id AND j.status = 'queued'
     WHERE d.org_id = ${orgId} AND d.endpoint_id = ${endpointId} AND d.id = ${deliveryId}`.execute(db);
  return rows[0] ?? null;
}

/** Sends a delivery that failed for good once more, with a new job (its log and webhook-id are kept). */
export async function requeueDelivery(tx: Kysely<DB>, deliveryId: string): Promise<boolean> {
  const jobId = randomUUID();
  const row = await tx
    .updateTable("webhook_deliveries")
    .set({ status: "pending", job_id: jobId })
    .where("id", "=", deliveryId)
    .where("status", "=", "failed")
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await enqueueJob(tx, {
    id: jobId,
    kind: WEBHOOK_JOB_KIND,
    payload: { delivery_id: deliveryId },
    maxAttempts: DELIVERY_ATTEMPTS,
  });
  return true;
}
