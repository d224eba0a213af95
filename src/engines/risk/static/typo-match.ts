import {
  type BrandTarget,
  bagDistance,
  describeEdit,
  type EditDescription,
  type EditOp,
  type EditTechnique,
  getLexicon,
  isOrdinaryWord,
  primaryTechnique,
  skeleton,
  wordAcross,
  wordFor,
} from "../../domain/index.js";
import type { Severity } from "../../findings/types.js";
import { techniquePhrase } from "../../verdict/index.js";
import { type BrandMatch, raise, targetBrand } from "./match-types.js";
import { type HostScan, lureLevel, lureOf, type ScannedLabel } from "./scan.js";
import { countText, lureNote, opsText, platformPhrase, shownAs } from "./wording.js";

/** Edits a dictionary-word brand name may show without turning into another ordinary word. */
const WEAK_TOKEN_EDITS = new Set<EditTechnique>([
  "homoglyph",
  "omission",
  "repetition",
  "transposition",
  "hyphenation",
]);
/** Edits accepted on five-letter brand names, whose neighbours are often real words. */
const SHORT_TOKEN_EDITS = new Set<EditTechnique>(["homoglyph", "repetition", "transposition", "hyphenation"]);
/** Edits that keep a brand name's full spelling visible (`paypall`, `paypals`). */
const VERBATIM_EDITS = new Set<EditTechnique>(["repetition", "addition", "plural"]);

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

interface Piece {
  /** The name or one hyphen-separated part of it, as displayed (no hyphen). */
  display: string;
  /** Offsets in the label's compact skeleton. */
  start: number;
  end: number;
  whole: boolean;
}

/**
 * The whole name, or each of its hyphen-separated parts (`paypa1` in `paypa1-login`). A brand name split
 * by hyphens (`pay-pal`) is recognized whole by the brand-name scan.
 */
function namePieces(label: ScannedLabel): Piece[] {
  const reach = getLexicon().typoIndex;
  if (!label.display.includes("-")) {
    const length = label.scan.compact.length;
    return reach.reaches(length) ? [{ display: label.display, start: 0, end: length, whole: true }] : [];
  }
  return hyphenParts(label).filter(
    (part) => part.display.length >= 4 && reach.reaches(part.end - part.start),
  );
}

/** Each hyphen-separated part of a label, with its offsets in the label's compact skeleton. */
function hyphenParts(label: ScannedLabel): Piece[] {
  const parts: Piece[] = [];
  let offset = 0;
  for (const part of label.display.split("-")) {
    const length = skeleton(part).length;
    parts.push({ display: part, start: offset, end: offset + length, whole: false });
    offset += length;
  }
  return parts;
}

/** `one character (l→1), a homoglyph substitution`: what an edit changes and what technique that is. */
function editPhrase(edit: EditDescription, technique: EditTechnique): string {
  return `${countText(edit.ops.length)} (${opsText(edit.ops)}), ${techniquePhrase(technique)}`;
}

/** Whether the text as written is exactly a known word (brand name, keyword, filler): no typo then. */
function isKnownWord(text: string): boolean {
  return wordFor(skeleton(text))?.text === text;
}

/**
 * An edit at the first or last letter that is not a look-alike, a doubled letter or a plural. Inside a
 * longer name any such edit counts; for a whole name a letter added at the end does not.
 */
function atEdge(op: EditOp, length: number, inside: boolean): boolean {
  if (op.free || op.technique === "homoglyph" || op.technique === "repetition" || op.technique === "plural")
    return false;
  if (!inside && op.technique === "addition") return false;
  return op.at === 0 || op.at >= length - 1;
}

function acceptable(
  target: BrandTarget,
  edit: EditDescription,
  written: string,
  whole: boolean,
  host: HostScan,
): boolean {
  if (edit.ops.length === 0) return false;
  if (edit.ops.every((op) => op.technique === "homoglyph")) return edit.distance <= target.maxDistance;
  if (target.maxDistance === 0) return false;
  // ASCII look-alikes (`rn`, `1`) cost nothing alone, but count once mixed with other edits.
  const visible = edit.distance + edit.ops.filter((op) => op.free && isAscii(op.to)).length;
  if (visible > target.maxDistance) return false;
  const allowed =
    target.strength === "weak" ? WEAK_TOKEN_EDITS : target.text.length <= 5 ? SHORT_TOKEN_EDITS : undefined;
  if (allowed && !edit.ops.every((op) => allowed.has(op.technique))) return false;
  // A name missing or gaining a letter at either end is usually another word (`marcus` → `arcus`,
  // `orbitz` → `orbit`): not accepted for dictionary-word names or inside longer names.
  if (
    (target.strength === "weak" || !whole) &&
    edit.ops.some((op) => atEdge(op, target.text.length, !whole))
  ) {
    return false;
  }
  if (written.includes(target.text)) {
    if (edit.distance !== 1 || !edit.ops.every((op) => VERBATIM_EDITS.has(op.technique))) return false;
    const spelled = host.name.scan.hits.some((hit) => hit.word.target === target && hit.delimited);
    if (spelled) return false;
  }
  return true;
}

/**
 * A single-edit typo of a distinctive name is strong evidence; weak edits of short names are not, nor
 * is a changed first or last letter (`xfinity` → `dfinity`), which often makes another word.
 */
function typoSeverity(target: BrandTarget, edit: EditDescription): Severity {
  if (target.strength !== "strong" || edit.distance !== 1) return "Medium";
  if (edit.ops.some((op) => atEdge(op, target.text.length, false))) return "Medium";
  const length = target.text.length;
  switch (primaryTechnique(edit.ops.filter((op) => !op.free))) {
    case "repetition":
    case "transposition":
    case "hyphenation":
    case "homoglyph":
      return "High";
    case "omission":
    case "keyboard":
    case "vowel_swap":
      return length >= 7 ? "High" : "Medium";
    case "addition":
    case "plural":
    case "insertion":
      return length >= 6 ? "High" : "Medium";
    default:
      return length >= 9 ? "High" : "Medium";
  }
}

/** Shortest and longest brand-name look-alike looked for at the start of a user site's name. */
const LEADING_MIN = 6;
const LEADING_MAX = 14;
const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);

/**
 * A look-alike of a distinctive brand name leading a user site's name or one of its hyphen-separated
 * parts, run into other letters (`metemaskozlogin.webflow.io`, `trzorhelp.webflow.io`): on a platform where
 * anyone can publish, a misspelled brand name followed by more text is how impersonators name their
 * pages. Only brand names of six letters or more, only edits away from the ends, and never where the
 * letters belong to an ordinary word (`intuitive`).
 */
function leadingTypoMatches(host: HostScan, out: BrandMatch[], shown: string, platformText: string): void {
  for (const { display: part, start } of hyphenParts(host.name)) {
    if (!isAscii(part) || part.length <= LEADING_MIN) continue;
    for (let length = LEADING_MIN - 1; length < Math.min(part.length, LEADING_MAX + 1); length++) {
      const written = part.slice(0, length);
      const end = start + skeleton(written).length;
      for (const { target, edit } of leadingLookAlikes(host, written, start, end)) {
        const brand = targetBrand(target);
        const technique = primaryTechnique(edit.ops);
        const editText = editPhrase(edit, technique);
        const lure = lureOf(host, { label: host.name, start, end });
        const level = lureLevel(lure, target.owners[0]?.brand.sector);
        out.push({
          brandName: brand.name,
          legitimateDomain: brand.domain,
          technique: "free_hosting",
          edit: technique,
          code: "DR-DOM-006",
          severity: level >= 2 ? "High" : "Medium",
          details: `${shown} is ${platformText} whose name starts with "${written}", which differs from ${brand.reference} by ${editText}${lureNote(lure.words, "next to")}.`,
          priority: 4,
          weight: target.text.length,
        });
      }
    }
  }
}

/**
 * Distinctive brand names that `written` misspells: the start of a part, at `[start, end)` of the name's
 * compact skeleton.
 */
function leadingLookAlikes(
  host: HostScan,
  written: string,
  start: number,
  end: number,
): Array<{ target: BrandTarget; edit: EditDescription }> {
  const lexicon = getLexicon();
  const windowSkeleton = skeleton(written);
  if (wordFor(windowSkeleton) || isOrdinaryWord(windowSkeleton)) return [];
  const ids = new Set<number>();
  lexicon.typoIndex.candidates(windowSkeleton, ids);
  const found: Array<{ target: BrandTarget; edit: EditDescription }> = [];
  // Whether an ordinary word runs across the window: the same for every candidate, looked up once.
  let crossed: boolean | undefined;
  for (const id of ids) {
    const target = lexicon.targets[id];
    if (target?.strength !== "strong" || target.text.length < LEADING_MIN) continue;
    if (bagDistance(windowSkeleton, target.skeleton) > target.maxDistance) continue;
    const edit = describeEdit([...written], target.text, target.maxDistance);
    if (!edit || edit.ops.length === 0 || !acceptable(target, edit, written, false, host)) continue;
    // A dropped consonant turns names into other names (`maybank` → `mayank`); a dropped vowel does not.
    if (edit.ops.some((op) => op.technique === "omission" && !VOWELS.has(op.from))) continue;
    crossed ??= wordAcross(host.name.scan.compact, start, end) !== null;
    if (crossed) continue;
    found.push({ target, edit });
  }
  return found;
}

/** Look-alikes of brand names among the registrable name and its hyphen-separated parts. */
export function typoMatches(host: HostScan, out: BrandMatch[]): void {
  const lexicon = getLexicon();
  const { facts } = host;
  const shown = shownAs(facts.registrable, `${host.name.display}.${facts.suffix}`);
  const onPlatform = facts.platform?.userContent === "subdomain";
  const platformText = `a user site on ${facts.suffix} (${platformPhrase(facts.platform?.kind ?? "user_subdomain")})`;
  if (onPlatform) leadingTypoMatches(host, out, shown, platformText);
  for (const piece of namePieces(host.name)) {
    if (isKnownWord(piece.display)) continue;
    const ids = new Set<number>();
    const pieceSkeleton = skeleton(piece.display);
    lexicon.typoIndex.candidates(pieceSkeleton, ids);
    if (ids.size === 0) continue;
    const chars = [...piece.display];
    for (const id of ids) {
      const target = lexicon.targets[id];
      if (!target || bagDistance(pieceSkeleton, target.skeleton) > target.maxDistance) continue;
      const edit = describeEdit(chars, target.text, target.maxDistance);
      if (!edit || !acceptable(target, edit, piece.display, piece.whole, host)) continue;
      const brand = targetBrand(target);
      const glyphOnly = edit.ops.every((op) => op.technique === "homoglyph");
      const foreign = edit.ops.some((op) => !isAscii(op.to));
      const technique = primaryTechnique(edit.ops);
      const editText = editPhrase(edit, technique);
      const lure = lureOf(host, { label: host.name, start: piece.start, end: piece.end });
      const lureText = lureNote(lure.words, "next to");
      if (piece.whole) {
        let severity: Severity = glyphOnly ? (foreign ? "Critical" : "High") : typoSeverity(target, edit);
        if (lure.strong || (host.abusedTld && edit.distance < 2)) severity = raise(severity);
        out.push({
          brandName: brand.name,
          legitimateDomain: brand.domain,
          technique: onPlatform ? "free_hosting" : glyphOnly ? "homoglyph" : technique,
          ...(onPlatform ? { edit: glyphOnly ? "homoglyph" : technique } : {}),
          code: onPlatform ? "DR-DOM-006" : glyphOnly ? "DR-DOM-002" : "DR-DOM-001",
          severity,
          details: onPlatform
            ? `${shown} is ${platformText} whose name differs from ${brand.reference} by ${editText}.`
            : `${shown} differs from ${brand.reference} by ${editText}.`,
          priority: glyphOnly ? 6 : 5,
          weight: target.text.length,
        });
        continue;
      }
      const level = lureLevel(lure, target.owners[0]?.brand.sector);
      // A part that merely resembles a brand name, with nothing else around it, is not evidence.
      if (level === 0 && !glyphOnly) continue;
      let severity: Severity = level >= 2 ? "High" : "Medium";
      if (glyphOnly && level >= 1) severity = "High";
      if (
        severity === "High" &&
        lure.strong &&
        (glyphOnly || host.abusedTld || lure.strongCategories.size >= 2)
      ) {
        severity = "Critical";
      }
      out.push({
        brandName: brand.name,
        legitimateDomain: brand.domain,
        technique: onPlatform ? "free_hosting" : level >= 1 ? "combosquat" : "brand_in_name",
        code: onPlatform ? "DR-DOM-006" : level >= 1 ? "DR-DOM-003" : "DR-DOM-007",
        severity,
        details: `${shown} contains "${piece.display}", which differs from ${brand.reference} by ${editText}${lureText}.`,
        priority: onPlatform ? 4 : 3,
        weight: target.text.length,
      });
    }
  }
}
