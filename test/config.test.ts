import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      ROLE: "all",
      LOG_LEVEL: "info",
    });
    expect([config.DATABASE_URL, config.REDIS_URL, config.ADMIN_TOKEN]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["ROLE", "everything"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://localhost"],
    ["ADMIN_TOKEN", "short"],
  ])("names %s when it is invalid (%s)", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", ADMIN_TOKEN: "" });
    expect([config.DATABASE_URL, config.ADMIN_TOKEN]).toEqual([undefined, undefined]);
  });
});
