import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../../src/platform/db/database.js";
import { pgliteTemplateDir, tmpRoot } from "./paths.js";

export interface TestDatabase extends Database {
  /** The DATABASE_URL of this database (Postgres backend only), for child processes. */
  readonly url: string | undefined;
  /** The DATA_DIR holding this database (PGlite backend only). */
  readonly dataDir: string | undefined;
}

/**
 * A fresh, migrated database for one test file: a new Postgres database when DATABASE_URL is set
 * (dropped on close), else a copy of the PGlite template directory (removed on close).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString("hex");
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `dl_test_${suffix}`;
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpRoot, poolSize: 20 });
    return {
      ...database,
      url: url.toString(),
      dataDir: undefined,
      close: async () => {
        await database.close();
        await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const dataDir = path.join(tmpRoot, `db-${suffix}`);
  cpSync(pgliteTemplateDir(), dataDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== "domainlens.lock",
  });
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    url: undefined,
    dataDir,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
