import { DOMAIN_FINDINGS } from "./catalog-dom.js";
import { NETWORK_FINDINGS } from "./catalog-net.js";
import { AGENTS, type FindingDefinition, type Severity } from "./types.js";

const network = AGENTS.network;

function net(code: string, severity: Severity, title: string, meaning: string): FindingDefinition {
  return { code: `NET-${code}`, area: "NET", agent: network, severity, title, meaning };
}

/**
 * The scan code that repeats a domain-risk code inside a URL scan: `DR-NET-0NN` (DNS, registration, TLS
 * and hosting checks of the final host) is `NET-1NN`, `DR-DOM-0NN` (what the URL and its name say) is
 * `NET-2NN`. Same meaning and default severity; reported by the scan's network agent.
 */
export function scanCodeOf(riskCode: string): string | null {
  const match = /^DR-(NET|DOM)-0(\d\d)$/.exec(riskCode);
  if (!match) return null;
  return `NET-${match[1] === "NET" ? "1" : "2"}${match[2]}`;
}

function mirrored(definitions: readonly FindingDefinition[]): FindingDefinition[] {
  const out: FindingDefinition[] = [];
  for (const d of definitions) {
    const code = scanCodeOf(d.code);
    if (code) out.push({ ...d, code, area: "NET", agent: network });
  }
  return out;
}

/**
 * Findings of the URL scan's network-analysis agent (`NET-NNN`): the redirect chain (001–009), the final
 * page's transport (010–012), requests the page made (020–027), where credentials would be sent
 * (030–033); then the risk engine's checks of the final host (1NN) and of the URL's name (2NN).
 * docs/findings-scan-net.md explains when each fires.
 */
export const SCAN_NETWORK_FINDINGS: readonly FindingDefinition[] = [
  net(
    "001",
    "Low",
    "Redirected to another domain",
    "The submitted URL did not stay on its registrable domain: the page finally shown belongs to another one. Common for short links and moved sites; Medium when the chain crosses three or more registrable domains or the landing domain is itself suspicious (new, abused TLD, imitating a brand).",
  ),
  net(
    "002",
    "Low",
    "Long redirect chain",
    "Four or more navigations before the final page (HTTP, meta refresh or script). Traffic distribution systems and cloaking chains pass visitors through several hops; Medium from six hops.",
  ),
  net(
    "003",
    "Informational",
    "Redirect through a URL shortener",
    "A hop of the chain is a known URL shortener, which hides the destination from the person clicking.",
  ),
  net(
    "004",
    "Low",
    "Client-side redirect to another domain",
    "The page sent the browser on with a meta refresh or a script instead of an HTTP redirect, to another registrable domain: a way to pass link scanners that do not run pages. Medium when the redirecting or the landing domain is suspicious.",
  ),
  net(
    "005",
    "Low",
    "Open redirect",
    "A hop carried the next hop's address in its query (`?url=`, `?next=`, `?redirect=`…) and forwarded to it: a redirector on one domain used to launder a link to another. Medium when the landing domain is suspicious.",
  ),
  net(
    "006",
    "Low",
    "Email address carried in the URL",
    "An email address travels in the query or fragment of a hop, the way phishing links pre-fill the victim's address on a fake sign-in page. Medium in the fragment (never sent to the server, read by a script on the page).",
  ),
  net(
    "007",
    "Medium",
    "Redirect from HTTPS down to plain HTTP",
    "A hop on HTTPS sent the browser to a plain-HTTP address; legitimate sites move the other way.",
  ),
  net(
    "008",
    "Informational",
    "Redirect chain",
    "The navigations from the submitted URL to the final page, with their kind (HTTP status, meta refresh, script).",
  ),
  net(
    "010",
    "Informational",
    "Final page",
    "Where the analyzed page was served from: the final URL, its status, the address the browser connected to and the server software it announced.",
  ),
  net(
    "011",
    "Low",
    "Page served over plain HTTP",
    "The final page came without TLS, so anything typed into it travels in clear. Medium when the page asks for a password or card.",
  ),
  net(
    "020",
    "Medium",
    "Requests to bare IP addresses",
    "The page loaded scripts, frames or data from hosts given as IP addresses rather than names, which legitimate sites rarely do.",
  ),
  net(
    "021",
    "Low",
    "Requests to hosts under abused top-level domains",
    "The page contacted other hosts whose TLD is on the shipped list of TLDs abused far above their share (data/lists/sublime/suspicious_tlds.txt). Medium when data was sent there (XHR, fetch, form or WebSocket).",
  ),
  net(
    "022",
    "Medium",
    "Requests refused by the egress policy",
    "The page tried to reach loopback, private, link-local or metadata addresses, which DomainLens never connects to: probing the visitor's own network, or a misconfiguration.",
  ),
  net(
    "023",
    "High",
    "Data sent to a messaging or webhook endpoint",
    "The page itself contacted a chat-bot API or a request-collecting service (api.telegram.org, Discord webhooks, webhook.site…): where phishing kits deliver what victims type.",
  ),
  net(
    "024",
    "High",
    "Page started a file download",
    "Opening the page made the browser download a file (refused by DomainLens). Critical for executables, scripts, disk images and installer packages: a drive-by download.",
  ),
  net(
    "025",
    "Low",
    "Visitor location looked up",
    "The page asked an IP-geolocation service about the visitor. Phishing kits do this to filter visitors and to log victims; some legitimate sites localize content this way.",
  ),
  net(
    "026",
    "Informational",
    "Third-party hosts contacted",
    "How many requests the page made and to how many other registrable domains, with the busiest ones.",
  ),
  net(
    "030",
    "High",
    "Credentials are sent to another domain",
    "A form that asks for a password, card or other secret submits to a registrable domain other than the page's: what is typed goes to someone else's server. Critical when the destination is an IP address, under an abused TLD, or on plain HTTP.",
  ),
  net(
    "031",
    "Medium",
    "Credentials are sent over plain HTTP",
    "A form that asks for a password, card or other secret submits to an http:// address: what is typed travels in clear.",
  ),
  net(
    "032",
    "Low",
    "Credentials are sent to another host of the same domain",
    "A password or card form submits to a different host name under the page's own registrable domain (for example a separate login service), or to the site's own tenant of a hosted service (a subdomain named after the site: a firm's client portal on a document-exchange service).",
  ),
  net(
    "033",
    "Informational",
    "Where credentials are sent",
    "The destination of the page's password or card form when it stays on the page's own host.",
  ),
  ...mirrored(NETWORK_FINDINGS),
  ...mirrored(DOMAIN_FINDINGS),
];
