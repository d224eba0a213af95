/**
 * Every reason the egress gate gives for not completing a request. Codes are stable snake_case strings a
 * finding can be built from; each has one human sentence.
 */
export const EGRESS_REASONS = {
  invalid_url: "The address is not a valid URL or host name.",
  blocked_scheme: "Only http and https URLs may be fetched.",
  blocked_port: "The port is not one DomainLens connects to.",
  blocked_userinfo: "The URL carries a user name or password, which DomainLens does not send.",
  blocked_loopback: "The host is a loopback address of the machine DomainLens runs on.",
  blocked_private_address: "The host is in private or internal network space.",
  blocked_link_local: "The host is a link-local address.",
  blocked_metadata_address: "The host is a cloud instance metadata address.",
  blocked_multicast: "The host is a multicast address.",
  blocked_broadcast: "The host is the broadcast address.",
  blocked_unspecified: "The host is the unspecified address (0.0.0.0 or ::).",
  blocked_reserved_address: "The host is in reserved, documentation or benchmarking address space.",
  dns_nxdomain: "The domain does not exist in DNS (NXDOMAIN).",
  dns_no_data: "The domain exists but has no address records.",
  dns_timeout: "DNS did not answer in time.",
  dns_error: "DNS answered with an error.",
  timeout_connect: "The server did not accept a connection in time.",
  timeout_read: "The server stopped sending data before the response was complete.",
  timeout_total: "The request took longer than the total time allowed.",
  connection_refused: "The server refused the connection.",
  connection_reset: "The server closed the connection abruptly.",
  host_unreachable: "There is no network route to the server.",
  connection_error: "The connection to the server failed.",
  tls_error: "The TLS handshake failed or the certificate was not accepted.",
  no_tls: "The server does not speak TLS on this port.",
  http_protocol_error: "The server's response is not valid HTTP.",
  too_many_redirects: "The server redirected more times than allowed.",
  invalid_redirect: "The server redirected to a location that is not a valid URL.",
  body_too_large: "The response body is larger than the size allowed.",
} as const;

export type EgressReason = keyof typeof EGRESS_REASONS;

/** A request the gate did not complete, with a reason code, its sentence and what exactly was refused. */
export interface EgressFailure {
  ok: false;
  reason: EgressReason;
  message: string;
  /** Specifics, e.g. "127.0.0.1 is a loopback address"; absent when the sentence says it all. */
  detail?: string;
}

export function egressFailure(reason: EgressReason, detail?: string): EgressFailure {
  return detail === undefined
    ? { ok: false, reason, message: EGRESS_REASONS[reason] }
    : { ok: false, reason, message: EGRESS_REASONS[reason], detail };
}

/** True for reasons that come from the SSRF policy or URL rules rather than from the network. */
export function isPolicyReason(reason: EgressReason): boolean {
  return reason.startsWith("blocked_") || reason === "invalid_url";
}
