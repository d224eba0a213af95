import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.js";

/** Whether a parsed JSON value holds U+0000 in any string or key (it was written as `\u0000`). */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item));
  return false;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), refusing text with a NUL character:
 * no database DomainLens runs on stores one in text, and no URL, domain or name needs it.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, raw, done) => {
    const body = String(raw);
    parse(request, body, (err, value) => {
      if (err) return done(err, undefined);
      if (body.includes("\\u0000") && holdsNul(value))
        return done(
          new ApiError(
            "invalid_request",
            "The body holds a NUL character (\\u0000), which is never accepted.",
          ),
          undefined,
        );
      done(null, value);
    });
  });
}
