import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../src/platform/db/database.js";
import { pgliteTemplateDir, tmpRoot } from "./paths.js";

export async function setup(): Promise<void> {
  mkdirSync(tmpRoot, { recursive: true });
  if (process.env.DATABASE_URL) return;
  const target = pgliteTemplateDir();
  if (existsSync(target)) return;
  const building = path.join(tmpRoot, `template-build-${randomBytes(4).toString("hex")}`);
  const database = await openDatabase({ dataDir: building });
  await database.close();
  try {
    renameSync(building, target);
  } catch {
    // Another test run finished the same template first.
    rmSync(building, { recursive: true, force: true });
  }
}
