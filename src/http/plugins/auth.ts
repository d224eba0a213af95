import type { FastifyInstance, onRequestAsyncHookHandler, RouteOptions } from "fastify";
import { API_KEY_PREFIX, secretsEqual } from "../../platform/keys/keys.js";
import { ALL_OPERATIONS, type AuthMode } from "../../platform/operations.js";
import { ApiError, type ErrorCode } from "../errors.js";
import type { Services } from "../services.js";
import { toArray } from "./hooks.js";

/** What the Authorization header holds. */
type Credentials =
  | { kind: "none" }
  | { kind: "bearer"; token: string }
  /** A header that is not `Bearer <token>`: a bare token, another scheme, no token or several. */
  | { kind: "malformed"; shape: "bare" | "scheme" | "empty" | "spaces"; scheme: string };

function readCredentials(header: string | undefined): Credentials {
  if (!header) return { kind: "none" };
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (match?.[1]) return { kind: "bearer", token: match[1] };
  const value = header.trim();
  if (!value) return { kind: "none" };
  const [first = ""] = value.split(/[ \t]+/, 1);
  if (/^Bearer$/i.test(first)) {
    return { kind: "malformed", shape: value.length === first.length ? "empty" : "spaces", scheme: first };
  }
  // One word, or a key first: a token without its scheme (`Authorization: dl_live_…`). Else another
  // scheme (`Basic …`), named back only when it looks like one.
  if (value === first || first.startsWith(API_KEY_PREFIX))
    return { kind: "malformed", shape: "bare", scheme: "" };
  return { kind: "malformed", shape: "scheme", scheme: /^[A-Za-z][\w-]{0,19}$/.test(first) ? first : "" };
}

/** RFC 6750 §3 challenge of a 401: the realm, and an error code once credentials were sent. */
function challenge(
  realm: string,
  error?: "invalid_request" | "invalid_token",
  description?: string,
): Record<string, string> {
  let value = `Bearer realm="${realm}"`;
  if (error) value += `, error="${error}"`;
  // error_description allows printable ASCII but `"` and `\` (RFC 6750 §3).
  if (description) value += `, error_description="${description.replace(/[^\x20-\x7e]|["\\]/g, "")}"`;
  return { "www-authenticate": value };
}

const KEY_REALM = "DomainLens";
const ADMIN_REALM = "DomainLens admin";

function unauthorized(code: ErrorCode, message: string, headers: Record<string, string>): ApiError {
  return new ApiError(code, message, {}, headers);
}

/** The 401 of an Authorization header that is not `Bearer <token>`, saying how to send `what`. */
function malformedHeader(
  credentials: Extract<Credentials, { kind: "malformed" }>,
  what: "API key" | "admin token",
  placeholder: string,
  realm: string,
): ApiError {
  const how = `Send it as 'Authorization: Bearer ${placeholder}': the word Bearer, a space, then the ${what}.`;
  const message =
    credentials.shape === "bare"
      ? `The ${what} was sent without the 'Bearer ' scheme. ${how}`
      : credentials.shape === "scheme"
        ? `The Authorization header uses ${credentials.scheme ? `the '${credentials.scheme}' scheme` : "another scheme"}; the ${what} takes the Bearer scheme. ${how}`
        : credentials.shape === "empty"
          ? `The Authorization header has the Bearer scheme but no ${what} after it. ${how}`
          : `The Authorization header has more than one word after 'Bearer'. ${how}`;
  return unauthorized(
    "invalid_authorization_header",
    message,
    challenge(realm, "invalid_request", `Send the ${what} as: Authorization: Bearer ${placeholder}`),
  );
}

/**
 * Declares the auth mode of every route a plugin registers in `scope`, for plugins whose routes cannot
 * carry route() config (the API reference UI). Only `none`: anything that authenticates is an operation.
 */
export function declareScopeAuth(scope: FastifyInstance, mode: "none"): void {
  scope.decorate("scopeAuth", mode);
}

/** The table's operations by route, to refuse a route that takes an operation's place without it. */
const TABLE_ROUTES = new Map(ALL_OPERATIONS.map((op) => [`${op.method} ${op.url}`, op]));

function routeName(route: RouteOptions): string {
  return `${Array.isArray(route.method) ? route.method.join(",") : route.method} ${route.url}`;
}

/**
 * The auth mode of a route being registered, or an error that stops start-up: a route takes its mode from
 * its operation (route(OPS.…) in src/http/route.ts) and may not state another, and a route without an
 * operation must say `config: { auth: "none" }` or be in a scope declared open. There is no default.
 */
export function routeAuthMode(route: RouteOptions, scope: FastifyInstance | undefined): AuthMode {
  const config = route.config;
  const op = config?.operation;
  if (op) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const sameMethod = methods.every((m) => m === op.method || (m === "HEAD" && op.method === "GET"));
    if (!sameMethod || route.url !== op.url) {
      throw new Error(
        `DomainLens route ${routeName(route)} is registered with operation ${op.name}, which is ${op.method} ${op.url}: register it with route(OPS.${op.operationId}, …) (src/http/route.ts).`,
      );
    }
    if (config.auth !== undefined && config.auth !== op.auth) {
      throw new Error(
        `DomainLens route ${routeName(route)} states auth "${config.auth}" but its operation ${op.name} is "${op.auth}": the operation table (src/platform/operations.ts) decides.`,
      );
    }
    return op.auth;
  }
  for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
    const listed = TABLE_ROUTES.get(`${method === "HEAD" ? "GET" : method} ${route.url}`);
    if (listed) {
      throw new Error(
        `DomainLens route ${routeName(route)} is operation ${listed.name} of the operation table but does not carry it: register it with route(OPS.${listed.operationId}, …) (src/http/route.ts).`,
      );
    }
  }
  if (config?.auth === "none") return "none";
  if (config?.auth !== undefined) {
    throw new Error(
      `DomainLens route ${routeName(route)} states auth "${config.auth}" without an operation: add it to the operation table (src/platform/operations.ts) and register it with route(OPS.…, …).`,
    );
  }
  if (scope?.scopeAuth) return scope.scopeAuth;
  throw new Error(
    `DomainLens route ${routeName(route)} declares no auth mode, and no route is public by default: add it to the operation table (src/platform/operations.ts) and register it with route(OPS.…, …) (src/http/route.ts), or give it config: { auth: "none" } if it serves anyone without a limit.`,
  );
}

/**
 * Authentication, by route: `key` routes need an API key (SPEC §5), `admin` routes the ADMIN_TOKEN; a hook
 * on those routes only, first in their request lifecycle, before the body is read. Every route must
 * declare its mode (routeAuthMode): registering one that does not fails start-up.
 */
export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest("principal", null);
  app.decorateRequest("isAdmin", false);

  const apiKey: onRequestAsyncHookHandler = async (request) => {
    const credentials = readCredentials(request.headers.authorization);
    if (credentials.kind === "none") {
      throw unauthorized(
        "missing_api_key",
        "Send your API key as 'Authorization: Bearer <API_KEY>'.",
        challenge(KEY_REALM),
      );
    }
    if (credentials.kind === "malformed") {
      throw malformedHeader(credentials, "API key", "<API_KEY>", KEY_REALM);
    }
    const auth = await services.keys.authenticate(credentials.token);
    if (auth.ok) {
      request.principal = { orgId: auth.orgId, keyId: auth.keyId };
      return;
    }
    if (auth.reason === "revoked") {
      throw unauthorized(
        "api_key_revoked",
        "This API key has been revoked. Use another key of the organization, or ask its administrator for a new one.",
        challenge(KEY_REALM, "invalid_token", "The API key has been revoked"),
      );
    }
    if (auth.reason === "malformed") {
      throw unauthorized(
        "invalid_api_key",
        `This is not a DomainLens API key: keys are '${API_KEY_PREFIX}' followed by 43 letters, digits, '-' or '_'. Check that it was copied whole.`,
        challenge(KEY_REALM, "invalid_token", "This is not a DomainLens API key"),
      );
    }
    throw unauthorized(
      "invalid_api_key",
      "No organization has this API key. Check that it was copied whole, or ask for a new key.",
      challenge(KEY_REALM, "invalid_token", "Unknown API key"),
    );
  };

  const adminToken: onRequestAsyncHookHandler = async (request) => {
    const expected = services.config.ADMIN_TOKEN;
    if (!expected)
      throw new ApiError("admin_disabled", "The admin API is disabled: set ADMIN_TOKEN to enable it.");
    const credentials = readCredentials(request.headers.authorization);
    if (credentials.kind === "none") {
      throw unauthorized(
        "invalid_admin_token",
        "The admin API needs the server's admin token: send 'Authorization: Bearer <ADMIN_TOKEN>'.",
        challenge(ADMIN_REALM),
      );
    }
    if (credentials.kind === "malformed") {
      throw malformedHeader(credentials, "admin token", "<ADMIN_TOKEN>", ADMIN_REALM);
    }
    if (!secretsEqual(credentials.token, expected)) {
      const isKey = credentials.token.startsWith(API_KEY_PREFIX);
      throw unauthorized(
        "invalid_admin_token",
        isKey
          ? "An API key is not the admin token: the admin API takes the server's ADMIN_TOKEN."
          : "The admin token is wrong: it is not this server's ADMIN_TOKEN.",
        challenge(ADMIN_REALM, "invalid_token", "The admin token is wrong"),
      );
    }
    request.isAdmin = true;
  };

  // `this` is the instance registering the route: its scope may declare the mode (declareScopeAuth).
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    const mode = routeAuthMode(route, this);
    route.config = { ...route.config, auth: mode };
    const hook = mode === "key" ? apiKey : mode === "admin" ? adminToken : null;
    if (hook) route.onRequest = [hook, ...toArray(route.onRequest)];
  });
}
