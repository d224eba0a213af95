import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";

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
