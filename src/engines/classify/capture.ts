import type { NetworkChecks } from "../risk/network/types.js";

/**
 * What a classification crawl saw of a root domain: the contract between the crawler
 * (`src/engines/classify/crawl`, the only part that touches the network, through the egress gate) and
 * the analysis (`src/engines/classify/analyze`, pure). Everything here is plain JSON, so a capture can be
 * saved, replayed and analyzed offline. Every string in it came from the crawled site or its
 * infrastructure and is untrusted: bounded in size by the crawler, escaped wherever it is shown.
 */
export interface CrawlCapture {
  /** Capture format version (bumped on incompatible changes). */
  version: 1;
  /** The registrable (root) domain crawled, ASCII/punycode. */
  domain: string;
  startedAt: string;
  finishedAt: string;
  root: RootFetch;
  /** Every page fetched, the root's final page first; bodies decoded to text and capped. */
  pages: CrawledPage[];
  /** Behaviour probes (e.g. a random short path, to see whether the root redirects every path). */
  probes: PathProbe[];
  /** DNS, registration (RDAP), TLS and hosting network of the domain, as the risk engine checks them. */
  network: NetworkChecks;
  /** Fingerprints of CDNs and hosting platforms read from response headers (e.g. "Cloudflare"). */
  hostingHints: string[];
  budget: CrawlBudgetUse;
}

/** How the root was reached, and whether it was at all. */
export type RootOutcome =
  | "ok"
  /** The name does not resolve (NXDOMAIN, no address). */
  | "dns_failure"
  /** Only HTTPS answered and its TLS handshake failed (and HTTP did not answer either). */
  | "tls_failure"
  /** A server answered, but only with errors (4xx/5xx on every attempt). */
  | "http_error"
  /** Nothing answered within the time budget. */
  | "timeout"
  /** Connection refused or reset on every scheme. */
  | "unreachable"
  /** The egress policy refused the address (private, loopback, …). */
  | "blocked";

export interface RootFetch {
  outcome: RootOutcome;
  /** Stable reason code from the egress gate when not ok (`dns_nxdomain`, `connection_refused`, …). */
  reason: string | null;
  message: string | null;
  /** Scheme of the attempt that produced the final response. */
  scheme: "https" | "http" | null;
  /** Each URL requested in order: the HTTP redirect hops, then client-side (meta refresh / script) hops. */
  chain: RedirectHop[];
  /** URL of the final response (after every redirect followed). */
  finalUrl: string | null;
  status: number | null;
  /** Final response headers, lower-case names, multi-valued joined with ", ". */
  headers: Record<string, string>;
  /** Address that served the final response. */
  servingAddress: string | null;
  /** The root HTML was an empty JavaScript shell (little text, an app mount point, scripts). */
  jsShell: boolean;
  /** Which path produced the page the analysis reads. */
  via: "http" | "browser" | null;
  /** Set when the browser was tried and failed (the HTTP page is then analysed as it is). */
  browserError: string | null;
  /**
   * The certificate was rejected (outcome `tls_failure`), and the root was then fetched once more without
   * certificate verification so that its content can still be read. Absent or false otherwise.
   */
  tlsBypassed?: boolean;
}

export interface RedirectHop {
  url: string;
  status: number | null;
  /** Where this hop sends the client next, or null at the end of the chain. */
  location: string | null;
  kind: "http" | "meta_refresh" | "script";
  /** Egress reason code when this request was refused or failed (then `status` is null). */
  reason?: string;
}

/** Why a page was fetched. */
export type PageRole =
  | "root"
  | "about"
  | "company"
  | "legal"
  | "contact"
  | "robots"
  | "sitemap"
  | "openid_configuration"
  | "security_txt"
  | "other";

export interface CrawledPage {
  role: PageRole;
  /** URL requested. */
  url: string;
  /** URL of the final response. */
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** Body decoded as text (UTF-8 or the declared charset), capped; empty for binary content. */
  body: string;
  truncated: boolean;
  via: "http" | "browser";
}

export interface PathProbe {
  /** Path requested on the root's final origin, e.g. "/x7Kq2pZ". */
  path: string;
  purpose: "random_short_path" | "upload" | "other";
  status: number | null;
  location: string | null;
}

export interface CrawlBudgetUse {
  bytes: number;
  maxBytes: number;
  elapsedMs: number;
  maxMs: number;
  /** A page or probe was skipped because the byte or time budget ran out. */
  exhausted: boolean;
}
