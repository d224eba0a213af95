import { z } from "zod";
import { listDataFiles, readDataJson } from "../../data-files.js";
import { FUNCTION_FLAGS, PURPOSES } from "../taxonomy.js";
import type { FunctionFlag, Purpose } from "../types.js";
import { nameKey } from "./names.js";

/**
 * The curated parent-entity table (`data/entities/*.json`, written by DomainLens from public facts): for
 * well-known domains, the company that operates each one, its parent, and where obvious its purpose and
 * capability flags.
 */
const domainInfo = z.object({
  purpose: z.enum(PURPOSES).optional(),
  specialization: z.string().min(1).max(80).optional(),
  /** The name people know the site by, when it differs from the operator's ("YouTube"). */
  name: z.string().min(1).max(60).optional(),
  flags: z.array(z.enum(FUNCTION_FLAGS)).optional(),
});

const entityEntry = z.object({
  operator: z.string().min(2).max(120),
  parent: z.string().min(2).max(120).nullable(),
  /** Brand and trading names of this operator (matched against what pages claim). */
  names: z.array(z.string().min(1).max(60)).optional(),
  domains: z.record(z.string().regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/), domainInfo),
});

export type EntityEntry = z.infer<typeof entityEntry>;

export interface EntityRecord {
  domain: string;
  operator: string;
  parent: string | null;
  purpose: Purpose | null;
  specialization: string | null;
  name: string | null;
  flags: FunctionFlag[];
  /** Id of the family (entries sharing the top-level owner). */
  family: string;
  /** Every name of the family (operators, parent, brand names): what impersonators claim. */
  familyNames: string[];
}

interface EntityTable {
  byDomain: Map<string, EntityRecord>;
  /** Name key → family id. */
  familyByName: Map<string, string>;
  /** Family id → its domains. */
  domainsByFamily: Map<string, Set<string>>;
  families: number;
}

let table: EntityTable | undefined;

function load(): EntityTable {
  const byDomain = new Map<string, EntityRecord>();
  const familyByName = new Map<string, string>();
  const domainsByFamily = new Map<string, Set<string>>();
  const entries: EntityEntry[] = [];
  for (const file of listDataFiles("entities", ".json")) {
    const parsed = z.array(entityEntry).safeParse(readDataJson(file));
    if (!parsed.success) throw new Error(`data/${file}: ${parsed.error.message}`);
    entries.push(...parsed.data);
  }
  // Names of a family: everything under one top-level owner.
  const familyNames = new Map<string, Set<string>>();
  for (const entry of entries) {
    const family = nameKey(entry.parent ?? entry.operator);
    const names = familyNames.get(family) ?? new Set<string>();
    names.add(entry.operator);
    if (entry.parent) names.add(entry.parent);
    for (const name of entry.names ?? []) names.add(name);
    for (const info of Object.values(entry.domains)) if (info.name) names.add(info.name);
    familyNames.set(family, names);
  }
  for (const entry of entries) {
    const family = nameKey(entry.parent ?? entry.operator);
    const names = [...(familyNames.get(family) ?? [])];
    for (const name of names) {
      const key = nameKey(name);
      if (key.length >= 3 && !familyByName.has(key)) familyByName.set(key, family);
    }
    const domains = domainsByFamily.get(family) ?? new Set<string>();
    for (const [domain, info] of Object.entries(entry.domains)) {
      domains.add(domain);
      if (byDomain.has(domain)) continue;
      byDomain.set(domain, {
        domain,
        operator: entry.operator,
        parent: entry.parent,
        purpose: info.purpose ?? null,
        specialization: info.specialization ?? null,
        name: info.name ?? entry.names?.[0] ?? null,
        flags: info.flags ?? [],
        family,
        familyNames: names,
      });
    }
    domainsByFamily.set(family, domains);
  }
  return { byDomain, familyByName, domainsByFamily, families: familyNames.size };
}

function data(): EntityTable {
  table ??= load();
  return table;
}

/** The table's record for a registrable domain, or null. */
export function entityForDomain(domain: string): EntityRecord | null {
  return data().byDomain.get(domain) ?? null;
}

/**
 * When `name` is a name of a family in the table: that family's id and domains (a page on another domain
 * that claims the name is not theirs).
 */
export function familyOfName(
  name: string,
): { family: string; domains: ReadonlySet<string>; purpose: Purpose | null } | null {
  const key = nameKey(name);
  if (key.length < 3) return null;
  const family = data().familyByName.get(key);
  if (!family) return null;
  const domains = data().domainsByFamily.get(family) ?? new Set<string>();
  // The family's most common purpose (what a page claiming the family imitates).
  const tally = new Map<Purpose, number>();
  for (const domain of domains) {
    const purpose = data().byDomain.get(domain)?.purpose;
    if (purpose) tally.set(purpose, (tally.get(purpose) ?? 0) + 1);
  }
  const purpose = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return { family, domains, purpose };
}

/** Size of the table (documentation and tests). */
export function entityTableStats(): { families: number; domains: number } {
  return { families: data().families, domains: data().byDomain.size };
}

/** Every record (quality checks). */
export function entityRecords(): EntityRecord[] {
  return [...data().byDomain.values()];
}
