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

describe("egress configuration", () => {
  it("parses the test world's variables and reads the extra CA", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "dl-config-"));
    const ca = path.join(dir, "ca.pem");
    writeFileSync(ca, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    try {
      const config = loadConfig({
        DNS_SERVERS: "127.77.0.53:5353",
        CONNECT_TO: "127.77.0.10:443=127.77.0.10:40443",
        EGRESS_ALLOW_CIDRS: "127.77.0.0/16",
        EXTRA_CA_FILE: ca,
      });
      expect(config.egress.dnsServers).toEqual(["127.77.0.53:5353"]);
      expect(config.egress.allowCidrs).toEqual(["127.77.0.0/16"]);
      expect(config.egress.connectTo).toHaveLength(1);
      expect(config.egress.extraCaPem).toContain("BEGIN CERTIFICATE");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ["DNS_SERVERS", "not-an-address"],
    ["CONNECT_TO", "nonsense"],
    ["EGRESS_ALLOW_CIDRS", "300.1.1.1/8"],
    ["EXTRA_CA_FILE", "/nonexistent/ca.pem"],
  ])("names %s when it is invalid", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
