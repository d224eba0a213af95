#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (tsc), copies the files the compiled code reads beside itself
// (the PGlite thread, the SQL migrations, the test world's sites) and writes dist/.build-stamp, the time the
// build started. bin/domainlens.js runs dist/ only while no source file is newer than that stamp
// (docs/cli.md, "Start-up").
//
// `--prepare` (the npm `prepare` script, run by `npm install` and `npm ci`): a failed build warns and exits 0,
// so an install never fails for it; the command line then runs the TypeScript sources through tsx.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const prepare = process.argv.includes("--prepare");
const started = Date.now();

function fail(message) {
  if (prepare) {
    process.stderr.write(
      `domainlens: ${message}; the command line will run from the TypeScript sources (slower start). ` +
        "Run `npm run build` to see why.\n",
    );
    process.exit(0);
  }
  process.stderr.write(`build: ${message}\n`);
  process.exit(1);
}

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
} catch {
  fail("TypeScript is not installed (npm install --include=dev)");
}
rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], {
  cwd: root,
  stdio: prepare ? ["ignore", "ignore", "inherit"] : "inherit",
});
if (compiled.status !== 0) {
  // Type errors still emit JavaScript, but it is not trusted: without the stamp, dist/ is never run.
  fail("the TypeScript build failed");
}
const copies = [
  ["platform/db/pglite-thread.mjs", "platform/db/pglite-thread.mjs"],
  ["platform/db/migrations", "platform/db/migrations"],
  ["world/sites", "world/sites"],
];
for (const [from, to] of copies) {
  mkdirSync(path.dirname(path.join(dist, to)), { recursive: true });
  cpSync(path.join(root, "src", from), path.join(dist, to), { recursive: true });
}
writeFileSync(path.join(dist, ".build-stamp"), `${started}\n`);
if (!prepare)
  process.stdout.write(`build: dist/ compiled in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
