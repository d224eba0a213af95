import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  AddressAllocator,
  DEFAULT_NAMESERVERS,
  DNS_ADDRESS,
  RDAP_ADDRESS,
  WEB_ADDRESS,
  WORLD_CIDR,
} from "./address-plan.js";
import { WorldCA } from "./ca.js";
import {
  DEFAULT_RDAP_STATUS,
  DEFAULT_REGISTRAR,
  listSiteFolders,
  loadSites,
  siteARecords,
  summarizeSite,
} from "./corpus.js";
import { startDnsServer, type Zone, zoneEntry } from "./dns-server.js";
import { Sockets } from "./listen.js";
import { MISBEHAVING, startMisbehaving } from "./misbehaving.js";
import { type Registration, startRdapServer } from "./rdap.js";
import { addYears } from "./site-schema.js";
import type { MisbehavingEndpoint, Site, StartWorldOptions, World, WorldAddresses } from "./types.js";
import { startWebServers } from "./web.js";

/** The corpus shipped with the code. */
export const BUILTIN_SITES_DIR = fileURLToPath(new URL("./sites/", import.meta.url));

type Rule = WorldAddresses["connectTo"][number];

/**
 * Mail and name servers the corpus names below one of its own sites (mx.example.com for example.com)
 * resolve to an address where nothing listens, as such hosts exist but are not simulated.
 */
function addServiceHosts(zone: Zone, sites: Site[], allocator: AddressAllocator): void {
  const parents = sites.filter((s) => !s.nxdomain).map((s) => s.hostname);
  const wanted = new Set(sites.flatMap((s) => [...s.dns.MX.map((mx) => mx.exchange), ...s.dns.NS]));
  for (const name of [...wanted].sort()) {
    if (zone.has(name) || !parents.some((p) => name.endsWith(`.${p}`))) continue;
    zone.set(name, zoneEntry({ A: [allocator.unreachable(name)] }));
  }
}

function buildZone(sites: Site[], allocator: AddressAllocator): Zone {
  const zone: Zone = new Map();
  for (const ns of DEFAULT_NAMESERVERS) zone.set(ns, zoneEntry({ A: [DNS_ADDRESS] }));
  for (const spec of MISBEHAVING) zone.set(spec.hostname, zoneEntry({ A: [spec.address] }));
  for (const site of sites) {
    const entry = zoneEntry({
      nxdomain: site.nxdomain,
      A: siteARecords(site),
      AAAA: site.dns.AAAA,
      MX: site.dns.MX,
      NS: site.dns.NS,
      TXT: site.dns.TXT,
      CNAME: site.dns.CNAME,
    });
    for (const name of [site.hostname, ...site.aliases]) zone.set(name, entry);
  }
  addServiceHosts(zone, sites, allocator);
  return zone;
}

function buildRegistrations(sites: Site[], now: Date): Map<string, Registration> {
  const registrations = new Map<string, Registration>();
  const created = addYears(now, -1);
  for (const spec of MISBEHAVING) {
    registrations.set(spec.hostname, {
      name: spec.hostname,
      created,
      expires: addYears(created, 2),
      updated: created,
      registrar: DEFAULT_REGISTRAR,
      registrant: undefined,
      status: DEFAULT_RDAP_STATUS,
      nameservers: [...DEFAULT_NAMESERVERS],
      published: true,
    });
  }
  for (const site of sites) {
    for (const name of [site.hostname, ...site.aliases]) {
      registrations.set(name, {
        name,
        created: site.created,
        expires: site.expires,
        updated: site.updated,
        registrar: site.registrar,
        registrant: site.registrant,
        status: site.rdapStatus,
        nameservers: site.dns.NS,
        published: site.rdap,
      });
    }
  }
  return registrations;
}

function connectRules(
  sites: Site[],
  web: { httpPort: number; httpsPort: number },
  misbehaving: MisbehavingEndpoint[],
): Rule[] {
  const rules: Rule[] = [
    { host: WEB_ADDRESS, port: 80, targetHost: WEB_ADDRESS, targetPort: web.httpPort },
    { host: WEB_ADDRESS, port: 443, targetHost: WEB_ADDRESS, targetPort: web.httpsPort },
  ];
  for (const site of sites) {
    if (site.unreachable || !siteARecords(site).includes(site.address)) continue;
    rules.push({ host: site.address, port: 80, targetHost: WEB_ADDRESS, targetPort: web.httpPort });
    if (site.cert !== "none")
      rules.push({ host: site.address, port: 443, targetHost: WEB_ADDRESS, targetPort: web.httpsPort });
  }
  for (const m of misbehaving) {
    rules.push({ host: m.address, port: 80, targetHost: m.address, targetPort: m.httpPort });
    rules.push({ host: m.address, port: 443, targetHost: m.address, targetPort: m.httpsPort });
  }
  return rules;
}

function topLevelDomains(names: string[]): string[] {
  return [...new Set(names.map((n) => n.slice(n.lastIndexOf(".") + 1)))].sort();
}

/**
 * Starts the hermetic test internet on 127.77.0.0/16: authoritative DNS, a root CA and its
 * certificates, the virtual-host web servers, RDAP with its bootstrap file, and the misbehaving
 * endpoints. Rejects with WorldSiteError naming the folder when a site of the corpus is invalid.
 */
export async function startWorld(options: StartWorldOptions = {}): Promise<World> {
  const now = options.now ?? new Date();
  const extra = options.sitesDir === undefined ? [] : [options.sitesDir].flat();
  const roots = [
    ...(options.includeBuiltin === false ? [] : [{ dir: BUILTIN_SITES_DIR, optional: true }]),
    ...extra.map((dir) => ({ dir, optional: false })),
  ];
  const reserved = new Set<string>([...DEFAULT_NAMESERVERS, ...MISBEHAVING.map((m) => m.hostname)]);
  const allocator = new AddressAllocator();
  const sites = loadSites(listSiteFolders(roots), now, allocator, reserved);
  const webSites = new Map<string, Site>();
  for (const site of sites) {
    if (site.nxdomain || site.unreachable) continue;
    for (const name of [site.hostname, ...site.aliases]) webSites.set(name, site);
  }

  const sockets = new Sockets();
  const tempDir = mkdtempSync(path.join(tmpdir(), "domainlens-world-"));
  try {
    const ca = new WorldCA(now);
    const caFile = path.join(tempDir, "world-ca.pem");
    writeFileSync(caFile, ca.certPem);
    const dnsPort = await startDnsServer(buildZone(sites, allocator), DNS_ADDRESS, sockets);
    const web = await startWebServers(webSites, ca, sockets);
    const misbehaving = await startMisbehaving(ca, sockets);
    const allNames = [...reserved, ...sites.flatMap((s) => [s.hostname, ...s.aliases])];
    const rdap = await startRdapServer(
      buildRegistrations(sites, now),
      topLevelDomains(allNames),
      now,
      sockets,
    );
    const connectTo = connectRules(sites, web, misbehaving);

    const siteAddresses: Record<string, string> = {};
    for (const site of sites) {
      const a = siteARecords(site)[0];
      if (a) for (const name of [site.hostname, ...site.aliases]) siteAddresses[name] = a;
    }
    let stopping: Promise<void> | undefined;
    return {
      env: {
        DNS_SERVERS: `${DNS_ADDRESS}:${dnsPort}`,
        CONNECT_TO: connectTo.map((r) => `${r.host}:${r.port}=${r.targetHost}:${r.targetPort}`).join(","),
        EXTRA_CA_FILE: caFile,
        RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
        EGRESS_ALLOW_CIDRS: WORLD_CIDR,
        WORLD_CA_SPKI_SHA256: ca.spkiSha256,
      },
      sites: sites.map(summarizeSite),
      addresses: {
        dns: { host: DNS_ADDRESS, port: dnsPort },
        rdap: { host: RDAP_ADDRESS, port: rdap.port, baseUrl: rdap.baseUrl, bootstrapUrl: rdap.bootstrapUrl },
        web: { host: WEB_ADDRESS, ...web },
        sites: siteAddresses,
        misbehaving,
        connectTo,
      },
      caPem: ca.certPem,
      now,
      stop() {
        stopping ??= sockets.closeAll().finally(() => rmSync(tempDir, { recursive: true, force: true }));
        return stopping;
      },
    };
  } catch (error) {
    await sockets.closeAll();
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}
