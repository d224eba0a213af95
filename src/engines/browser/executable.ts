import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** Where Chromium is looked for when CHROMIUM_PATH is not set, in order. */
export const CHROMIUM_CANDIDATES: readonly string[] = Object.freeze([
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
]);

/** Names also looked up on PATH when none of the candidates exists. */
const PATH_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** No usable Chromium: the message says what was tried and how to fix it. */
export class BrowserUnavailableError extends Error {
  constructor(
    message: string,
    readonly tried: readonly string[],
  ) {
    super(message);
    this.name = "BrowserUnavailableError";
  }
}

export interface FindChromiumOptions {
  /** CHROMIUM_PATH: used as is (and must be executable) when set. */
  override?: string | undefined;
  candidates?: readonly string[];
  /** PATH to search by name after the candidates; default process.env.PATH. */
  searchPath?: string | undefined;
  /** Whether a file exists and is executable (tests replace it). */
  isExecutable?: (file: string) => boolean;
}

function executableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium executable to drive: CHROMIUM_PATH when set (an error when it is not an executable file,
 * never a silent fallback), else the first of the usual Debian/Ubuntu/Chrome locations, else a match on
 * PATH. Throws BrowserUnavailableError naming everything tried.
 */
export function findChromium(options: FindChromiumOptions = {}): string {
  const isExecutable = options.isExecutable ?? executableFile;
  const override = options.override?.trim();
  if (override) {
    if (isExecutable(override)) return override;
    throw new BrowserUnavailableError(
      `CHROMIUM_PATH is set to ${override}, which is not an executable file. Point it at a Chromium or Chrome binary, or unset it to auto-detect.`,
      [override],
    );
  }
  const tried: string[] = [];
  for (const candidate of options.candidates ?? CHROMIUM_CANDIDATES) {
    tried.push(candidate);
    if (isExecutable(candidate)) return candidate;
  }
  const searchPath = options.searchPath ?? process.env.PATH ?? "";
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) {
      const file = path.join(dir, name);
      if (tried.includes(file)) continue;
      tried.push(file);
      if (isExecutable(file)) return file;
    }
  }
  throw new BrowserUnavailableError(
    `No Chromium found (looked for ${CHROMIUM_CANDIDATES.join(", ")} and on PATH). Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to the executable.`,
    tried,
  );
}
