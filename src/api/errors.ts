/**
 * The error catalog of the API: every stable `error` code, its status and title. Every error response
 * except 429 is an RFC 9457 problem document built from it by src/http (docs/errors.md lists them).
 * Services, routes and the HTTP plugins throw `ApiError`; src/http/error-handler.ts turns it into the
 * response. It lives here, not in src/http, so services can throw it without depending on the server.
 */
export const ERROR_CODES = {
  invalid_request: { status: 400, title: "The request is not valid" },
  invalid_json: { status: 400, title: "The body is not valid JSON" },
  invalid_domain: { status: 400, title: "The domain is not valid" },
  invalid_url: { status: 400, title: "The URL is not valid" },
  invalid_cursor: { status: 400, title: "The cursor is not valid" },
  invalid_webhook_url: { status: 400, title: "The webhook URL cannot receive deliveries" },
  invalid_idempotency_key: { status: 400, title: "The Idempotency-Key header is not valid" },
  missing_api_key: { status: 401, title: "No API key was sent" },
  invalid_api_key: { status: 401, title: "The API key is not valid" },
  api_key_revoked: { status: 401, title: "The API key has been revoked" },
  invalid_admin_token: { status: 401, title: "The admin token is not valid" },
  invalid_authorization_header: {
    status: 401,
    title: "The Authorization header is not in the form 'Bearer <token>'",
  },
  insufficient_balance: { status: 402, title: "The organization's balance is too low" },
  operation_blocked: { status: 403, title: "The operation is blocked for this organization" },
  not_found: { status: 404, title: "Not found" },
  route_not_found: { status: 404, title: "No such endpoint" },
  admin_disabled: { status: 404, title: "The admin API is disabled" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  idempotency_key_in_progress: {
    status: 409,
    title: "A request with this Idempotency-Key is still in progress",
  },
  too_many_webhooks: { status: 409, title: "The organization has as many webhook endpoints as it may" },
  artifact_expired: { status: 410, title: "The artifact was deleted under the organization's retention" },
  link_expired: { status: 410, title: "The link has expired" },
  payload_too_large: { status: 413, title: "The body is too large" },
  unsupported_media_type: { status: 415, title: "The body must be application/json" },
  idempotency_key_reused: { status: 422, title: "The Idempotency-Key was used with a different request" },
  rate_limit_exceeded: { status: 429, title: "Rate limit exceeded" },
  internal_error: { status: 500, title: "Internal error" },
  service_unavailable: { status: 503, title: "The service is temporarily unavailable" },
  rate_limiter_unavailable: { status: 503, title: "Rate limiting is temporarily unavailable" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_CODES[code].status;
  }
}
