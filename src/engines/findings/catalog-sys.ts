import { AGENTS, type FindingDefinition, type Severity } from "./types.js";

function sys(code: string, severity: Severity, title: string, meaning: string): FindingDefinition {
  return { code: `SYS-${code}`, area: "SYS", agent: AGENTS.system, severity, title, meaning };
}

/**
 * Findings about the scan itself (`SYS-NNN`, source_agent "System"): why an analysis halted early
 * (001–007) and what limited it (010–012). docs/findings-sys.md explains when each fires.
 */
export const SYSTEM_FINDINGS: readonly FindingDefinition[] = [
  sys(
    "001",
    "Informational",
    "Analysis halted: the domain does not resolve",
    "DNS gave no address for the host (NXDOMAIN, no records, DNS timeout or error), so no page could be loaded. The verdict is Unknown unless the URL itself is evidence.",
  ),
  sys(
    "002",
    "Informational",
    "Analysis halted: the server is unreachable",
    "The host resolves but refused or never accepted the connection, or no route led to it.",
  ),
  sys(
    "003",
    "Informational",
    "Analysis halted: TLS failure",
    "The HTTPS handshake failed or the certificate was refused, so the browser did not load the page. The certificate checks (NET-12x) say what was wrong with it.",
  ),
  sys(
    "004",
    "Informational",
    "Analysis halted: time limit reached",
    "The page did not finish loading within the scan's time budget.",
  ),
  sys(
    "005",
    "Medium",
    "Navigation blocked: non-public destination",
    "The URL or one of its redirects led to an address DomainLens never connects to (loopback, private, link-local, metadata, reserved) or to a refused scheme or port. A public page that forwards visitors to such an address is suspicious in itself.",
  ),
  sys(
    "006",
    "Informational",
    "Server answered with an error",
    "The final page answered with an HTTP error status (4xx or 5xx); a page taken down or hidden from the scanner.",
  ),
  sys(
    "007",
    "Informational",
    "Analysis halted: browser failure",
    "The browser failed while loading the page (a fault on DomainLens's side, not evidence about the site).",
  ),
  sys(
    "010",
    "Informational",
    "Saved page analyzed offline",
    "The page was analyzed from a saved copy: no network checks, redirects or requests were observed, so the verdict rests on the URL and the content.",
  ),
  sys(
    "011",
    "Informational",
    "Part of the analysis did not complete",
    "An agent failed or ran out of time (for example the vision agent); the verdict uses the evidence of the others.",
  ),
  sys(
    "012",
    "Informational",
    "Page content truncated",
    "The page's markup exceeded the capture's size cap; only its beginning was analyzed.",
  ),
];
