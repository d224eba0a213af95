import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
/** Serializes concurrent start-ups of several processes against one Postgres. */
const MIGRATION_LOCK_ID = 7_310_001;

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${MIGRATIONS_DIR}${name}`, "utf8") }));
}

/**
 * Splits a migration into statements: each ends with `;` at the end of a line (the extended protocol
 * that both drivers use runs one statement at a time). `--` comment lines are dropped.
 */
export function splitStatements(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;[ \t]*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate<T>(db: Kysely<T>): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    const done = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
      const existing = await sql<{
        name: string;
      }>`SELECT name FROM schema_migrations WHERE name = ${migration.name}`.execute(tx);
      if (existing.rows.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await sql.raw(statement).execute(tx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(tx);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
