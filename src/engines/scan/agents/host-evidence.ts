import { isLocalNetworkAddress } from "../../domain/index.js";
import { NEW_DOMAIN_DAYS } from "../../risk/network/index.js";
import type { ScanContext } from "./context.js";

/** The reason the learned name model gives (DR-DOM-027 at Medium or above). */
export const NAME_MODEL_REASON = "a name the learned name model reads as phishing";

/**
 * How throwaway the page's host is — the host side of every claim-against-ownership rule
 * (docs/scan-analysis.md, "Claims against ownership"): each reason is a fact about the address that a
 * brand's or a business's own site rarely has, in words for findings. Empty for a well-known site.
 *
 * - a user's site on a free hosting platform, site builder, dynamic-DNS or storage domain;
 * - a bare IP address, or a port other than 80/443;
 * - a top-level domain on the shipped list of those abused far above their share;
 * - a machine-generated name (letters and digits interleaved, long random labels);
 * - a name the learned name model flags (`DR-DOM-027` / `NET-227` at Medium or above);
 * - lure words in the host name (login, verify, secure, delivery…) — weak alone: `lureWords: false` leaves
 *   them out where a reason must stand on its own (secrets asked, CON-013);
 * - a domain registered `NEW_DOMAIN_DAYS` (30) days ago or less (live scans, when RDAP answered).
 */
export function hostEvidence(ctx: ScanContext, options: { lureWords?: boolean } = {}): string[] {
  const shown = ctx.final ?? ctx.request;
  const analysis = ctx.finalStatic ?? ctx.requestStatic;
  // A private or loopback address is a device on the visitor's own network (a router's admin page).
  if (!shown || ctx.wellKnown || ctx.government || (shown.ip && isLocalNetworkAddress(shown.host))) return [];
  const reasons: string[] = [];
  const signals = analysis?.signals;
  if (shown.ip) reasons.push(`the bare IP address ${shown.host}`);
  if (ctx.userContent && signals?.platform)
    reasons.push(`a user's site on ${signals.platform.domain}, which anyone can open`);
  if (signals?.port != null && signals.port !== 80 && signals.port !== 443)
    reasons.push(`port ${signals.port}`);
  if (signals?.suspiciousTld && signals.tld)
    reasons.push(`.${signals.tld}, a top-level domain abused far above its share`);
  if (signals?.randomLabel) reasons.push("a machine-generated name");
  const learned = analysis?.findings.find(
    (f) => f.finding_id === "DR-DOM-027" && (f.severity === "Medium" || f.severity === "High"),
  );
  if (learned) reasons.push(NAME_MODEL_REASON);
  if (options.lureWords !== false && signals && signals.keywords.length > 0)
    reasons.push(`lure words in the host name (${signals.keywords.slice(0, 3).join(", ")})`);
  const rdap = ctx.capture.network?.rdap;
  if (rdap?.status === "ok" && rdap.ageDays !== null && rdap.ageDays <= NEW_DOMAIN_DAYS)
    reasons.push(`a domain registered ${rdap.ageDays} day${rdap.ageDays === 1 ? "" : "s"} ago`);
  return reasons;
}
