import { isSuspiciousTld } from "../../../domain/index.js";
import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import type { ScanCapture } from "../../types.js";
import { exfilEndpoint, isGeolocationHost } from "../endpoints.js";
import { type UrlParts, urlParts } from "../hosts.js";

export interface RequestFacts {
  findings: Finding[];
  exfil: number;
  downloads: number;
}

const SENDS = new Set(["xhr", "fetch", "websocket", "eventsource", "ping", "beacon"]);
const EXECUTABLE =
  /\.(?:exe|msi|msix|scr|bat|cmd|com|pif|ps1|vbs|vbe|js|jse|wsf|hta|jar|apk|xapk|dmg|pkg|app|iso|img|vhdx?|lnk|cpl|dll|reg|appx|appxbundle|deb|rpm|sh)$/i;
const ARCHIVE = /\.(?:zip|rar|7z|tar|gz|tgz|cab|ace|arj)$/i;

function list(values: string[], max = 5): string {
  const shown = values.slice(0, max).join(", ");
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

function nameOf(download: { url: string; suggestedFilename: string | null }): string {
  if (download.suggestedFilename) return download.suggestedFilename;
  try {
    return decodeURIComponent(new URL(download.url).pathname.split("/").pop() ?? "") || download.url;
  } catch {
    return download.url;
  }
}

/** What the page's own requests and downloads show (browser captures only). */
export function requestFindings(capture: ScanCapture, final: UrlParts | null): RequestFacts {
  const findings: Finding[] = [];
  const ipHosts = new Set<string>();
  const abused = new Map<string, boolean>();
  const refused = new Map<string, string>();
  const exfil = new Map<string, string>();
  const geo = new Set<string>();
  const thirdParty = new Map<string, number>();
  // The chain's own navigations are the redirect findings' business, not requests the page made.
  const hops = new Set(capture.chain.map((h) => h.url));
  for (const request of capture.requests) {
    if (request.resourceType === "document" && hops.has(request.url)) continue;
    if (request.outcome === "blocked" && request.reason?.startsWith("blocked_")) {
      const host = urlParts(request.url)?.host ?? request.url.slice(0, 80);
      if (!refused.has(host)) refused.set(host, request.reason);
      continue;
    }
    const parts = urlParts(request.url);
    if (!parts) continue;
    const own = final !== null && parts.site === final.site;
    if (!own) thirdParty.set(parts.site, (thirdParty.get(parts.site) ?? 0) + 1);
    const endpoint = exfilEndpoint(request.url);
    if (endpoint && endpoint.kind !== "form_service") exfil.set(parts.host, endpoint.kind);
    if (isGeolocationHost(parts.host)) geo.add(parts.host);
    if (own) continue;
    if (parts.ip) ipHosts.add(parts.host);
    else if (isSuspiciousTld(parts.tld)) {
      const sends = SENDS.has(request.resourceType) || request.method.toUpperCase() === "POST";
      abused.set(parts.host, (abused.get(parts.host) ?? false) || sends);
    }
  }
  if (ipHosts.size > 0)
    findings.push(makeFinding("NET-020", `The page loaded content from ${list([...ipHosts])}.`));
  if (abused.size > 0) {
    const sent = [...abused].filter(([, s]) => s).map(([h]) => h);
    findings.push(
      makeFinding(
        "NET-021",
        `The page contacted ${list([...abused.keys()])}${sent.length > 0 ? `, and sent data to ${list(sent)}` : ""}.`,
        { severity: sent.length > 0 ? "Medium" : "Low" },
      ),
    );
  }
  if (refused.size > 0)
    findings.push(
      makeFinding(
        "NET-022",
        `Refused: ${list([...refused].map(([host, reason]) => `${host} (${reason.replace(/^blocked_/, "").replace(/_/g, " ")})`))}.`,
      ),
    );
  if (exfil.size > 0)
    findings.push(
      makeFinding(
        "NET-023",
        `The page contacted ${list([...exfil].map(([host, kind]) => `${host} (${kind.replace(/_/g, " ")})`))}.`,
      ),
    );
  const risky = capture.downloads.filter((d) => EXECUTABLE.test(nameOf(d)));
  if (capture.downloads.length > 0) {
    const archive = capture.downloads.some((d) => ARCHIVE.test(nameOf(d)));
    findings.push(
      makeFinding(
        "NET-024",
        `Opening the page started the download of ${list(capture.downloads.map(nameOf))}; DomainLens refused it.`,
        {
          severity: risky.length > 0 ? "Critical" : "High",
          description: `Page pushed a download${risky.length > 0 ? " of an executable file" : archive ? " of an archive" : ""}`,
        },
      ),
    );
  }
  if (geo.size > 0)
    findings.push(makeFinding("NET-025", `The page asked ${list([...geo])} where the visitor is.`));
  if (capture.requests.length > 0) {
    const busiest = [...thirdParty].sort((a, b) => b[1] - a[1]).map(([site, n]) => `${site} (${n})`);
    findings.push(
      makeFinding(
        "NET-026",
        `${capture.requests.length} request${capture.requests.length === 1 ? "" : "s"}, ${thirdParty.size} other registrable domain${thirdParty.size === 1 ? "" : "s"}${busiest.length > 0 ? `: ${list(busiest)}` : ""}.`,
      ),
    );
  }
  return { findings, exfil: exfil.size, downloads: capture.downloads.length };
}
