import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";

/**
 * Offline access to the world's fixture folders (`src/world/sites/<host>`), for tests that build captures
 * straight from the files instead of crawling or scanning the running world.
 */
export const SITES_DIR = new URL("../sites/", import.meta.url);

/** "Now" of the fixture world: relative registration dates (`-5d`) count back from it. */
export const WORLD_NOW = new Date("2026-11-21T12:00:00Z");

/** Every fixture folder name (its host), sorted. */
export function fixtureHosts(): string[] {
  return readdirSync(SITES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The file a fixture serves for a URL path (`/` and folders → index.html), or null. */
export function fixtureFile(host: string, path: string): string | null {
  let relative = decodeURIComponent(path.replace(/[?#].*$/, "")).replace(/^\/+/, "");
  if (relative === "" || relative.endsWith("/")) relative += "index.html";
  if (relative.includes("..")) return null;
  const url = new URL(`${host}/${relative}`, SITES_DIR);
  return existsSync(url) && statSync(url).isFile() ? readFileSync(url, "utf8") : null;
}

/** A site.json `created` value (`YYYY-MM-DD` or `-Nd`) as the RDAP registration timestamp. */
export function fixtureRegisteredAt(created: string | undefined): string | null {
  if (!created) return null;
  const relative = /^-(\d+)d$/.exec(created);
  if (relative) return new Date(WORLD_NOW.getTime() - Number(relative[1]) * 86_400_000).toISOString();
  return `${created}T00:00:00.000Z`;
}
