/**
 * npm run docs:findings — writes the code tables of the finding docs from the catalog
 * (src/engines/findings/catalog-*.ts): each table sits between `<!-- findings:NAME begin -->` and
 * `<!-- findings:NAME end -->` and is rendered from the entries' severity, title, `when` and
 * `severityNote`. Everything outside the markers is prose and is left as it is.
 *
 *   npm run docs:findings              # rewrite the tables
 *   npm run docs:findings -- --check   # exit 1 if a file differs from what the catalog gives
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CONTENT_FINDINGS } from "../src/engines/findings/catalog-con.js";
import { DOMAIN_FINDINGS } from "../src/engines/findings/catalog-dom.js";
import { NETWORK_FINDINGS } from "../src/engines/findings/catalog-net.js";
import { SCAN_NETWORK_OWN_FINDINGS } from "../src/engines/findings/catalog-scan-net.js";
import { SYSTEM_FINDINGS } from "../src/engines/findings/catalog-sys.js";
import { VISION_FINDINGS } from "../src/engines/findings/catalog-vis.js";
import type { FindingDefinition } from "../src/engines/findings/types.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * How a doc lays out its table. `standard`: code, severity (with `severityNote` in parentheses), title,
 * when. `domain`: code, default severity, `when` as the finding, `severityNote` as raised / lowered.
 * `vision`: code, default severity, when, `severityNote` as the severity.
 */
export type TableLayout = "standard" | "domain" | "vision";

export interface FindingTable {
  /** The marker name: `<!-- findings:NAME begin -->`. */
  name: string;
  /** Repository-relative path of the doc. */
  file: string;
  layout: TableLayout;
  definitions: readonly FindingDefinition[];
}

export const FINDING_TABLES: readonly FindingTable[] = [
  { name: "DR-DOM", file: "docs/findings-dom.md", layout: "domain", definitions: DOMAIN_FINDINGS },
  { name: "DR-NET", file: "docs/findings-net.md", layout: "standard", definitions: NETWORK_FINDINGS },
  {
    name: "NET",
    file: "docs/findings-scan-net.md",
    layout: "standard",
    definitions: SCAN_NETWORK_OWN_FINDINGS,
  },
  { name: "CON", file: "docs/findings-con.md", layout: "standard", definitions: CONTENT_FINDINGS },
  { name: "SYS", file: "docs/findings-sys.md", layout: "standard", definitions: SYSTEM_FINDINGS },
  { name: "VIS", file: "docs/scan-vision.md", layout: "vision", definitions: VISION_FINDINGS },
];

const HEADERS: Record<TableLayout, string[]> = {
  standard: ["code", "severity", "title", "fires when"],
  domain: ["code", "default severity", "finding", "raised / lowered"],
  vision: ["code", "default", "when", "severity"],
};

function cell(text: string): string {
  if (/[\r\n]/.test(text)) throw new Error(`a table cell cannot hold a line break: ${text}`);
  return text.replaceAll("|", "\\|");
}

function row(cells: string[]): string {
  return `| ${cells.map(cell).join(" | ")} |`;
}

function cellsOf(d: FindingDefinition, layout: TableLayout): string[] {
  switch (layout) {
    case "standard":
      return [
        `\`${d.code}\``,
        d.severityNote ? `${d.severity} (${d.severityNote})` : d.severity,
        d.title,
        d.when,
      ];
    case "domain":
    case "vision":
      return [d.code, d.severity, d.when, d.severityNote ?? "—"];
  }
}

/** The Markdown table of a doc's codes, without a final newline. */
export function renderTable(table: FindingTable): string {
  const header = HEADERS[table.layout];
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---|").join("")}`,
    ...table.definitions.map((d) => row(cellsOf(d, table.layout))),
  ].join("\n");
}

/** `text` with the table of each of `tables` written between its markers; throws if a marker is missing. */
export function withTables(text: string, tables: readonly FindingTable[]): string {
  let out = text;
  for (const table of tables) {
    const begin = `<!-- findings:${table.name} begin -->\n`;
    const end = `\n<!-- findings:${table.name} end -->`;
    const from = out.indexOf(begin);
    const to = out.indexOf(end, from);
    if (from < 0 || to < 0 || out.indexOf(begin, from + 1) >= 0 || out.indexOf(end, to + 1) >= 0)
      throw new Error(
        `${table.file}: needs exactly one "${begin.trim()}" line followed by one "${end.trim()}" line`,
      );
    out = `${out.slice(0, from + begin.length)}${renderTable(table)}${out.slice(to)}`;
  }
  return out;
}

export interface DocFile {
  /** Repository-relative path. */
  file: string;
  actual: string;
  expected: string;
}

/** Every doc that holds finding tables, as it is and as the catalog writes it. */
export function findingDocs(root = REPO): DocFile[] {
  const files = [...new Set(FINDING_TABLES.map((t) => t.file))];
  return files.map((file) => {
    const actual = readFileSync(path.join(root, file), "utf8");
    const tables = FINDING_TABLES.filter((t) => t.file === file);
    return { file, actual, expected: withTables(actual, tables) };
  });
}

function main(): void {
  const docs = findingDocs();
  const stale = docs.filter((d) => d.actual !== d.expected);
  if (process.argv.includes("--check")) {
    for (const d of stale) console.error(`${d.file} differs from the finding catalog`);
    if (stale.length > 0) {
      console.error(
        "the tables are written from src/engines/findings/catalog-*.ts (`when`, `severityNote`): edit the " +
          "entries there, then run `npm run docs:findings`",
      );
      process.exit(1);
    }
    console.log(`${docs.length} finding docs match the catalog`);
    return;
  }
  for (const d of stale) writeFileSync(path.join(REPO, d.file), d.expected);
  console.log(`${stale.length} of ${docs.length} finding docs rewritten`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
