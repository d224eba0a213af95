import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../../../config.js";
import { type StartWorldOptions, startWorld, type World } from "../../../../world/index.js";
import { type BrowserPool, createBrowserPool } from "../../../browser/index.js";
import { createAsnLookup } from "../../../net/asn.js";
import { createEgress, type Egress } from "../../../net/index.js";
import { analyzeScan } from "../../analyze.js";
import type { ScanReport } from "../../types.js";
import { type CaptureResult, captureUrl } from "../index.js";

/**
 * The test internet with sites of a test's own, the production egress gate and a warm Chromium pool,
 * configured only through the environment the world hands out: what the capture world tests share.
 */
export interface CaptureWorld {
  world: World;
  egress: Egress;
  browser: BrowserPool;
  /** Captures a URL as a scan does. */
  capture(url: string, options?: Parameters<typeof captureUrl>[2]): Promise<CaptureResult>;
  /** Captures and analyzes a URL (no vision agent). */
  scan(url: string): Promise<CaptureResult & { report: ScanReport }>;
  stop(): Promise<void>;
}

/** A site for the world: its files and `site.json` settings (registered 2019-01-01 unless given). */
export interface TestSite {
  files: Record<string, string>;
  settings?: Record<string, unknown>;
}

export function writeSites(dir: string, sites: Record<string, TestSite>): void {
  for (const [host, { files, settings }] of Object.entries(sites)) {
    mkdirSync(path.join(dir, host), { recursive: true });
    writeFileSync(path.join(dir, host, "site.json"), JSON.stringify({ created: "2019-01-01", ...settings }));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, host, name), text);
  }
}

export async function startCaptureWorld(
  sites: Record<string, TestSite>,
  worldOptions: Omit<StartWorldOptions, "sitesDir"> = {},
): Promise<CaptureWorld> {
  const corpus = mkdtempSync(path.join(tmpdir(), "domainlens-capture-world-"));
  writeSites(corpus, sites);
  const world = await startWorld({ ...worldOptions, sitesDir: corpus });
  const config = loadConfig({ ...world.env });
  const egress = createEgress(config.egress);
  const browser = createBrowserPool({
    egress,
    extraCaPem: config.egress.extraCaPem,
    executablePath: config.CHROMIUM_PATH,
  });
  const asn = createAsnLookup();
  await Promise.all([asn.load(), browser.warm()]);
  const capture = (url: string, options: Parameters<typeof captureUrl>[2] = {}) =>
    captureUrl({ browser, egress, asn, now: () => world.now }, url, options);
  return {
    world,
    egress,
    browser,
    capture,
    async scan(url) {
      const result = await capture(url);
      return { ...result, report: await analyzeScan(result, { vision: null, now: world.now }) };
    },
    async stop() {
      await browser.close();
      await egress.close();
      await world.stop();
      rmSync(corpus, { recursive: true, force: true });
    },
  };
}
