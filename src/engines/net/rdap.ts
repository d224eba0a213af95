import { domainToASCII } from "node:url";
import type { Gate } from "../egress/gate.js";
import type { EgressReason } from "../egress/reasons.js";
import { fetchUrl } from "./http-fetch.js";
import { loadShippedBootstrap, parseIanaBootstrap, type RdapBootstrap } from "./rdap-bootstrap.js";
import { parseRdapDomain, type RdapDomain } from "./rdap-parse.js";

export type RdapErrorReason =
  | EgressReason
  | "rdap_bootstrap_unavailable"
  | "rdap_rate_limited"
  | "rdap_http_error"
  | "rdap_invalid_response";

export type RdapResult =
  | { status: "found"; domain: RdapDomain; server: string; url: string }
  /** The TLD has no RDAP service in the bootstrap. */
  | { status: "no_rdap"; tld: string }
  /** The registry answered 404: the domain is not registered there. */
  | { status: "not_found"; server: string; url: string }
  | {
      status: "error";
      reason: RdapErrorReason;
      message: string;
      url: string | null;
      httpStatus: number | null;
    };

export interface RdapClient {
  lookupDomain(name: string, options?: { signal?: AbortSignal }): Promise<RdapResult>;
  /** The base URLs for a TLD, or an empty list when it has no RDAP service. */
  serversFor(tld: string): Promise<string[] | { error: string }>;
}

export interface RdapClientOptions {
  /** Fetch the bootstrap from this URL (through the gate) instead of reading the shipped files. */
  bootstrapUrl?: string;
  /** How long a fetched bootstrap is reused. */
  bootstrapTtlMs?: number;
  maxResponseBytes?: number;
}

type Loaded = { ok: true; map: RdapBootstrap } | { ok: false; error: string };

const RDAP_ACCEPT = "application/rdap+json, application/json;q=0.9";

/** RDAP over the egress gate with the IANA bootstrap, cached in memory. */
export function createRdapClient(gate: Gate, options: RdapClientOptions = {}): RdapClient {
  const ttlMs = options.bootstrapTtlMs ?? 24 * 3_600_000;
  const maxBytes = options.maxResponseBytes ?? 1024 * 1024;
  let cached: { at: number; map: RdapBootstrap } | undefined;
  let inflight: Promise<Loaded> | undefined;

  const fetchBootstrap = async (url: string): Promise<Loaded> => {
    const response = await fetchUrl(gate, url, {
      headers: { accept: "application/json" },
      maxBodyBytes: 4 * 1024 * 1024,
      onBodyTooLarge: "fail",
    });
    if (!response.ok) return { ok: false, error: `bootstrap ${url}: ${response.detail ?? response.message}` };
    if (response.status !== 200)
      return { ok: false, error: `bootstrap ${url} answered HTTP ${response.status}` };
    let document: unknown;
    try {
      document = JSON.parse(response.body.toString("utf8"));
    } catch {
      return { ok: false, error: `bootstrap ${url} is not JSON` };
    }
    const map = parseIanaBootstrap(document);
    return map ? { ok: true, map } : { ok: false, error: `bootstrap ${url} lists no RDAP services` };
  };

  const bootstrap = async (): Promise<Loaded> => {
    const bootstrapUrl = options.bootstrapUrl;
    if (!bootstrapUrl) {
      try {
        return { ok: true, map: await loadShippedBootstrap() };
      } catch (error) {
        return { ok: false, error: `the shipped RDAP bootstrap cannot be read: ${String(error)}` };
      }
    }
    if (cached && Date.now() - cached.at < ttlMs) return { ok: true, map: cached.map };
    inflight ??= fetchBootstrap(bootstrapUrl).then((result) => {
      inflight = undefined;
      if (result.ok) cached = { at: Date.now(), map: result.map };
      return result;
    });
    return inflight;
  };

  const serversFor = async (tld: string): Promise<string[] | { error: string }> => {
    const loaded = await bootstrap();
    if (!loaded.ok) return { error: loaded.error };
    return [...(loaded.map.get(tld.toLowerCase()) ?? [])];
  };

  return {
    serversFor,
    async lookupDomain(input, lookupOptions = {}) {
      const name = domainToASCII(input.trim().toLowerCase().replace(/\.$/, ""));
      const tld = name.split(".").pop() ?? "";
      if (!name || !tld || !name.includes(".")) {
        return {
          status: "error",
          reason: "invalid_url",
          message: `${input.slice(0, 200)} is not a domain name`,
          url: null,
          httpStatus: null,
        };
      }
      const servers = await serversFor(tld);
      if (!Array.isArray(servers)) {
        return {
          status: "error",
          reason: "rdap_bootstrap_unavailable",
          message: servers.error,
          url: null,
          httpStatus: null,
        };
      }
      const server = servers[0];
      if (!server) return { status: "no_rdap", tld };
      const url = `${server}domain/${name}`;
      const response = await fetchUrl(gate, url, {
        headers: { accept: RDAP_ACCEPT },
        maxBodyBytes: maxBytes,
        onBodyTooLarge: "fail",
        ...(lookupOptions.signal ? { signal: lookupOptions.signal } : {}),
      });
      if (!response.ok) {
        return {
          status: "error",
          reason: response.reason,
          message: response.detail ?? response.message,
          url,
          httpStatus: null,
        };
      }
      if (response.status === 404) return { status: "not_found", server, url };
      if (response.status === 429) {
        return {
          status: "error",
          reason: "rdap_rate_limited",
          message: `${server} is rate limiting RDAP queries`,
          url,
          httpStatus: 429,
        };
      }
      if (response.status !== 200) {
        return {
          status: "error",
          reason: "rdap_http_error",
          message: `${url} answered HTTP ${response.status}`,
          url,
          httpStatus: response.status,
        };
      }
      let document: unknown;
      try {
        document = JSON.parse(response.body.toString("utf8"));
      } catch {
        return {
          status: "error",
          reason: "rdap_invalid_response",
          message: `${url} did not return JSON`,
          url,
          httpStatus: 200,
        };
      }
      const domain = parseRdapDomain(document);
      if (!domain) {
        return {
          status: "error",
          reason: "rdap_invalid_response",
          message: `${url} did not return an RDAP domain object`,
          url,
          httpStatus: 200,
        };
      }
      return { status: "found", domain, server, url };
    },
  };
}
