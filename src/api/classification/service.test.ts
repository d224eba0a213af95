import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleClassification } from "../../../test/support/app.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { testJournal } from "../../../test/support/journal.js";
import type { ChargeJournal } from "../../platform/billing/journal/index.js";
import { topUp } from "../../platform/billing/ledger.js";
import { newId } from "../../platform/ids.js";
import { ClassificationService } from "./service.js";

let database: TestDatabase;
let orgId: string;
let charges: ChargeJournal;

beforeAll(async () => {
  database = await openTestDatabase();
  charges = testJournal(database.db);
  orgId = newId();
  await database.db.insertInto("organizations").values({ id: orgId, name: "t", limits: "{}" }).execute();
  await database.db
    .transaction()
    .execute((tx) => topUp(tx, { orgId, amountMicros: 1_000_000, operation: "credits.initial" }));
});
afterAll(async () => {
  await charges?.close();
  await database?.close();
});

/** Rewrites the stored headline behind the service's back, as another node or a job would. */
async function rewriteHeadline(domain: string, headline: string): Promise<void> {
  const record = sampleClassification(domain);
  record.identity.headline = headline;
  await database.db
    .updateTable("classifications")
    .set({ result: JSON.stringify(record), updated_at: new Date() })
    .where("domain", "=", domain)
    .execute();
}

describe("ClassificationService read cache", () => {
  it("serves a write made elsewhere within the cache time, and a write through put() at once", async () => {
    const service = new ClassificationService(database.db, charges, { rowTtlMs: 200 });
    await service.put(sampleClassification("example.org"));
    expect((await service.getPublic("example.org"))?.identity.headline).toMatch(/^Developer platform/);

    await rewriteHeadline("example.org", "Changed elsewhere");
    // Within the cache time the previous read may still be served …
    await new Promise((r) => setTimeout(r, 250));
    // … and never beyond it.
    expect((await service.getPublic("example.org"))?.identity.headline).toBe("Changed elsewhere");

    const record = sampleClassification("example.org");
    record.identity.headline = "Changed here";
    await service.put(record);
    expect((await service.getPublic("www.example.org"))?.identity.headline).toBe("Changed here");
    expect((await service.getForOrg(orgId, "example.org"))?.identity.headline).toBe("Changed here");
  });

  it("invalidate() makes a write that bypassed put() visible at once", async () => {
    const service = new ClassificationService(database.db, charges, {
      rowTtlMs: 60_000,
    });
    await service.put(sampleClassification("example.com"));
    await service.getPublic("example.com");
    await rewriteHeadline("example.com", "Rewritten");
    service.invalidate("example.com");
    expect((await service.getPublic("example.com"))?.identity.headline).toBe("Rewritten");
  });

  it("never keeps a domain without classification, so a new one is visible at once", async () => {
    const service = new ClassificationService(database.db, charges, {
      rowTtlMs: 60_000,
    });
    expect(await service.getPublic("example.net")).toBeNull();
    expect(await service.getForOrg(orgId, "example.net")).toBeNull();
    // Written by another node: not through this service.
    await new ClassificationService(database.db, charges).put(sampleClassification("example.net"));
    expect((await service.getPublic("example.net"))?.domain).toBe("example.net");
  });

  it("charges every hit, cached or not", async () => {
    const service = new ClassificationService(database.db, charges, {
      rowTtlMs: 60_000,
    });
    await service.put(sampleClassification("example.io"));
    await charges.flush(); // earlier tests' hits
    const before = await database.db
      .selectFrom("organizations")
      .select("balance_micros")
      .where("id", "=", orgId)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) expect(await service.getForOrg(orgId, "example.io")).not.toBeNull();
    await charges.flush();
    const after = await database.db
      .selectFrom("organizations")
      .select("balance_micros")
      .where("id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(before.balance_micros - after.balance_micros).toBe(3_000);
  });
});
