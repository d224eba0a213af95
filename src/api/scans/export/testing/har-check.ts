import { createRequire } from "node:module";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";

/*
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) checked with the published JSON schemas of the
 * `har-schema` package (draft-06) and ajv, plus what those schemas leave out: the -1 conventions of timings
 * and sizes, `time` as the sum of the timings, page references, and custom fields named with "_".
 */

const require = createRequire(import.meta.url);
const schemas = require("har-schema") as Record<string, { $id: string }>;
const draft06 = require("ajv/dist/refs/json-schema-draft-06.json") as object;
// ajv-formats is CommonJS: its function is the default export's `default` under NodeNext.
type AddFormats = (ajv: Ajv) => Ajv;
const formatsModule = addFormatsModule as unknown as AddFormats & { default?: AddFormats };
const addFormats: AddFormats = formatsModule.default ?? formatsModule;

// The schemas use a few keywords of their own (`optional`, `min`, `unique`): not strict.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addMetaSchema(draft06);
for (const schema of Object.values(schemas)) ajv.addSchema(schema);
const validateHar = ajv.getSchema("har.json#");

const ENTRY_FIELDS = new Set([
  "pageref",
  "startedDateTime",
  "time",
  "request",
  "response",
  "cache",
  "timings",
  "serverIPAddress",
  "connection",
  "comment",
]);
const OPTIONAL_TIMINGS = ["blocked", "dns", "connect", "ssl"] as const;
const REQUIRED_TIMINGS = ["send", "wait", "receive"] as const;

interface AnyEntry {
  pageref?: string;
  time: number;
  timings: Record<string, number | string>;
  request: { headersSize: number; bodySize: number };
  response: { status: number; headersSize: number; bodySize: number };
  [key: string]: unknown;
}

/** What in `har` breaks HAR 1.2; empty when nothing does. */
export function harProblems(har: unknown): string[] {
  if (!validateHar) return ["the har-schema package has no har.json schema"];
  const problems: string[] = [];
  if (!validateHar(har)) {
    for (const e of validateHar.errors ?? []) problems.push(`schema: ${e.instancePath} ${e.message}`);
    return problems;
  }
  const log = (har as { log: { version: string; pages?: Array<{ id: string }>; entries: AnyEntry[] } }).log;
  if (log.version !== "1.2") problems.push(`log.version is ${log.version}, not 1.2`);
  const pages = new Set((log.pages ?? []).map((p) => p.id));
  if (pages.size !== (log.pages ?? []).length) problems.push("page ids are not unique");
  log.entries.forEach((entry, i) => {
    const at = `entries[${i}]`;
    if (entry.pageref !== undefined && !pages.has(entry.pageref))
      problems.push(`${at}.pageref names no page`);
    for (const key of Object.keys(entry)) {
      if (!ENTRY_FIELDS.has(key) && !key.startsWith("_")) problems.push(`${at}.${key} is not a HAR field`);
    }
    let sum = 0;
    for (const name of OPTIONAL_TIMINGS) {
      const value = entry.timings[name];
      if (value === undefined) continue;
      if (typeof value !== "number" || value < -1) problems.push(`${at}.timings.${name} is below -1`);
      else if (value !== -1) sum += value;
    }
    for (const name of REQUIRED_TIMINGS) {
      const value = entry.timings[name];
      if (typeof value !== "number" || value < 0)
        problems.push(`${at}.timings.${name} must be a number >= 0`);
      else sum += value;
    }
    if (entry.time !== sum) problems.push(`${at}.time ${entry.time} is not the sum of its timings (${sum})`);
    for (const part of ["request", "response"] as const) {
      for (const size of ["headersSize", "bodySize"] as const) {
        if (entry[part][size] < -1) problems.push(`${at}.${part}.${size} is below -1`);
      }
    }
    if (entry.response.status < 0) problems.push(`${at}.response.status is negative`);
  });
  return problems;
}
