import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleClassification } from "../../../test/support/app.js";
import { openTestDatabase, type TestDatabase } from "../../../test/support/db.js";
import { type Charge, InsufficientBalanceError } from "../../platform/billing/ledger.js";
import type { ChargeRecorder } from "../../platform/billing/recorder.js";
import { newId } from "../../platform/ids.js";
import { upsertStored } from "./records.js";
import { ClassificationService } from "./service.js";

/** A charge recorder that keeps what it is asked to record, or refuses it (402) when `refuse` is set. */
class FakeRecorder implements ChargeRecorder {
  readonly recorded: Charge[] = [];
  refuse = false;

  async charge(charge: Charge): Promise<void> {
    if (this.refuse) throw new InsufficientBalanceError(charge.orgId, charge.amountMicros);
    this.recorded.push(charge);
  }
  async flush(): Promise<void> {}
  check(): void {}
  async open(): Promise<void> {}
  async close(): Promise<void> {}
}

const DAY_MS = 86_400_000;

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function setup(): { service: ClassificationService; recorder: FakeRecorder; orgId: string } {
  const recorder = new FakeRecorder();
  const service = new ClassificationService(database.db, recorder, { rowTtlMs: 60_000 });
  return { service, recorder, orgId: newId() };
}

/** What the database holds for an organization and a domain besides the classification itself. */
async function written(orgId: string, domain: string) {
  const ledger = await database.db.selectFrom("ledger").select("id").where("org_id", "=", orgId).execute();
  const crawls = await database.db
    .selectFrom("classification_crawls")
    .select("id")
    .where("domain", "=", domain)
    .execute();
  return { ledger: ledger.length, crawls: crawls.length };
}

/**
 * A record the service holds in its read cache as stale (40 days old) while the database holds a fresh
 * one, as after a crawl finished on another node: POST decides the hit in its transaction.
 */
async function staleInCacheFreshInDatabase(service: ClassificationService, domain: string): Promise<void> {
  await service.put(sampleClassification(domain), new Date(Date.now() - 40 * DAY_MS));
  await service.getPublic(domain); // cached, stale
  await upsertStored(database.db, domain, sampleClassification(domain), null, new Date());
}

describe("classification cache hits: one charge recorder for every path", () => {
  it("records the hit of GET through the recorder", async () => {
    const { service, recorder, orgId } = setup();
    await service.put(sampleClassification("hit-get.com"));
    expect(await service.getForOrg(orgId, "hit-get.com")).not.toBeNull();
    expect(await service.getForOrg(orgId, "hit-get.com")).not.toBeNull(); // from the read cache
    expect(recorder.recorded).toEqual([
      { orgId, operation: "classification.get", amountMicros: 1_000 },
      { orgId, operation: "classification.get", amountMicros: 1_000 },
    ]);
    expect(await written(orgId, "hit-get.com")).toEqual({ ledger: 0, crawls: 0 });
  });

  it("records the hit of POST for a fresh record in the read cache through the recorder", async () => {
    const { service, recorder, orgId } = setup();
    await service.put(sampleClassification("hit-cached.com"));
    expect((await service.create(orgId, "hit-cached.com")).kind).toBe("hit");
    expect(recorder.recorded).toEqual([{ orgId, operation: "classification.create", amountMicros: 1_000 }]);
    expect(await written(orgId, "hit-cached.com")).toEqual({ ledger: 0, crawls: 0 });
  });

  it("records the hit of POST decided in its transaction through the recorder, with no debit of its own", async () => {
    const { service, recorder, orgId } = setup();
    await staleInCacheFreshInDatabase(service, "hit-decided.com");
    expect((await service.create(orgId, "hit-decided.com")).kind).toBe("hit");
    expect(recorder.recorded).toEqual([{ orgId, operation: "classification.create", amountMicros: 1_000 }]);
    expect(await written(orgId, "hit-decided.com")).toEqual({ ledger: 0, crawls: 0 });
  });

  it("answers 402 for a hit the recorder refuses on every path, and starts nothing", async () => {
    const { service, recorder, orgId } = setup();
    await service.put(sampleClassification("hit-refused.com"));
    await staleInCacheFreshInDatabase(service, "hit-refused-decided.com");
    recorder.refuse = true;
    await expect(service.getForOrg(orgId, "hit-refused.com")).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    await expect(service.create(orgId, "hit-refused.com")).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(service.create(orgId, "hit-refused-decided.com")).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await written(orgId, "hit-refused-decided.com")).toEqual({ ledger: 0, crawls: 0 });
  });
});
