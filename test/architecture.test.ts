import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layering of src/ (docs/architecture.md, and the README.md of each top-level folder), checked on
 * every import specifier of every source file. Test code (`*.test.ts`, `testing/` and `test-support/`
 * folders) wires whole stacks together and is exempt.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const src = path.join(repo, "src");

interface Rule {
  /** Which files the rule applies to (paths relative to the repository, "/" separated). */
  files: RegExp;
  /** Imports of these resolved targets are violations. */
  forbidden: RegExp;
  why: string;
}

const RULES: Rule[] = [
  {
    files: /^src\/engines\//,
    forbidden: /^src\/(api|http|platform|main|world)\/|^src\/config\.ts$/,
    why: "engines are pure libraries behind the egress gate: no api/, http/, platform/, main/, world/ or config",
  },
  {
    files: /^src\/engines\/egress\//,
    forbidden: /^src\/engines\/(?!egress\/)/,
    why: "engines/egress is the bottom of the engines: net and the rest build on it, never the reverse",
  },
  {
    files: /^src\/platform\//,
    forbidden: /^src\/(api|http|main|world)\//,
    why: "platform (db, jobs, billing, limits, keys) serves api/ and http/ and imports neither",
  },
  {
    files: /^src\/api\/(?!.*[/-]routes\.ts$)/,
    forbidden: /^src\/(http|main|world)\//,
    why: "services and other non-route api files import no http/ (errors they throw are in src/api/errors.ts)",
  },
  {
    files: /^src\/api\/.*[/-]routes\.ts$/,
    forbidden: /^src\/(main|world)\//,
    why: "routes may use http/ but not the composition roots or the test internet",
  },
  {
    files: /^src\/http\//,
    forbidden: /^src\/(main|world)\//,
    why: "http/ is composed by main/, never the reverse",
  },
  {
    files: /^src\/world\//,
    forbidden: /^src\/(api|http|platform|main|engines)\/|^src\/config\.ts$/,
    why: "world/ is a stand-alone test internet: it imports nothing of the product",
  },
  {
    files: /^src\/util\//,
    forbidden: /^src\/(?!util\/)/,
    why: "util/ is the leaf every layer may import: it imports nothing else of src/",
  },
  {
    files: /^src\//,
    forbidden: /^(test|bench|scripts)\//,
    why: "product code never imports tests, benchmarks or scripts",
  },
];

function isTestCode(file: string): boolean {
  return /\.test\.ts$/.test(file) || /\/(testing|test-support)\//.test(file);
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (full === path.join(src, "world", "sites")) continue;
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** Every specifier of `import … from`, `export … from`, `import "…"` and `import("…")`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\1/g)) {
    if (match[2]) found.push(match[2]);
  }
  return found;
}

/** The repository-relative file a relative specifier names (`./x.js` → `src/…/x.ts`). */
function resolveTarget(file: string, specifier: string): string {
  const target = path.resolve(path.dirname(file), specifier);
  const candidates = [
    target.replace(/\.(m?)js$/, ".$1ts"),
    target,
    `${target}.ts`,
    path.join(target, "index.ts"),
  ];
  const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return path
    .relative(repo, hit ?? target)
    .split(path.sep)
    .join("/");
}

interface Edge {
  file: string;
  specifier: string;
  target: string;
}

function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const full of sourceFiles(src)) {
    const file = path.relative(repo, full).split(path.sep).join("/");
    for (const specifier of specifiers(readFileSync(full, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      edges.push({ file, specifier, target: resolveTarget(full, specifier) });
    }
  }
  return edges;
}

describe("architecture", () => {
  const edges = importEdges();

  it("reads the imports of src/", () => {
    // Guards against a scanner that silently finds nothing.
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({
      file: "src/engines/net/egress-handle.ts",
      specifier: "../egress/index.js",
      target: "src/engines/egress/index.ts",
    });
  });

  it("keeps the layering of src/", () => {
    const violations: string[] = [];
    for (const edge of edges) {
      if (isTestCode(edge.file)) continue;
      for (const rule of RULES) {
        if (rule.files.test(edge.file) && rule.forbidden.test(edge.target)) {
          violations.push(`${edge.file} imports "${edge.specifier}" (${edge.target}): ${rule.why}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it("has no import cycle between engines/egress and engines/net", () => {
    const crosses = (from: string, to: string) =>
      edges.some((e) => e.file.startsWith(from) && e.target.startsWith(to) && !isTestCode(e.file));
    expect(crosses("src/engines/net/", "src/engines/egress/")).toBe(true);
    expect(crosses("src/engines/egress/", "src/engines/net/")).toBe(false);
  });

  it("documents each top-level folder of src/ in a README.md", () => {
    const folders = readdirSync(src).filter((name) => statSync(path.join(src, name)).isDirectory());
    const missing = folders.filter((name) => !existsSync(path.join(src, name, "README.md")));
    expect(missing).toEqual([]);
  });
});
