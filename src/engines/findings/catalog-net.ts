import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function net<Code extends `DR-NET-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "NET", agent: AGENTS.network, ...entry };
}

/**
 * Findings of the network-analysis agent: DNS (001–009), registration (RDAP, 010–019), TLS (020–029),
 * hosting network (030–039) and the agent itself (090–099). docs/findings-net.md explains when each fires;
 * its table is written from `when` (npm run docs:findings).
 */
export const NETWORK_FINDINGS = [
  net("DR-NET-001", {
    severity: "Medium",
    title: "Domain does not exist (NXDOMAIN)",
    meaning:
      "DNS says the host name does not exist: the domain is unregistered, expired, suspended or mistyped. Nothing else can be checked, so the analysis halts.",
    when: "DNS answers NXDOMAIN for the host. Halts.",
  }),
  net("DR-NET-002", {
    severity: "Medium",
    title: "Domain has no address records",
    meaning:
      "The name exists in DNS but has no A or AAAA record (or its CNAME leads nowhere), so no web server can be reached. The analysis halts.",
    when: "The name exists (some record type answers) but has no A or AAAA, or its CNAME leads nowhere. Halts.",
  }),
  net("DR-NET-003", {
    severity: "Low",
    title: "DNS lookup failed",
    meaning:
      "DNS did not answer in time or answered with an error (SERVFAIL, REFUSED). Broken or lame delegation, or a temporary outage. The analysis halts.",
    when: "A and AAAA time out (2.5 s) or fail (SERVFAIL, REFUSED, unreachable server, invalid name). Halts.",
  }),
  net("DR-NET-004", {
    severity: "Medium",
    title: "Domain resolves to a non-public address",
    meaning:
      "A public name points at loopback, private, link-local, metadata or reserved address space: sinkholed, misconfigured, or aimed at the visitor's own network. DomainLens does not connect there.",
    when: "An A/AAAA record (or the IP literal) is refused by the egress address policy: loopback, private, CGNAT, link-local, metadata, reserved. Addresses in the configured allowlist (the test world) count as public. TLS is then not attempted and reports nothing.",
  }),
  net("DR-NET-005", {
    severity: "Low",
    title: "Domain uses parking name servers",
    meaning:
      "The domain's name servers belong to a domain-parking or for-sale service (data/lists/parking-ns.txt): it most likely shows ads or a sale offer rather than its own content.",
    when: "An NS of the registrable domain equals or is below an entry of `data/lists/parking-ns.txt`. The description names the provider.",
  }),
  net("DR-NET-006", {
    severity: "Informational",
    title: "Domain resolves",
    meaning: "The addresses, name servers and mail exchangers DNS gave.",
    when: "DNS gave addresses: lists them, the name servers and the mail exchangers (or their absence).",
  }),
  net("DR-NET-010", {
    severity: "High",
    title: "Newly registered domain",
    meaning:
      "The registry (RDAP) dates the registration 30 days ago or less. Most phishing and scam domains are used within days of registration; legitimate businesses rarely send users to a domain this young.",
    when: 'RDAP\'s registration date is 30 days ago or less (`ageDays` ≤ 30, whole days). Description: "Domain registered N days ago".',
  }),
  net("DR-NET-011", {
    severity: "Informational",
    title: "Domain registration",
    meaning: "Registration date, age and registrar from the registry (RDAP), for domains older than 30 days.",
    when: "Registered more than 30 days ago: date, age and registrar.",
  }),
  net("DR-NET-012", {
    severity: "Informational",
    title: "Domain age unknown",
    meaning:
      "No registration date could be obtained: the TLD has no RDAP service, the registry has no record, it gave no registration date, or it failed or did not answer in time. The age is not guessed.",
    when: "No registration date: the TLD has no RDAP service, the registry has no record (404), the record has no registration event or dates it more than a day in the future, the lookup failed (rate limit, HTTP error, invalid response, network), or RDAP did not answer in time. The age is never guessed.",
  }),
  net("DR-NET-013", {
    severity: "Informational",
    title: "Registration expires soon",
    meaning: "The registry's expiry date is 30 days away or less (or already past): the domain may lapse.",
    when: "RDAP's expiry date is 30 days away or less, or already past.",
  }),
  net("DR-NET-020", {
    severity: "Low",
    title: "Expired TLS certificate",
    meaning:
      "The certificate served on port 443 is past its end date. Browsers warn; usually neglect rather than attack.",
    when: "The leaf's end date is past.",
  }),
  net("DR-NET-021", {
    severity: "Low",
    title: "TLS certificate not yet valid",
    meaning:
      "The certificate's start date is in the future: a wrong clock on the issuing side or a hastily made certificate. Browsers warn.",
    when: "The leaf's start date is in the future.",
  }),
  net("DR-NET-022", {
    severity: "Medium",
    title: "Self-signed TLS certificate",
    meaning:
      "The certificate is signed by its own key, not by a certificate authority: no one vouches for the site's identity. Unusual for a public site.",
    when: "The leaf is signed by its own key (then `DR-NET-023` is not added).",
  }),
  net("DR-NET-023", {
    severity: "Medium",
    title: "Untrusted TLS certificate chain",
    meaning:
      "The chain does not lead to a trusted root (unknown or private CA, missing intermediate): browsers refuse the connection.",
    when: 'The chain does not lead to a trusted root (Node\'s roots plus `EXTRA_CA_FILE`) and the leaf is not self-signed. An expired certificate from a trusted CA is not "untrusted".',
  }),
  net("DR-NET-024", {
    severity: "Medium",
    title: "TLS certificate does not match the host name",
    meaning:
      "The certificate was issued for other names: a shared host's default certificate, a misconfigured server, or someone else's certificate. Browsers refuse the connection.",
    when: "`tls.checkServerIdentity` fails for the host; the details list the names the certificate covers.",
  }),
  net("DR-NET-025", {
    severity: "Low",
    title: "Recently issued TLS certificate",
    meaning:
      "The certificate was issued less than 7 days ago. Weak on its own (automated renewals are frequent); it matters together with a young domain.",
    when: "The leaf was issued less than 7 days ago. Weak alone (automated renewals), meaningful with `DR-NET-010`.",
  }),
  net("DR-NET-026", {
    severity: "Low",
    title: "No HTTPS answer",
    meaning:
      "Nothing completed a TLS handshake on port 443: connection refused or timed out, no TLS spoken, or a failed handshake. The site offers no HTTPS, or is down.",
    when: "No TLS handshake on port 443: connection refused (no HTTPS offered), connect timeout or no route, handshake not completed within 4 s, not TLS, reset, or handshake error. Not raised when the address policy refused the connection or DNS failed.",
  }),
  net("DR-NET-027", {
    severity: "Informational",
    title: "Valid TLS certificate",
    meaning: "A trusted, current certificate for the host name: issuer and validity.",
    when: 'None of `DR-NET-020`–`024` applies: issuer, validity dates, protocol. Description: "Valid TLS certificate from <issuer>".',
  }),
  net("DR-NET-030", {
    severity: "Informational",
    title: "Hosting network",
    meaning: "The autonomous system (ASN and organization) announcing the site's address.",
    when: 'The first address is in a range of the ASN table: "Hosted on AS15169 (Google LLC)", with every address looked up.',
  }),
  net("DR-NET-031", {
    severity: "Informational",
    title: "Unknown hosting network",
    meaning:
      "No autonomous system is known for the site's address (a non-public address, a range missing from the table, or the table could not be read). No network is guessed.",
    when: "The first address has no ASN: a non-public address (loopback — every test-world address —, private, reserved…), an address in no range of the table, or the table could not be read. No network is invented.",
  }),
  net("DR-NET-090", {
    severity: "Informational",
    title: "Network checks not completed in time",
    meaning:
      "Some checks did not answer within the analysis deadline; they are reported as not checked and the verdict rests on the others.",
    when: "At least one check was not back by the deadline; names them.",
  }),
] as const;
