import type { BrandTarget } from "../../domain/index.js";
import type { FindingCode } from "../../findings/catalog.js";
import type { Severity } from "../../findings/types.js";
import type { SquatTechnique } from "./types.js";
import { possessive } from "./wording.js";

export interface BrandMatch {
  brandName: string;
  legitimateDomain: string;
  technique: SquatTechnique;
  /** A misspelled brand name on a hosting platform: how it is misspelled. */
  edit?: SquatTechnique;
  code: FindingCode;
  severity: Severity;
  details: string;
  /** Breaks severity ties: the more specific construction wins, then the longer brand name. */
  priority: number;
  weight: number;
}

const LEVELS: readonly Severity[] = ["Informational", "Low", "Medium", "High", "Critical"];

export function severityRank(severity: Severity): number {
  return LEVELS.indexOf(severity);
}

export function raise(severity: Severity, steps = 1): Severity {
  return LEVELS[Math.min(LEVELS.length - 1, severityRank(severity) + steps)] ?? severity;
}

export interface TargetBrand {
  name: string;
  domain: string;
  /** `PayPal's paypal.com`, or `Microsoft's name "msoffice" (microsoft.com)` when the token is not the domain. */
  reference: string;
}

/** The brand a matched token stands for (the first brand listing it). */
export function targetBrand(target: BrandTarget): TargetBrand {
  const first = target.owners[0];
  const name = first?.brand.name ?? target.text;
  const domain = first?.legitimateDomain ?? target.text;
  const sld = domain.slice(0, domain.indexOf("."));
  const reference =
    sld === target.text
      ? `${possessive(name)} ${domain}`
      : `${possessive(name)} name "${target.text}" (${domain})`;
  return { name, domain, reference };
}
