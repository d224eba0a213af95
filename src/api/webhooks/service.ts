import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import type { Kysely } from "kysely";
import type { FetchOptions, FetchResult } from "../../engines/net/index.js";
import type { DB } from "../../platform/db/schema.js";
import { isUuid } from "../../platform/ids.js";
import type { AnyJobHandler } from "../../platform/jobs/index.js";
import { pageOf, pageWindow } from "../cursor.js";
import { ApiError } from "../errors.js";
import { type DeliveryJobOptions, deliveryJobHandler } from "./job.js";
import {
  type CreateWebhookBody,
  type Delivery,
  type ListDeliveriesQuery,
  MAX_ENDPOINTS,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookWithSecret,
} from "./schemas.js";
import { displaySecret, newSigningKey } from "./signing.js";
import {
  countEndpoints,
  type DeliveryListRow,
  deleteEndpoint,
  type EndpointRow,
  eventBody,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockOrgEndpoints,
  readDelivery,
  readEndpoint,
  requeueDelivery,
  updateEndpoint,
} from "./store.js";

/** How long a rotated-out secret still signs deliveries, beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface WebhookServiceOptions {
  /** The egress gate's fetch, through which every delivery goes. */
  fetch: (url: string, options: FetchOptions) => Promise<FetchResult>;
  /** The egress policy's verdict on an IP address (an endpoint given by address is checked at once). */
  checkAddress?: (address: string) => { allowed: boolean };
  /** Ports deliveries may use, unless the address is allowlisted (EGRESS_ALLOW_CIDRS). */
  allowedPorts?: readonly number[];
  /** Whether the egress policy allowlists any range (then any port is accepted there). */
  hasAllowlist?: boolean;
  /** Accept plain `http:` endpoints (WEBHOOK_ALLOW_HTTP; development and private receivers only). */
  allowHttp?: boolean;
}

/** Webhook endpoints and their deliveries (docs/webhooks.md). */
export class WebhookService {
  private wake: () => void = () => {};

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: WebhookServiceOptions,
  ) {}

  /** Calls `wake` whenever this process queues a delivery on request (a test event, a retry). */
  onDeliveryQueued(wake: () => void): void {
    this.wake = wake;
  }

  /** The handler of `webhook.deliver` jobs, for the job runtime. */
  deliveryHandler(overrides: Partial<Omit<DeliveryJobOptions, "db" | "fetch">> = {}): AnyJobHandler {
    return deliveryJobHandler({ db: this.db, fetch: this.options.fetch, ...overrides });
  }

  async create(orgId: string, body: CreateWebhookBody): Promise<WebhookWithSecret> {
    const url = this.checkUrl(body.url);
    const key = newSigningKey();
    const row = await this.db.transaction().execute(async (tx) => {
      await lockOrgEndpoints(tx, orgId);
      if ((await countEndpoints(tx, orgId)) >= MAX_ENDPOINTS) {
        throw new ApiError(
          "too_many_webhooks",
          `An organization keeps at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`,
        );
      }
      return insertEndpoint(tx, {
        id: randomUUID(),
        orgId,
        url,
        events: unique(body.events),
        description: body.description || null,
        secret: key,
      });
    });
    return { ...toWebhook(row), secret: displaySecret(key) };
  }

  async list(orgId: string): Promise<{ data: Webhook[] }> {
    return { data: (await listEndpoints(this.db, orgId)).map(toWebhook) };
  }

  async get(orgId: string, id: string): Promise<Webhook> {
    return toWebhook(await this.endpoint(orgId, id));
  }

  async update(orgId: string, id: string, body: UpdateWebhookBody): Promise<Webhook> {
    if (!isUuid(id)) throw notFound();
    const row = await updateEndpoint(this.db, orgId, id, {
      ...(body.url !== undefined ? { url: this.checkUrl(body.url) } : {}),
      ...(body.events !== undefined ? { events: unique(body.events) } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    if (!row) throw notFound();
    return toWebhook(row);
  }

  async remove(orgId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await deleteEndpoint(this.db, orgId, id))) throw notFound();
  }

  /** A new secret; the previous one keeps signing beside it for ROTATION_OVERLAP_MS. */
  async rotateSecret(
    orgId: string,
    id: string,
  ): Promise<{ secret: string; previous_secret_expires_at: string }> {
    const current = await this.endpoint(orgId, id);
    const key = newSigningKey();
    const expires = new Date(Date.now() + ROTATION_OVERLAP_MS);
    const row = await updateEndpoint(this.db, orgId, id, {
      secret: key,
      previous_secret: current.secret,
      previous_secret_expires_at: expires,
    });
    if (!row) throw notFound();
    return { secret: displaySecret(key), previous_secret_expires_at: expires.toISOString() };
  }

  /** Queues a `webhook.test` event to the endpoint (enabled or not), answered as its delivery. */
  async sendTest(orgId: string, id: string): Promise<Delivery> {
    const endpoint = await this.endpoint(orgId, id);
    const deliveryId = await this.db.transaction().execute((tx) =>
      insertDelivery(tx, {
        endpointId: endpoint.id,
        orgId,
        event: "webhook.test",
        resourceId: null,
        body: eventBody("webhook.test", {
          webhook_id: endpoint.id,
          message: "A test event from DomainLens: this endpoint receives and verifies deliveries.",
        }),
      }),
    );
    this.wake();
    return this.delivery(orgId, id, deliveryId);
  }

  async deliveries(
    orgId: string,
    id: string,
    query: ListDeliveriesQuery,
  ): Promise<{ data: Delivery[]; next_cursor: string | null }> {
    await this.endpoint(orgId, id);
    const window = pageWindow(query);
    const rows = await listDeliveries(this.db, orgId, id, { ...window, status: query.status });
    return pageOf(rows, window.limit, toDelivery);
  }

  async delivery(orgId: string, id: string, deliveryId: string): Promise<Delivery> {
    if (!isUuid(id) || !isUuid(deliveryId)) throw deliveryNotFound();
    const row = await readDelivery(this.db, orgId, id, deliveryId);
    if (!row) throw deliveryNotFound();
    return toDelivery(row);
  }

  /** Sends a delivery that failed for good once more (a new round of attempts, the same webhook-id). */
  async retry(orgId: string, id: string, deliveryId: string): Promise<Delivery> {
    const endpoint = await this.endpoint(orgId, id);
    const existing = await this.delivery(orgId, id, deliveryId);
    if (existing.status !== "failed") {
      throw new ApiError(
        "invalid_request",
        `Only a failed delivery can be retried; this one is ${existing.status}.`,
      );
    }
    if (endpoint.status !== "enabled") {
      throw new ApiError(
        "invalid_request",
        'The endpoint is disabled: enable it first with PATCH /v1/webhooks/{webhook_id} {"status": "enabled"}.',
      );
    }
    await this.db.transaction().execute((tx) => requeueDelivery(tx, deliveryId));
    this.wake();
    return this.delivery(orgId, id, deliveryId);
  }

  private async endpoint(orgId: string, id: string): Promise<EndpointRow> {
    if (!isUuid(id)) throw notFound();
    const row = await readEndpoint(this.db, orgId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The endpoint URL as stored, or 400 `invalid_webhook_url`: https (http only when allowed), no
   * credentials, an allowed port, and an address literal only when the egress policy allows it. A host name
   * is resolved and checked at every delivery, since its addresses can change.
   */
  private checkUrl(input: string): string {
    const invalid = (why: string) => new ApiError("invalid_webhook_url", why, { parameter: "url" });
    let url: URL;
    try {
      url = new URL(input.trim());
    } catch {
      throw invalid("The webhook URL is not an absolute URL such as https://hooks.example.com/domainlens.");
    }
    const schemes = this.options.allowHttp ? ["https:", "http:"] : ["https:"];
    if (!schemes.includes(url.protocol)) {
      throw invalid(
        this.options.allowHttp
          ? "A webhook URL must start with https:// or http://."
          : "A webhook URL must use https:// (deliveries carry scan results).",
      );
    }
    if (url.username || url.password) {
      throw invalid("A webhook URL may not carry a user name or password; deliveries are signed instead.");
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const literal = isIP(host) !== 0;
    const allowedByAddress =
      literal && this.options.checkAddress ? this.options.checkAddress(host).allowed : true;
    if (literal && !allowedByAddress) {
      throw invalid(
        "The webhook URL points at a loopback, private, link-local or reserved address, which DomainLens never connects to.",
      );
    }
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    const ports = this.options.allowedPorts;
    if (ports && !ports.includes(port) && !this.options.hasAllowlist) {
      throw invalid(`Webhooks are delivered to ports ${ports.join(", ")} only; ${port} is not one of them.`);
    }
    url.hash = "";
    return url.href;
  }
}

function unique(events: readonly string[]): string[] {
  return [...new Set(events)];
}

function notFound(): ApiError {
  return new ApiError("not_found", "No webhook endpoint has this id.");
}

function deliveryNotFound(): ApiError {
  return new ApiError("not_found", "No delivery of this webhook endpoint has this id.");
}

function iso(value: Date | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

function toWebhook(row: EndpointRow): Webhook {
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    status: row.status,
    disabled_reason: row.status === "disabled" ? row.disabled_reason : null,
    disabled_at: row.status === "disabled" ? iso(row.disabled_at) : null,
    last_success_at: iso(row.last_success_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function toDelivery(row: DeliveryListRow): Delivery {
  return {
    delivery_id: row.id,
    webhook_id: row.endpoint_id,
    event: row.event,
    resource_id: row.resource_id,
    status: row.status,
    attempts: row.attempt_log,
    next_attempt_at: row.status === "pending" ? iso(row.next_attempt_at_job) : null,
    delivered_at: iso(row.delivered_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}
