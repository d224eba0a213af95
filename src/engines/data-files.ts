import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The one way into the project's shipped reference data: `data/` at the repository root, beside `src/`
 * and `dist/` (every file there is credited in data/NOTICE). Paths are relative to it
 * ("lists/keywords.json"); nothing else in the code spells out where `data/` is.
 */
const DATA_ROOT = new URL("../../data/", import.meta.url);

export function dataFileUrl(path: string): URL {
  return new URL(path, DATA_ROOT);
}

/** The file system path of a data file (or folder, with a trailing "/"). */
export function dataFilePath(path: string): string {
  return fileURLToPath(dataFileUrl(path));
}

export function readDataText(path: string): string {
  return readFileSync(dataFileUrl(path), "utf8");
}

export function readDataJson(path: string): unknown {
  return JSON.parse(readDataText(path));
}

/** Non-empty, non-comment lines of a one-entry-per-line list, trimmed and lower-cased. */
export function readDataLines(path: string): string[] {
  const lines: string[] = [];
  for (const raw of readDataText(path).split(/\r?\n/)) {
    const line = raw.trim().toLowerCase();
    if (line.length > 0 && !line.startsWith("#")) lines.push(line);
  }
  return lines;
}

/** Files of a data folder with the given extension, in a stable order. */
export function listDataFiles(folder: string, extension: string): string[] {
  const prefix = folder.endsWith("/") ? folder : `${folder}/`;
  return readdirSync(dataFileUrl(prefix))
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => `${prefix}${name}`);
}

/** Entries of a MISP warning list (`{ "list": [...] }`); a leading "." (domain and subdomains) is dropped. */
export function readMispList(path: string): string[] {
  const document = readDataJson(path);
  if (typeof document !== "object" || document === null || !("list" in document)) return [];
  const list = document.list;
  if (!Array.isArray(list)) return [];
  const entries: string[] = [];
  for (const item of list) {
    if (typeof item !== "string") continue;
    const entry = item.trim().toLowerCase().replace(/^\.+/, "").replace(/\.+$/, "");
    if (entry.length > 0) entries.push(entry);
  }
  return entries;
}
