import { createHash, X509Certificate } from "node:crypto";

const PEM_RE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Base64 SHA-256 of the SubjectPublicKeyInfo of every certificate in a PEM bundle (the form Chromium's
 * --ignore-certificate-errors-spki-list takes). Unparsable blocks are skipped; the egress gate has
 * already refused a bundle it cannot read.
 */
export function spkiHashes(pem: string | undefined): string[] {
  if (!pem) return [];
  const hashes = new Set<string>();
  for (const block of pem.match(PEM_RE) ?? []) {
    try {
      const der = new X509Certificate(block).publicKey.export({ type: "spki", format: "der" });
      hashes.add(createHash("sha256").update(der).digest("base64"));
    } catch {
      // Not a certificate Node can read: nothing to trust.
    }
  }
  return [...hashes];
}

export interface ChromiumArgsOptions {
  /** `http://127.0.0.1:<port>` of the egress proxy every request goes through. */
  proxyUrl: string;
  /** SPKI hashes whose chains Chromium accepts (the extra CA); see docs/crawl.md for the extra check. */
  trustedSpki?: readonly string[];
}

/** The switches of every headless Chromium DomainLens runs, live scans' and saved pages' renders alike. */
export const LOCKED_DOWN_SWITCHES: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--disable-extensions",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-client-side-phishing-detection",
  "--no-pings",
  "--disable-blink-features=AutomationControlled",
  "--disable-auto-reload",
  "--dns-prefetch-disable",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/**
 * Command-line switches for a locked-down headless Chromium (Playwright adds --headless, --no-sandbox
 * and a fresh temporary --user-data-dir of its own):
 *
 * - every request goes to the egress proxy, loopback included (`<-loopback>` removes Chromium's implicit
 *   bypass of localhost and 127.0.0.0/8), and Chromium itself never resolves a name (the host resolver
 *   maps everything but the proxy's address to "not found"), so the gate's resolver and SSRF policy see
 *   every destination;
 * - no QUIC (UDP would not go through the proxy), WebRTC limited to proxied TCP;
 * - `navigator.webdriver` stays false (Playwright's --enable-automation sets it), so a site that hides
 *   itself from automated browsers shows a scan what it shows a person;
 * - no automatic reload of network error pages (it would repeat a refused request a second later);
 * - no GPU, first-run, sync, component updates, background networking or /dev/shm use.
 */

export function chromiumArgs(options: ChromiumArgsOptions): string[] {
  const proxyHost = new URL(options.proxyUrl).hostname;
  const args = [
    ...LOCKED_DOWN_SWITCHES,
    `--proxy-server=${options.proxyUrl}`,
    "--proxy-bypass-list=<-loopback>",
    `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${proxyHost}`,
  ];
  if (options.trustedSpki && options.trustedSpki.length > 0)
    args.push(`--ignore-certificate-errors-spki-list=${options.trustedSpki.join(",")}`);
  return args;
}
