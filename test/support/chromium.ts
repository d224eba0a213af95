import { type Browser, chromium } from "playwright-core";
import { findChromium } from "../../src/engines/browser/index.js";

/** Flags that work on this kind of machine (ARCHITECTURE.md, "browser"). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * The Chromium the product would drive (`findChromium`: CHROMIUM_PATH, else the usual locations, else PATH).
 * Throws (the browser tests fail, they do not skip) when it is missing, saying how to install it.
 */
export function chromiumPath(): string {
  try {
    return findChromium({ override: process.env.CHROMIUM_PATH });
  } catch (error) {
    throw new Error(
      `Chromium is required for the browser tests: ${error instanceof Error ? error.message : String(error)} ` +
        "The project installs it with scripts/install-chromium.sh.",
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
