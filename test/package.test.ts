import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/paths.js";

/** The two functions used from `semver` (npm's own range semantics; installed with fastify). */
interface Semver {
  satisfies(version: string, range: string): boolean;
  subset(sub: string, dom: string): boolean;
}
const semver = createRequire(import.meta.url)("semver") as Semver;

interface LockedPackage {
  version?: string;
  optional?: boolean;
  hasInstallScript?: boolean;
  engines?: { node?: string };
}

const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockedPackage>;
};
const locked = Object.entries(lock.packages)
  .filter(([location]) => location !== "")
  .map(([location, entry]) => ({
    name: location.slice(location.lastIndexOf("node_modules/") + 13),
    ...entry,
  }));

describe("npm ci (README, Requirements)", () => {
  it("supports the Node.js this machine and CI run", () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
    expect(semver.satisfies("20.19.0", pkg.engines.node)).toBe(true);
  });

  it("installs no dependency that wants another Node.js than the supported ones (no EBADENGINE)", () => {
    // Optional packages (other platforms' binaries) are skipped when they do not fit, without a warning.
    const misfits = locked
      .filter((p) => !p.optional && p.engines?.node !== undefined)
      .filter((p) => !semver.subset(pkg.engines.node, p.engines?.node ?? "*"))
      .map((p) => `${p.name}@${p.version} wants node ${p.engines?.node}`);
    expect(misfits).toEqual([]);
  });

  it("reviews every dependency install script in allowScripts, allowing none it does not need", () => {
    const withScripts = locked.filter((p) => p.hasInstallScript).map((p) => p.name);
    const reviewed = Object.keys(pkg.allowScripts ?? {}).map((entry) => entry.replace(/(.)@.*$/, "$1"));
    expect(withScripts.filter((name) => !reviewed.includes(name))).toEqual([]);
    // Decided in README (Requirements): esbuild ships its binary as a package of its own, and tesseract.js's
    // script only prints a donation banner.
    expect(pkg.allowScripts).toMatchObject({ esbuild: false, "tesseract.js": false });
  });
});
