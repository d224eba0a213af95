import { type HostFacts, isAbusedTld, isOrdinaryWord, randomness, wordFor } from "../../domain/index.js";

/**
 * What the learned name model reads of a host: the name its registrant or platform user chose (the
 * registrable domain's own label, or a user's site name on a hosting platform) and, for a registered
 * domain, its public suffix. Subdomains are left to the hand rules: legitimate sites use them freely and
 * the benign training lists hold almost none, so a model would learn "has a subdomain" rather than what
 * phishing names look like. On a hosting platform the platform itself is not a feature either: a
 * platform is not phishing, some of its users are.
 */
export interface NameInput {
  /** The chosen label, lower case (punycode for internationalized names). */
  name: string;
  /** Public suffix of a registered domain (`com`, `co.uk`); null for a user's site on a platform. */
  suffix: string | null;
  /** `randomness(name).random` when the caller has it already (the static agent does); else computed. */
  random?: boolean;
}

/** One feature of a name; n-grams and words know where in the name they sit (for the explanation). */
export interface NameFeature {
  key: string;
  /** Offsets in the name (without the boundary marks), when the feature is a part of it. */
  start?: number;
  end?: number;
}

export function nameInput(facts: HostFacts, random?: boolean): NameInput {
  const userSite = facts.platform?.userContent === "subdomain";
  const input: NameInput = { name: facts.name, suffix: userSite ? null : facts.icannSuffix };
  if (random !== undefined) input.random = random;
  return input;
}

/** Character n-grams of these lengths over `^name$`. */
export const NGRAM_MIN = 3;
export const NGRAM_MAX = 5;

/**
 * Two independent 32-bit hashes of a string's UTF-16 code units (FNV-1a, and a multiply-rotate hash),
 * computed one unit at a time, so that n-grams can be looked up with no string built: `gramHash` steps
 * both from the previous unit's state. Together they tell 64 bits, so two different n-grams of a model's
 * vocabulary and a name practically never meet.
 */
export const GRAM_SEED_A = 0x811c9dc5;
export const GRAM_SEED_B = 0x9e3779b9;

export function stepA(h: number, unit: number): number {
  return Math.imul(h ^ unit, 0x01000193) >>> 0;
}

export function stepB(h: number, unit: number): number {
  const x = Math.imul(h + unit, 0x85ebca6b) >>> 0;
  return ((x << 13) | (x >>> 19)) >>> 0;
}

/** Both hashes of a whole string (the vocabulary's n-grams, at load). */
export function gramHash(text: string): [number, number] {
  let a = GRAM_SEED_A;
  let b = GRAM_SEED_B;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = stepA(a, unit);
    b = stepB(b, unit);
  }
  return [a, b];
}

function bucket(value: number, edges: readonly number[]): number {
  let i = 0;
  while (i < edges.length && value > (edges[i] ?? 0)) i++;
  return i;
}

const LENGTH_EDGES = [3, 5, 7, 9, 12, 15, 20, 30];
const DIGIT_EDGES = [0, 1, 2, 4];
const HYPHEN_EDGES = [0, 1, 2];
const SWITCH_EDGES = [0, 1, 2];

/**
 * Receives each feature: its namespace (`g:`, `w:`…) and text, whose concatenation is the feature's key,
 * and for parts of the name their offsets (-1 for the others). Split so that scoring can look n-grams up
 * without building a key string for each.
 */
export type FeatureVisitor = (kind: string, text: string, start: number, end: number) => void;

/**
 * The features of a name, in a fixed order, passed one by one (no list is built: scoring only sums weights).
 * Keys are namespaced: `g:` character n-gram (`^` and `$` mark the name's ends), `w:` a run of letters
 * between hyphens and digits, `t:` the public suffix, `tl:` its last label, `tx:` the suffix crossed with
 * the shape, `p:` the campaign template, `s:` shape (length, digits, hyphens, letter/digit switches,
 * random-looking letters).
 */
export function visitFeatures(
  input: NameInput,
  visit: FeatureVisitor,
  grams = true,
  template: string | null = null,
): void {
  const { name } = input;
  const marked = `^${name}$`;
  for (let n = NGRAM_MIN; grams && n <= NGRAM_MAX; n++) {
    for (let i = 0; i + n <= marked.length; i++) {
      visit("g:", marked.slice(i, i + n), Math.max(0, i - 1), Math.min(name.length, i + n - 1));
    }
  }
  let digits = 0;
  let hyphens = 0;
  let switches = 0;
  let previous = "";
  let runStart = -1;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : 45;
    const isLetter = (c >= 97 && c <= 122) || c > 127;
    const isDigit = c >= 48 && c <= 57;
    if (isDigit) digits++;
    if (c === 45 && i < name.length) hyphens++;
    const kind = isLetter ? "l" : isDigit ? "d" : "";
    if (kind && previous && kind !== previous) switches++;
    if (kind) previous = kind;
    if (isLetter && runStart < 0) runStart = i;
    if (!isLetter && runStart >= 0) {
      if (i - runStart >= 2) visit("w:", name.slice(runStart, i), runStart, i);
      runStart = -1;
    }
  }
  visit("s:", `len${bucket(name.length, LENGTH_EDGES)}`, -1, -1);
  visit("s:", `dig${bucket(digits, DIGIT_EDGES)}`, -1, -1);
  visit("s:", `hyp${bucket(hyphens, HYPHEN_EDGES)}`, -1, -1);
  visit("s:", `sw${bucket(switches, SWITCH_EDGES)}`, -1, -1);
  if (input.random ?? randomness(name).random) visit("s:", "random", -1, -1);
  // No template for a user site: the legitimate lists hold no user sites, so any user-site feature would
  // only say "on a platform", and a platform is not what makes a name phishing.
  if (input.suffix !== null) {
    visit("p:", template ?? nameTemplate(input), -1, -1);
    visit("t:", input.suffix, -1, -1);
    visit("tx:", `${input.suffix}:len${bucket(name.length, LENGTH_EDGES)}`, -1, -1);
    visit(
      "tx:",
      `${input.suffix}:dig${bucket(digits, DIGIT_EDGES)}:hyp${bucket(hyphens, HYPHEN_EDGES)}`,
      -1,
      -1,
    );
    const dot = input.suffix.lastIndexOf(".");
    if (dot >= 0) visit("tl:", input.suffix.slice(dot + 1), -1, -1);
  }
}

/** The features of a name as a list (training and explanations). */
export function nameFeatures(input: NameInput): NameFeature[] {
  const out: NameFeature[] = [];
  visitFeatures(input, (kind, text, start, end) => {
    const key = kind + text;
    out.push(start < 0 ? { key } : { key, start, end });
  });
  return out;
}

/** How a run of letters reads, for campaign templates. */
function letterClass(run: string): string {
  if (run.length >= 3 && (isOrdinaryWord(run) || wordFor(run) !== undefined)) return "word";
  if (run.length <= 4) return "short";
  if (randomness(run).random || !/[aeiouy]/.test(run)) return "random";
  for (let cut = run.length - 1; cut >= Math.max(3, run.length - 5); cut--) {
    const head = run.slice(0, cut);
    const tail = run.slice(cut);
    if ((isOrdinaryWord(head) || wordFor(head) !== undefined) && tail.length <= 5) return "word+short";
  }
  return "name";
}

function digitClass(run: string): string {
  return run.length <= 2 ? "1-2 digits" : run.length <= 5 ? "3-5 digits" : "6+ digits";
}

/** Where a name lives, for campaign templates. */
function placeOf(suffix: string | null): string {
  if (suffix === null) return "a user site";
  if (isAbusedTld(suffix)) return "an abused TLD";
  return ["com", "net", "org"].includes(suffix) ? `.${suffix}` : "another TLD";
}

/**
 * The name's shape: its runs of letters (a known word, a short run, random letters, or a name-like run),
 * digits and hyphens. `login-verify-x7k` → `word-word-short+1-2 digits`.
 */
export function nameShape(name: string): string {
  const parts: string[] = [];
  const runs = name.match(/[a-z\u0080-\uffff]+|[0-9]+|-+/g) ?? [];
  // `com-`, `www-`: the start of a name made to read as the end of a domain (`paypal.com-verify.top`).
  if (runs.length > 1 && runs[1]?.startsWith("-") && /^(com|net|org|www)$/.test(runs[0] ?? "")) {
    parts.push(runs[0] ?? "");
    runs.shift();
  }
  for (const run of runs) {
    const c = run.charCodeAt(0);
    if (c === 45) parts.push("-");
    else if (c >= 48 && c <= 57) parts.push(`<${digitClass(run)}>`);
    else parts.push(`<${name.startsWith("xn--") ? "idn" : letterClass(run)}>`);
  }
  return parts.join("").replace(/></g, "+").replace(/[<>]/g, "");
}

/** The shape and where the name lives: `word-word-short on an abused TLD`. */
export function nameTemplate(input: NameInput): string {
  return `${nameShape(input.name)} on ${placeOf(input.suffix)}`;
}
