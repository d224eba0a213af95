// The HTTP side of the error catalog of ../api/errors.ts: problem bodies. The catalog and `ApiError` are
// re-exported for the server's own modules (plugins, error handler) and routes.
import { ERROR_CODES, type ErrorCode } from "../api/errors.js";

export { ApiError, ERROR_CODES, type ErrorCode } from "../api/errors.js";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  error: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

export function problemBody(
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): ProblemBody {
  const { status, title } = ERROR_CODES[code];
  return { type: `/errors/${code}`, title, status, detail: message, error: code, message, ...extra };
}
