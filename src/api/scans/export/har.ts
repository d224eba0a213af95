import { isIP } from "node:net";
import type { ScanHop, ScanRequest } from "../../../engines/scan/types.js";
import type { ExportInput } from "./index.js";
import { isoMillis } from "./observables.js";

/*
 * A scan's network log as an HTTP Archive 1.2 (http://www.softwareishard.com/blog/har-12-spec/). The capture
 * records each request's URL, method, resource type, status, the address connected to and the egress gate's
 * verdict, and the final document's response headers; it does not record per-request times, sizes, bodies,
 * request headers or the HTTP version. Those are written with the conventions the specification gives for
 * information that is not available: -1 for sizes and for timings that do not apply, empty strings and
 * lists, and 0 for the send/wait/receive timings the specification requires.
 */

export type HarNameValue = {
  name: string;
  value: string;
};

export type HarEntry = {
  pageref: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    comment?: string;
  };
  cache: Record<string, never>;
  timings: {
    blocked: number;
    dns: number;
    connect: number;
    send: number;
    wait: number;
    receive: number;
    ssl: number;
    comment: string;
  };
  serverIPAddress?: string;
  comment?: string;
  /** Custom fields (HAR 1.2 allows names starting with an underscore). */
  _resourceType: string;
  _outcome: ScanRequest["outcome"];
  _egressReason: string | null;
};

export type Har = {
  log: {
    version: "1.2";
    creator: { name: string; version: string };
    pages: Array<{
      startedDateTime: string;
      id: string;
      title: string;
      pageTimings: { onContentLoad: number; onLoad: number; comment: string };
      comment: string;
    }>;
    entries: HarEntry[];
    comment: string;
  };
};

/** The version of DomainLens's HAR writer (the `creator.version`). */
export const HAR_CREATOR = { name: "DomainLens", version: "1.0" } as const;

const PAGE_ID = "page_1";

/** Reason phrases of the status codes a page commonly meets (RFC 9110); others get an empty phrase. */
const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  206: "Partial Content",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

function queryString(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function entry(
  input: ExportInput,
  request: ScanRequest,
  hop: ScanHop | undefined,
  finalDocument: boolean,
): HarEntry {
  const { capture } = input;
  const status = request.status ?? 0;
  const headers = finalDocument
    ? Object.entries(capture.headers).map(([name, value]) => ({ name, value }))
    : [];
  const mimeType = finalDocument ? (capture.headers["content-type"] ?? "x-unknown") : "x-unknown";
  const refused = request.outcome !== "ok";
  const address = request.address ?? hop?.address ?? null;
  return {
    pageref: PAGE_ID,
    startedDateTime: isoMillis(capture.startedAt),
    time: 0,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: "",
      cookies: [],
      headers: [],
      queryString: queryString(request.url),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status,
      statusText: STATUS_TEXT[status] ?? "",
      httpVersion: "",
      cookies: [],
      headers,
      content: { size: 0, mimeType, comment: "Response bodies are not recorded." },
      redirectURL: hop?.location ?? "",
      headersSize: -1,
      bodySize: -1,
      ...(refused
        ? {
            comment:
              request.outcome === "blocked"
                ? `Refused by the egress policy (${request.reason ?? "blocked"}); nothing was sent.`
                : `The request failed (${request.reason ?? "failed"}).`,
          }
        : {}),
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: 0,
      wait: 0,
      receive: 0,
      ssl: -1,
      comment: "Per-request timings are not recorded; the entry starts at the capture's start.",
    },
    ...(address && isIP(address) !== 0 ? { serverIPAddress: address } : {}),
    _resourceType: request.resourceType,
    _outcome: request.outcome,
    _egressReason: request.reason,
  };
}

/**
 * The navigations and requests of a capture as HAR entries, in the order they were made: a hop of the
 * redirect chain that the request log does not hold (the log has a cap) comes as a document request.
 */
function requestsOf(input: ExportInput): Array<{ request: ScanRequest; hop: ScanHop | undefined }> {
  const { chain, requests } = input.capture;
  const hopOf = (request: ScanRequest) =>
    chain.find(
      (hop) => hop.url === request.url && (hop.status === request.status || request.status === null),
    );
  const logged = requests.map((request) => ({ request, hop: hopOf(request) }));
  const missing = chain
    .filter(
      (hop) => hop.kind === "http" && !requests.some((r) => r.url === hop.url && r.status === hop.status),
    )
    .map((hop) => ({
      request: {
        url: hop.url,
        method: "GET",
        resourceType: "document",
        status: hop.status,
        address: hop.address,
        outcome: "ok" as const,
        reason: null,
      },
      hop,
    }));
  return [...missing, ...logged];
}

/** The HTTP Archive 1.2 of a completed scan's capture. */
export function toHar(input: ExportInput): Har {
  const { capture } = input;
  const items = requestsOf(input);
  const finalIndex = items.findLastIndex(
    (item) => item.request.url === capture.finalUrl && item.request.resourceType === "document",
  );
  return {
    log: {
      version: "1.2",
      creator: { ...HAR_CREATOR },
      pages: [
        {
          startedDateTime: isoMillis(capture.startedAt),
          id: PAGE_ID,
          title: capture.title ?? capture.finalUrl ?? capture.requestUrl,
          pageTimings: {
            onContentLoad: -1,
            onLoad: -1,
            comment: "Page load events are not recorded.",
          },
          comment: `DomainLens scan ${input.scan.id} of ${capture.requestUrl}: ${capture.outcome}`,
        },
      ],
      entries: items.map((item, i) => entry(input, item.request, item.hop, i === finalIndex)),
      comment: `Built from the capture of DomainLens scan ${input.scan.id} (${input.recordUrl}).`,
    },
  };
}
