import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/db.js";
import { tmpRoot } from "../../test/support/paths.js";
import { loadConfig } from "../config.js";
import { ChargeJournal } from "../platform/billing/journal/index.js";
import { DebitRecorder } from "../platform/billing/recorder.js";
import { createMemoryRateLimiter } from "../platform/ratelimit/index.js";
import { closeServices, createServices } from "./compose.js";

describe("createServices", () => {
  it("records cache hits in the charge journal where the API is served, by direct debits in a worker", async () => {
    for (const [role, recorder] of [
      ["all", ChargeJournal],
      ["worker", DebitRecorder],
    ] as const) {
      const database = await openTestDatabase();
      // DATA_DIR holds the charge journal: the PGlite database's own directory, or a fresh one on Postgres.
      const ownDataDir = database.dataDir ? null : mkdtempSync(path.join(tmpRoot, "data-"));
      const config = loadConfig({ ROLE: role, DATA_DIR: database.dataDir ?? ownDataDir ?? "" });
      const services = createServices(config, database, createMemoryRateLimiter());
      expect(services.charges).toBeInstanceOf(recorder);
      await closeServices(services);
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    }
  });
});
