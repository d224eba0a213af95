import { createHash } from "node:crypto";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { normalizeDomain } from "../../engines/domain/normalize.js";
import { ApiError, ERROR_CODES } from "../../http/errors.js";
import { RateLimitExceeded } from "../../http/plugins/rate-limit.js";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { homePage } from "./home.js";
import { classificationTimes, LandingLists } from "./store.js";
import { SECURITY_HEADERS } from "./style.js";
import { domainPage, domainPath, errorPage, invalidInputPage, landingPage, notFoundPage } from "./views.js";

/** Cache-Control by kind of response (docs/pages.md). */
const CACHE = {
  page: "public, max-age=300",
  landing: "public, max-age=300",
  home: "public, max-age=3600",
  canonicalRedirect: "public, max-age=86400",
  none: "no-store",
} as const;

function firstString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

function sendHtml(reply: FastifyReply, status: number, body: string, cacheControl: string): FastifyReply {
  return reply.code(status).header("cache-control", cacheControl).type("text/html; charset=utf-8").send(body);
}

function redirect(reply: FastifyReply, location: string, status: 301 | 302, cacheControl: string) {
  return reply.header("cache-control", cacheControl).redirect(location, status);
}

/** A strong validator of a page body; the page is a pure function of the stored classification. */
function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (typeof header !== "string") return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

function handleError(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof RateLimitExceeded) {
    reply.header("retry-after", String(err.retryAfterS));
    const page = errorPage(
      "Too many requests",
      `You have looked up more than ${err.limit} pages in a minute. Try again in ${err.retryAfterS} seconds.`,
    );
    return sendHtml(reply, 429, page, CACHE.none);
  }
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
    return sendHtml(reply, err.status, errorPage(ERROR_CODES[err.code].title, err.message), CACHE.none);
  }
  const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    return sendHtml(
      reply,
      status,
      errorPage("Bad request", "The request could not be understood."),
      CACHE.none,
    );
  }
  request.log.error({ err }, "domain page failed");
  const page = errorPage(
    "Something went wrong",
    "The page could not be shown because of a problem on our side. Try again in a moment.",
    `Request id: ${request.id}`,
  );
  return sendHtml(reply, 500, page, CACHE.none);
}

/**
 * The home page and the public domain information pages (docs/pages.md): HTML views of the public
 * classification (SPEC §2.3), limited per client address like the public endpoint. Errors are HTML pages here.
 */
export function pagesRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(handleError);
    app.addHook("onSend", async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      return payload;
    });

    const hidden = { schema: { hide: true } };
    const landing = new LandingLists(services.database.db);

    app.route({
      ...route(OPS.pagesHome, hidden),
      handler: async (_request, reply) => sendHtml(reply, 200, homePage(), CACHE.home),
    });

    app.route<{ Querystring: Record<string, unknown> }>({
      ...route(OPS.pagesSearch, hidden),
      handler: async (request, reply) => {
        const q = firstString(request.query.q);
        if (q === undefined) return sendHtml(reply, 200, landingPage(await landing.get()), CACHE.landing);
        const normalized = normalizeDomain(q);
        if (!normalized.ok) return sendHtml(reply, 400, invalidInputPage(q, normalized.message), CACHE.none);
        return redirect(reply, domainPath(normalized.root), 302, CACHE.none);
      },
    });

    app.route<{ Params: { "*"?: string } }>({
      ...route(OPS.pagesDomain, hidden),
      handler: async (request, reply) => {
        const input = request.params["*"] ?? "";
        if (input === "") return redirect(reply, "/domains", 301, CACHE.canonicalRedirect);
        const normalized = normalizeDomain(input);
        if (!normalized.ok) {
          return sendHtml(reply, 400, invalidInputPage(input, normalized.message), CACHE.none);
        }
        const root = normalized.root;
        // One page per root domain: a subdomain, a URL or another spelling redirects to it.
        if (input !== root) return redirect(reply, domainPath(root), 301, CACHE.canonicalRedirect);

        const [view, times] = await Promise.all([
          services.classification.getPublic(root),
          classificationTimes(services.database.db, root),
        ]);
        if (!view) {
          // Same policy as GET /api/v1/classify: a miss queues a crawl on the house, within the global budget.
          const queued = await services.classification.queuePublicCrawl(root);
          return sendHtml(reply, 404, notFoundPage(root, queued), CACHE.none);
        }

        const body = domainPage({
          view,
          classifiedAt: times?.classifiedAt ?? null,
          updatedAt: times?.updatedAt ?? null,
        });
        const etag = etagOf(body);
        reply.header("etag", etag);
        if (times) reply.header("last-modified", times.updatedAt.toUTCString());
        if (notModified(request, etag)) {
          return reply.code(304).header("cache-control", CACHE.page).send();
        }
        return sendHtml(reply, 200, body, CACHE.page);
      },
    });
  };
}
