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

/** Words that turn a mention into a reassurance ("we will never ask for your recovery phrase"). */
const NEGATION = /\b(?:never|not|no|nobody|without)\b|n['’]t\b|\bno one\b/;

/**
 * The same in the languages the pages are most often in (text is lower-cased), for warnings written for
 * anyone ("aucun technicien ne vous appellera"); the short negations that kits use in their own requests
 * ("pour ne pas perdre l'accès, saisissez…") are left out.
 */
export const NEGATION_MANY_LANGUAGES = new RegExp(
  `${NEGATION.source}|(?<![\\p{L}])(?:jamais|aucune?|sans|nunca|jamás|ningún|ninguna|nenhum|nenhuma|niemals|nie|kein(?:e[nmrs]?)?|nicht|nooit|geen|niet|mai più|nessun[oa]?|asla|hiçbir|никогда|ни один)(?![\\p{L}])`,
  "u",
);

/** Opening quotation marks: a phrase in quotes is reported, not said ("a «virus détecté» call"). */
const QUOTED = /[«“„"‘‹「『]\s*$/u;

/**
 * The first match of `pattern` (a global expression) that its own sentence does not negate nor quote: "Box
 * will never ask you to confirm your email password" is a reassurance, not a request; a question about
 * being asked ("Will Lido ever ask for my seed phrase?") is a FAQ's, not a request either.
 */
export function firstAffirmed(pattern: RegExp, text: string, negation: RegExp = NEGATION): string | null {
  for (const match of text.matchAll(pattern)) {
    const before = text.slice(Math.max(0, match.index - 80), match.index);
    const sentence = before.slice(
      Math.max(...[".", "!", "?", "|", "\n"].map((c) => before.lastIndexOf(c))) + 1,
    );
    if (negation.test(sentence) || QUOTED.test(sentence)) continue;
    if (ABOUT_ASKING.test(sentence) && endsAsQuestion(text, match.index + match[0].length)) continue;
    return match[0];
  }
  return null;
}

/** Words of a question about being asked ("Will Lido ever ask for my seed phrase?", "Should I share…?"). */
const ABOUT_ASKING = /\b(?:ever|asks?|asked|share|give|request)\b/;

/** Whether the sentence going on at `from` ends with a question mark. */
function endsAsQuestion(text: string, from: number): boolean {
  const rest = text.slice(from, from + 120);
  const end = rest.search(/[.!?|\n]/);
  return end >= 0 && rest[end] === "?";
}
