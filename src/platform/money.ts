/** Credits are kept as integer micro-dollars: 1 USD = 1,000,000 micros. */
export const MICROS_PER_USD = 1_000_000;

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

/** Dollars as a JSON number, exact to the micro-dollar. */
export function microsToUsd(micros: number): number {
  return Number((micros / MICROS_PER_USD).toFixed(6));
}
