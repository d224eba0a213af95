import { AGENTS, type FindingDefinition } from "./types.js";

const network = AGENTS.network;

/**
 * Findings of the network-analysis agent: DNS (001–009), registration (RDAP, 010–019), TLS (020–029),
 * hosting network (030–039) and the agent itself (090–099). docs/findings-net.md explains when each fires.
 */
export const NETWORK_FINDINGS: readonly FindingDefinition[] = [
  {
    code: "DR-NET-001",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "Domain does not exist (NXDOMAIN)",
    meaning:
      "DNS says the host name does not exist: the domain is unregistered, expired, suspended or mistyped. Nothing else can be checked, so the analysis halts.",
  },
  {
    code: "DR-NET-002",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "Domain has no address records",
    meaning:
      "The name exists in DNS but has no A or AAAA record (or its CNAME leads nowhere), so no web server can be reached. The analysis halts.",
  },
  {
    code: "DR-NET-003",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "DNS lookup failed",
    meaning:
      "DNS did not answer in time or answered with an error (SERVFAIL, REFUSED). Broken or lame delegation, or a temporary outage. The analysis halts.",
  },
  {
    code: "DR-NET-004",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "Domain resolves to a non-public address",
    meaning:
      "A public name points at loopback, private, link-local, metadata or reserved address space: sinkholed, misconfigured, or aimed at the visitor's own network. DomainLens does not connect there.",
  },
  {
    code: "DR-NET-005",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "Domain uses parking name servers",
    meaning:
      "The domain's name servers belong to a domain-parking or for-sale service (data/lists/parking-ns.txt): it most likely shows ads or a sale offer rather than its own content.",
  },
  {
    code: "DR-NET-006",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Domain resolves",
    meaning: "The addresses, name servers and mail exchangers DNS gave.",
  },
  {
    code: "DR-NET-010",
    area: "NET",
    agent: network,
    severity: "High",
    title: "Newly registered domain",
    meaning:
      "The registry (RDAP) dates the registration 30 days ago or less. Most phishing and scam domains are used within days of registration; legitimate businesses rarely send users to a domain this young.",
  },
  {
    code: "DR-NET-011",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Domain registration",
    meaning: "Registration date, age and registrar from the registry (RDAP), for domains older than 30 days.",
  },
  {
    code: "DR-NET-012",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Domain age unknown",
    meaning:
      "No registration date could be obtained: the TLD has no RDAP service, the registry has no record, it gave no registration date, or it failed or did not answer in time. The age is not guessed.",
  },
  {
    code: "DR-NET-013",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Registration expires soon",
    meaning: "The registry's expiry date is 30 days away or less (or already past): the domain may lapse.",
  },
  {
    code: "DR-NET-020",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "Expired TLS certificate",
    meaning:
      "The certificate served on port 443 is past its end date. Browsers warn; usually neglect rather than attack.",
  },
  {
    code: "DR-NET-021",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "TLS certificate not yet valid",
    meaning:
      "The certificate's start date is in the future: a wrong clock on the issuing side or a hastily made certificate. Browsers warn.",
  },
  {
    code: "DR-NET-022",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "Self-signed TLS certificate",
    meaning:
      "The certificate is signed by its own key, not by a certificate authority: no one vouches for the site's identity. Unusual for a public site.",
  },
  {
    code: "DR-NET-023",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "Untrusted TLS certificate chain",
    meaning:
      "The chain does not lead to a trusted root (unknown or private CA, missing intermediate): browsers refuse the connection.",
  },
  {
    code: "DR-NET-024",
    area: "NET",
    agent: network,
    severity: "Medium",
    title: "TLS certificate does not match the host name",
    meaning:
      "The certificate was issued for other names: a shared host's default certificate, a misconfigured server, or someone else's certificate. Browsers refuse the connection.",
  },
  {
    code: "DR-NET-025",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "Recently issued TLS certificate",
    meaning:
      "The certificate was issued less than 7 days ago. Weak on its own (automated renewals are frequent); it matters together with a young domain.",
  },
  {
    code: "DR-NET-026",
    area: "NET",
    agent: network,
    severity: "Low",
    title: "No HTTPS answer",
    meaning:
      "Nothing completed a TLS handshake on port 443: connection refused or timed out, no TLS spoken, or a failed handshake. The site offers no HTTPS, or is down.",
  },
  {
    code: "DR-NET-027",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Valid TLS certificate",
    meaning: "A trusted, current certificate for the host name: issuer and validity.",
  },
  {
    code: "DR-NET-030",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Hosting network",
    meaning: "The autonomous system (ASN and organization) announcing the site's address.",
  },
  {
    code: "DR-NET-031",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Unknown hosting network",
    meaning:
      "No autonomous system is known for the site's address (a non-public address, a range missing from the table, or the table could not be read). No network is guessed.",
  },
  {
    code: "DR-NET-090",
    area: "NET",
    agent: network,
    severity: "Informational",
    title: "Network checks not completed in time",
    meaning:
      "Some checks did not answer within the analysis deadline; they are reported as not checked and the verdict rests on the others.",
  },
];
