import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { domainToASCII } from "node:url";
import type { z } from "zod";
import { type AddressAllocator, DEFAULT_NAMESERVERS } from "./address-plan.js";
import { WRONG_HOST_NAME } from "./ca.js";
import { addYears, isHostname, resolveWorldDate, type SiteFile, siteFileSchema } from "./site-schema.js";
import type { Site, SiteSummary } from "./types.js";

export const DEFAULT_REGISTRAR = "World Test Registrar, Inc.";
export const DEFAULT_RDAP_STATUS = ["client transfer prohibited"];

/** A corpus folder the world refuses to load; the message names the folder. */
export class WorldSiteError extends Error {
  constructor(
    readonly folder: string,
    problem: string,
  ) {
    super(`World site ${folder}: ${problem}`);
    this.name = "WorldSiteError";
  }
}

interface SiteFolder {
  hostname: string;
  dir: string;
}

/** Lists site folders in each corpus root; a missing optional root counts as empty. */
export function listSiteFolders(roots: Array<{ dir: string; optional: boolean }>): SiteFolder[] {
  const folders: SiteFolder[] = [];
  for (const root of roots) {
    if (!existsSync(root.dir)) {
      if (root.optional) continue;
      throw new WorldSiteError(root.dir, "corpus folder does not exist");
    }
    for (const entry of readdirSync(root.dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name.startsWith("_")) continue;
      const dir = path.join(path.resolve(root.dir), entry.name);
      const hostname = domainToASCII(entry.name.toLowerCase());
      if (!isHostname(hostname)) {
        throw new WorldSiteError(dir, "folder name must be the site's hostname, like www.example.com");
      }
      folders.push({ hostname, dir });
    }
  }
  return folders;
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length ? i.path.join(".") : "(site.json)"}: ${i.message}`)
    .join("; ");
}

function readSiteFile(dir: string): SiteFile {
  const file = path.join(dir, "site.json");
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new WorldSiteError(dir, `site.json is not valid JSON (${(error as Error).message})`);
  }
  const parsed = siteFileSchema.safeParse(raw);
  if (!parsed.success) throw new WorldSiteError(dir, `invalid site.json: ${formatIssues(parsed.error)}`);
  return parsed.data;
}

/** Two years after creation, renewed year by year while that is already past. */
function defaultExpiry(created: Date, now: Date): Date {
  let years = 2;
  while (addYears(created, years).getTime() <= now.getTime()) years++;
  return addYears(created, years);
}

/** The latest anniversary of `created` that is not after now: when the registry last renewed it. */
function lastRenewal(created: Date, now: Date): Date {
  let years = 0;
  while (addYears(created, years + 1).getTime() <= now.getTime()) years++;
  return addYears(created, years);
}

function buildSite(folder: SiteFolder, file: SiteFile, now: Date, allocator: AddressAllocator): Site {
  const created = file.created ? resolveWorldDate(file.created, now) : addYears(now, -1);
  const cert = file.cert ?? "valid";
  const unreachable = file.unreachable ?? false;
  const nxdomain = file.nxdomain ?? false;
  let cloak: Site["cloak"];
  if (file.user_agent_cloak) {
    const cloakFile = path.resolve(folder.dir, file.user_agent_cloak.file);
    if (
      !cloakFile.startsWith(folder.dir + path.sep) ||
      !existsSync(cloakFile) ||
      !statSync(cloakFile).isFile()
    ) {
      throw new WorldSiteError(
        folder.dir,
        `user_agent_cloak.file ${file.user_agent_cloak.file} is not a file of the site`,
      );
    }
    cloak = { pattern: new RegExp(file.user_agent_cloak.pattern, "i"), file: cloakFile };
  }
  const aliases = [...new Set(file.aliases ?? [])].filter((a) => a !== folder.hostname);
  const defaultNames = cert === "wrong-host" ? [WRONG_HOST_NAME] : [folder.hostname, ...aliases];
  return {
    hostname: folder.hostname,
    aliases,
    dir: folder.dir,
    address: unreachable ? allocator.unreachable(folder.hostname) : allocator.site(folder.hostname),
    created,
    expires: file.expires ? resolveWorldDate(file.expires, now) : defaultExpiry(created, now),
    updated: file.updated ? resolveWorldDate(file.updated, now) : lastRenewal(created, now),
    registrar: file.registrar ?? DEFAULT_REGISTRAR,
    registrant: file.registrant,
    rdap: file.rdap ?? !nxdomain,
    rdapStatus: file.rdap_status ?? DEFAULT_RDAP_STATUS,
    cert,
    certNames: cert === "none" ? [] : (file.cert_names ?? defaultNames),
    http: file.http ?? cert === "none",
    redirect: file.redirect ? { url: file.redirect, status: file.redirect_status ?? 301 } : undefined,
    missingPathRedirect: file.missing_path_redirect
      ? { url: file.missing_path_redirect.url, status: file.missing_path_redirect.status ?? 301 }
      : undefined,
    status: file.status,
    dns: {
      A: file.dns?.A,
      AAAA: file.dns?.AAAA ?? [],
      MX: file.dns?.MX ?? [],
      NS: file.dns?.NS ?? [...DEFAULT_NAMESERVERS],
      TXT: file.dns?.TXT ?? [],
      CNAME: file.dns?.CNAME,
    },
    nxdomain,
    unreachable,
    headers: file.headers ?? {},
    cloak,
    notes: file.notes,
    expect: file.expect,
  };
}

/**
 * Loads every site folder, applies defaults and allocates addresses. Every hostname and alias must be
 * unique across the corpus and must not shadow one of the world's own names.
 */
export function loadSites(
  folders: SiteFolder[],
  now: Date,
  allocator: AddressAllocator,
  reserved: Set<string>,
): Site[] {
  const owners = new Map<string, string>();
  const sorted = [...folders].sort((a, b) =>
    a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : 0,
  );
  const sites: Site[] = [];
  for (const folder of sorted) {
    const site = buildSite(folder, readSiteFile(folder.dir), now, allocator);
    for (const name of [site.hostname, ...site.aliases]) {
      if (reserved.has(name))
        throw new WorldSiteError(folder.dir, `${name} is one of the world's own hostnames`);
      const owner = owners.get(name);
      if (owner) throw new WorldSiteError(folder.dir, `${name} is already served by ${owner}`);
      owners.set(name, folder.dir);
    }
    sites.push(site);
  }
  return sites;
}

/** The A records of a site's own name, as the world's DNS answers them. */
export function siteARecords(site: Site): string[] {
  if (site.nxdomain || site.dns.CNAME) return [];
  return site.dns.A ?? [site.address];
}

export function summarizeSite(site: Site): SiteSummary {
  return {
    hostname: site.hostname,
    aliases: site.aliases,
    dir: site.dir,
    url: `${site.cert === "none" ? "http" : "https"}://${site.hostname}/`,
    a: siteARecords(site),
    cert: site.cert,
    certNames: site.certNames,
    http: site.http,
    nxdomain: site.nxdomain,
    unreachable: site.unreachable,
    rdap: site.rdap,
    created: site.created,
    expires: site.expires,
    registrar: site.registrar,
    registrant: site.registrant,
    redirect: site.redirect?.url,
    notes: site.notes,
    expect: site.expect,
  };
}
