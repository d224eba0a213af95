// The embedded database's own thread: one PGlite instance, opened on the directory given in workerData,
// answering the queries the server thread posts (see pglite-worker.ts). Plain JavaScript so that it starts
// without a TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const BYTEA_OID = 17;

/** The fields of a database error worth keeping across the thread boundary (structured clone keeps only message). */
const ERROR_FIELDS = [
  "code",
  "severity",
  "detail",
  "hint",
  "constraint",
  "table",
  "column",
  "schema",
  "routine",
];

/** @param {unknown} error */
function plainError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  /** @type {Record<string, unknown>} */
  const out = { name: error.name, message: error.message };
  for (const field of ERROR_FIELDS) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error))[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

const port = parentPort;
if (port === null) throw new Error("pglite-thread.mjs runs as a worker thread");

/** @type {PGlite | undefined} */
let client;
try {
  client = await PGlite.create(workerData.dir, { parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number } });
  port.postMessage({ type: "ready" });
} catch (error) {
  port.postMessage({ type: "failed", error: plainError(error) });
}

port.on("message", async (message) => {
  if (client === undefined) return;
  if (message.type === "close") {
    try {
      await client.close();
      port.postMessage({ id: message.id, rows: [] });
    } catch (error) {
      port.postMessage({ id: message.id, error: plainError(error) });
    }
    port.close();
    return;
  }
  try {
    const result = await client.query(message.sql, message.params);
    const bytea = result.fields.filter((f) => f.dataTypeID === BYTEA_OID).map((f) => f.name);
    port.postMessage({ id: message.id, rows: result.rows, affectedRows: result.affectedRows, bytea });
  } catch (error) {
    port.postMessage({ id: message.id, error: plainError(error) });
  }
});
