import { isLocalNetworkAddress, isSuspiciousTld } from "../../../domain/index.js";
import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import { NEW_DOMAIN_DAYS } from "../../../risk/network/index.js";
import { genericName, siteLabel } from "../content/brand.js";
import type { ScanContext } from "../context.js";
import { type UrlParts, urlParts } from "../hosts.js";
import type { AgentOutput, NetworkSignals } from "../types.js";
import { chainFindings } from "./chain.js";
import { checkFindings, urlFindings } from "./mirror.js";
import { requestFindings } from "./requests.js";

/** A label's letters and digits, to compare names written with and without hyphens. */
function labelKey(label: string): string {
  return label.replace(/[^a-z0-9]/g, "");
}

/**
 * A hosted service's tenant named after the page's own site: a firm's client portal posting to
 * `ledgeraccounting.smartvault.com` from ledgeraccountingservices.com. The tenant's label and the site's
 * name contain one another (five letters or more); not on an IP, an abused TLD or plain HTTP.
 */
function ownTenant(dest: UrlParts, final: UrlParts, ctx: ScanContext): boolean {
  if (dest.ip || final.ip || ctx.userContent || dest.scheme === "http" || isSuspiciousTld(dest.tld))
    return false;
  const site = labelKey(final.site.split(".")[0] ?? "");
  if (site.length < 5 || !dest.host.endsWith(`.${dest.site}`)) return false;
  const tenant = dest.host
    .slice(0, -dest.site.length - 1)
    .split(".")
    .map(labelKey);
  return tenant.some((label) => label.length >= 5 && (site.includes(label) || label.includes(site)));
}

/**
 * A platform user site's own back end: `pluvio-weather.github.io` posting to `api.pluvio-weather.org`, the
 * domain whose name the user chose for the site (the same name, five letters or more, not made only of lure
 * words); not on an IP, an abused TLD or plain HTTP.
 */
function ownBackend(dest: UrlParts, ctx: ScanContext): string | null {
  const userSite = (ctx.finalStatic ?? ctx.requestStatic)?.signals.siteDomain;
  const name = siteLabel(ctx);
  if (
    !ctx.userContent ||
    !userSite ||
    !name ||
    dest.ip ||
    dest.scheme === "http" ||
    isSuspiciousTld(dest.tld)
  )
    return null;
  return name.length >= 5 && name === labelKey(dest.site.split(".")[0] ?? "") && !genericName(name)
    ? userSite
    : null;
}

function credentialFindings(
  ctx: ScanContext,
  final: UrlParts | null,
): { findings: Finding[]; offsite: string[] } {
  const findings: Finding[] = [];
  const offsite: string[] = [];
  const seen = new Set<string>();
  for (const form of ctx.forms) {
    if (form.secrets.length === 0) continue;
    const what = form.secrets.map((s) => s.replace(/_/g, " ")).join(", ");
    if (form.actionKind !== "url" || !form.action) continue;
    const dest = urlParts(form.action);
    if (!dest || seen.has(dest.url)) continue;
    seen.add(dest.url);
    if (dest.scheme === "http")
      findings.push(
        // A device on the visitor's own network (a router's admin page): the secret never crosses the internet.
        dest.ip && isLocalNetworkAddress(dest.host)
          ? makeFinding(
              "NET-031",
              `The form asking for ${what} submits to ${dest.url} without TLS, on the visitor's own network.`,
              { severity: "Low" },
            )
          : makeFinding("NET-031", `The form asking for ${what} submits to ${dest.url} without TLS.`),
      );
    const backendOf = final && dest.site !== final.site ? ownBackend(dest, ctx) : null;
    if (backendOf) {
      findings.push(
        makeFinding(
          "NET-032",
          `The form asking for ${what} on ${final?.host} submits to ${dest.url}: ${dest.site} has the name the user site ${backendOf} was given.`,
          { description: `Credentials are sent to the user site's own domain ${dest.site}` },
        ),
      );
    } else if (final && dest.site !== final.site && ownTenant(dest, final, ctx)) {
      findings.push(
        makeFinding(
          "NET-032",
          `The form asking for ${what} on ${final.host} submits to ${dest.url}, a tenant of ${dest.site} named after ${final.site}.`,
          { description: `Credentials are sent to ${final.site}'s own tenant on ${dest.site}` },
        ),
      );
    } else if (final && dest.site !== final.site) {
      offsite.push(dest.host);
      const worse = dest.ip || isSuspiciousTld(dest.tld) || dest.scheme === "http";
      findings.push(
        makeFinding(
          "NET-030",
          `The form asking for ${what} on ${final.host} submits to ${dest.url}, on ${dest.site}${worse ? (dest.ip ? " (an IP address)" : dest.scheme === "http" ? " (plain HTTP)" : " (an abused TLD)") : ""}.`,
          { severity: worse ? "Critical" : "High", description: `Credentials are sent to ${dest.host}` },
        ),
      );
    } else if (final && dest.host !== final.host) {
      findings.push(
        makeFinding("NET-032", `The form asking for ${what} on ${final.host} submits to ${dest.url}.`),
      );
    } else {
      const path = (() => {
        try {
          return new URL(dest.url).pathname;
        } catch {
          return dest.url;
        }
      })();
      findings.push(
        makeFinding("NET-033", `The form asking for ${what} submits to ${path} on ${dest.host}.`, {
          description: `Credentials are sent to ${dest.host}${path}`,
        }),
      );
    }
  }
  return { findings, offsite };
}

/**
 * The URL scan's network-analysis agent: the redirect chain, the final page's transport, the page's
 * requests and downloads, where its forms send secrets, the risk engine's DNS/RDAP/TLS/ASN checks of the
 * final host (NET-1NN) and the static agent's reading of the URLs (NET-2NN). Pure: reads the capture.
 */
export function analyzeNetworkAgent(ctx: ScanContext): AgentOutput<NetworkSignals> {
  const { capture } = ctx;
  const final = ctx.final ?? ctx.request;
  const checks = capture.network;
  const rdap = checks?.rdap;
  const ageDays = rdap && rdap.status === "ok" ? rdap.ageDays : null;
  const site = ctx.finalStatic ?? ctx.requestStatic;
  const urlBrand = ctx.urlBrand;
  const newDomain = ageDays !== null && ageDays <= NEW_DOMAIN_DAYS && !ctx.wellKnown;

  // A hop is suspect on an IP or an abused TLD; the landing site only when new or imitating a brand
  // (its abused TLD alone is reported by NET-211).
  const suspicious = (parts: UrlParts): boolean => {
    if (parts.ip) return true;
    if (final && parts.site === final.site) return newDomain || urlBrand !== null;
    return isSuspiciousTld(parts.tld);
  };
  const findings: Finding[] = [];
  const chain = chainFindings(capture, suspicious);
  findings.push(...chain.findings);

  if (ctx.final && capture.source === "browser") {
    const server = [capture.headers.server, capture.headers["x-powered-by"]].filter(Boolean).join(", ");
    const address = [...capture.chain].reverse().find((h) => h.address)?.address ?? null;
    findings.push(
      makeFinding(
        "NET-010",
        `${ctx.final.url} answered ${capture.status ?? "without a status"}${address ? ` from ${address}` : ""}${server ? `; server: ${server}` : ""}.`,
      ),
    );
  }
  const secrets = ctx.forms.some((f) => f.secrets.length > 0);
  const plainHttp = ctx.final?.scheme === "http" && capture.source === "browser";
  if (plainHttp)
    findings.push(
      makeFinding(
        "NET-011",
        `${ctx.final?.host} was served over plain HTTP${secrets ? " and asks for secrets on it" : ""}.`,
        { severity: secrets ? "Medium" : "Low" },
      ),
    );
  const requests = requestFindings(capture, final);
  findings.push(...requests.findings);
  const credentials = credentialFindings(ctx, final);
  findings.push(...credentials.findings);
  if (checks && final && !final.ip) findings.push(...checkFindings(checks, final.host, final.icannDomain));
  else if (checks && final?.ip) findings.push(...checkFindings(checks, final.host, final.host));
  if (ctx.requestStatic && ctx.request && (!ctx.final || ctx.final.site !== ctx.request.site))
    findings.push(...urlFindings(ctx.requestStatic));
  if (ctx.finalStatic && ctx.final) findings.push(...urlFindings(ctx.finalStatic));

  const notChecked =
    checks !== null &&
    (["dns", "rdap", "tls", "asn"] as const).some((n) => checks[n].status === "not_checked");
  return {
    findings,
    signals: {
      request: ctx.request,
      final: ctx.final,
      site: {
        siteDomain: site?.signals.siteDomain ?? null,
        brandOwner: ctx.owner,
        brandOwners: [...ctx.owners],
        wellKnown: ctx.wellKnown,
        trancoRank: site?.signals.trancoRank ?? null,
        freeHosting: site?.signals.freeHosting ?? null,
        suspiciousTld: site?.signals.suspiciousTld ?? false,
        ipLiteral: site?.signals.ipLiteral ?? false,
        keywordCategories: site?.signals.keywordCategories ?? [],
      },
      urlBrand,
      chainSites: chain.sites,
      chainHosts: chain.hosts,
      redirected: chain.sites.length > 1,
      crossSiteClientRedirect: chain.crossSiteClientRedirect,
      ageDays,
      newDomain,
      parked: checks?.dns.parking != null,
      plainHttp,
      credentialsOffsite: credentials.offsite,
      downloads: requests.downloads,
      exfilRequests: requests.exfil,
      offline: capture.source === "saved" || checks === null,
      saved: capture.source === "saved",
      notChecked,
    },
  };
}
