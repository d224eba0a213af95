import { type Browser, chromium } from "playwright-core";
import { findChromium, LOCKED_DOWN_SWITCHES } from "../../src/engines/browser/index.js";

/** The product's own switches (ARCHITECTURE.md, "browser"), without its proxy and resolver rules. */
export const CHROMIUM_ARGS = [...LOCKED_DOWN_SWITCHES];

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
