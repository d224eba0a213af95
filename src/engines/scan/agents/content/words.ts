import type { FieldKind } from "../types.js";

/** "a, b and c". */
export function list(values: string[]): string {
  return values.length <= 1
    ? (values[0] ?? "")
    : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
}

export const CARD: ReadonlySet<FieldKind> = new Set(["card_number", "card_cvv"]);

/** What the secrets are, in words ("a password and payment card details"). */
export function secretWords(kinds: readonly FieldKind[]): string {
  const words: string[] = [];
  if (kinds.includes("password")) words.push("a password");
  if (kinds.some((k) => CARD.has(k))) words.push("payment card details");
  if (kinds.includes("pin")) words.push("a card PIN");
  if (kinds.includes("ssn")) words.push("identity numbers or security answers");
  if (kinds.includes("seed")) words.push("a wallet recovery phrase");
  return list(words);
}
