import { describe, expect, it } from "vitest";
import type { ProxyEvent } from "../egress/index.js";
import { chromiumReason, egressIndex, originKey } from "./network-log.js";

describe("egressIndex", () => {
  const events: ProxyEvent[] = [
    { kind: "connect", target: "site.test:443", outcome: "allowed", address: "203.0.113.7" },
    { kind: "http", target: "http://plain.test/a", outcome: "allowed", address: "203.0.113.8" },
    {
      kind: "connect",
      target: "[::1]:8443",
      outcome: "blocked",
      reason: "blocked_loopback",
      detail: "::1 is loopback",
    },
    {
      kind: "connect",
      target: "gone.test:443",
      outcome: "failed",
      reason: "connection_refused",
      message: "refused",
    },
  ];
  const index = egressIndex(events, [
    { url: "https://old.test/x", reason: "tls_expired", message: "expired" },
  ]);

  it("finds the address an origin was connected to, for HTTPS, WebSockets and plain HTTP", () => {
    expect(index.address("https://site.test/page?q")).toBe("203.0.113.7");
    expect(index.address("wss://site.test/socket")).toBe("203.0.113.7");
    expect(index.address("http://plain.test/b")).toBe("203.0.113.8");
    expect(index.address("https://other.test/")).toBeNull();
  });

  it("explains a failure with the gate's reason first, then the origin check's, then Chromium's", () => {
    expect(index.failure("https://[::1]:8443/x", "net::ERR_TUNNEL_CONNECTION_FAILED")).toEqual({
      outcome: "blocked",
      reason: "blocked_loopback",
      message: "::1 is loopback",
    });
    expect(index.failure("https://gone.test/", "net::ERR_FAILED")).toMatchObject({
      outcome: "failed",
      reason: "connection_refused",
    });
    expect(index.failure("https://old.test/y", "net::ERR_FAILED")).toMatchObject({ reason: "tls_expired" });
    expect(index.failure("https://site.test/", "net::ERR_CERT_AUTHORITY_INVALID")).toMatchObject({
      reason: "tls_error",
    });
    // Cancelled by the page: nothing the gate said about the origin applies.
    expect(index.failure("https://gone.test/", "net::ERR_ABORTED")).toMatchObject({ reason: "aborted" });
    expect(index.failure("https://quiet.test/", null)).toMatchObject({ reason: "unfinished" });
  });

  it("maps Chromium errors and origins to stable forms", () => {
    expect(chromiumReason("net::ERR_TOO_MANY_REDIRECTS")).toBe("too_many_redirects");
    expect(chromiumReason("net::ERR_CONNECTION_RESET")).toBe("connection_reset");
    expect(chromiumReason("page.goto: net::ERR_UNSAFE_PORT at http://x/")).toBe("blocked_port");
    expect(chromiumReason("Something else")).toBe("failed");
    expect(originKey("ws://a.test/x")).toBe("a.test:80");
    expect(originKey("https://[::1]/")).toBe("[::1]:443");
    expect(originKey("data:text/plain,x")).toBeNull();
  });
});
