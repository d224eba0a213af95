import { CONTENT_FINDINGS } from "./catalog-con.js";
import { DOMAIN_FINDINGS } from "./catalog-dom.js";
import { NETWORK_FINDINGS } from "./catalog-net.js";
import { SCAN_NETWORK_FINDINGS } from "./catalog-scan-net.js";
import { SYSTEM_FINDINGS } from "./catalog-sys.js";
import { VISION_FINDINGS } from "./catalog-vis.js";
import type { Finding, FindingDefinition, Severity } from "./types.js";

/**
 * The one finding catalog of DomainLens: every code any agent may report, with its default severity.
 * Area tables live beside this file; `npm run docs:findings` writes the code tables of docs/findings-*.md
 * and docs/scan-vision.md from them.
 */
export const FINDING_CATALOG = [
  ...DOMAIN_FINDINGS,
  ...NETWORK_FINDINGS,
  ...SCAN_NETWORK_FINDINGS,
  ...CONTENT_FINDINGS,
  ...SYSTEM_FINDINGS,
  ...VISION_FINDINGS,
] as const;

/** Every finding code of the catalog: a code not in it does not compile. */
export type FindingCode = (typeof FINDING_CATALOG)[number]["code"];

const BY_CODE = new Map<FindingCode, FindingDefinition<FindingCode>>(FINDING_CATALOG.map((d) => [d.code, d]));
if (BY_CODE.size !== FINDING_CATALOG.length) throw new Error("duplicate finding code in the catalog");

export function findingDefinition(code: FindingCode): FindingDefinition<FindingCode> {
  const definition = BY_CODE.get(code);
  if (!definition) throw new Error(`unknown finding code ${code}`);
  return definition;
}

/** Builds a report finding from a catalog code; the severity may be raised or lowered by evidence. */
export function makeFinding(
  code: FindingCode,
  details: string,
  options: { description?: string; severity?: Severity; category?: string } = {},
): Finding {
  const definition = findingDefinition(code);
  const category = options.category ?? definition.category;
  return {
    finding_id: definition.code,
    severity: options.severity ?? definition.severity,
    source_agent: definition.agent,
    description: options.description ?? definition.title,
    details,
    ...(category ? { category } : {}),
  };
}
