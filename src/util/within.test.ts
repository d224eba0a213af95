import { describe, expect, it } from "vitest";
import { settleWithin, within } from "./within.js";

const answerIn = <T>(ms: number, value: T): Promise<T> =>
  new Promise((resolve) => setTimeout(() => resolve(value), ms));
const never = new Promise<number>(() => {});

describe("settleWithin", () => {
  it("gives the value when the work answers in time", async () => {
    await expect(settleWithin(answerIn(5, "v"), 1_000)).resolves.toEqual({ done: true, value: "v" });
  });

  it("gives { done: false } at the time limit, without waiting for the work", async () => {
    const started = performance.now();
    await expect(settleWithin(never, 20)).resolves.toEqual({ done: false });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("rejects when the work fails in time", async () => {
    await expect(settleWithin(Promise.reject(new Error("boom")), 1_000)).rejects.toThrow("boom");
  });
});

describe("within", () => {
  it("gives the work's value in time and rejects with `late` past the limit", async () => {
    await expect(within(answerIn(5, 1), 1_000)).resolves.toBe(1);
    await expect(within(never, 20)).rejects.toThrow("no answer within 20 ms");
    await expect(within(never, 20, (ms) => new RangeError(`late ${ms}`))).rejects.toThrow(
      new RangeError("late 20"),
    );
  });
});
