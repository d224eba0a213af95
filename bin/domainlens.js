#!/usr/bin/env node
// The `domainlens` command (docs/cli.md, "Start-up"): runs the compiled JavaScript in dist/ when it is current
// (`npm install` builds it; so does `npm run build`), and otherwise the TypeScript sources through tsx's
// loader, which is slower to start. dist/ is current when no source file is newer than its build stamp.
import { readdirSync, readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);

function compiledIsCurrent() {
  let built;
  try {
    built = Number(readFileSync(new URL("dist/.build-stamp", root), "utf8"));
  } catch {
    return false;
  }
  if (!Number.isFinite(built)) return false;
  const src = new URL("src/", root);
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".test.ts")) continue;
    const file = `${entry.parentPath ?? entry.path}/${entry.name}`;
    if (statSync(file).mtimeMs > built) return false;
  }
  return true;
}

if (process.env.DOMAINLENS_FROM_SOURCE !== "1" && compiledIsCurrent()) {
  await import("../dist/main/cli.js");
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/main/cli.ts");
}
