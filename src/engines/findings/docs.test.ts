import { describe, expect, it } from "vitest";
import { FINDING_TABLES, findingDocs, renderTable, withTables } from "../../../scripts/findings-docs.js";
import { FINDING_CATALOG, type FindingCode } from "./catalog.js";
import { scanCodeOf } from "./catalog-scan-net.js";
import type { FindingDefinition } from "./types.js";

describe("finding docs", () => {
  it.each(findingDocs().map((d) => [d.file, d] as const))(
    "%s has the code tables the catalog gives (npm run docs:findings)",
    (_file, doc) => {
      expect(doc.actual).toBe(doc.expected);
    },
  );

  it("document every code once, except the scan's copies of risk codes (NET-1NN, NET-2NN)", () => {
    const documented = FINDING_TABLES.flatMap((t) => t.definitions.map((d) => d.code));
    const mirrors = new Set<FindingCode>(
      FINDING_CATALOG.map((d) => scanCodeOf(d.code)).filter((c) => c !== null),
    );
    expect(documented).toEqual(FINDING_CATALOG.map((d) => d.code).filter((c) => !mirrors.has(c)));
  });

  it("give every entry its 'when' text", () => {
    for (const d of FINDING_CATALOG) expect(d.when.trim(), d.code).not.toBe("");
  });
});

describe("the docs generator", () => {
  const definitions: FindingDefinition[] = [
    {
      code: "SYS-001",
      area: "SYS",
      agent: "System",
      severity: "Low",
      title: "A title",
      meaning: "m",
      when: "Fires on a | b.",
      severityNote: "Medium",
    },
    { code: "SYS-002", area: "SYS", agent: "System", severity: "High", title: "T", meaning: "m", when: "w" },
  ];
  const table = { name: "SYS", file: "docs/x.md", layout: "standard", definitions } as const;

  it("renders each layout's columns", () => {
    expect(renderTable(table)).toBe(
      [
        "| code | severity | title | fires when |",
        "|---|---|---|---|",
        "| `SYS-001` | Low (Medium) | A title | Fires on a \\| b. |",
        "| `SYS-002` | High | T | w |",
      ].join("\n"),
    );
    expect(
      renderTable({ ...table, layout: "domain" })
        .split("\n")
        .slice(0, 1),
    ).toEqual(["| code | default severity | finding | raised / lowered |"]);
    expect(
      renderTable({ ...table, layout: "domain" })
        .split("\n")
        .slice(2),
    ).toEqual(["| SYS-001 | Low | Fires on a \\| b. | Medium |", "| SYS-002 | High | w | — |"]);
    expect(renderTable({ ...table, layout: "vision" }).split("\n")[0]).toBe(
      "| code | default | when | severity |",
    );
  });

  it("replaces only what lies between the markers", () => {
    const text = "Prose.\n\n<!-- findings:SYS begin -->\n| old |\n<!-- findings:SYS end -->\n\nMore prose.\n";
    expect(withTables(text, [table])).toBe(
      `Prose.\n\n<!-- findings:SYS begin -->\n${renderTable(table)}\n<!-- findings:SYS end -->\n\nMore prose.\n`,
    );
    const once = withTables(text, [table]);
    expect(withTables(once, [table])).toBe(once);
  });

  it("refuses a doc without its markers", () => {
    expect(() => withTables("no markers\n", [table])).toThrow(/findings:SYS begin/);
    expect(() => withTables("<!-- findings:SYS begin -->\n| x |\n", [table])).toThrow();
  });
});
