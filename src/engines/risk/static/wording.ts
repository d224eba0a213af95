import { confusableInfo, type EditOp, type PlatformKind } from "../../domain/index.js";
import { joinWords } from "../../verdict/index.js";

// The wording of the static agent's finding details. How each squatting technique is worded, in findings
// and in summaries, is engines/verdict/techniques.ts (`techniquePhrase`, `techniqueBy`).

function charNote(text: string): string {
  const notes: string[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 128) continue;
    const info = confusableInfo(char);
    const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
    notes.push(info ? `${info.name}, ${info.code}` : code);
  }
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}

/** `l→1`, `a→а (Cyrillic small letter a, U+0430)`, `added "x"`, `dropped "a"`, `"ap"→"pa"`. */
export function opText(op: EditOp): string {
  if (op.technique === "transposition") return `${op.from}→${op.to}`;
  if (op.from === "") return op.to === "-" ? "added a hyphen" : `added "${op.to}"`;
  if (op.to === "") return `dropped "${op.from}"`;
  return `${op.from}→${op.to}${charNote(op.to)}`;
}

export function opsText(ops: readonly EditOp[]): string {
  return ops.map(opText).join(", ");
}

export function countText(count: number): string {
  return count === 1 ? "one character" : `${count} characters`;
}

/** Up to four words, quoted: `"secure"`, `"secure" and "login"`, `"a", "b" and "c"`. */
export function quoteList(words: readonly string[]): string {
  return joinWords(words.slice(0, 4).map((w) => `"${w}"`));
}

/** ` with the lure words "secure" and "login"`, or "" when there are none. */
export function lureNote(words: readonly string[], lead = "with"): string {
  if (words.length === 0) return "";
  return ` ${lead} the lure word${words.length > 1 ? "s" : ""} ${quoteList(words)}`;
}

export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

const PLATFORM_PHRASES: Record<PlatformKind, string> = {
  free_hosting: "a free hosting platform",
  dynamic_dns: "a dynamic DNS service",
  file_host: "a file sharing service",
  site_builder: "a site or form builder",
  link_in_bio: "a link-in-bio service",
  ipfs_gateway: "an IPFS gateway",
  user_subdomain: "a platform that gives users their own subdomains",
};

export function platformPhrase(kind: PlatformKind): string {
  return PLATFORM_PHRASES[kind];
}

/** The host as written, followed by how it displays when that differs (IDN). */
export function shownAs(hostname: string, display: string): string {
  return display !== hostname ? `${hostname} (displayed as ${display})` : hostname;
}
