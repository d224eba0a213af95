import { readFile } from "node:fs/promises";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import path from "node:path";
import { createSecureContext, type SecureContext } from "node:tls";
import { WEB_ADDRESS } from "./address-plan.js";
import { type WorldCA, WRONG_HOST_NAME } from "./ca.js";
import type { Sockets } from "./listen.js";
import { contentTypeFor, lookupFile } from "./static-files.js";
import type { Site } from "./types.js";

type Scheme = "http" | "https";

export function hostOf(req: IncomingMessage): string {
  const host = (req.headers.host ?? "").trim().toLowerCase();
  const withoutPort = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d*$/, "");
  return withoutPort.replace(/\.$/, "");
}

function page(title: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>\n`;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: Buffer | string,
): void {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  if (!res.hasHeader("content-type")) res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", bytes.length);
  res.writeHead(status);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

function redirect(req: IncomingMessage, res: ServerResponse, status: number, location: string): void {
  res.setHeader("Location", location);
  send(
    req,
    res,
    status,
    "text/html; charset=utf-8",
    page("Moved", `This page has moved to <a href="${location}">${location}</a>.`),
  );
}

async function notFound(req: IncomingMessage, res: ServerResponse, site: Site): Promise<void> {
  try {
    const custom = await readFile(path.join(site.dir, "404.html"));
    send(req, res, 404, "text/html; charset=utf-8", custom);
  } catch {
    send(
      req,
      res,
      404,
      "text/html; charset=utf-8",
      page("404 Not Found", "The requested URL was not found on this server."),
    );
  }
}

/**
 * One request to a site, in this order: plain HTTP on a site that is not served over HTTP answers 301 to
 * the same URL on https; `redirect` answers every path with the redirect; the home page (/ and
 * /index.html) is `user_agent_cloak.file` when the User-Agent matches and carries `status`; any other
 * path is a file of the folder, else `missing_path_redirect` when set (a shortener's short links), else the
 * 404 page. Paths under /.well-known/ skip every redirect.
 * The site's `headers` are set on every response and win over the world's own.
 */
async function serveSite(
  req: IncomingMessage,
  res: ServerResponse,
  site: Site,
  scheme: Scheme,
): Promise<void> {
  for (const [name, value] of Object.entries(site.headers)) res.setHeader(name, value);
  const url = new URL(req.url ?? "/", "http://site.invalid");
  const wellKnown = url.pathname.startsWith("/.well-known/");
  if (scheme === "http" && !site.http && !wellKnown) {
    redirect(req, res, 301, `https://${hostOf(req)}${url.pathname}${url.search}`);
    return;
  }
  if (site.redirect && !wellKnown) {
    redirect(req, res, site.redirect.status, site.redirect.url);
    return;
  }
  const home = url.pathname === "/" || url.pathname === "/index.html";
  const status = home && site.status !== undefined ? site.status : 200;
  let file: string | undefined;
  if (home && site.cloak?.pattern.test(req.headers["user-agent"] ?? "")) file = site.cloak.file;
  else {
    const found = await lookupFile(site.dir, url.pathname);
    if (found.kind === "directory") {
      redirect(req, res, 301, `${url.pathname}/${url.search}`);
      return;
    }
    if (found.kind === "file") file = found.file;
  }
  if (file) send(req, res, status, contentTypeFor(file), await readFile(file));
  else if (home && site.status !== undefined)
    send(req, res, status, "text/html; charset=utf-8", page(`${status}`, ""));
  else if (site.missingPathRedirect && !home && !wellKnown)
    redirect(req, res, site.missingPathRedirect.status, site.missingPathRedirect.url);
  else await notFound(req, res, site);
}

function handler(sites: Map<string, Site>, scheme: Scheme) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const site = sites.get(hostOf(req));
    const work = site
      ? serveSite(req, res, site, scheme)
      : Promise.resolve(
          send(
            req,
            res,
            404,
            "text/html; charset=utf-8",
            page("Site not found", "No site is configured for this hostname."),
          ),
        );
    work.catch(() => {
      if (!res.headersSent) send(req, res, 500, "text/plain; charset=utf-8", "internal error\n");
      else res.destroy();
    });
  };
}

export interface WebServers {
  httpPort: number;
  httpsPort: number;
}

/**
 * The shared virtual-host servers on WEB_ADDRESS: one plain HTTP and one HTTPS listener on free ports.
 * HTTPS picks the certificate from the SNI name (issued on first use); a site without a certificate
 * fails the handshake, and an unknown or missing SNI name gets the hosting provider's default certificate.
 */
export async function startWebServers(
  sites: Map<string, Site>,
  ca: WorldCA,
  sockets: Sockets,
): Promise<WebServers> {
  const contexts = new Map<string, SecureContext>();
  const fallback = ca.issue("wrong-host", [WRONG_HOST_NAME]);
  const contextFor = (site: Site): SecureContext => {
    let context = contexts.get(site.hostname);
    if (!context) {
      const kind = site.cert === "none" ? "valid" : site.cert;
      const issued = ca.issue(kind, site.certNames, site.created);
      context = createSecureContext({ key: issued.keyPem, cert: issued.chainPem });
      contexts.set(site.hostname, context);
    }
    return context;
  };
  const http = createHttpServer(handler(sites, "http"));
  const https = createHttpsServer(
    {
      key: fallback.keyPem,
      cert: fallback.chainPem,
      SNICallback: (servername, callback) => {
        const site = sites.get(servername.toLowerCase().replace(/\.$/, ""));
        if (!site) callback(null, undefined);
        else if (site.cert === "none") callback(new Error(`${site.hostname} has no certificate`), undefined);
        else callback(null, contextFor(site));
      },
    },
    handler(sites, "https"),
  );
  const httpPort = await sockets.listen(http, WEB_ADDRESS);
  const httpsPort = await sockets.listen(https, WEB_ADDRESS);
  return { httpPort, httpsPort };
}
