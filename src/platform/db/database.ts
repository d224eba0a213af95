import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { acquireDirectoryLock, type DirectoryLock } from "./lock.js";
import { migrate } from "./migrate.js";
import { openPgliteThread, type PGliteLike } from "./pglite-worker.js";
import type { DB } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: DatabaseKind;
  /** Human-readable location, without credentials. */
  readonly location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Settles when the database can no longer be used by this process (the embedded database's thread died):
   * a server should stop. Never settles for Postgres, whose pool reconnects.
   */
  readonly failed: Promise<Error>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database is opened in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** int8 and numeric come back as JS numbers on both backends (micro-dollars stay far below 2^53). */
pg.types.setTypeParser(INT8_OID, (v) => Number(v));
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another DomainLens process (pid ${pid}). ` +
        "PGlite allows one process per data directory: stop that process, point DATA_DIR elsewhere, " +
        "or use DATABASE_URL with Postgres to run several processes.",
    );
    this.name = "DatabaseLockedError";
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(path.resolve(options.dataDir, "pglite"));
  if (options.migrate !== false) {
    try {
      await migrate(database.db);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    kind: "postgres",
    location: `postgres://${parsed.host}${parsed.pathname}`,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    failed: new Promise<Error>(() => {}),
  };
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  let lock: DirectoryLock;
  try {
    lock = acquireDirectoryLock(dir);
  } catch (err) {
    if (err instanceof Error && "holderPid" in err && typeof err.holderPid === "number") {
      throw new DatabaseLockedError(dir, err.holderPid);
    }
    throw err;
  }
  let client: PGliteLike;
  try {
    client = await openPgliteThread(dir);
  } catch (err) {
    lock.release();
    throw err;
  }
  // The dialect needs only query() and close(), which the thread's client provides.
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client as unknown as PGlite) });
  let closed = false;
  return {
    db,
    kind: "pglite",
    location: dir,
    failed: client.failed,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      lock.release();
    },
  };
}
