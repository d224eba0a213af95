import { describe, expect, it } from "vitest";
import { egressIndex, type NavigationState } from "../../browser/index.js";
import type { ProxyEvent } from "../../egress/index.js";
import { decideOutcome, type OutcomeFacts, outcomeForReason } from "./outcome.js";

const document = (
  status: number,
  refusal: string | null = null,
): NonNullable<NavigationState["document"]> => ({
  url: "https://site.test/",
  status,
  headers: {},
  refusal,
  // The outcome never reads the live response.
  response: null as unknown as NonNullable<NavigationState["document"]>["response"],
});

function facts(partial: Partial<OutcomeFacts> & { events?: ProxyEvent[] } = {}): OutcomeFacts {
  const { events = [], ...rest } = partial;
  return {
    navigation: { document: document(200), unfinished: null, errorPage: false },
    egress: egressIndex(events, []),
    timedOut: false,
    gotoError: null,
    browserFailure: null,
    downloads: 0,
    ...rest,
  };
}

describe("outcomeForReason", () => {
  it.each([
    ["blocked_loopback", "blocked"],
    ["invalid_url", "blocked"],
    ["dns_nxdomain", "dns_failure"],
    ["dns_timeout", "dns_failure"],
    ["timeout_connect", "timeout"],
    ["tls_expired", "tls_failure"],
    ["tls_error", "tls_failure"],
    ["no_tls", "tls_failure"],
    ["too_many_redirects", "http_error"],
    ["connection_refused", "unreachable"],
    ["connection_reset", "unreachable"],
    ["http_protocol_error", "unreachable"],
    ["something_new", "unreachable"],
  ])("%s → %s", (reason, outcome) => {
    expect(outcomeForReason(reason)).toBe(outcome);
  });
});

describe("decideOutcome", () => {
  it("is ok for a shown page and http_error for a 4xx/5xx one (the page is still kept)", () => {
    expect(decideOutcome(facts())).toEqual({ outcome: "ok", reason: null, message: null });
    expect(
      decideOutcome(facts({ navigation: { document: document(404), unfinished: null, errorPage: false } })),
    ).toMatchObject({ outcome: "http_error", reason: "http_status" });
  });

  it("prefers what the gate said about a failed navigation over Chromium's error text", () => {
    const navigation: NavigationState = {
      document: null,
      unfinished: { url: "https://gone.test/", failure: "net::ERR_TUNNEL_CONNECTION_FAILED", pending: false },
      errorPage: true,
    };
    const events: ProxyEvent[] = [
      { kind: "connect", target: "gone.test:443", outcome: "failed", reason: "dns_nxdomain", message: "x" },
    ];
    expect(decideOutcome(facts({ navigation, events }))).toMatchObject({
      outcome: "dns_failure",
      reason: "dns_nxdomain",
    });
    expect(decideOutcome(facts({ navigation }))).toMatchObject({
      outcome: "unreachable",
      reason: "connection_error",
    });
    const cert = {
      ...navigation,
      unfinished: { url: "https://x.test/", failure: "net::ERR_CERT_DATE_INVALID", pending: false },
    };
    expect(decideOutcome(facts({ navigation: cert }))).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_error",
    });
  });

  it("ends blocked when a shown page sends the browser somewhere the policy refuses", () => {
    const navigation: NavigationState = {
      document: document(200),
      unfinished: { url: "http://127.0.0.1/", failure: "net::ERR_FAILED", pending: false },
      errorPage: false,
    };
    const events: ProxyEvent[] = [
      { kind: "http", target: "http://127.0.0.1/", outcome: "blocked", reason: "blocked_loopback" },
    ];
    expect(decideOutcome(facts({ navigation, events }))).toMatchObject({
      outcome: "blocked",
      reason: "blocked_loopback",
    });
    // The gate answering in the site's place is never the site's page.
    const refused = {
      document: document(403, "blocked_metadata_address"),
      unfinished: null,
      errorPage: false,
    };
    expect(decideOutcome(facts({ navigation: refused }))).toMatchObject({
      outcome: "blocked",
      reason: "blocked_metadata_address",
    });
  });

  it("is a timeout when the page or a later navigation did not finish, and ok for a download", () => {
    expect(decideOutcome(facts({ timedOut: true }))).toMatchObject({
      outcome: "timeout",
      reason: "timeout_total",
    });
    const pending: NavigationState = {
      document: document(200),
      unfinished: { url: "https://slow.test/", failure: null, pending: true },
      errorPage: false,
    };
    expect(decideOutcome(facts({ navigation: pending })).outcome).toBe("timeout");
    const download: NavigationState = {
      document: null,
      unfinished: { url: "https://site.test/a.zip", failure: "net::ERR_ABORTED", pending: false },
      errorPage: false,
    };
    expect(decideOutcome(facts({ navigation: download, downloads: 1 })).outcome).toBe("ok");
  });

  it("tells a browser failure from a site's", () => {
    expect(decideOutcome(facts({ browserFailure: { reason: "crashed", message: "gone" } }))).toMatchObject({
      outcome: "browser_error",
      reason: "crashed",
    });
    expect(decideOutcome(facts({ browserFailure: { reason: "timeout", message: "slow" } }))).toMatchObject({
      outcome: "timeout",
    });
  });
});
