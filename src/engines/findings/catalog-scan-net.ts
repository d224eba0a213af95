import type { FindingCode } from "./catalog.js";
import { DOMAIN_FINDINGS } from "./catalog-dom.js";
import { NETWORK_FINDINGS } from "./catalog-net.js";
import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function scanNet<Code extends `NET-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "NET", agent: AGENTS.network, ...entry };
}

/** The risk codes a URL scan repeats. */
type RiskCode = (typeof NETWORK_FINDINGS)[number]["code"] | (typeof DOMAIN_FINDINGS)[number]["code"];

/**
 * The scan code that repeats a domain-risk code inside a URL scan: `DR-NET-0NN` (DNS, registration, TLS
 * and hosting checks of the final host) is `NET-1NN`, `DR-DOM-0NN` (what the URL and its name say) is
 * `NET-2NN`. Same meaning and default severity; reported by the scan's network agent.
 */
type ScanCode<Code extends string> = Code extends `DR-NET-0${infer N}`
  ? `NET-1${N}`
  : Code extends `DR-DOM-0${infer N}`
    ? `NET-2${N}`
    : never;

function mirrorCode<Code extends RiskCode>(riskCode: Code): ScanCode<Code> | null {
  const match = /^DR-(NET|DOM)-0(\d\d)$/.exec(riskCode);
  // The pattern is the one ScanCode spells out, so the string is that type.
  return match ? (`NET-${match[1] === "NET" ? "1" : "2"}${match[2]}` as ScanCode<Code>) : null;
}

const SCAN_CODES = new Map<string, ScanCode<RiskCode>>();

function mirrored<Code extends RiskCode>(
  definitions: readonly FindingDefinition<Code>[],
): FindingDefinition<ScanCode<Code>>[] {
  const out: FindingDefinition<ScanCode<Code>>[] = [];
  for (const d of definitions) {
    const code = mirrorCode(d.code);
    if (!code) continue;
    SCAN_CODES.set(d.code, code);
    out.push({ ...d, code, area: "NET", agent: AGENTS.network });
  }
  return out;
}

/** The scan code of a domain-risk code (`DR-NET-010` → `NET-110`); null for a code a scan does not repeat. */
export function scanCodeOf(riskCode: FindingCode): ScanCode<RiskCode> | null {
  return SCAN_CODES.get(riskCode) ?? null;
}

/**
 * The URL scan network agent's own findings (`NET-0NN`): the redirect chain (001–009), the final page's
 * transport (010–012), requests the page made (020–027), where credentials would be sent (030–033).
 * docs/findings-scan-net.md explains when each fires; its "own checks" table is written from `when`
 * (npm run docs:findings).
 */
export const SCAN_NETWORK_OWN_FINDINGS = [
  scanNet("NET-001", {
    severity: "Low",
    title: "Redirected to another domain",
    meaning:
      "The submitted URL did not stay on its registrable domain: the page finally shown belongs to another one. Common for short links and moved sites; Medium when the chain crosses three or more registrable domains or the landing domain is itself suspicious (new, abused TLD, imitating a brand).",
    when: "The final page's registrable site differs from the submitted URL's. Medium when the chain crosses three or more sites, or the landing site is new (RDAP ≤ 30 days), imitates a brand, or is an IP address.",
  }),
  scanNet("NET-002", {
    severity: "Low",
    title: "Long redirect chain",
    meaning:
      "Four or more navigations before the final page (HTTP, meta refresh or script). Traffic distribution systems and cloaking chains pass visitors through several hops; Medium from six hops.",
    when: "Four or more navigations (HTTP redirects, meta refreshes, script navigations); Medium from six.",
  }),
  scanNet("NET-003", {
    severity: "Informational",
    title: "Redirect through a URL shortener",
    meaning:
      "A hop of the chain is a known URL shortener, which hides the destination from the person clicking.",
    when: "A host of the chain is on the shipped shortener lists and the URL changed.",
  }),
  scanNet("NET-004", {
    severity: "Low",
    title: "Client-side redirect to another domain",
    meaning:
      "The page sent the browser on with a meta refresh or a script instead of an HTTP redirect, to another registrable domain: a way to pass link scanners that do not run pages. Medium when the redirecting or the landing domain is suspicious.",
    when: "A meta refresh or script navigation crosses sites. Medium when the redirecting or the landing host is suspect (IP address, abused TLD of an intermediate hop, new or brand-imitating landing site).",
  }),
  scanNet("NET-005", {
    severity: "Low",
    title: "Open redirect",
    meaning:
      "A hop carried the next hop's address in its query (`?url=`, `?next=`, `?redirect=`…) and forwarded to it: a redirector on one domain used to launder a link to another. Medium when the landing domain is suspicious.",
    when: "A hop's query parameter (`url`, `u`, `q`, `next`, `redirect`, `dest`, `continue`, `return`…) holds the address of the next hop, on another site. Medium when the landing site is suspect.",
  }),
  scanNet("NET-006", {
    severity: "Low",
    title: "Email address carried in the URL",
    meaning:
      "An email address travels in the query or fragment of a hop, the way phishing links pre-fill the victim's address on a fake sign-in page. Medium in the fragment (never sent to the server, read by a script on the page).",
    when: "An e-mail address (also base64-encoded) in the query or fragment of the submitted URL, a hop or the final URL; Medium in the fragment. The address is masked in the details.",
  }),
  scanNet("NET-007", {
    severity: "Medium",
    title: "Redirect from HTTPS down to plain HTTP",
    meaning: "A hop on HTTPS sent the browser to a plain-HTTP address; legitimate sites move the other way.",
    when: "A hop on `https:` leads to `http:`.",
  }),
  scanNet("NET-008", {
    severity: "Informational",
    title: "Redirect chain",
    meaning:
      "The navigations from the submitted URL to the final page, with their kind (HTTP status, meta refresh, script).",
    when: "The URL changed: every navigation with its kind and status, and the final page.",
  }),
  scanNet("NET-010", {
    severity: "Informational",
    title: "Final page",
    meaning:
      "Where the analyzed page was served from: the final URL, its status, the address the browser connected to and the server software it announced.",
    when: "Browser captures: final URL, status, connected address, `Server`/`X-Powered-By`.",
  }),
  scanNet("NET-011", {
    severity: "Low",
    title: "Page served over plain HTTP",
    meaning:
      "The final page came without TLS, so anything typed into it travels in clear. Medium when the page asks for a password or card.",
    when: "Browser captures whose final URL is `http:`; Medium when the page asks for secrets.",
  }),
  scanNet("NET-020", {
    severity: "Medium",
    title: "Requests to bare IP addresses",
    meaning:
      "The page loaded scripts, frames or data from hosts given as IP addresses rather than names, which legitimate sites rarely do.",
    when: "The page loaded anything from an IP-literal host other than its own.",
  }),
  scanNet("NET-021", {
    severity: "Low",
    title: "Requests to hosts under abused top-level domains",
    meaning:
      "The page contacted other hosts whose TLD is on the shipped list of TLDs abused far above their share (data/lists/sublime/suspicious_tlds.txt). Medium when data was sent there (XHR, fetch, form or WebSocket).",
    when: "Requests to other sites under a TLD of `data/lists/sublime/suspicious_tlds.txt`; Medium when data went there (XHR, fetch, WebSocket, beacon or POST).",
  }),
  scanNet("NET-022", {
    severity: "Medium",
    title: "Requests refused by the egress policy",
    meaning:
      "The page tried to reach loopback, private, link-local or metadata addresses, which DomainLens never connects to: probing the visitor's own network, or a misconfiguration.",
    when: "A request was blocked with a `blocked_*` reason (loopback, private, link-local, metadata, reserved…).",
  }),
  scanNet("NET-023", {
    severity: "High",
    title: "Data sent to a messaging or webhook endpoint",
    meaning:
      "The page itself contacted a chat-bot API or a request-collecting service (api.telegram.org, Discord webhooks, webhook.site…): where phishing kits deliver what victims type.",
    when: "A request went to api.telegram.org, a Discord webhook, a request collector (webhook.site, pipedream…) or a tunnel (ngrok, trycloudflare). Hosted form services are left to the content agent.",
  }),
  scanNet("NET-024", {
    severity: "High",
    title: "Page started a file download",
    meaning:
      "Opening the page made the browser download a file (refused by DomainLens). Critical for executables, scripts, disk images and installer packages: a drive-by download.",
    when: "The page started a download (the capture refuses it). Critical for executables, scripts, installers and disk images (`.exe .msi .scr .js .vbs .hta .jar .apk .dmg .iso .lnk …`).",
  }),
  scanNet("NET-025", {
    severity: "Low",
    title: "Visitor location looked up",
    meaning:
      "The page asked an IP-geolocation service about the visitor. Phishing kits do this to filter visitors and to log victims; some legitimate sites localize content this way.",
    when: "A request to an IP-geolocation service (ipapi.co, ip-api.com, ipinfo.io, geoplugin…).",
  }),
  scanNet("NET-026", {
    severity: "Informational",
    title: "Third-party hosts contacted",
    meaning:
      "How many requests the page made and to how many other registrable domains, with the busiest ones.",
    when: "Browser captures: request count and the busiest other sites.",
  }),
  scanNet("NET-030", {
    severity: "High",
    title: "Credentials are sent to another domain",
    meaning:
      "A form that asks for a password, card or other secret submits to a registrable domain other than the page's: what is typed goes to someone else's server. Critical when the destination is an IP address, under an abused TLD, or on plain HTTP.",
    when: "A form with a password, card, PIN, SSN or seed-phrase field has an action on another registrable site. Critical when that destination is an IP address, under an abused TLD, or plain HTTP.",
  }),
  scanNet("NET-031", {
    severity: "Medium",
    title: "Credentials are sent over plain HTTP",
    meaning:
      "A form that asks for a password, card or other secret submits to an http:// address: what is typed travels in clear.",
    when: "Such a form's action is `http:`. Low when it is an address of the visitor's own network (a router's admin page: the secret does not cross the internet).",
  }),
  scanNet("NET-032", {
    severity: "Low",
    title: "Credentials are sent to another host of the same domain",
    meaning:
      "A password or card form submits to a different host name under the page's own registrable domain (for example a separate login service), or to the site's own tenant of a hosted service (a subdomain named after the site: a firm's client portal on a document-exchange service).",
    when: "Such a form posts to a sibling host (`auth.example.com`), or to the site's own tenant of a hosted service: a subdomain whose label and the site's name contain one another, five letters or more (`ledgeraccounting.smartvault.com` for ledgeraccountingservices.com), or from a platform user site to the domain it is named after (`pluvio-weather.github.io` to `api.pluvio-weather.org`: the same name, five letters or more, not made only of lure words); not on an IP, an abused TLD or plain HTTP — else it is `NET-030`.",
  }),
  scanNet("NET-033", {
    severity: "Informational",
    title: "Where credentials are sent",
    meaning: "The destination of the page's password or card form when it stays on the page's own host.",
    when: "Such a form posts back to the page's own host (the path is named: `login.php`).",
  }),
] as const;

/**
 * Findings of the URL scan's network-analysis agent (`NET-NNN`): its own (0NN), then the risk engine's
 * checks of the final host (1NN) and of the URL's name (2NN).
 */
export const SCAN_NETWORK_FINDINGS = [
  ...SCAN_NETWORK_OWN_FINDINGS,
  ...mirrored(NETWORK_FINDINGS),
  ...mirrored(DOMAIN_FINDINGS),
] as const;
