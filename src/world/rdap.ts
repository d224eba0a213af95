import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { domainToUnicode } from "node:url";
import { RDAP_ADDRESS } from "./address-plan.js";
import { DEFAULT_REGISTRAR } from "./corpus.js";
import type { Sockets } from "./listen.js";

/** The registration data RDAP publishes for one registered name. */
export interface Registration {
  name: string;
  created: Date;
  expires: Date;
  updated: Date;
  registrar: string;
  registrant: string | undefined;
  status: string[];
  nameservers: string[];
  published: boolean;
}

const CONFORMANCE = [
  "rdap_level_0",
  "icann_rdap_response_profile_0",
  "icann_rdap_technical_implementation_guide_0",
];
const JSON_TYPE = "application/rdap+json";

function registrarId(name: string): string {
  if (name === DEFAULT_REGISTRAR) return "9999";
  return String(1000 + (createHash("sha256").update(name).digest().readUInt32BE(0) % 8000));
}

function vcard(fields: Array<[string, string]>): unknown[] {
  return [
    "vcard",
    [["version", {}, "text", "4.0"], ...fields.map(([key, value]) => [key, {}, "text", value])],
  ];
}

function handleOf(name: string): string {
  return `${createHash("sha256").update(name).digest("hex").slice(0, 12).toUpperCase()}_DOMAIN_WORLD-VRSN`;
}

/** An RFC 9083 domain object. */
export function domainObject(reg: Registration, baseUrl: string, now: Date): Record<string, unknown> {
  const self = `${baseUrl}domain/${reg.name}`;
  const unicode = domainToUnicode(reg.name);
  const registrarIana = registrarId(reg.registrar);
  const entities: unknown[] = [
    {
      objectClassName: "entity",
      handle: registrarIana,
      roles: ["registrar"],
      publicIds: [{ type: "IANA Registrar ID", identifier: registrarIana }],
      vcardArray: vcard([["fn", reg.registrar]]),
      entities: [
        {
          objectClassName: "entity",
          roles: ["abuse"],
          vcardArray: vcard([
            ["fn", "Abuse Desk"],
            ["email", "abuse@registrar.world-dns.net"],
          ]),
        },
      ],
    },
  ];
  if (reg.registrant) {
    entities.push({
      objectClassName: "entity",
      roles: ["registrant"],
      vcardArray: vcard([
        ["fn", reg.registrant],
        ["org", reg.registrant],
      ]),
    });
  }
  return {
    objectClassName: "domain",
    rdapConformance: CONFORMANCE,
    handle: handleOf(reg.name),
    ldhName: reg.name,
    ...(unicode !== reg.name ? { unicodeName: unicode } : {}),
    status: reg.status,
    events: [
      { eventAction: "registration", eventDate: reg.created.toISOString() },
      { eventAction: "expiration", eventDate: reg.expires.toISOString() },
      { eventAction: "last changed", eventDate: reg.updated.toISOString() },
      { eventAction: "last update of RDAP database", eventDate: now.toISOString() },
    ],
    entities,
    nameservers: reg.nameservers.map((ns) => ({ objectClassName: "nameserver", ldhName: ns })),
    secureDNS: { delegationSigned: false },
    links: [{ value: self, rel: "self", href: self, type: JSON_TYPE }],
    notices: [
      {
        title: "Terms of Use",
        description: ["Registration data of the DomainLens test world. Every record here is fictional."],
      },
    ],
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, type = JSON_TYPE): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    "Content-Type": type,
    "Content-Length": bytes.length,
    "Access-Control-Allow-Origin": "*",
  });
  res.end(bytes);
}

function rdapError(res: ServerResponse, status: number, title: string, description: string): void {
  sendJson(res, status, {
    rdapConformance: ["rdap_level_0"],
    errorCode: status,
    title,
    description: [description],
  });
}

/**
 * Finds the registration for a queried name: the site (or alias) of that exact name, else the
 * shallowest site below it (a corpus folder may be a subdomain of the registered name).
 */
export function findRegistration(
  registrations: Map<string, Registration>,
  name: string,
): Registration | undefined {
  const exact = registrations.get(name);
  if (exact) return exact;
  if (!name.includes(".")) return undefined;
  let best: Registration | undefined;
  let bestDepth = Number.POSITIVE_INFINITY;
  for (const [key, reg] of registrations) {
    if (!key.endsWith(`.${name}`)) continue;
    const depth = key.split(".").length;
    if (depth < bestDepth || (depth === bestDepth && best && key < best.name)) {
      best = reg;
      bestDepth = depth;
    }
  }
  return best;
}

export interface RdapServer {
  port: number;
  baseUrl: string;
  bootstrapUrl: string;
}

/** The world's RDAP service and its RFC 9224 bootstrap file, over plain HTTP on RDAP_ADDRESS. */
export async function startRdapServer(
  registrations: Map<string, Registration>,
  tlds: string[],
  now: Date,
  sockets: Sockets,
): Promise<RdapServer> {
  let baseUrl = "";
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://rdap.invalid");
    if (req.method !== "GET" && req.method !== "HEAD")
      return rdapError(res, 405, "Method Not Allowed", "Use GET.");
    if (url.pathname === "/bootstrap/dns.json") {
      return sendJson(
        res,
        200,
        {
          version: "1.0",
          publication: now.toISOString(),
          description: "RDAP bootstrap file for the DomainLens test world",
          services: [[tlds, [baseUrl]]],
        },
        "application/json",
      );
    }
    if (url.pathname === "/rdap/help") {
      return sendJson(res, 200, {
        rdapConformance: CONFORMANCE,
        notices: [{ title: "Help", description: ["Only /domain/{name} is served."] }],
      });
    }
    const match = /^\/rdap\/domain\/([^/]+)$/.exec(url.pathname);
    if (!match) return rdapError(res, 400, "Bad Request", "Unsupported query.");
    let name: string;
    try {
      name = decodeURIComponent(match[1] ?? "")
        .toLowerCase()
        .replace(/\.$/, "");
    } catch {
      return rdapError(res, 400, "Bad Request", "Malformed domain name.");
    }
    const reg = findRegistration(registrations, name);
    if (!reg?.published) return rdapError(res, 404, "Not Found", `No registration data for ${name}.`);
    return sendJson(res, 200, domainObject(reg, baseUrl, now));
  });
  const port = await sockets.listen(server, RDAP_ADDRESS);
  baseUrl = `http://${RDAP_ADDRESS}:${port}/rdap/`;
  return { port, baseUrl, bootstrapUrl: `http://${RDAP_ADDRESS}:${port}/bootstrap/dns.json` };
}
