import type { ScanCapture } from "../../../../engines/scan/types.js";
import type { ExportInput } from "../index.js";

/**
 * A completed scan of a PayPal phishing page reached through a link shortener: the shortener's redirect,
 * the page on `login.paypa1-secure.com`, a script from a CDN and a tracker the egress policy refused.
 */
export function phishingScan(overrides: { capture?: Partial<ScanCapture> } = {}): ExportInput {
  const final = "https://login.paypa1-secure.com/signin?session=abc&lang=en";
  const capture: ScanCapture = {
    version: 1,
    requestUrl: "https://bit.ly/3xPhish",
    startedAt: "2026-06-01T10:00:00.000Z",
    finishedAt: "2026-06-01T10:00:02.400Z",
    source: "browser",
    outcome: "ok",
    reason: null,
    message: null,
    chain: [
      { url: "https://bit.ly/3xPhish", status: 301, location: final, kind: "http", address: "67.199.248.10" },
      { url: final, status: 200, location: null, kind: "http", address: "203.0.113.7" },
    ],
    finalUrl: final,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", server: "nginx" },
    title: "Log in to your PayPal account",
    html: "<html><head><title>Log in to your PayPal account</title></head><body><form><input type=password></form></body></html>",
    htmlTruncated: false,
    text: "Log in to your PayPal account",
    favicon: null,
    requests: [
      {
        url: "https://bit.ly/3xPhish",
        method: "GET",
        resourceType: "document",
        status: 301,
        address: "67.199.248.10",
        outcome: "ok",
        reason: null,
      },
      {
        url: final,
        method: "GET",
        resourceType: "document",
        status: 200,
        address: "203.0.113.7",
        outcome: "ok",
        reason: null,
      },
      {
        url: "https://cdn.example-cdn.com/kit.js?v=2",
        method: "GET",
        resourceType: "script",
        status: 200,
        address: "198.51.100.20",
        outcome: "ok",
        reason: null,
      },
      {
        url: "http://10.0.0.1/collect",
        method: "POST",
        resourceType: "xhr",
        status: null,
        address: null,
        outcome: "blocked",
        reason: "blocked_private_address",
      },
    ],
    forms: [],
    cookies: [],
    tls: null,
    console: [],
    downloads: [],
    dialogs: [],
    network: null,
    screenshots: { viewport: true, fullPage: true },
    durationMs: 2400,
    ...overrides.capture,
  };
  return {
    scan: {
      id: "0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b",
      url: "bit.ly/3xPhish",
      createdAt: "2026-06-01T09:59:59.000Z",
      completedAt: "2026-06-01T10:00:04.210Z",
      tags: ["case:4711"],
      report: {
        request_url: "https://bit.ly/3xPhish",
        final_assessment: "Malicious",
        threat_type: "Phishing / Credential Theft",
        confidence_score: 92,
        executive_summary: "A PayPal sign-in page on a domain PayPal does not own.",
        evidence_findings: [
          {
            finding_id: "CON-001",
            severity: "High",
            source_agent: "Content Analysis Agent",
            description: "Password field on a brand look-alike page",
            details: "The page asks for a PayPal password.",
          },
        ],
        site_context: {
          apparent_purpose: "Credential harvesting",
          primary_language: "en",
          detected_brand: "PayPal",
          page_title: "Log in to your PayPal account",
        },
      },
    },
    capture,
    recordUrl: "https://api.domainlens.example/v1/scans/0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b",
  };
}

/** The same scan judged Benign, without a brand. */
export function benignScan(): ExportInput {
  const input = phishingScan();
  input.scan.report = {
    ...input.scan.report,
    final_assessment: "Benign",
    threat_type: "Benign",
    confidence_score: 80,
    evidence_findings: [],
    site_context: {
      apparent_purpose: "Sign-in page",
      primary_language: "en",
      detected_brand: null,
      page_title: "Sign in",
    },
  };
  return input;
}

/** A phishing URL whose site no longer answers: nothing loaded, no chain, no requests. */
export function downScan(): ExportInput {
  const input = phishingScan({
    capture: {
      requestUrl: "https://paypa1-secure.com/login",
      outcome: "unreachable",
      reason: "connection_refused",
      message: "The server refused the connection.",
      chain: [],
      finalUrl: null,
      status: null,
      headers: {},
      title: null,
      html: "",
      text: "",
      requests: [],
      screenshots: { viewport: false, fullPage: false },
    },
  });
  input.scan.report = {
    ...input.scan.report,
    request_url: "https://paypa1-secure.com/login",
    threat_type: "Phishing / Credential Theft",
    site_context: null,
  };
  return input;
}
