import { isIP } from "node:net";

/*
 * What the MISP core format (MISP/misp-rfc, misp-core-format) requires of an event DomainLens writes, checked
 * by hand (no validator package is published for JavaScript). The category/type pairs are those of MISP's
 * attribute table (describeTypes.json, `category_type_mappings`) for the types DomainLens uses; the tags
 * are checked against the published taxonomies (MISP/misp-taxonomies: tlp, circl, phishing).
 */

/** describeTypes.json: the categories each attribute type may take. */
const CATEGORIES: Record<string, string[]> = {
  url: ["Payload delivery", "Network activity", "External analysis"],
  domain: ["Payload delivery", "Network activity", "External analysis"],
  hostname: ["Payload delivery", "Network activity", "External analysis"],
  "ip-dst": ["Payload delivery", "Network activity", "External analysis"],
  "target-org": ["Targeting data"],
  link: [
    "Internal reference",
    "Antivirus detection",
    "Payload delivery",
    "External analysis",
    "Support Tool",
  ],
  text: [
    "Internal reference",
    "Antivirus detection",
    "Payload delivery",
    "Artifacts dropped",
    "Payload installation",
    "Persistence mechanism",
    "Network activity",
    "Payload type",
    "Attribution",
    "External analysis",
    "Financial fraud",
    "Support Tool",
    "Social network",
    "Person",
    "Other",
  ],
};

/** misp-taxonomies: the machine tags of the namespaces DomainLens uses. */
const TAXONOMIES: Record<string, Record<string, string[] | null>> = {
  tlp: { red: null, amber: null, "amber+strict": null, green: null, white: null, clear: null },
  circl: {
    "incident-classification": [
      "spam",
      "system-compromise",
      "scan",
      "denial-of-service",
      "copyright-issue",
      "phishing",
      "malware",
      "XSS",
      "vulnerability",
      "fastflux",
      "sql-injection",
      "information-leak",
      "scam",
      "cryptojacking",
      "locker",
      "screenlocker",
      "wiper",
    ],
  },
  phishing: {
    techniques: [
      "fake-website",
      "email-spoofing",
      "clone-phishing",
      "voice-phishing",
      "search-engines-abuse",
      "sms-phishing",
      "business email compromise",
    ],
    distribution: ["spear-phishing", "bulk-phishing", "whaling"],
    "report-type": ["manual-reporting", "automatic-reporting"],
    "report-origin": ["url-abuse", "lookyloo", "phishtank", "spambee"],
    state: ["unknown", "active", "down"],
  },
};
/** Predicates a taxonomy marks `exclusive`: at most one value per event. */
const EXCLUSIVE = new Set(["phishing:state"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNIX = /^\d+$/;

/** A machine tag `namespace:predicate="value"` (or `namespace:predicate`) of a known taxonomy, or why not. */
export function tagProblem(name: string): string | null {
  const m = /^([a-z-]+):([^=]+?)(?:="([^"]+)")?$/.exec(name);
  if (!m) return `${name} is not a machine tag`;
  const [, namespace = "", predicate = "", value] = m;
  const taxonomy = TAXONOMIES[namespace];
  if (!taxonomy) return `${name}: unknown taxonomy ${namespace}`;
  if (!(predicate in taxonomy)) return `${name}: ${namespace} has no predicate ${predicate}`;
  const values = taxonomy[predicate];
  if (values === null || values === undefined)
    return value === undefined ? null : `${name}: ${predicate} takes no value`;
  if (value === undefined || !values.includes(value))
    return `${name}: ${value} is not a value of ${namespace}:${predicate}`;
  return null;
}

function valueProblem(type: string, value: string): string | null {
  switch (type) {
    case "url":
    case "link":
      return /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value) ? null : "is not an http(s) URL";
    case "domain":
    case "hostname":
      return /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{2,63}$/.test(value) ? null : "is not a host name";
    case "ip-dst":
      return isIP(value) !== 0 ? null : "is not an IP address";
    default:
      return value.length > 0 ? null : "is empty";
  }
}

/** What in `document` breaks the MISP core format; empty when nothing does. */
export function mispProblems(document: unknown): string[] {
  const problems: string[] = [];
  const event = (document as { Event?: Record<string, unknown> }).Event;
  if (!event) return ["no Event"];
  const str = (key: string) => (typeof event[key] === "string" ? (event[key] as string) : null);
  if (!UUID.test(str("uuid") ?? "")) problems.push("Event.uuid is not a UUID");
  const info = str("info");
  if (info === null) problems.push("Event.info is required");
  else if (info.length > 256 || /\n/.test(info))
    problems.push("Event.info should be one line of at most 256 characters");
  if (!["1", "2", "3", "4"].includes(str("threat_level_id") ?? ""))
    problems.push("Event.threat_level_id is not 1-4");
  if (!["0", "1", "2"].includes(str("analysis") ?? "")) problems.push("Event.analysis is not 0-2");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(str("date") ?? "")) problems.push("Event.date is not YYYY-MM-DD");
  if (typeof event.published !== "boolean") problems.push("Event.published is not a boolean");
  for (const key of ["timestamp", "publish_timestamp"])
    if (!UNIX.test(str(key) ?? "")) problems.push(`Event.${key} is not a Unix time string`);
  const distribution = str("distribution") ?? "";
  if (!["0", "1", "2", "3", "4"].includes(distribution)) problems.push("Event.distribution is not 0-4");
  if (distribution !== "4" && event.sharing_group_id !== undefined && event.sharing_group_id !== "0")
    problems.push("Event.sharing_group_id must be 0 without a sharing group");
  const orgc = event.Orgc as { uuid?: string; name?: string } | undefined;
  if (orgc && (!UUID.test(orgc.uuid ?? "") || !orgc.name))
    problems.push("Event.Orgc needs a uuid and a name");
  const attributes = (event.Attribute as Array<Record<string, unknown>> | undefined) ?? [];
  const uuids = new Set<string>();
  attributes.forEach((a, i) => {
    const at = `Attribute[${i}] (${String(a.type)} ${String(a.value)})`;
    if (typeof a.uuid !== "string" || !UUID.test(a.uuid)) problems.push(`${at}: uuid is not a UUID`);
    else if (uuids.has(a.uuid)) problems.push(`${at}: uuid repeats`);
    else uuids.add(a.uuid);
    const allowed = CATEGORIES[String(a.type)];
    if (!allowed) problems.push(`${at}: type is not one DomainLens checks`);
    else if (!allowed.includes(String(a.category)))
      problems.push(`${at}: category ${String(a.category)} is not valid for the type`);
    if (typeof a.value !== "string") problems.push(`${at}: value is not a string`);
    else {
      const bad = valueProblem(String(a.type), a.value);
      if (bad) problems.push(`${at}: value ${bad}`);
    }
    if (typeof a.to_ids !== "boolean") problems.push(`${at}: to_ids is not a boolean`);
    if (typeof a.deleted !== "boolean") problems.push(`${at}: deleted is not a boolean`);
    if (!["0", "1", "2", "3", "4", "5"].includes(String(a.distribution)))
      problems.push(`${at}: distribution is not 0-5`);
    if (!UNIX.test(String(a.timestamp))) problems.push(`${at}: timestamp is not a Unix time string`);
  });
  if (event.attribute_count !== undefined && event.attribute_count !== String(attributes.length))
    problems.push("Event.attribute_count is not the number of attributes");
  const tags = (event.Tag as Array<Record<string, unknown>> | undefined) ?? [];
  const exclusive = new Map<string, number>();
  for (const t of tags) {
    if (typeof t.name !== "string") {
      problems.push("a Tag has no name");
      continue;
    }
    const bad = tagProblem(t.name);
    if (bad) problems.push(`Tag ${bad}`);
    const predicate = t.name.split("=")[0] ?? "";
    if (EXCLUSIVE.has(predicate)) exclusive.set(predicate, (exclusive.get(predicate) ?? 0) + 1);
  }
  for (const [predicate, n] of exclusive)
    if (n > 1) problems.push(`Tag ${predicate} is exclusive but appears ${n} times`);
  return problems;
}
