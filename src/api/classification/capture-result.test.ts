import { describe, expect, it } from "vitest";
import { sampleClassification } from "../../../test/support/app.js";
import type { CrawlCapture, RootFetch } from "../../engines/classify/capture.js";
import type { ClassificationOutcome } from "../../engines/classify/types.js";
import { resultOfCapture } from "./capture-result.js";
import { toCrawlError } from "./crawl-job.js";

/** A capture whose root fetch is `root`; the rest is irrelevant to the mapping. */
function capture(root: Partial<RootFetch>): CrawlCapture {
  const fetch: RootFetch = {
    outcome: "ok",
    reason: null,
    message: null,
    scheme: "https",
    chain: [],
    finalUrl: "https://example.com/",
    status: 200,
    headers: {},
    servingAddress: "192.0.2.10",
    jsShell: false,
    via: "http",
    browserError: null,
    ...root,
  };
  return { domain: "example.com", root: fetch } as Partial<CrawlCapture> as CrawlCapture;
}

const outcome = { record: sampleClassification("example.com") } as ClassificationOutcome;
const analyze = () => outcome;

describe("resultOfCapture", () => {
  it("fails a domain that does not exist, without retry", () => {
    expect(
      resultOfCapture(capture({ outcome: "dns_failure", reason: "dns_nxdomain" }), analyze),
    ).toMatchObject({
      ok: false,
      code: "domain_unresolvable",
      retryable: false,
    });
  });

  it("retries a DNS timeout or error", () => {
    for (const reason of ["dns_timeout", "dns_error"]) {
      expect(resultOfCapture(capture({ outcome: "dns_failure", reason }), analyze)).toMatchObject({
        ok: false,
        code: "crawl_failed",
        retryable: true,
      });
    }
  });

  it("fails a domain the egress policy refuses, without retry", () => {
    const result = resultOfCapture(
      capture({ outcome: "blocked", reason: "blocked_private_address" }),
      analyze,
    );
    expect(result).toMatchObject({ ok: false, code: "blocked_by_policy", retryable: false });
  });

  it.each(["ok", "tls_failure", "http_error", "timeout", "unreachable"] as const)(
    "analyzes a capture whose root outcome is %s",
    (rootOutcome) => {
      expect(resultOfCapture(capture({ outcome: rootOutcome }), analyze)).toEqual({ ok: true, outcome });
    },
  );
});

describe("toCrawlError", () => {
  it("maps the runtime's codes to the documented ones and hides other messages", () => {
    expect(
      toCrawlError({ code: "timeout", message: "the job did not finish within 30000 ms" }),
    ).toMatchObject({
      code: "crawl_timeout",
      retryable: true,
    });
    expect(toCrawlError({ code: "worker_lost", message: "x" })).toMatchObject({
      code: "crawl_interrupted",
      retryable: true,
    });
    const hidden = toCrawlError({ code: "handler_error", message: "ECONNRESET at /srv/internal/file.ts:12" });
    expect(hidden.code).toBe("crawl_failed");
    expect(hidden.message).not.toContain("/srv/internal");
    expect(toCrawlError({ code: "domain_unresolvable", message: "a.com does not exist." })).toEqual({
      code: "domain_unresolvable",
      message: "a.com does not exist. The $0.01 charge has been refunded.",
      retryable: false,
    });
  });
});
