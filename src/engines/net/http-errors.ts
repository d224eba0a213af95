import { type EgressFailure, egressFailure } from "../egress/reasons.js";
import { reasonForSocketError } from "../egress/socket.js";

/** Carries a gate refusal or connection failure through undici back to the caller unchanged. */
export class EgressConnectError extends Error {
  readonly code = "DOMAINLENS_EGRESS";
  constructor(readonly failure: EgressFailure) {
    super(failure.detail ?? failure.message);
    this.name = "EgressConnectError";
  }
}

function codeOf(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string")
    return error.code;
  return "";
}

/** Turns whatever an HTTP exchange threw into a typed failure. */
export function failureFromHttpError(error: unknown, aborted: boolean, where: string): EgressFailure {
  if (error instanceof EgressConnectError) return error.failure;
  const message = error instanceof Error ? error.message : String(error);
  const detail = `${where}: ${message}`;
  if (aborted) return egressFailure("timeout_total", `${where}: the total time allowed ran out`);
  const code = codeOf(error);
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT")
    return egressFailure("timeout_read", detail);
  if (code === "UND_ERR_CONNECT_TIMEOUT") return egressFailure("timeout_connect", detail);
  if (code === "UND_ERR_ABORTED" || (error instanceof Error && error.name === "AbortError")) {
    return egressFailure("timeout_total", detail);
  }
  if (code === "UND_ERR_SOCKET" || code === "UND_ERR_CLOSED")
    return egressFailure("connection_reset", detail);
  const parserError = error instanceof Error && error.name === "HTTPParserError";
  if (
    parserError ||
    code.startsWith("HPE_") ||
    code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH" ||
    code === "UND_ERR_INFO"
  ) {
    return egressFailure("http_protocol_error", detail);
  }
  return egressFailure(reasonForSocketError(error, "io"), detail);
}
