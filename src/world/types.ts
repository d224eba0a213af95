import type { CertKind, MxRecord } from "./site-schema.js";

/** Configuration the world hands to the app, as environment strings like any other configuration. */
export interface WorldConfigEnv {
  /** `127.77.0.53:PORT`: the world's authoritative DNS server (UDP and TCP). */
  DNS_SERVERS: string;
  /** Comma-separated `host:port=ip:port` rules (curl --connect-to semantics). */
  CONNECT_TO: string;
  /** Path of the world's root CA certificate (PEM). */
  EXTRA_CA_FILE: string;
  /** `http://127.77.0.2:PORT/bootstrap/dns.json` (RFC 9224). */
  RDAP_BOOTSTRAP_URL: string;
  /** `127.77.0.0/16`: the only door through the SSRF policy. */
  EGRESS_ALLOW_CIDRS: string;
  /** Base64 SHA-256 of the root CA's SubjectPublicKeyInfo (Chromium --ignore-certificate-errors-spki-list). */
  WORLD_CA_SPKI_SHA256: string;
  [key: string]: string;
}

/** A site of the world's corpus after defaults are applied. */
export interface Site {
  hostname: string;
  aliases: string[];
  /** Folder the site's files are served from. */
  dir: string;
  /** The address the site's own A record would carry (per-site or unreachable range). */
  address: string;
  created: Date;
  expires: Date;
  updated: Date;
  registrar: string;
  registrant: string | undefined;
  rdap: boolean;
  rdapStatus: string[];
  cert: CertKind;
  /** The names the leaf certificate carries. */
  certNames: string[];
  http: boolean;
  redirect: { url: string; status: number } | undefined;
  /** Where paths with no file redirect to (instead of the 404 page). */
  missingPathRedirect: { url: string; status: number } | undefined;
  status: number | undefined;
  dns: {
    A: string[] | undefined;
    AAAA: string[];
    MX: MxRecord[];
    NS: string[];
    TXT: string[];
    CNAME: string | undefined;
  };
  nxdomain: boolean;
  unreachable: boolean;
  headers: Record<string, string>;
  cloak: { pattern: RegExp; file: string } | undefined;
  notes: unknown;
  expect: unknown;
}

/** What tests and the demo need to know about a site. */
export interface SiteSummary {
  hostname: string;
  aliases: string[];
  dir: string;
  /** The URL a user would type: https:// unless the site has no certificate. */
  url: string;
  /** A records the world's DNS answers for the hostname (empty for nxdomain and CNAME sites). */
  a: string[];
  cert: CertKind;
  /** The names the site's certificate carries (empty when cert is "none"). */
  certNames: string[];
  http: boolean;
  nxdomain: boolean;
  unreachable: boolean;
  rdap: boolean;
  created: Date;
  expires: Date;
  registrar: string;
  registrant: string | undefined;
  redirect: string | undefined;
  notes: unknown;
  expect: unknown;
}

export interface Endpoint {
  host: string;
  port: number;
}

/** A misbehaving server: its hostname, address and real listening ports. */
export interface MisbehavingEndpoint {
  hostname: string;
  address: string;
  kind: string;
  description: string;
  httpPort: number;
  httpsPort: number;
}

export interface WorldAddresses {
  dns: Endpoint;
  rdap: Endpoint & { baseUrl: string; bootstrapUrl: string };
  web: { host: string; httpPort: number; httpsPort: number };
  /** Site hostname (and alias) → the address its A record points at, when it has one. */
  sites: Record<string, string>;
  misbehaving: MisbehavingEndpoint[];
  /** Parsed CONNECT_TO rules. */
  connectTo: Array<{ host: string; port: number; targetHost: string; targetPort: number }>;
}

export interface World {
  env: WorldConfigEnv;
  sites: SiteSummary[];
  addresses: WorldAddresses;
  /** The root CA in PEM, the same bytes as EXTRA_CA_FILE. */
  caPem: string;
  /** The instant the world's relative dates were computed from. */
  now: Date;
  stop(): Promise<void>;
}

export interface StartWorldOptions {
  /** Extra corpus folders (each holds one folder per site hostname). */
  sitesDir?: string | string[];
  /** Load src/world/sites as well. Default true. */
  includeBuiltin?: boolean;
  /** The world's notion of now (RDAP dates, relative dates, certificate windows). Default: the real clock. */
  now?: Date;
}
