import { uuidV5 } from "../uuid.js";

/*
 * What STIX 2.1 (OASIS CS, https://docs.oasis-open.org/cti/stix/v2.1/) requires of the objects DomainLens
 * writes, checked by hand: no validator package is published for JavaScript, and the OASIS JSON schemas
 * (oasis-open/cti-stix2-json-schemas) are not copied into this repository. The tables below are the parts
 * of the specification these checks use.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
const ID = new RegExp(`^([a-z][a-z0-9-]+[a-z0-9])--(${UUID})$`);
/** §3.2: timestamps in UTC with "Z"; `created` and `modified` to the millisecond. */
const TIMESTAMP =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?Z$/;
const MILLIS = /\.\d{3}Z$/;
/** §2.9: the namespace of deterministic cyber-observable ids. */
const SCO_NAMESPACE = "00abedb4-aa42-466c-9c01-fed23315a9b7";
/** §6: cyber-observable types whose ID contributing property is `value`. */
const VALUE_SCOS = new Set(["url", "domain-name", "ipv4-addr", "ipv6-addr", "mac-addr", "email-addr"]);
const SCO_TYPES = new Set([
  ...VALUE_SCOS,
  "autonomous-system",
  "file",
  "network-traffic",
  "x509-certificate",
]);
/** §4: SDO types, and the properties each requires besides the common ones. */
const SDO_REQUIRED: Record<string, string[]> = {
  "attack-pattern": ["name"],
  identity: ["name"],
  indicator: ["pattern", "pattern_type", "valid_from"],
  "observed-data": ["first_observed", "last_observed", "number_observed", "object_refs"],
  infrastructure: ["name"],
  malware: ["is_family"],
};
/** §10 vocabularies used. */
const INDICATOR_TYPES = new Set([
  "anomalous-activity",
  "anonymization",
  "benign",
  "compromised",
  "malicious-activity",
  "attribution",
  "unknown",
]);
const IDENTITY_CLASSES = new Set(["individual", "group", "system", "organization", "class", "unknown"]);
/** §4 "Relationships" of each SDO (the ones DomainLens writes), and §5.1's common relationship types. */
const RELATIONSHIPS: Record<string, string[]> = {
  "indicator indicates": [
    "attack-pattern",
    "campaign",
    "infrastructure",
    "intrusion-set",
    "malware",
    "threat-actor",
    "tool",
  ],
  "indicator based-on": ["observed-data"],
  "attack-pattern targets": ["identity", "location", "vulnerability"],
  "attack-pattern uses": ["malware", "tool"],
};
const COMMON_RELATIONSHIPS = new Set(["related-to", "derived-from", "duplicate-of"]);
/** §7.2.1.4: the TLP marking definitions, fixed by the specification. */
const TLP: Record<string, string> = {
  "marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9": "white",
  "marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da": "green",
  "marking-definition--f88d31f6-486f-44da-b317-01333bde0b82": "amber",
  "marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed": "red",
};

type Obj = Record<string, unknown> & { type: string; id: string };

/** What in `bundle` breaks STIX 2.1; empty when nothing does. */
export function stixProblems(bundle: unknown): string[] {
  const problems: string[] = [];
  const b = bundle as { type?: unknown; id?: unknown; objects?: unknown; spec_version?: unknown };
  if (b.type !== "bundle") problems.push("bundle.type is not 'bundle'");
  if (typeof b.id !== "string" || !ID.test(b.id) || !b.id.startsWith("bundle--"))
    problems.push("bundle.id is not bundle--<uuid>");
  if (b.spec_version !== undefined) problems.push("a 2.1 bundle has no spec_version");
  if (!Array.isArray(b.objects) || b.objects.length === 0) return [...problems, "bundle.objects is empty"];
  const objects = b.objects as Obj[];
  const byId = new Map<string, Obj>();
  for (const o of objects) {
    if (byId.has(o.id)) problems.push(`${o.id} appears twice`);
    byId.set(o.id, o);
  }
  const typeOf = (ref: unknown) => (typeof ref === "string" ? byId.get(ref)?.type : undefined);
  for (const o of objects) {
    const at = o.id;
    const match = typeof o.id === "string" ? ID.exec(o.id) : null;
    if (!match) {
      problems.push(`${at}: id is not <type>--<RFC 4122 uuid>`);
      continue;
    }
    if (match[1] !== o.type) problems.push(`${at}: id does not start with its type ${o.type}`);
    if (SCO_TYPES.has(o.type)) {
      if (o.created !== undefined || o.created_by_ref !== undefined)
        problems.push(`${at}: an SCO has no created/created_by_ref`);
      if (o.spec_version !== undefined && o.spec_version !== "2.1")
        problems.push(`${at}: spec_version is not 2.1`);
      if (VALUE_SCOS.has(o.type)) {
        if (typeof o.value !== "string" || o.value.length === 0) problems.push(`${at}: value is required`);
        else if (match[2] !== uuidV5(SCO_NAMESPACE, JSON.stringify({ value: o.value })))
          problems.push(`${at}: id is not the UUIDv5 of its value (§2.9)`);
      }
      for (const ref of (o.resolves_to_refs as unknown[] | undefined) ?? []) {
        if (!["ipv4-addr", "ipv6-addr", "domain-name"].includes(typeOf(ref) ?? ""))
          problems.push(`${at}: resolves_to_refs ${String(ref)} is not an address or domain in the bundle`);
      }
      continue;
    }
    if (o.spec_version !== "2.1") problems.push(`${at}: spec_version must be "2.1"`);
    const stamps = o.type === "marking-definition" ? ["created"] : ["created", "modified"];
    for (const name of stamps) {
      const value = o[name];
      if (typeof value !== "string" || !TIMESTAMP.test(value) || !MILLIS.test(value))
        problems.push(`${at}: ${name} is not a millisecond UTC timestamp`);
    }
    if (
      typeof o.created === "string" &&
      typeof o.modified === "string" &&
      Date.parse(o.modified) < Date.parse(o.created)
    )
      problems.push(`${at}: modified is before created`);
    if (o.created_by_ref !== undefined && typeOf(o.created_by_ref) !== "identity")
      problems.push(`${at}: created_by_ref is not an identity in the bundle`);
    for (const ref of (o.object_marking_refs as unknown[] | undefined) ?? []) {
      if (typeOf(ref) !== "marking-definition")
        problems.push(`${at}: object_marking_refs ${String(ref)} is not in the bundle`);
    }
    if (
      o.confidence !== undefined &&
      !(Number.isInteger(o.confidence) && Number(o.confidence) >= 0 && Number(o.confidence) <= 100)
    )
      problems.push(`${at}: confidence is not an integer 0-100`);
    for (const name of SDO_REQUIRED[o.type] ?? [])
      if (o[name] === undefined) problems.push(`${at}: ${name} is required`);
    switch (o.type) {
      case "marking-definition": {
        const tlp = TLP[o.id];
        const def = o.definition as { tlp?: string } | undefined;
        if (o.definition_type === "tlp" && (!tlp || def?.tlp !== tlp))
          problems.push(`${at}: not the specification's TLP marking`);
        break;
      }
      case "indicator": {
        for (const t of (o.indicator_types as string[] | undefined) ?? [])
          if (!INDICATOR_TYPES.has(t))
            problems.push(`${at}: indicator type ${t} is not in indicator-type-ov`);
        if (typeof o.valid_from !== "string" || !TIMESTAMP.test(o.valid_from))
          problems.push(`${at}: valid_from is not a timestamp`);
        if (o.pattern_type === "stix")
          problems.push(...patternProblems(String(o.pattern)).map((p) => `${at}: pattern ${p}`));
        break;
      }
      case "observed-data": {
        const n = Number(o.number_observed);
        if (!Number.isInteger(n) || n < 1 || n > 999_999_999)
          problems.push(`${at}: number_observed is not 1-999999999`);
        if (Date.parse(String(o.last_observed)) < Date.parse(String(o.first_observed)))
          problems.push(`${at}: last_observed is before first_observed`);
        const refs = (o.object_refs as unknown[] | undefined) ?? [];
        if (refs.length === 0) problems.push(`${at}: object_refs is empty`);
        for (const ref of refs)
          if (!SCO_TYPES.has(typeOf(ref) ?? ""))
            problems.push(`${at}: object_refs ${String(ref)} is not an SCO in the bundle`);
        if (o.objects !== undefined) problems.push(`${at}: 'objects' is deprecated in 2.1 (object_refs)`);
        break;
      }
      case "identity":
        if (o.identity_class !== undefined && !IDENTITY_CLASSES.has(String(o.identity_class)))
          problems.push(`${at}: identity_class ${String(o.identity_class)} is not in identity-class-ov`);
        break;
      case "attack-pattern":
        for (const ref of (o.external_references as Array<Record<string, unknown>> | undefined) ?? []) {
          if (typeof ref.source_name !== "string")
            problems.push(`${at}: an external reference has no source_name`);
        }
        break;
      case "relationship": {
        const source = typeOf(o.source_ref);
        const target = typeOf(o.target_ref);
        const type = String(o.relationship_type);
        if (!source || !target) problems.push(`${at}: source_ref or target_ref is not in the bundle`);
        else if (
          !COMMON_RELATIONSHIPS.has(type) &&
          !(RELATIONSHIPS[`${source} ${type}`] ?? []).includes(target)
        )
          problems.push(`${at}: ${source} ${type} ${target} is not a relationship of the specification`);
        break;
      }
      default:
        if (!(o.type in SDO_REQUIRED)) problems.push(`${at}: unexpected object type ${o.type}`);
    }
  }
  return problems;
}

/**
 * §9 STIX patterning, for the patterns DomainLens writes: observation expressions `[type:path = 'string']`
 * joined by OR or AND, string literals with `\'` and `\\` escaped, cyber-observable types and properties that
 * exist. Empty when the pattern is well formed.
 */
export function patternProblems(pattern: string): string[] {
  const problems: string[] = [];
  let i = 0;
  const skip = () => {
    while (pattern[i] === " ") i++;
  };
  const observation = () => {
    if (pattern[i] !== "[") return problems.push(`expects '[' at ${i}`);
    i++;
    skip();
    const path = /^([a-z][a-z0-9-]*):([a-z_][a-z0-9_]*)/.exec(pattern.slice(i));
    if (!path) return problems.push(`expects <type>:<property> at ${i}`);
    if (!VALUE_SCOS.has(path[1] ?? "") || path[2] !== "value")
      problems.push(`${path[0]} is not an observable property`);
    i += path[0].length;
    skip();
    if (pattern[i] !== "=") return problems.push(`expects '=' at ${i}`);
    i++;
    skip();
    if (pattern[i] !== "'") return problems.push(`expects a string literal at ${i}`);
    i++;
    for (;;) {
      const c = pattern[i];
      if (c === undefined) return problems.push("has an unterminated string");
      if (c === "\\") {
        if (pattern[i + 1] !== "'" && pattern[i + 1] !== "\\")
          return problems.push(`has a bad escape at ${i}`);
        i += 2;
        continue;
      }
      i++;
      if (c === "'") break;
    }
    skip();
    if (pattern[i] !== "]") return problems.push(`expects ']' at ${i}`);
    i++;
    return 0;
  };
  observation();
  for (;;) {
    skip();
    if (i >= pattern.length || problems.length > 0) break;
    const op = /^(OR|AND|FOLLOWEDBY) /.exec(pattern.slice(i));
    if (!op) {
      problems.push(`expects OR/AND at ${i}`);
      break;
    }
    i += op[0].length;
    skip();
    observation();
  }
  return problems;
}
