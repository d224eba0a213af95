import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listMigrations } from "../../src/platform/db/migrate.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const tmpRoot = path.join(repoRoot, ".tmp");

/**
 * A migrated PGlite data directory, made once for a given set of migrations and copied for each test
 * file. Its name carries a hash of the migrations, so a schema change makes a new one and concurrent
 * test runs never rebuild a template another run is copying.
 */
export function pgliteTemplateDir(): string {
  const hash = createHash("sha256");
  for (const m of listMigrations()) hash.update(m.name).update(m.sql);
  return path.join(tmpRoot, `pglite-template-${hash.digest("hex").slice(0, 12)}`);
}
