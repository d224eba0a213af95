import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function sys<Code extends `SYS-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "SYS", agent: AGENTS.system, ...entry };
}

/**
 * Findings about the scan itself (`SYS-NNN`, source_agent "System"): why an analysis halted early
 * (001–007) and what limited it (010–012). docs/findings-sys.md explains when each fires; its table is
 * written from `when` (npm run docs:findings).
 */
export const SYSTEM_FINDINGS = [
  sys("SYS-001", {
    severity: "Informational",
    title: "Analysis halted: the domain does not resolve",
    meaning:
      "DNS gave no address for the host (NXDOMAIN, no records, DNS timeout or error), so no page could be loaded. The verdict is Unknown unless the URL itself is evidence.",
    when: "Outcome `dns_failure`.",
  }),
  sys("SYS-002", {
    severity: "Informational",
    title: "Analysis halted: the server is unreachable",
    meaning: "The host resolves but refused or never accepted the connection, or no route led to it.",
    when: "Outcome `unreachable` (refused, reset, no route).",
  }),
  sys("SYS-003", {
    severity: "Informational",
    title: "Analysis halted: TLS failure",
    meaning:
      "The HTTPS handshake failed or the certificate was refused, so the browser did not load the page. The certificate checks (NET-12x) say what was wrong with it.",
    when: "Outcome `tls_failure`: the browser refused the certificate or the handshake failed. The certificate problem itself appears as `NET-12x` from the capture's TLS check.",
  }),
  sys("SYS-004", {
    severity: "Informational",
    title: "Analysis halted: time limit reached",
    meaning: "The page did not finish loading within the scan's time budget.",
    when: "Outcome `timeout`.",
  }),
  sys("SYS-005", {
    severity: "Medium",
    title: "Navigation blocked: non-public destination",
    meaning:
      "The URL or one of its redirects led to an address DomainLens never connects to (loopback, private, link-local, metadata, reserved) or to a refused scheme or port. A public page that forwards visitors to such an address is suspicious in itself.",
    when: "Outcome `blocked`: the URL or a redirect led to an address or scheme the egress policy refuses. Evidence in itself (a public page forwarding visitors to an internal address).",
  }),
  sys("SYS-006", {
    severity: "Informational",
    title: "Server answered with an error",
    meaning:
      "The final page answered with an HTTP error status (4xx or 5xx); a page taken down or hidden from the scanner.",
    when: "Outcome `http_error` (4xx/5xx final page).",
  }),
  sys("SYS-007", {
    severity: "Informational",
    title: "Analysis halted: browser failure",
    meaning:
      "The browser failed while loading the page (a fault on DomainLens's side, not evidence about the site).",
    when: "Outcome `browser_error`: a fault on DomainLens's side.",
  }),
  sys("SYS-010", {
    severity: "Informational",
    title: "Saved page analyzed offline",
    meaning:
      "The page was analyzed from a saved copy: no network checks, redirects or requests were observed, so the verdict rests on the URL and the content.",
    when: "The capture's `source` is `saved` (`domainlens analyze`).",
  }),
  sys("SYS-011", {
    severity: "Informational",
    title: "Part of the analysis did not complete",
    meaning:
      "An agent failed or ran out of time (for example the vision agent); the verdict uses the evidence of the others.",
    when: "The vision agent failed or did not answer within the pipeline's time limit.",
  }),
  sys("SYS-012", {
    severity: "Informational",
    title: "Page content truncated",
    meaning: "The page's markup exceeded the capture's size cap; only its beginning was analyzed.",
    when: "The capture cut the page's markup at its size cap.",
  }),
] as const;
