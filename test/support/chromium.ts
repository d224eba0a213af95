import { accessSync, constants } from "node:fs";
import { type Browser, chromium } from "playwright-core";

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
 * Debian's Chromium: CHROMIUM_PATH, else /usr/bin/chromium. Throws (the browser tests fail, they do not
 * skip) when it is missing, saying how to install it.
 */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  try {
    accessSync(candidate, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium is required for the browser tests and was not found at ${candidate}. ` +
        "Install it with scripts/install-chromium.sh (apt-get install -y chromium) or set CHROMIUM_PATH.",
    );
  }
  return candidate;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
