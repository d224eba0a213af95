import { type PriceName, pricesByName } from "../operations.js";

/**
 * Prices in micro-dollars by their public name (`prices_usd` of `GET /v1/account`). Derived from the
 * operation table (src/platform/operations.ts), where each price belongs to the operation charging it;
 * charges are made with `chargeOf(OPS.…, outcome)`.
 */
export const PRICES: Readonly<Record<PriceName, number>> = pricesByName();

/** New organizations created at first start receive this many micro-dollars ($10.00). */
export const DEFAULT_ORG_CREDITS_MICROS = 10_000_000;
