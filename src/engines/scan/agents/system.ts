import { EGRESS_REASONS } from "../../egress/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import type { ScanCapture } from "../types.js";

export interface SystemFacts {
  findings: Finding[];
  /** Nothing to analyze: the capture stopped before a page with content was loaded. */
  halted: boolean;
  /** The URL or a redirect led to an address or scheme the egress policy refuses. */
  blocked: boolean;
  /** Why, in a few words, for the summary. */
  reason: string | null;
}

function sentence(capture: ScanCapture): string {
  const known =
    capture.reason && capture.reason in EGRESS_REASONS
      ? EGRESS_REASONS[capture.reason as keyof typeof EGRESS_REASONS]
      : null;
  const parts = [capture.message, known, capture.reason ? `(${capture.reason})` : null].filter(
    (p): p is string => typeof p === "string" && p.length > 0,
  );
  return parts.length > 0 ? [...new Set(parts)].join(" ") : "no reason given";
}

/** The page had something to analyze: visible text, a form or a frame. */
export function hasContent(capture: ScanCapture): boolean {
  if (capture.text.replace(/\s/g, "").length >= 20) return true;
  if (capture.forms.length > 0) return true;
  return (
    /<(?:form|input|iframe|img)\b/i.test(capture.html) ||
    /\S{20,}/.test(capture.html.replace(/<[^>]*>/g, " "))
  );
}

/** The capture read the page in spite of a refused certificate (BrowserCapture.tlsBypassed). */
export function tlsBypassed(capture: ScanCapture): boolean {
  return (capture as ScanCapture & { tlsBypassed?: unknown }).tlsBypassed === true;
}

/** Findings about the scan itself: why it stopped, what limited it. */
export function systemFindings(capture: ScanCapture): SystemFacts {
  const findings: Finding[] = [];
  const content = hasContent(capture);
  let reason: string | null = null;
  let blocked = false;
  const why = sentence(capture);
  switch (capture.outcome) {
    case "dns_failure":
      reason = "the domain does not resolve";
      findings.push(
        makeFinding("SYS-001", `The host of ${capture.requestUrl} could not be resolved: ${why}.`),
      );
      break;
    case "unreachable":
      reason = "the server could not be reached";
      findings.push(makeFinding("SYS-002", `No connection to the server: ${why}.`));
      break;
    case "tls_failure":
      if (tlsBypassed(capture) && content) {
        // Not halted: the page was read with that one origin's certificate accepted. The certificate
        // problem itself is in the network checks (NET-12x).
        findings.push(
          makeFinding(
            "SYS-003",
            `The browser refused the certificate of ${capture.finalUrl ?? capture.requestUrl} (${why}); the page was then read without certificate verification, as a person clicking through the warning would see it. The content was analyzed; the certificate problem stands.`,
            { description: "Page read despite a certificate error" },
          ),
        );
        break;
      }
      reason = "the TLS handshake failed";
      findings.push(makeFinding("SYS-003", `The HTTPS connection failed: ${why}.`));
      break;
    case "timeout":
      reason = "the page did not load in time";
      findings.push(makeFinding("SYS-004", `The page did not finish loading in time: ${why}.`));
      break;
    case "blocked": {
      blocked = true;
      reason = "the navigation was blocked";
      const hop = capture.chain.find((h) => h.location !== null && h.url !== capture.requestUrl)?.url;
      findings.push(
        makeFinding(
          "SYS-005",
          `${hop ? `The chain reached ${hop}, then a` : "A"} destination DomainLens does not connect to: ${why}.`,
        ),
      );
      break;
    }
    case "http_error": {
      reason = `the server answered ${capture.status ?? "with an error"}`;
      const status = capture.status ? `HTTP ${capture.status}` : "with an error";
      // The status says it all unless the capture stopped for a reason of its own (a redirect loop).
      const detail = capture.reason === "http_status" ? "" : `: ${why}`;
      findings.push(makeFinding("SYS-006", `The final page answered ${status}${detail}.`));
      break;
    }
    case "browser_error":
      reason = "the browser failed";
      findings.push(makeFinding("SYS-007", `The browser failed: ${why}.`));
      break;
    case "ok":
      break;
  }
  if (capture.source === "saved")
    findings.push(
      makeFinding(
        "SYS-010",
        "Analyzed from a saved copy of the page: there were no DNS, registration or certificate checks, no redirects and no requests to observe.",
      ),
    );
  if (capture.htmlTruncated)
    findings.push(
      makeFinding(
        "SYS-012",
        `Only the first ${capture.html.length} characters of the page's markup were kept.`,
      ),
    );
  const halted = capture.outcome !== "ok" && !content;
  return { findings, halted, blocked, reason };
}
