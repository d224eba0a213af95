import { describe, expect, it } from "vitest";
import { savedCapture } from "../saved.js";
import type { ScanCapture } from "../types.js";
import { systemFindings } from "./system.js";

/** A browser capture that ended on an error page. */
function errorPage(status: number, reason: string, message: string): ScanCapture {
  return {
    ...savedCapture("https://shop.example/signin", "<p>Not here</p>"),
    source: "browser",
    outcome: "http_error",
    status,
    reason,
    message,
  };
}

describe("system findings", () => {
  it("states an error page's status once, without repeating it as the reason", () => {
    const facts = systemFindings(errorPage(404, "http_status", "The page answered HTTP 404."));
    expect(facts.findings.map((f) => [f.finding_id, f.details])).toEqual([
      ["SYS-006", "The final page answered HTTP 404."],
    ]);
  });

  it("adds the capture's own reason when the status is not the whole story", () => {
    const facts = systemFindings(errorPage(302, "too_many_redirects", "The redirect chain did not end."));
    expect(facts.findings[0]?.details).toBe(
      "The final page answered HTTP 302: The redirect chain did not end. " +
        "The server redirected more times than allowed. (too_many_redirects).",
    );
  });
});
