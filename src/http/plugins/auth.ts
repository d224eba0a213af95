import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { secretsEqual } from "../../platform/keys/keys.js";
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { toArray } from "./hooks.js";

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? "";
}

/**
 * Authentication, by route: `key` routes need an API key (SPEC §5), `admin` routes the ADMIN_TOKEN. A hook
 * on those routes only, first in their request lifecycle, before the body is read.
 */
export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest("principal", null);
  app.decorateRequest("isAdmin", false);

  const apiKey: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (token === null) {
      throw new ApiError("missing_api_key", "Send your API key as 'Authorization: Bearer <API_KEY>'.");
    }
    const auth = await services.keys.authenticate(token);
    if (!auth.ok) {
      if (auth.reason === "revoked") throw new ApiError("api_key_revoked", "This API key has been revoked.");
      throw new ApiError("invalid_api_key", "The API key is malformed or unknown.");
    }
    request.principal = { orgId: auth.orgId, keyId: auth.keyId };
  };

  const adminToken: onRequestAsyncHookHandler = async (request) => {
    const expected = services.config.ADMIN_TOKEN;
    if (!expected)
      throw new ApiError("admin_disabled", "The admin API is disabled: set ADMIN_TOKEN to enable it.");
    const token = bearerToken(request);
    if (!token || !secretsEqual(token, expected)) {
      throw new ApiError("invalid_admin_token", "Send 'Authorization: Bearer <ADMIN_TOKEN>'.");
    }
    request.isAdmin = true;
  };

  app.addHook("onRoute", (route) => {
    const mode = route.config?.auth ?? "none";
    const hook = mode === "key" ? apiKey : mode === "admin" ? adminToken : null;
    if (hook) route.onRequest = [hook, ...toArray(route.onRequest)];
  });
}
