import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dataFilePath } from "../src/engines/data-files.js";

/**
 * data/NOTICE credits every shipped data file: a new file under data/ cannot ship without an entry naming
 * its source and licence. Folders git ignores under data/ (the embedded database and charge journal of the
 * default DATA_DIR, ./data) are runtime state, not shipped data.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = dataFilePath("");
const notice = readFileSync(path.join(dataDir, "NOTICE"), "utf8");

interface Entry {
  names: string[];
  body: string;
}

/** Entries: one or more names at the start of a line (`data/…` or `node_modules/…`), then indented lines. */
function entries(): Entry[] {
  const found: Entry[] = [];
  let current: Entry | null = null;
  for (const line of notice.split("\n")) {
    const name = /^((?:data|node_modules)\/\S+)/.exec(line)?.[1];
    if (name) {
      if (current?.body !== "") {
        current = { names: [], body: "" };
        found.push(current);
      }
      current.names.push(name);
    } else if (current && line.startsWith("  ")) {
      current.body += `${line}\n`;
    } else if (line.trim() === "") {
      current = null;
    }
  }
  return found;
}

function ignoredRuntimeFolders(): string[] {
  const gitignore = readFileSync(path.join(repo, ".gitignore"), "utf8");
  return gitignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("data/"))
    .map((line) => (line.endsWith("/") ? line : `${line}/`));
}

function shippedFiles(): string[] {
  const runtime = ignoredRuntimeFolders();
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const relative = path.relative(repo, full).split(path.sep).join("/");
      if (statSync(full).isDirectory()) {
        if (!runtime.includes(`${relative}/`)) walk(full);
      } else if (!/^data\/(NOTICE|README[^/]*)$/.test(relative)) {
        files.push(relative);
      }
    }
  };
  walk(dataDir);
  return files.sort();
}

/** `data/brands/*.json` → a pattern for one folder level. */
function matcher(name: string): RegExp {
  const escaped = name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  return new RegExp(`^${escaped}$`);
}

describe("data/NOTICE", () => {
  const all = entries();
  const dataNames = all.flatMap((entry) => entry.names).filter((name) => name.startsWith("data/"));

  it("names every shipped file under data/", () => {
    const files = shippedFiles();
    expect(files.length).toBeGreaterThan(30);
    const uncredited = files.filter((file) => !dataNames.some((name) => matcher(name).test(file)));
    expect(uncredited).toEqual([]);
  });

  it("names no file that is not there", () => {
    const files = shippedFiles();
    const stale = dataNames.filter((name) => !files.some((file) => matcher(name).test(file)));
    expect(stale).toEqual([]);
  });

  it("gives each entry a source and a licence", () => {
    expect(all.length).toBeGreaterThan(15);
    const incomplete = all
      .filter((entry) => !/^ {2}Source:/m.test(entry.body) || !/^ {2}Licence:/m.test(entry.body))
      .map((entry) => entry.names.join(", "));
    expect(incomplete).toEqual([]);
  });

  it("names only installed dependencies among the npm packages it credits", () => {
    const pkg = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const packages = all
      .flatMap((entry) => entry.names)
      .filter((name) => name.startsWith("node_modules/"))
      .map((name) => name.slice("node_modules/".length));
    expect(packages.length).toBeGreaterThan(0);
    for (const name of packages) {
      expect(pkg.dependencies[name], name).toBeDefined();
      expect(existsSync(path.join(repo, "node_modules", name, "package.json")), name).toBe(true);
    }
  });

  it("carries the copyright lines of its MIT sources", () => {
    for (const line of [
      "Copyright 2020 Sublime Security, Inc.",
      "Copyright (c) 2025 Eric Case",
      "Copyright (c) 2018-2025 Phishing.Database Contributors - @Phishing-Database",
      "The above copyright notice and this permission notice shall be included in all copies or substantial",
    ]) {
      expect(notice).toContain(line);
    }
  });
});
