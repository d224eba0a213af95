import { stat } from "node:fs/promises";
import path from "node:path";

const TEXT = "; charset=utf-8";

/** Content types by file extension; anything else is application/octet-stream. */
export const CONTENT_TYPES: Record<string, string> = {
  ".html": `text/html${TEXT}`,
  ".htm": `text/html${TEXT}`,
  ".php": `text/html${TEXT}`,
  ".css": `text/css${TEXT}`,
  ".js": `text/javascript${TEXT}`,
  ".mjs": `text/javascript${TEXT}`,
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": `text/plain${TEXT}`,
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".exe": "application/vnd.microsoft.portable-executable",
  ".apk": "application/vnd.android.package-archive",
  ".wasm": "application/wasm",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".mp4": "video/mp4",
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

export type FileLookup = { kind: "file"; file: string } | { kind: "directory" } | { kind: "missing" };

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a URL path to a file of the site folder: "/" and ".../" serve index.html, a folder without the
 * trailing slash reports "directory" (the caller redirects), and nothing outside the folder is reachable.
 * site.json is the site's description, never content.
 */
export async function lookupFile(dir: string, pathname: string): Promise<FileLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: "missing" };
  }
  if (decoded.includes("\0") || decoded.split("/").includes("..")) return { kind: "missing" };
  const target = path.resolve(dir, `.${decoded.startsWith("/") ? decoded : `/${decoded}`}`);
  if (target !== dir && !target.startsWith(dir + path.sep)) return { kind: "missing" };
  if (target === path.join(dir, "site.json")) return { kind: "missing" };
  if (decoded.endsWith("/")) {
    const index = path.join(target, "index.html");
    return (await isFile(index)) ? { kind: "file", file: index } : { kind: "missing" };
  }
  try {
    const info = await stat(target);
    if (info.isFile()) return { kind: "file", file: target };
    if (info.isDirectory() && (await isFile(path.join(target, "index.html")))) return { kind: "directory" };
  } catch {
    // Not there.
  }
  return { kind: "missing" };
}
