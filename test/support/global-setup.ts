import { mkdirSync, rmSync } from "node:fs";
import { openDatabase } from "../../src/platform/db/database.js";
import { pgliteTemplateDir, tmpRoot } from "./paths.js";

export async function setup(): Promise<void> {
  mkdirSync(tmpRoot, { recursive: true });
  if (process.env.DATABASE_URL) return;
  rmSync(pgliteTemplateDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: pgliteTemplateDir });
  await database.close();
}
