import { domainToUnicode } from "node:url";
import { parse } from "tldts";
import { listedPlatform, type PlatformKind, platformKindOf } from "./lists.js";

/** A platform that hands out names under its own domain (user sites, tenants, dynamic DNS). */
export interface HostPlatform {
  /** The platform's suffix (`netlify.app`, `github.io`, `000webhostapp.com`). */
  domain: string;
  kind: PlatformKind;
  /** `subdomain`: the host is a user's name on the platform; `path`: the host is the platform itself. */
  userContent: "subdomain" | "path";
}

/** The parts of a host name that matter for who chose it. */
export interface HostFacts {
  hostname: string;
  /** The host as people see it (IDN labels decoded). */
  displayHostname: string;
  labels: string[];
  /** Registrable domain under the ICANN section of the Public Suffix List. */
  icannDomain: string;
  icannSuffix: string;
  /**
   * The name the registrant (or the platform user) chose: the ICANN registrable domain, or the user's
   * name on a hosting platform (`chase-secure-login.netlify.app`).
   */
  registrable: string;
  /** `registrable` without its suffix: the label the registrant or user picked. */
  name: string;
  suffix: string;
  /** Labels left of `registrable`. */
  subdomainLabels: string[];
  platform: HostPlatform | null;
}

/**
 * First labels a file-sharing service keeps for its own web app, sign-in and help (`account.box.com`,
 * `app.box.com`): on a platform whose users' content lives under paths, such a host is the service itself,
 * neither a name a user picked nor a place for users' content. Platforms of the Public Suffix List's private
 * section and subdomain hosts are not covered: there anyone may have taken `login.<platform>`.
 */
const SERVICE_LABELS = new Set([
  "account",
  "accounts",
  "api",
  "app",
  "apps",
  "auth",
  "help",
  "id",
  "login",
  "m",
  "my",
  "secure",
  "signin",
  "sso",
  "status",
  "support",
]);

/** `a.example.com` under `example.com`, or equal. */
export function hostIsUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function subdomainsOf(hostname: string, registrable: string): string[] {
  if (hostname.length <= registrable.length) return [];
  return hostname.slice(0, hostname.length - registrable.length - 1).split(".");
}

function facts(
  hostname: string,
  icannDomain: string,
  icannSuffix: string,
  registrable: string,
  suffix: string,
  platform: HostPlatform | null,
): HostFacts {
  return {
    hostname,
    displayHostname: hostname.includes("xn--") ? domainToUnicode(hostname) || hostname : hostname,
    labels: hostname.split("."),
    icannDomain,
    icannSuffix,
    registrable,
    name: registrable.slice(0, registrable.length - suffix.length - 1),
    suffix,
    subdomainLabels: subdomainsOf(hostname, registrable),
    platform,
  };
}

/** Splits a valid, lower-case ASCII host name (already checked by the domain normalizer). */
export function describeHost(hostname: string, icannDomain: string, icannSuffix: string): HostFacts {
  const privateParse = parse(hostname, {
    allowPrivateDomains: true,
    extractHostname: false,
    validateHostname: false,
  });
  if (privateParse.isPrivate && privateParse.publicSuffix) {
    const suffix = privateParse.publicSuffix;
    const kind = listedPlatform(suffix, icannDomain)?.kind ?? platformKindOf(suffix) ?? "user_subdomain";
    if (privateParse.domain && privateParse.domainWithoutSuffix !== "www") {
      const platform: HostPlatform = { domain: suffix, kind, userContent: "subdomain" };
      return facts(hostname, icannDomain, icannSuffix, privateParse.domain, suffix, platform);
    }
    const platform: HostPlatform = { domain: suffix, kind, userContent: "path" };
    return facts(hostname, icannDomain, icannSuffix, icannDomain, icannSuffix, platform);
  }
  const listed = listedPlatform(hostname, icannDomain);
  if (listed && listed.domain !== hostname) {
    const userPart = hostname.slice(0, hostname.length - listed.domain.length - 1);
    const userLabel = userPart.slice(userPart.lastIndexOf(".") + 1);
    // The service's own sign-in or app host carries no user's content at all.
    if (listed.kind === "file_host" && userPart === userLabel && SERVICE_LABELS.has(userLabel))
      return facts(hostname, icannDomain, icannSuffix, icannDomain, icannSuffix, null);
    if (userLabel !== "www") {
      const platform: HostPlatform = { ...listed, userContent: "subdomain" };
      return facts(
        hostname,
        icannDomain,
        icannSuffix,
        `${userLabel}.${listed.domain}`,
        listed.domain,
        platform,
      );
    }
  }
  const platform: HostPlatform | null = listed ? { ...listed, userContent: "path" } : null;
  return facts(hostname, icannDomain, icannSuffix, icannDomain, icannSuffix, platform);
}
