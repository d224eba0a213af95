import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { findStoredMany, recentStored, type StoredRow, toPublic } from "../classification/records.js";
import type { PublicClassification } from "../classification/schemas.js";

export interface ClassificationTimes {
  classifiedAt: Date;
  updatedAt: Date;
}

/**
 * When a root domain was first classified and last updated. The public view (SPEC §2.3) has no
 * timestamp; the pages show these two from the classification row (one primary-key read).
 */
export async function classificationTimes(db: Kysely<DB>, root: string): Promise<ClassificationTimes | null> {
  const row = await db
    .selectFrom("classifications")
    .select(["classified_at", "updated_at"])
    .where("domain", "=", root)
    .executeTakeFirst();
  if (!row) return null;
  return { classifiedAt: new Date(row.classified_at), updatedAt: new Date(row.updated_at) };
}

/**
 * Well-known domains the landing page offers as examples, when this server has classified them (a page
 * of an unclassified domain would only say so). Chosen to show different kinds of operator and capability.
 */
export const EXAMPLE_DOMAINS: readonly string[] = [
  "github.com",
  "wikipedia.org",
  "paypal.com",
  "dropbox.com",
  "bit.ly",
  "netlify.app",
  "google.com",
  "microsoft.com",
];

/** How many recently classified domains the landing page lists. */
export const RECENT_COUNT = 12;
/** How long the landing page's lists are kept in memory before they are read again. */
export const LANDING_TTL_MS = 60_000;

export interface LandingEntry {
  /** What the public endpoint shows for the domain. */
  view: PublicClassification;
  updatedAt: Date;
}

export interface LandingData {
  examples: LandingEntry[];
  recent: LandingEntry[];
}

function entry(row: StoredRow): LandingEntry {
  return { view: toPublic(row), updatedAt: new Date(row.updated_at) };
}

/**
 * The landing page's lists, as the public endpoint would show each domain: the classified ones of
 * EXAMPLE_DOMAINS, and the RECENT_COUNT classifications updated last (examples not repeated). Read at most
 * once per LANDING_TTL_MS per process (the page itself is cached for a few minutes too).
 */
export class LandingLists {
  private cached: { at: number; data: Promise<LandingData> } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = LANDING_TTL_MS,
  ) {}

  get(now = Date.now()): Promise<LandingData> {
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.data;
    const data = this.read();
    this.cached = { at: now, data };
    data.catch(() => {
      if (this.cached?.data === data) this.cached = null;
    });
    return data;
  }

  private async read(): Promise<LandingData> {
    const examples = await findStoredMany(this.db, EXAMPLE_DOMAINS);
    const recent = await recentStored(this.db, RECENT_COUNT, EXAMPLE_DOMAINS);
    return { examples: examples.map(entry), recent: recent.map(entry) };
  }
}
