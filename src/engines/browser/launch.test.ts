import { describe, expect, it } from "vitest";
import { WorldCA } from "../../world/ca.js";
import { BrowserUnavailableError, findChromium } from "./executable.js";
import { chromiumArgs, spkiHashes } from "./launch.js";

describe("findChromium", () => {
  const only =
    (...present: string[]) =>
    (file: string) =>
      present.includes(file);

  it("uses CHROMIUM_PATH as given, and refuses a path that is not executable", () => {
    expect(findChromium({ override: "/opt/chrome/chrome", isExecutable: only("/opt/chrome/chrome") })).toBe(
      "/opt/chrome/chrome",
    );
    expect(() => findChromium({ override: "/opt/nothing", isExecutable: only("/usr/bin/chromium") })).toThrow(
      /CHROMIUM_PATH is set to \/opt\/nothing/,
    );
  });

  it("tries the usual locations in order, then PATH", () => {
    const both = only("/usr/bin/chromium", "/usr/bin/google-chrome");
    expect(findChromium({ isExecutable: both, searchPath: "" })).toBe("/usr/bin/chromium");
    expect(findChromium({ isExecutable: only("/usr/bin/google-chrome"), searchPath: "" })).toBe(
      "/usr/bin/google-chrome",
    );
    expect(
      findChromium({ isExecutable: only("/snap/bin/chromium"), searchPath: "/usr/local/bin:/snap/bin" }),
    ).toBe("/snap/bin/chromium");
  });

  it("says how to fix a missing browser", () => {
    let error: unknown;
    try {
      findChromium({ isExecutable: () => false, searchPath: "/usr/local/bin" });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(BrowserUnavailableError);
    expect((error as Error).message).toMatch(/apt-get install -y chromium.*CHROMIUM_PATH/);
    expect((error as BrowserUnavailableError).tried).toContain("/usr/local/bin/chromium");
  });
});

describe("launch switches", () => {
  it("hashes the extra CA's public key the way Chromium's SPKI allowlist expects", () => {
    const ca = new WorldCA(new Date("2026-06-01T00:00:00Z"));
    expect(spkiHashes(ca.certPem)).toEqual([ca.spkiSha256]);
    expect(spkiHashes(`${ca.certPem}\n${ca.certPem}`)).toEqual([ca.spkiSha256]);
    expect(spkiHashes(undefined)).toEqual([]);
    expect(spkiHashes("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----")).toEqual([]);
  });

  it("sends everything, loopback included, to the proxy and lets Chromium resolve no name itself", () => {
    const args = chromiumArgs({ proxyUrl: "http://127.0.0.1:41234", trustedSpki: ["abc="] });
    expect(args).toContain("--proxy-server=http://127.0.0.1:41234");
    expect(args).toContain("--proxy-bypass-list=<-loopback>");
    expect(args).toContain("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1");
    expect(args).toContain("--ignore-certificate-errors-spki-list=abc=");
    for (const flag of [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-dev-shm-usage",
      // Sites that hide from automated browsers see what a person's browser shows them.
      "--disable-blink-features=AutomationControlled",
      // A refused navigation is not repeated by Chromium's error-page auto-reload.
      "--disable-auto-reload",
    ])
      expect(args).toContain(flag);
    expect(chromiumArgs({ proxyUrl: "http://127.0.0.1:1" }).some((a) => a.includes("spki"))).toBe(false);
  });
});
