import { describe, expect, it } from "vitest";
import { PRICES } from "./billing/prices.js";
import {
  ALL_OPERATIONS,
  chargeOf,
  checkOperationTable,
  defaultLimits,
  defineOperation,
  KEYED_OPERATIONS,
  OPS,
} from "./operations.js";

describe("the operation table", () => {
  it("keeps the SPEC §8 default limits and DomainLens's own windows, in their order", () => {
    expect(Object.entries(defaultLimits())).toEqual([
      ["scans.create", 10],
      ["scans.get", 60],
      ["scans.batch", 100],
      ["scans.list", 60],
      ["scans.update", 60],
      ["scans.similar", 60],
      ["domain_risks.create", 20],
      ["domain_risks.batch", 100],
      ["domain_risks.list", 60],
      ["domain_risks.get", 20],
      ["classification.create", 10],
      ["classification.get", 60],
      ["classification.jobs.get", 60],
      ["classification.jobs.list", 60],
      ["account.get", 60],
      ["webhooks.create", 30],
      ["webhooks.list", 60],
    ]);
  });

  it("counts a scan's screenshot and capture in the scans.get window", () => {
    expect(OPS.scansScreenshotGet.rateLimit).toEqual({ name: "scans.get", perMinute: 60 });
    expect(OPS.scansCaptureGet.rateLimit).toEqual({ name: "scans.get", perMinute: 60 });
  });

  it("keeps the prices and their public names (GET /v1/account)", () => {
    expect(Object.entries(PRICES)).toEqual([
      ["classification_hit", 1_000],
      ["classification_miss", 10_000],
      ["classification_not_found", 0],
      ["domain_risk", 2_500],
      ["scan", 50_000],
    ]);
  });

  it("writes charges under the ledger names stored so far", () => {
    expect(chargeOf(OPS.classificationGet, "hit")).toEqual({
      operation: "classification.get",
      amountMicros: 1_000,
    });
    expect(chargeOf(OPS.classificationCreate, "hit")).toEqual({
      operation: "classification.create",
      amountMicros: 1_000,
    });
    expect(chargeOf(OPS.classificationCreate, "miss")).toEqual({
      operation: "classification.create",
      amountMicros: 10_000,
    });
    expect(chargeOf(OPS.domainRisksCreate, "analysis")).toEqual({
      operation: "domain_risks.create",
      amountMicros: 2_500,
    });
    expect(chargeOf(OPS.scansCreate, "scan")).toEqual({ operation: "scans.create", amountMicros: 50_000 });
  });

  it("derives operationIds and Fastify paths", () => {
    expect(OPS.domainRisksCreate.operationId).toBe("domainRisksCreate");
    expect(OPS.classificationJobsGet.operationId).toBe("classificationJobsGet");
    expect(OPS.scansGet.url).toBe("/v1/scans/:scan_id");
    for (const [key, op] of Object.entries(OPS)) expect(op.operationId).toBe(key);
  });

  it("gives every keyed operation a rate-limit window", () => {
    for (const op of KEYED_OPERATIONS) expect(op.rateLimit, op.name).not.toBeNull();
    for (const op of ALL_OPERATIONS.filter((o) => o.auth !== "key")) expect(op.rateLimit).toBeNull();
  });

  it("refuses a keyed operation without a limit, and a table with repeats or two amounts for a price", () => {
    expect(() => defineOperation({ name: "x.get", method: "GET", path: "/x", auth: "key" })).toThrow(
      /needs perMinute/,
    );
    const a = defineOperation({ name: "a.get", method: "GET", path: "/a", auth: "none" });
    const b = defineOperation({ name: "b.get", method: "GET", path: "/a", auth: "none" });
    expect(() => checkOperationTable([a, b])).toThrow(/repeats the route GET \/a/);
    const cheap = defineOperation({
      name: "c.create",
      method: "POST",
      path: "/c",
      auth: "key",
      perMinute: 1,
      prices: { hit: { name: "classification_hit", micros: 1 } },
    });
    expect(() => checkOperationTable([...ALL_OPERATIONS, cheap])).toThrow(/price classification_hit has two/);
  });
});
