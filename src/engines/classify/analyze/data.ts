import { readFileSync } from "node:fs";

/** The project's shipped reference data (`data/` at the repository root). */
const DATA_ROOT = new URL("../../../../data/", import.meta.url);

export function readData(path: string): string {
  return readFileSync(new URL(path, DATA_ROOT), "utf8");
}

export function readDataJson(path: string): unknown {
  return JSON.parse(readData(path));
}

/** Non-empty, non-comment lines, trimmed and lower-cased. */
export function readDataLines(path: string): string[] {
  return readData(path)
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0 && !line.startsWith("#"));
}

export function dataDirectoryUrl(path: string): URL {
  return new URL(path, DATA_ROOT);
}
