/**
 * npm run client:generate — writes the TypeScript client's types (clients/typescript/src/schema.ts) from
 * the OpenAPI document the API serves at GET /openapi.json. The app is built in this process on a
 * throwaway embedded database and asked through inject(): nothing listens on the network.
 *
 *   npm run client:generate   # rewrite clients/typescript/src/schema.ts
 *   npm run client:check      # exit 1 if the committed file differs from what the served document gives
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/http/app.js";
import { closeServices, createLimiter, createServices, openConfiguredDatabase } from "../src/main/compose.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SCHEMA_FILE = "clients/typescript/src/schema.ts";

const HEADER = [
  "/*",
  " * The DomainLens API's types, generated from the OpenAPI document served at GET /openapi.json.",
  " * Do not edit: run `npm run client:generate` in the DomainLens repository after changing a route or a",
  " * schema (`npm run client:check` in CI fails while this file is out of date).",
  " */",
  "",
].join("\n");

/** The document GET /openapi.json answers, from an app built in this process on a throwaway database. */
export async function servedDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "domainlens-openapi-"));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const database = await openConfiguredDatabase(config);
    const services = createServices(config, database, createLimiter(config));
    try {
      const app = await buildApp(services);
      try {
        const res = await app.inject({ method: "GET", url: "/openapi.json" });
        if (res.statusCode !== 200)
          throw new Error(`GET /openapi.json answered ${res.statusCode}: ${res.body}`);
        return res.json<OpenAPI3>();
      } finally {
        await app.close();
      }
    } finally {
      await closeServices(services);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of clients/typescript/src/schema.ts for a document. */
export async function renderSchema(document: OpenAPI3): Promise<string> {
  const nodes = await openapiTS(document, { silent: true });
  return `${HEADER}${astToString(nodes)}`;
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes("--check");
  const file = path.join(REPO, SCHEMA_FILE);
  const wanted = await renderSchema(await servedDocument());
  if (check) {
    let current: string | null = null;
    try {
      current = readFileSync(file, "utf8");
    } catch {
      current = null;
    }
    if (current === wanted) {
      console.log(`${SCHEMA_FILE} matches GET /openapi.json`);
      return 0;
    }
    console.error(
      `${SCHEMA_FILE} ${current === null ? "is missing" : "differs from what GET /openapi.json gives"}: ` +
        "run `npm run client:generate` and commit the result.",
    );
    return 1;
  }
  writeFileSync(file, wanted);
  console.log(`wrote ${SCHEMA_FILE}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
