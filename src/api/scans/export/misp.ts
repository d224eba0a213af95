import type { ExportInput } from "./index.js";
import { detectedBrand, observe, threatKind } from "./observables.js";
import { exportId } from "./uuid.js";

/*
 * A scan as a MISP event in the MISP core format (docs/export.md). Category/type pairs and `to_ids`
 * defaults follow MISP's attribute table (describeTypes); tags come from the published MISP taxonomies
 * (tlp, circl, phishing). Instance-local fields (`id`, `org_id`, `orgc_id`, `event_id`) are left to the
 * instance that imports the event, as in MISP feeds; uuids are derived from the scan id, so importing a scan
 * twice updates one event.
 */

export type MispAttribute = {
  uuid: string;
  type: string;
  category: string;
  value: string;
  to_ids: boolean;
  distribution: string;
  timestamp: string;
  comment: string;
  deleted: boolean;
  disable_correlation: boolean;
};

export type MispTag = {
  name: string;
  colour: string;
  exportable: boolean;
};

export type MispEvent = {
  Event: {
    uuid: string;
    info: string;
    date: string;
    threat_level_id: string;
    analysis: string;
    distribution: string;
    sharing_group_id: string;
    published: boolean;
    timestamp: string;
    publish_timestamp: string;
    attribute_count: string;
    Orgc: { uuid: string; name: string };
    Attribute: MispAttribute[];
    Tag: MispTag[];
  };
};

/** DomainLens as the organisation that created the event (the same uuid as its STIX identity). */
export const DOMAINLENS_ORG = { uuid: exportId("identity:domainlens"), name: "DomainLens" } as const;

/** "Your organisation only": the scan belongs to one organization, which decides how far it goes. */
const DISTRIBUTION = "0";

const THREAT_LEVEL = { Malicious: "1", Suspicious: "2", Benign: "3", Unknown: "4" } as const;

/** Tag colours: the taxonomy's own for TLP, one per namespace otherwise. */
const COLOURS: Record<string, string> = {
  tlp: "#FFC000",
  circl: "#0088cc",
  phishing: "#c0392b",
  default: "#7f8c8d",
};

function tag(name: string): MispTag {
  const namespace = name.slice(0, name.indexOf(":"));
  return { name, colour: COLOURS[namespace] ?? COLOURS.default ?? "#7f8c8d", exportable: true };
}

function unixSeconds(iso: string): string {
  return String(Math.floor(Date.parse(iso) / 1000));
}

/** One line of at most `max` characters. */
function line(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * The phishing taxonomy's `state`: `active` when the page loaded, `down` when the site did not exist or
 * answer, `unknown` otherwise (a timeout, a refusal by our egress policy).
 */
function phishingState(outcome: string): "active" | "down" | "unknown" {
  if (outcome === "ok" || outcome === "http_error" || outcome === "tls_failure") return "active";
  if (outcome === "dns_failure" || outcome === "unreachable") return "down";
  return "unknown";
}

/** The MISP event of a completed scan. */
export function toMispEvent(input: ExportInput): MispEvent {
  const { scan, capture } = input;
  const { report } = scan;
  const timestamp = unixSeconds(scan.completedAt);
  const malicious = report.final_assessment === "Malicious";
  const observed = observe(input);
  const attributes: MispAttribute[] = [];
  const add = (
    type: string,
    category: string,
    value: string,
    toIds: boolean,
    comment: string,
    options: { correlate?: boolean } = {},
  ) => {
    if (attributes.some((a) => a.type === type && a.value === value)) return;
    attributes.push({
      uuid: exportId(`misp-attribute:${scan.id}:${type}:${value}`),
      type,
      category,
      value,
      to_ids: toIds,
      distribution: "5",
      timestamp,
      comment,
      deleted: false,
      disable_correlation: options.correlate === false,
    });
  };

  // The URLs: the one loaded and the final one are what the verdict is about; IDS-worthy when Malicious.
  for (const url of observed.urls) {
    const named = observed.indicatorUrls.includes(url);
    const comment =
      url === capture.requestUrl
        ? "URL scanned"
        : url === capture.finalUrl
          ? "Final URL (where the browser ended)"
          : "Redirect on the way";
    add("url", "Network activity", url, malicious && named, comment);
  }
  // Hosts and their registrable domains: IDS-worthy when Malicious and the host is the page's own.
  for (const host of observed.hosts) {
    const named = observed.indicatorHosts.includes(host);
    if (host.kind === "domain") {
      const toIds = malicious && named && host.specific;
      if (!host.specific) {
        add("hostname", "Network activity", host.value, false, "Link shortener or hosting platform host");
      } else if (host.registrable && host.registrable !== host.value) {
        add("hostname", "Network activity", host.value, toIds, "Host name visited");
        add("domain", "Network activity", host.registrable, toIds, "Registrable domain of a host visited");
      } else {
        add("domain", "Network activity", host.value, toIds, "Domain visited");
      }
    } else {
      add("ip-dst", "Network activity", host.value, malicious && named, "IP address in the URL");
    }
    // Addresses the browser connected to: shared hosting and CDNs serve many sites, so never IDS-worthy.
    for (const address of host.addresses) {
      add("ip-dst", "Network activity", address, false, `Address ${host.value} was reached at`);
    }
  }

  const brand = detectedBrand(input);
  const kind = threatKind(input);
  if (brand && kind) add("target-org", "Targeting data", brand, false, "Brand the page imitates");
  add(
    "text",
    "External analysis",
    `${report.final_assessment}: ${report.threat_type} (confidence ${report.confidence_score})`,
    false,
    "DomainLens verdict",
    { correlate: false },
  );
  add("text", "External analysis", report.executive_summary, false, "DomainLens executive summary", {
    correlate: false,
  });
  for (const finding of report.evidence_findings) {
    add(
      "text",
      "External analysis",
      `${finding.finding_id} (${finding.severity}): ${finding.description}. ${finding.details}`,
      false,
      `DomainLens finding from the ${finding.source_agent}`,
      { correlate: false },
    );
  }
  if (capture.title) add("text", "Other", capture.title, false, "Page title", { correlate: false });
  add("link", "External analysis", input.recordUrl, false, "The scan on DomainLens", { correlate: false });

  const tags = [tag("tlp:amber")];
  if (kind) tags.push(tag(`circl:incident-classification="${kind}"`));
  if (kind === "phishing") {
    tags.push(
      tag('phishing:techniques="fake-website"'),
      tag(`phishing:state="${phishingState(capture.outcome)}"`),
      tag('phishing:report-type="automatic-reporting"'),
    );
  }

  const target = capture.finalUrl ?? capture.requestUrl;
  return {
    Event: {
      uuid: exportId(`misp-event:${scan.id}`),
      info: line(`DomainLens URL scan: ${report.final_assessment}, ${report.threat_type}: ${target}`, 256),
      date: new Date(capture.startedAt).toISOString().slice(0, 10),
      threat_level_id: THREAT_LEVEL[report.final_assessment],
      // Complete when the page was analysed; Initial when the analysis halted before there was a page (the
      // verdict rests on the URL alone).
      analysis: report.site_context === null ? "0" : "2",
      distribution: DISTRIBUTION,
      sharing_group_id: "0",
      published: false,
      timestamp,
      publish_timestamp: "0",
      attribute_count: String(attributes.length),
      Orgc: DOMAINLENS_ORG,
      Attribute: attributes,
      Tag: tags,
    },
  };
}
