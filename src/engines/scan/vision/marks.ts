import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { z } from "zod";
import { readDataJson } from "../../data-files.js";
import { type Brand, brandRegistry } from "../../domain/index.js";

/**
 * Which brand marks the vision agent looks for: the brands of the DomainLens brand table that have a mark in
 * the shipped `simple-icons` package (matched by name, alias or distinctive token; computed at first use),
 * adjusted by `data/vision/marks.json` (explicit slugs, exclusions, and a few marks simple-icons does not
 * ship, drawn from plain geometry).
 */
export interface MarkSource {
  brand: Brand;
  /** Name of the mark (the icon's title). */
  title: string;
  slug: string;
  /** Paths in a 24×24 box with their fill colours (`#RRGGBB`). */
  paths: ReadonlyArray<{ d: string; fill: string }>;
}

const iconEntry = z.object({
  title: z.string(),
  slug: z.string(),
  hex: z.string(),
  aliases: z
    .object({
      aka: z.array(z.string()).optional(),
      dup: z.array(z.object({ title: z.string() })).optional(),
    })
    .optional(),
});
type IconEntry = z.infer<typeof iconEntry>;

const marksFile = z.object({
  slugs: z.record(z.string(), z.string().nullable()),
  exclude: z.array(z.string()),
  extra: z.array(
    z.object({
      brand: z.string(),
      title: z.string(),
      slug: z.string(),
      paths: z.array(z.object({ d: z.string(), fill: z.string().regex(/^#[0-9a-fA-F]{6}$/) })).min(1),
    }),
  ),
});

const require = createRequire(import.meta.url);

function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]/g, "");
}

function iconPath(slug: string): string | null {
  try {
    const svg = readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), "utf8");
    const match = /<path d="([^"]+)"/.exec(svg);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The icon named like the brand (title or alias), else one whose slug is a distinctive brand token. */
function iconFor(
  brand: Brand,
  byName: ReadonlyMap<string, IconEntry>,
  bySlug: ReadonlyMap<string, IconEntry>,
) {
  const name = normalizeName(brand.name);
  if (name.length >= 3) {
    const named = byName.get(name);
    if (named) return named;
  }
  for (const token of brand.tokens) {
    if (token.strength !== "strong") continue;
    const icon = bySlug.get(token.text) ?? byName.get(token.text);
    if (icon) return icon;
  }
  return null;
}

let sources: MarkSource[] | undefined;

/** Every mark to look for, one or more per brand (cached for the process). */
export function markSources(): readonly MarkSource[] {
  sources ??= buildSources();
  return sources;
}

function buildSources(): MarkSource[] {
  const icons = z
    .array(iconEntry)
    .parse(JSON.parse(readFileSync(require.resolve("simple-icons/icons.json"), "utf8")));
  const config = marksFile.parse(readDataJson("vision/marks.json"));
  const byName = new Map<string, IconEntry>();
  const bySlug = new Map<string, IconEntry>();
  for (const icon of icons) {
    bySlug.set(icon.slug, icon);
    const names = [
      icon.title,
      ...(icon.aliases?.aka ?? []),
      ...(icon.aliases?.dup ?? []).map((d) => d.title),
    ];
    for (const name of names) {
      const key = normalizeName(name);
      if (key.length >= 3 && !byName.has(key)) byName.set(key, icon);
    }
  }
  const excluded = new Set(config.exclude);
  const out: MarkSource[] = [];
  const registry = brandRegistry();
  const byBrandName = new Map(registry.brands.map((b) => [b.name, b]));
  const seen = new Set<string>();
  for (const brand of registry.brands) {
    const override = config.slugs[brand.name];
    const icon =
      override === null ? null : override ? (bySlug.get(override) ?? null) : iconFor(brand, byName, bySlug);
    if (!icon || excluded.has(icon.slug) || seen.has(icon.slug)) continue;
    const d = iconPath(icon.slug);
    if (!d) continue;
    seen.add(icon.slug);
    out.push({ brand, title: icon.title, slug: icon.slug, paths: [{ d, fill: `#${icon.hex}` }] });
  }
  for (const extra of config.extra) {
    const brand = byBrandName.get(extra.brand);
    if (!brand || excluded.has(extra.slug)) continue;
    out.push({ brand, title: extra.title, slug: extra.slug, paths: extra.paths });
  }
  return out;
}
