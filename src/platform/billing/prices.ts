/**
 * Prices in micro-dollars (SPEC §8). The scan price is DomainLens's own (SPEC leaves it open):
 * see docs/billing.md.
 */
export const PRICES = {
  classification_hit: 1_000,
  classification_miss: 10_000,
  classification_not_found: 0,
  domain_risk: 2_500,
  scan: 50_000,
} as const;

/** New organizations created at first start receive this many micro-dollars ($10.00). */
export const DEFAULT_ORG_CREDITS_MICROS = 10_000_000;
