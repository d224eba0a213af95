import {
  hashHex,
  type PageFingerprints,
  pageFingerprints,
  parseHashHex,
} from "../../engines/scan/fingerprint.js";
import type { ScanCapture } from "../../engines/scan/types.js";
import type { ScanTermKind } from "../../platform/db/schema.js";
import type { ScanTerm } from "./terms.js";

/*
 * The similarity terms of a scan (docs/scan-search.md#similar-pages): its fingerprints as `scan_terms` rows,
 * written in the transaction that completes it.
 *
 * - `dom` (SHA-256 of the DOM skeleton), `favicon` (SHA-256 of the icon), `favicon_mmh3` (the Shodan-style
 *   favicon hash, signed decimal) and `screenshot` (the 64-bit perceptual hash, 16 hex digits): exact
 *   matches, and the list filters `dom_hash`, `favicon_hash`, `screenshot_hash`.
 * - `dom_simhash`: the DOM's 64-bit SimHash (16 hex digits), read back to measure distances.
 * - `dom_band` and `screenshot_band`: each 64-bit near-duplicate hash cut into 4 bands of 16 bits,
 *   `<band>:<4 hex digits>`. Two hashes within NEAR_DISTANCE (7) bits differ in at most one bit in some
 *   band (pigeonhole: 4 bands × 2 bits would be 8), so probing each band's value and its 16 one-bit
 *   neighbours finds every near duplicate; the distance itself is then measured on the whole hash.
 */

/** Hashes at most this many bits apart are near duplicates (the band probes find all of them). */
export const NEAR_DISTANCE = 7;
const BANDS = 4;
const BAND_BITS = 16;

/** The kinds of terms that fingerprints write. */
export const SIMILARITY_KINDS = [
  "dom",
  "dom_simhash",
  "dom_band",
  "favicon",
  "favicon_mmh3",
  "screenshot",
  "screenshot_band",
] as const satisfies readonly ScanTermKind[];

function bandOf(hash: bigint, band: number): number {
  const shift = BigInt((BANDS - 1 - band) * BAND_BITS);
  return Number((BigInt.asUintN(64, hash) >> shift) & 0xffffn);
}

function bandValue(band: number, bits: number): string {
  return `${band}:${bits.toString(16).padStart(4, "0")}`;
}

/** The band terms' values of a 64-bit hash: `0:9f3a`, `1:…`, `2:…`, `3:…`. */
export function bandValues(hash: bigint): string[] {
  return Array.from({ length: BANDS }, (_, band) => bandValue(band, bandOf(hash, band)));
}

/**
 * The band values to look up for near duplicates of `hash`: each band's own value and its 16 neighbours at
 * one bit (68 values).
 */
export function probeValues(hash: bigint): string[] {
  const values: string[] = [];
  for (let band = 0; band < BANDS; band++) {
    const bits = bandOf(hash, band);
    values.push(bandValue(band, bits));
    for (let bit = 0; bit < BAND_BITS; bit++) values.push(bandValue(band, bits ^ (1 << bit)));
  }
  return values;
}

/** The terms of a page's fingerprints. */
export function fingerprintTerms(fingerprints: PageFingerprints): ScanTerm[] {
  const terms: ScanTerm[] = [];
  const { dom, favicon, screenshot } = fingerprints;
  if (dom) {
    terms.push({ kind: "dom", value: dom.sha256 }, { kind: "dom_simhash", value: hashHex(dom.simhash) });
    for (const value of bandValues(dom.simhash)) terms.push({ kind: "dom_band", value });
  }
  if (favicon) {
    terms.push(
      { kind: "favicon", value: favicon.sha256 },
      { kind: "favicon_mmh3", value: String(favicon.mmh3) },
    );
  }
  if (screenshot) {
    terms.push({ kind: "screenshot", value: hashHex(screenshot.phash) });
    for (const value of bandValues(screenshot.phash)) terms.push({ kind: "screenshot_band", value });
  }
  return terms;
}

/**
 * The similarity terms of a finished capture: its final DOM, the favicon it fetched and its viewport
 * screenshot. A fingerprint that cannot be made (no DOM, a blank screenshot) is left out.
 */
export async function similarityTerms(capture: ScanCapture, viewport: Buffer | null): Promise<ScanTerm[]> {
  return fingerprintTerms(await pageFingerprints(capture, viewport));
}

/** A SHA-256 in hex (64 digits), lower case; null otherwise. */
function sha256Term(input: string): string | null {
  const text = input.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(text) ? text : null;
}

/** What each hash filter takes, for its 400 answer. */
export const HASH_FILTER_FORMS = {
  dom_hash: "a SHA-256 in hex (64 digits), as fingerprints.dom.sha256 shows it",
  favicon_hash: "a SHA-256 in hex (64 digits) or a signed 32-bit MurmurHash3 favicon hash such as -1234567",
  screenshot_hash: "a perceptual hash of 16 hex digits, as fingerprints.screenshot.phash shows it",
} as const;

/**
 * The terms of the list filters `dom_hash` (SHA-256 of the DOM skeleton), `favicon_hash` (SHA-256 of the
 * icon, or its signed 32-bit MurmurHash3 as scanners show it) and `screenshot_hash` (16 hex digits). A value
 * of another form is `{ invalid: name }`.
 */
export function hashFilterTerms(query: {
  dom_hash?: string;
  favicon_hash?: string;
  screenshot_hash?: string;
}): { terms: ScanTerm[] } | { invalid: "dom_hash" | "favicon_hash" | "screenshot_hash" } {
  const terms: ScanTerm[] = [];
  if (query.dom_hash !== undefined) {
    const value = sha256Term(query.dom_hash);
    if (!value) return { invalid: "dom_hash" };
    terms.push({ kind: "dom", value });
  }
  if (query.favicon_hash !== undefined) {
    const sha = sha256Term(query.favicon_hash);
    const mmh3 = /^-?\d{1,10}$/.test(query.favicon_hash.trim()) ? Number(query.favicon_hash.trim()) : null;
    if (sha) terms.push({ kind: "favicon", value: sha });
    else if (mmh3 !== null && mmh3 >= -2_147_483_648 && mmh3 <= 2_147_483_647) {
      terms.push({ kind: "favicon_mmh3", value: String(mmh3) });
    } else return { invalid: "favicon_hash" };
  }
  if (query.screenshot_hash !== undefined) {
    const hash = parseHashHex(query.screenshot_hash.trim());
    if (hash === null) return { invalid: "screenshot_hash" };
    terms.push({ kind: "screenshot", value: hashHex(hash) });
  }
  return { terms };
}
