import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openPgliteThread, type PGliteLike } from "./pglite-worker.js";

const dirs: string[] = [];
const clients: PGliteLike[] = [];

async function open(): Promise<PGliteLike> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "dl-pglite-thread-"));
  dirs.push(dir);
  const client = await openPgliteThread(dir);
  clients.push(client);
  return client;
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database on its own thread", () => {
  it("answers queries with rows, affected-row counts, numbers for int8 and Buffers for bytea", async () => {
    const db = await open();
    await db.query("CREATE TABLE t (id int8 PRIMARY KEY, body bytea, at timestamptz, doc jsonb)");
    const at = new Date("2026-11-26T12:00:00.000Z");
    const inserted = await db.query("INSERT INTO t VALUES ($1, $2, $3, $4), (2, NULL, NULL, NULL)", [
      1,
      Buffer.from("png bytes"),
      at,
      JSON.stringify({ a: [1, 2] }),
    ]);
    expect(inserted.affectedRows).toBe(2);
    const { rows } = await db.query("SELECT * FROM t ORDER BY id");
    expect(rows[0]).toEqual({ id: 1, body: Buffer.from("png bytes"), at, doc: { a: [1, 2] } });
    expect(Buffer.isBuffer(rows[0]?.body)).toBe(true);
    expect(rows[1]).toEqual({ id: 2, body: null, at: null, doc: null });
  });

  it("keeps a failed query's SQLSTATE fields, and carries on after it", async () => {
    const db = await open();
    await db.query("CREATE TABLE u (k text CONSTRAINT u_key PRIMARY KEY)");
    await db.query("INSERT INTO u VALUES ('a')");
    const error = await db.query("INSERT INTO u VALUES ('a')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "u_key", table: "u" });
    expect((error as Error).message).toMatch(/duplicate key/);
    expect((await db.query("SELECT count(*)::int4 AS n FROM u")).rows).toEqual([{ n: 1 }]);
  });

  it("refuses queries once closed", async () => {
    const db = await open();
    await db.close();
    await expect(db.query("SELECT 1")).rejects.toThrow(/database thread/);
  });

  it("does not keep a process alive when idle, and does while a query runs", () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const dir = mkdtempSync(path.join(os.tmpdir(), "dl-pglite-thread-"));
    dirs.push(dir);
    // A script that opens the database, runs one query, prints its answer and never closes: it must end.
    const script = `
      import { openPgliteThread } from ${JSON.stringify(path.join(here, "pglite-worker.ts"))};
      const db = await openPgliteThread(${JSON.stringify(dir)});
      const { rows } = await db.query("SELECT 41 + 1 AS answer");
      console.log(JSON.stringify(rows));
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stdout.trim()).toBe('[{"answer":42}]');
    expect(run.status).toBe(0);
  }, 70_000);

  it("reports a thread that dies while open, fails every query from then on, and not one that was closed", async () => {
    const dying = new URL("../../../test/fixtures/db/dying-thread.mjs", import.meta.url);
    const db = await openPgliteThread("unused", dying);
    expect((await db.query("SELECT 1")).rows).toEqual([{ ok: 1 }]);
    const pending = db.query("SELECT 2"); // may be answered before the thread dies, or fail with it
    await expect(db.query("die")).rejects.toThrow(/database thread failed: wasm abort/);
    await pending.catch(() => undefined);
    await expect(db.failed).resolves.toMatchObject({ message: expect.stringMatching(/wasm abort/) });
    await expect(db.query("SELECT 1")).rejects.toThrow(/database thread/);
    await db.close();

    const closed = await openPgliteThread("unused", dying);
    await closed.close();
    const settled = await Promise.race([
      closed.failed.then(() => "failed"),
      new Promise((resolve) => setTimeout(() => resolve("still open"), 200)),
    ]);
    expect(settled).toBe("still open");
  });
});
