/** The registration facts DomainLens reads from an RDAP domain object (RFC 9083). */
export interface RdapDomain {
  handle: string | null;
  ldhName: string | null;
  unicodeName: string | null;
  /** ISO 8601 dates from the `events` array. */
  registeredAt: string | null;
  expiresAt: string | null;
  lastChangedAt: string | null;
  registrar: { name: string | null; ianaId: string | null } | null;
  /** Registrant organization when published and not redacted. */
  registrantOrganization: string | null;
  statuses: string[];
  /** Lower-case, without a trailing dot. */
  nameservers: string[];
  /** `secureDNS.delegationSigned`, when given. */
  dnssecSigned: boolean | null;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isoDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const REDACTED = /redact|privacy|withheld|not disclosed|non-public|data protected|gdpr|masked|statutory/i;

/** The first value of a jCard property (`fn`, `org`, …); structured values are joined with spaces. */
export function vcardValue(entity: Json, property: string): string | null {
  const card = list(entity.vcardArray);
  for (const prop of list(card[1])) {
    const fields = list(prop);
    if (fields[0] !== property) continue;
    const value = fields[3];
    const joined = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string" && v.length > 0).join(" ")
      : text(value);
    if (joined) return joined.trim() || null;
  }
  return null;
}

function hasRole(entity: Json, role: string): boolean {
  return list(entity.roles).some((r) => typeof r === "string" && r.toLowerCase() === role);
}

/** Entities at any depth (registrars often nest their abuse contact), breadth first. */
function allEntities(root: Json): Json[] {
  const found: Json[] = [];
  let level = list(root.entities).filter(isRecord);
  for (let depth = 0; depth < 4 && level.length > 0; depth += 1) {
    found.push(...level);
    level = level.flatMap((e) => list(e.entities).filter(isRecord));
  }
  return found;
}

function eventDate(domain: Json, action: string): string | null {
  for (const event of list(domain.events)) {
    if (
      isRecord(event) &&
      typeof event.eventAction === "string" &&
      event.eventAction.toLowerCase() === action
    ) {
      const date = isoDate(event.eventDate);
      if (date) return date;
    }
  }
  return null;
}

function registrantOrgRedacted(domain: Json): boolean {
  return list(domain.redacted).some((entry) => {
    if (!isRecord(entry)) return false;
    const name = isRecord(entry.name)
      ? `${text(entry.name.type) ?? ""} ${text(entry.name.description) ?? ""}`
      : "";
    return /registrant\s+org/i.test(name);
  });
}

function registrar(entities: Json[]): RdapDomain["registrar"] {
  const entity = entities.find((e) => hasRole(e, "registrar"));
  if (!entity) return null;
  const publicId = list(entity.publicIds).find(
    (p) => isRecord(p) && typeof p.type === "string" && /iana/i.test(p.type),
  );
  const ianaId = isRecord(publicId) ? text(publicId.identifier) : null;
  return { name: vcardValue(entity, "fn") ?? vcardValue(entity, "org"), ianaId };
}

function registrantOrganization(domain: Json, entities: Json[]): string | null {
  if (registrantOrgRedacted(domain)) return null;
  const entity = entities.find((e) => hasRole(e, "registrant"));
  if (!entity) return null;
  const org = vcardValue(entity, "org");
  return org && !REDACTED.test(org) ? org : null;
}

/** Parses an RDAP domain response. Returns null when the document is not a domain object. */
export function parseRdapDomain(document: unknown): RdapDomain | null {
  if (!isRecord(document)) return null;
  const objectClass = text(document.objectClassName);
  if (objectClass !== null && objectClass.toLowerCase() !== "domain") return null;
  if (objectClass === null && !text(document.ldhName) && !Array.isArray(document.events)) return null;
  const entities = allEntities(document);
  const secure = isRecord(document.secureDNS) ? document.secureDNS.delegationSigned : undefined;
  return {
    handle: text(document.handle),
    ldhName: text(document.ldhName)?.toLowerCase() ?? null,
    unicodeName: text(document.unicodeName),
    registeredAt: eventDate(document, "registration"),
    expiresAt: eventDate(document, "expiration"),
    lastChangedAt: eventDate(document, "last changed"),
    registrar: registrar(entities),
    registrantOrganization: registrantOrganization(document, entities),
    statuses: list(document.status).filter((s): s is string => typeof s === "string"),
    nameservers: list(document.nameservers)
      .map((ns) => (isRecord(ns) ? text(ns.ldhName) : null))
      .filter((name): name is string => name !== null)
      .map((name) => name.toLowerCase().replace(/\.$/, "")),
    dnssecSigned: typeof secure === "boolean" ? secure : null,
  };
}
