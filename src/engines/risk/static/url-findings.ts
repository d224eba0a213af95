import { brandRegistry, hostIsUnder, type UrlTricks } from "../../domain/index.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";

const DOMAIN_IN_TEXT = /[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const MAX_PATH_DOMAINS = 20;

/** Findings about how the URL is written rather than the name it leads to. */
export function urlTrickFindings(tricks: UrlTricks, host: string): Finding[] {
  const findings: Finding[] = [];
  if (tricks.userinfo !== null) {
    findings.push(
      tricks.userinfoHost
        ? makeFinding(
            "DR-DOM-014",
            `The URL starts with "${tricks.userinfoHost}@", which reads like the destination, but the browser ignores everything before "@" and connects to ${host}.`,
          )
        : makeFinding(
            "DR-DOM-014",
            `The URL carries a user name before "@" ("${tricks.userinfo.slice(0, 60)}"), which browsers ignore; the real host is ${host}.`,
            { severity: "Medium" },
          ),
    );
  }
  if (tricks.obfuscatedIp) {
    findings.push(
      makeFinding(
        "DR-DOM-015",
        `The host is written as "${tricks.obfuscatedIp}", an unusual notation for the IP address ${host}.`,
        { severity: "High" },
      ),
    );
  } else if (tricks.encodedHost) {
    findings.push(
      makeFinding("DR-DOM-015", `The host name was written with percent-escapes; it decodes to ${host}.`),
    );
  }
  if (tricks.port !== null) {
    findings.push(
      makeFinding("DR-DOM-022", `The URL uses port ${tricks.port} instead of the standard web ports.`),
    );
  }
  if (tricks.encodedPath) {
    findings.push(
      makeFinding(
        "DR-DOM-016",
        "The path or query percent-encodes ordinary letters and digits, or double-encodes escapes, so its words are hidden from a quick read.",
      ),
    );
  }
  return findings;
}

/** A brand's domain spelled out in the path or query (`/www.paypal.com/signin`), with its owner. */
export function brandDomainInPath(
  pathAndQuery: string,
  hostname?: string,
): { domain: string; brand: string } | null {
  if (pathAndQuery.length <= 1) return null;
  const registry = brandRegistry();
  let seen = 0;
  for (const match of pathAndQuery.matchAll(DOMAIN_IN_TEXT)) {
    if (++seen > MAX_PATH_DOMAINS) break;
    let name = match[0].toLowerCase();
    for (;;) {
      const brand = registry.byDomain.get(name);
      // A tenant's own address in its path (`acme.zendesk.com/login?return_to=https://acme.zendesk.com/…`)
      // names the platform it is on, not a brand it poses as.
      if (brand && hostname !== undefined && hostIsUnder(hostname, name)) break;
      if (brand) return { domain: name, brand: brand.name };
      const dot = name.indexOf(".");
      if (dot < 0 || name.indexOf(".", dot + 1) < 0) break;
      name = name.slice(dot + 1);
    }
  }
  return null;
}
