import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const tmpRoot = path.join(repoRoot, ".tmp");
/** A migrated PGlite data directory, made once per test run and copied for each test file. */
export const pgliteTemplateDir = path.join(tmpRoot, "pglite-template");
