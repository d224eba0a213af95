import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";

/*
 * Signed links to the organization's own scan result pages (docs/pages.md#scan-result-page): a link names
 * one scan and an expiry, and carries an HMAC-SHA256 of both under the installation's secret
 * (`installation.link_secret`, 32 random bytes created by the first process that needs it). Anyone holding
 * an unexpired link sees that one scan, unmasked; nothing else is opened by it.
 */

/** How long a view link works: 15 minutes. */
export const VIEW_LINK_TTL_SECONDS = 15 * 60;

const SECRET_BYTES = 32;
const SIGNATURE_RE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_RE = /^[0-9]{1,12}$/;

export interface ViewLinkQuery {
  expires?: string;
  sig?: string;
}

/** What a link's query says about itself. */
export type LinkCheck = "valid" | "expired" | "invalid";

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Signs and checks view links; the secret is read from the database once per process. */
export class ViewLinkSigner {
  private secret: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The installation's secret: created once (the first writer wins under concurrency), then read. */
  private key(): Promise<Buffer> {
    this.secret ??= (async () => {
      await this.db
        .updateTable("installation")
        .set({ link_secret: randomBytes(SECRET_BYTES) })
        .where("link_secret", "is", null)
        .execute();
      const row = await this.db
        .selectFrom("installation")
        .select("link_secret")
        .where("link_secret", "is not", null)
        .executeTakeFirst();
      if (!row?.link_secret) throw new Error("the installation has no link secret");
      return toBuffer(row.link_secret);
    })().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  private async mac(scope: string, scanId: string, expires: number): Promise<Buffer> {
    return createHmac("sha256", await this.key())
      .update(`domainlens.${scope}.v1\n${scanId}\n${expires}`)
      .digest();
  }

  /** The query string (without `?`) of a link to a scan's page that works until `expiresAt`. */
  async sign(
    scanId: string,
    ttlSeconds = VIEW_LINK_TTL_SECONDS,
  ): Promise<{ query: string; expiresAt: Date }> {
    const expires = Math.floor(this.now() / 1000) + ttlSeconds;
    const sig = (await this.mac("scan-view", scanId, expires)).toString("base64url");
    return { query: `expires=${expires}&sig=${sig}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * Whether a link's query opens the scan: `invalid` for a missing, malformed or wrong signature (the same
   * answer whatever is wrong), `expired` for a genuine link past its time.
   */
  async check(scanId: string, query: ViewLinkQuery): Promise<LinkCheck> {
    const { expires, sig } = query;
    if (!expires || !sig || !EXPIRES_RE.test(expires) || !SIGNATURE_RE.test(sig)) return "invalid";
    const expected = await this.mac("scan-view", scanId, Number(expires));
    const given = Buffer.from(sig, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return Number(expires) * 1000 <= this.now() ? "expired" : "valid";
  }
}
