import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.js";

/** A UTF-16 surrogate without its partner: a high one not followed by a low one, or a low one alone. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A `\u` escape of a surrogate (U+D800–U+DFFF) in JSON text: the only way one gets into a parsed value. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

type Problem = "nul" | "surrogate";

/** The first string or key of a parsed JSON value that DomainLens cannot store as text, if any. */
function textProblem(value: unknown, checkNul: boolean, checkSurrogates: boolean): Problem | undefined {
  const ofString = (s: string): Problem | undefined => {
    if (checkNul && s.includes("\u0000")) return "nul";
    if (checkSurrogates && UNPAIRED_SURROGATE.test(s)) return "surrogate";
    return undefined;
  };
  if (typeof value === "string") return ofString(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = textProblem(item, checkNul, checkSurrogates);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = ofString(key) ?? textProblem(item, checkNul, checkSurrogates);
      if (found) return found;
    }
  }
  return undefined;
}

const MESSAGES: Record<Problem | "utf8", string> = {
  nul: "The body holds a NUL character (\\u0000), which is never accepted.",
  surrogate:
    "The body holds an unpaired UTF-16 surrogate (a \\uD800–\\uDFFF escape without its partner), which is " +
    "not text and is never accepted.",
  utf8:
    "The body is not valid UTF-8 (it holds an unpaired surrogate or another invalid byte sequence); JSON " +
    "bodies must be UTF-8.",
};

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), refusing text neither database
 * DomainLens runs on can store: a body that is not valid UTF-8 (which is how a raw unpaired surrogate
 * arrives), a NUL character, or an unpaired UTF-16 surrogate written as a `\u` escape. No URL, domain or
 * name needs any of them.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, raw, done) => {
    const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (!isUtf8(bytes)) return done(new ApiError("invalid_request", MESSAGES.utf8), undefined);
    const body = bytes.toString("utf8");
    parse(request, body, (err, value) => {
      if (err) return done(err, undefined);
      const checkNul = body.includes("\\u0000");
      const checkSurrogates = ESCAPED_SURROGATE.test(body);
      const problem = checkNul || checkSurrogates ? textProblem(value, checkNul, checkSurrogates) : undefined;
      if (problem) return done(new ApiError("invalid_request", MESSAGES[problem]), undefined);
      done(null, value);
    });
  });
}
