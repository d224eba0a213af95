import type { Egress } from "../net/index.js";

export interface OriginVerdict {
  ok: boolean;
  /** `tls_untrusted`, `tls_hostname_mismatch`, `tls_expired` or the egress reason of a failed probe. */
  reason: string | null;
  message: string | null;
}

export interface OriginVerifier {
  /** Whether the certificate of https://host:port is acceptable, verified once per verifier. */
  check(host: string, port: number, signal?: AbortSignal): Promise<OriginVerdict>;
}

/**
 * Verifies HTTPS origins with DomainLens's own trust store (Node's roots plus EXTRA_CA_FILE), through the
 * gate. Needed only when Chromium accepts the extra CA by SPKI: that switch makes Chromium ignore every
 * error of a chain holding the CA (expiry and host name too), so each HTTPS origin must pass this check
 * before the browser may load from it. One verifier per task: results are not shared across tasks.
 */
export function createOriginVerifier(egress: Egress, timeoutMs = 4_000): OriginVerifier {
  const seen = new Map<string, Promise<OriginVerdict>>();
  return {
    check(host, port, signal) {
      const key = `${host}:${port}`;
      let verdict = seen.get(key);
      if (!verdict) {
        verdict = egress
          .probeTls(host, { port, totalTimeoutMs: timeoutMs, ...(signal ? { signal } : {}) })
          .then((probe): OriginVerdict => {
            if (!probe.ok) return { ok: false, reason: probe.reason, message: probe.message };
            if (probe.flags.expired || probe.flags.notYetValid)
              return {
                ok: false,
                reason: "tls_expired",
                message: `the certificate of ${host} is not valid now`,
              };
            if (probe.flags.hostnameMismatch || probe.hostnameError)
              return {
                ok: false,
                reason: "tls_hostname_mismatch",
                message: `the certificate presented for ${host} does not cover it`,
              };
            if (!probe.authorized)
              return {
                ok: false,
                reason: "tls_untrusted",
                message: `the certificate of ${host} is not trusted (${probe.authorizationError ?? "unknown"})`,
              };
            return { ok: true, reason: null, message: null };
          });
        seen.set(key, verdict);
      }
      return verdict;
    },
  };
}
