import { Resolver } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import { type DetailedPeerCertificate, connect as tlsConnect } from "node:tls";
import { fileURLToPath } from "node:url";
import type { WorldConfigEnv } from "../../src/world/index.js";

export const FIXTURE_SITES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "sites");

/** A resolver that asks only the world's DNS server, as the product would configure it. */
export function worldResolver(env: WorldConfigEnv): Resolver {
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers(env.DNS_SERVERS.split(","));
  return resolver;
}

export interface Rule {
  host: string;
  port: number;
  target: { host: string; port: number };
}

/** Parses CONNECT_TO (`host:port=ip:port,...`) the way a client of the env string would. */
export function parseConnectTo(value: string): Rule[] {
  return value
    .split(",")
    .filter(Boolean)
    .map((rule) => {
      const match = /^(.+):(\d+)=(.+):(\d+)$/.exec(rule);
      if (!match) throw new Error(`bad CONNECT_TO rule ${rule}`);
      return {
        host: match[1] ?? "",
        port: Number(match[2]),
        target: { host: match[3] ?? "", port: Number(match[4]) },
      };
    });
}

/** Where a connection to hostname:port really lands: world DNS, then the CONNECT_TO rule for the address. */
export async function route(
  env: WorldConfigEnv,
  hostname: string,
  port: number,
): Promise<{ host: string; port: number }> {
  const [address] = await worldResolver(env).resolve4(hostname);
  if (!address) throw new Error(`${hostname} has no address`);
  const rule = parseConnectTo(env.CONNECT_TO).find(
    (r) => (r.host === address || r.host === hostname || r.host === "*") && r.port === port,
  );
  if (!rule) throw new Error(`no CONNECT_TO rule for ${address}:${port}`);
  return rule.target;
}

export interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FetchOptions {
  method?: string;
  userAgent?: string;
  /** Trust the world's CA (default) or nothing extra. */
  trustWorld?: boolean;
}

/** Fetches one URL of the world with plain node:http(s), routed by `route` and verified against EXTRA_CA_FILE. */
export async function fetchWorld(
  env: WorldConfigEnv,
  url: string,
  options: FetchOptions = {},
): Promise<Fetched> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const to = await route(env, target.hostname, Number(target.port) || (secure ? 443 : 80));
  const headers: Record<string, string> = { host: target.host };
  if (options.userAgent) headers["user-agent"] = options.userAgent;
  const common = {
    host: to.host,
    port: to.port,
    method: options.method ?? "GET",
    path: `${target.pathname}${target.search}`,
    headers,
    agent: false as const,
  };
  return new Promise<Fetched>((resolve, reject) => {
    const onResponse = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    };
    const req = secure
      ? httpsRequest(
          {
            ...common,
            servername: target.hostname,
            ca: options.trustWorld === false ? undefined : readFileSync(env.EXTRA_CA_FILE),
          },
          onResponse,
        )
      : httpRequest(common, onResponse);
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end();
  });
}

export interface Handshake {
  authorized: boolean;
  error: string | undefined;
  cert: DetailedPeerCertificate;
}

/** A TLS handshake with SNI `hostname` that reports the verification result instead of failing. */
export async function handshake(env: WorldConfigEnv, hostname: string): Promise<Handshake> {
  const to = await route(env, hostname, 443);
  return new Promise<Handshake>((resolve, reject) => {
    const socket = tlsConnect({
      host: to.host,
      port: to.port,
      servername: hostname,
      ca: readFileSync(env.EXTRA_CA_FILE),
      rejectUnauthorized: false,
    });
    socket.setTimeout(5000, () => socket.destroy(new Error("timed out")));
    socket.once("secureConnect", () => {
      const authError = socket.authorizationError;
      resolve({
        authorized: socket.authorized,
        error:
          authError === null || authError === undefined
            ? undefined
            : String((authError as { code?: string }).code ?? authError),
        cert: socket.getPeerCertificate(true),
      });
      socket.end();
    });
    socket.once("error", reject);
  });
}

export function text(fetched: Fetched): string {
  return fetched.body.toString("utf8");
}
