import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, splitStatements } from "../src/platform/db/migrate.js";
import { openTestDatabase, type TestDatabase } from "./support/db.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("storage", () => {
  it("applies every migration once and records it", async () => {
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(
      database.db,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
  });

  it("returns counts and bigints as numbers on every backend", async () => {
    const row = await sql<{ c: unknown; b: unknown }>`SELECT count(*) AS c, 9007199254740::int8 AS b`.execute(
      database.db,
    );
    expect(row.rows[0]).toEqual({ c: 1, b: 9007199254740 });
  });

  it("splits migrations into single statements", () => {
    expect(splitStatements("-- note\nCREATE TABLE a (x int);\n\nCREATE INDEX b ON a (x);\n")).toEqual([
      "CREATE TABLE a (x int)",
      "CREATE INDEX b ON a (x)",
    ]);
  });
});
