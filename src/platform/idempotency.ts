import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "./db/schema.js";

/** How long a stored outcome is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyBegin =
  | { kind: "new" }
  | { kind: "replay"; statusCode: number; body: unknown }
  | { kind: "mismatch" }
  | { kind: "in_progress" };

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_RE.test(key);
}

/** Fingerprint of a request: method, route path and the canonical JSON of its body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Idempotency keys for POSTs. A key is claimed (a pending row) before the request runs, completed with
 * the response when the request succeeded (2xx), and released when it did not, so a failed request can be
 * retried with the same key. A key whose request never finished (the process died) stays pending and
 * answers `in_progress` until it expires: a retry is never run, and so never charged, twice.
 */
export class IdempotencyStore {
  constructor(private readonly db: Kysely<DB>) {}

  async begin(scope: string, key: string, fingerprint: string): Promise<IdempotencyBegin> {
    const cutoff = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
    await this.db
      .deleteFrom("idempotency_keys")
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("created_at", "<", cutoff)
      .execute();
    const inserted = await this.db
      .insertInto("idempotency_keys")
      .values({ scope, key, request_hash: fingerprint })
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (inserted) return { kind: "new" };
    const row = await this.db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "status_code", "response"])
      .where("scope", "=", scope)
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) return this.begin(scope, key, fingerprint);
    if (row.request_hash !== fingerprint) return { kind: "mismatch" };
    if (row.status_code === null) return { kind: "in_progress" };
    return { kind: "replay", statusCode: row.status_code, body: row.response };
  }

  async complete(scope: string, key: string, statusCode: number, body: unknown): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ status_code: statusCode, response: JSON.stringify(body ?? null) })
      .where("scope", "=", scope)
      .where("key", "=", key)
      .execute();
  }

  async release(scope: string, key: string): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("status_code", "is", null)
      .execute();
  }

  /** Deletes expired keys; returns how many. */
  async purgeExpired(): Promise<number> {
    const res = await this.db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", new Date(Date.now() - IDEMPOTENCY_TTL_MS))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
