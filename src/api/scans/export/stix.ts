import type { ExportInput } from "./index.js";
import { detectedBrand, isoMillis, type ObservedHost, observe, threatKind } from "./observables.js";
import { exportId, uuidV5 } from "./uuid.js";

/*
 * A scan as a STIX 2.1 bundle (docs/export.md). Ids: cyber observables (url, domain-name, ipv4-addr,
 * ipv6-addr) get the UUIDv5 the specification defines (§2.9: its namespace, the JSON of the ID contributing
 * property `value`), so they merge with anyone else's; the other objects get UUIDv5s of DomainLens's own
 * namespace from the scan id, so exporting a scan again gives the same objects.
 */

/** The namespace of deterministic cyber-observable ids (STIX 2.1 §2.9). */
export const STIX_SCO_NAMESPACE = "00abedb4-aa42-466c-9c01-fed23315a9b7";

/** The TLP:AMBER marking definition, as STIX 2.1 §7.2.1.4 defines it (a fixed object). */
export const TLP_AMBER = {
  type: "marking-definition",
  spec_version: "2.1",
  id: "marking-definition--f88d31f6-486f-44da-b317-01333bde0b82",
  created: "2017-01-20T00:00:00.000Z",
  definition_type: "tlp",
  name: "TLP:AMBER",
  definition: { tlp: "amber" },
} as const;

/** When the objects that do not change from scan to scan (DomainLens, brands, techniques) were first written. */
const STATIC_CREATED = "2026-01-01T00:00:00.000Z";

/** DomainLens as the creator of every object it writes. */
export const DOMAINLENS_IDENTITY = {
  type: "identity",
  spec_version: "2.1",
  id: `identity--${exportId("identity:domainlens")}`,
  created: STATIC_CREATED,
  modified: STATIC_CREATED,
  name: "DomainLens",
  description: "URL and domain threat intelligence: URL scans in a real browser, with their verdicts.",
  identity_class: "system",
  object_marking_refs: [TLP_AMBER.id],
} as const;

export type StixObject = { type: string; id: string } & Record<string, unknown>;

export type StixBundle = {
  type: "bundle";
  id: string;
  objects: StixObject[];
};

const INDICATOR_TYPES = {
  Malicious: "malicious-activity",
  Suspicious: "anomalous-activity",
  Benign: "benign",
  Unknown: "unknown",
} as const;

/** Techniques named for a verdict's threat: attack patterns with their published catalog ids. */
const TECHNIQUES = {
  phishing: {
    name: "Phishing",
    description:
      "A fake website that imitates a trusted party to obtain credentials, payment or personal data.",
    external_references: [
      {
        source_name: "capec",
        external_id: "CAPEC-98",
        url: "https://capec.mitre.org/data/definitions/98.html",
      },
    ],
  },
  malware: {
    name: "Drive-by Compromise",
    description: "A website that delivers malicious software to the browsers that visit it.",
    external_references: [
      {
        source_name: "mitre-attack",
        external_id: "T1189",
        url: "https://attack.mitre.org/techniques/T1189/",
      },
    ],
  },
} as const;

/** A string literal of the STIX patterning language: quotes and backslashes escaped. */
export function patternString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function scoId(type: string, value: string): string {
  return `${type}--${uuidV5(STIX_SCO_NAMESPACE, JSON.stringify({ value }))}`;
}

function addressType(address: string): "ipv4-addr" | "ipv6-addr" {
  return address.includes(":") ? "ipv6-addr" : "ipv4-addr";
}

function hostType(host: ObservedHost): "domain-name" | "ipv4-addr" | "ipv6-addr" {
  return host.kind === "domain" ? "domain-name" : host.kind === "ipv4" ? "ipv4-addr" : "ipv6-addr";
}

/** The cyber observables of the scan's navigations: URLs, domain names (with what they resolved to), addresses. */
function observables(input: ExportInput): StixObject[] {
  const observed = observe(input);
  const objects = new Map<string, StixObject>();
  const add = (object: StixObject) => {
    if (!objects.has(object.id)) objects.set(object.id, object);
  };
  for (const url of observed.urls)
    add({ type: "url", spec_version: "2.1", id: scoId("url", url), value: url });
  for (const host of observed.hosts) {
    const addressIds = host.addresses.map((a) => scoId(addressType(a), a));
    if (host.kind === "domain") {
      add({
        type: "domain-name",
        spec_version: "2.1",
        id: scoId("domain-name", host.value),
        value: host.value,
        ...(addressIds.length > 0 ? { resolves_to_refs: addressIds } : {}),
      });
    } else {
      const type = hostType(host);
      add({ type, spec_version: "2.1", id: scoId(type, host.value), value: host.value });
    }
    for (const address of host.addresses) {
      const type = addressType(address);
      add({ type, spec_version: "2.1", id: scoId(type, address), value: address });
    }
  }
  return [...objects.values()];
}

/** The indicator's pattern: the URL loaded and the final URL, and the hosts that can stand for the page. */
export function indicatorPattern(input: ExportInput): string {
  const observed = observe(input);
  const terms = observed.indicatorUrls.map((url) => `[url:value = ${patternString(url)}]`);
  for (const host of observed.indicatorHosts) {
    if (host.specific) terms.push(`[${hostType(host)}:value = ${patternString(host.value)}]`);
  }
  return terms.join(" OR ");
}

/** The STIX 2.1 bundle of a completed scan. */
export function toStixBundle(input: ExportInput): StixBundle {
  const { scan, capture } = input;
  const { report } = scan;
  const completed = isoMillis(scan.completedAt);
  const common = {
    spec_version: "2.1",
    created_by_ref: DOMAINLENS_IDENTITY.id,
    created: completed,
    modified: completed,
    object_marking_refs: [TLP_AMBER.id],
  };
  const relationship = (type: string, source: string, target: string): StixObject => ({
    type: "relationship",
    id: `relationship--${exportId(`relationship:${scan.id}:${type}:${source}:${target}`)}`,
    ...common,
    relationship_type: type,
    source_ref: source,
    target_ref: target,
  });

  const scos = observables(input);
  const observedData: StixObject = {
    type: "observed-data",
    id: `observed-data--${exportId(`observed-data:${scan.id}`)}`,
    ...common,
    first_observed: isoMillis(capture.startedAt),
    last_observed: isoMillis(capture.finishedAt),
    number_observed: 1,
    object_refs: scos.map((o) => o.id),
  };
  const target = capture.finalUrl ?? capture.requestUrl;
  const indicator: StixObject = {
    type: "indicator",
    id: `indicator--${exportId(`indicator:${scan.id}`)}`,
    ...common,
    name: `${report.final_assessment} (${report.threat_type}): ${target}`,
    description: report.executive_summary,
    indicator_types: [INDICATOR_TYPES[report.final_assessment]],
    pattern: indicatorPattern(input),
    pattern_type: "stix",
    pattern_version: "2.1",
    valid_from: completed,
    confidence: report.confidence_score,
    ...(scan.tags.length > 0 ? { labels: scan.tags } : {}),
    external_references: [{ source_name: "DomainLens", url: input.recordUrl, external_id: scan.id }],
  };

  const objects: StixObject[] = [
    TLP_AMBER,
    DOMAINLENS_IDENTITY,
    indicator,
    observedData,
    ...scos,
    relationship("based-on", indicator.id, observedData.id),
  ];

  const kind = threatKind(input);
  const technique = kind === "phishing" || kind === "malware" ? TECHNIQUES[kind] : null;
  let attackPattern: StixObject | null = null;
  if (technique) {
    attackPattern = {
      type: "attack-pattern",
      id: `attack-pattern--${exportId(`attack-pattern:${technique.external_references[0].external_id}`)}`,
      spec_version: "2.1",
      created_by_ref: DOMAINLENS_IDENTITY.id,
      created: STATIC_CREATED,
      modified: STATIC_CREATED,
      object_marking_refs: [TLP_AMBER.id],
      ...technique,
    };
    objects.push(attackPattern, relationship("indicates", indicator.id, attackPattern.id));
  }

  const brand = detectedBrand(input);
  if (brand) {
    const identity: StixObject = {
      type: "identity",
      id: `identity--${exportId(`identity:brand:${brand.toLowerCase()}`)}`,
      spec_version: "2.1",
      created_by_ref: DOMAINLENS_IDENTITY.id,
      created: STATIC_CREATED,
      modified: STATIC_CREATED,
      object_marking_refs: [TLP_AMBER.id],
      name: brand,
      identity_class: "organization",
    };
    objects.push(identity);
    // An attack pattern targets an identity (STIX 2.1 §4.1); an indicator is only related to one.
    objects.push(
      attackPattern && kind === "phishing"
        ? relationship("targets", attackPattern.id, identity.id)
        : relationship("related-to", indicator.id, identity.id),
    );
  }

  return { type: "bundle", id: `bundle--${exportId(`bundle:${scan.id}`)}`, objects };
}
