import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";
import sharp from "sharp";
import { perceptualHash } from "./vision/hash.js";

/*
 * Fingerprints of a captured page for finding pages that look alike (GET /v1/scans/{id}/similar,
 * docs/scan-search.md#similar-pages), computed from what the capture records:
 *
 * - DOM structure: the skeleton of the final DOM — element names and the names of their attributes, in
 *   document order with their nesting; text, comments and every attribute value dropped. Exact: SHA-256 of
 *   the skeleton. Near: a 64-bit SimHash of its shingles (runs of consecutive skeleton tokens), so two
 *   pages built from one kit with a block added or removed differ in a few bits.
 * - Favicon: SHA-256 of the icon's bytes, and the MurmurHash3 favicon hash analysts pivot on in internet
 *   scanners (Shodan's `http.favicon.hash`): the signed 32-bit MurmurHash3 (seed 0) of the icon's base64
 *   with a newline after every 76 characters and at the end.
 * - Screenshot: a 64-bit DCT perceptual hash (pHash) of the viewport screenshot: the signs of the 8×8
 *   lowest frequencies of a 32×32 grey reduction against their median. A page re-rendered with a small
 *   change differs in a few bits, an unrelated page in about half.
 *
 * Pure functions: nothing here reads the network, the disk or the database.
 */

export interface DomFingerprint {
  /** SHA-256 (hex) of the normalized skeleton: equal for pages of one structure whatever their text. */
  sha256: string;
  /** 64-bit SimHash of the skeleton's shingles. */
  simhash: bigint;
  /** Elements in the skeleton. */
  elements: number;
}

export interface FaviconFingerprint {
  /** SHA-256 (hex) of the icon's bytes. */
  sha256: string;
  /** The Shodan-style favicon hash: signed 32-bit MurmurHash3 of the icon's base64 (76-character lines). */
  mmh3: number;
}

export interface ScreenshotFingerprint {
  /** 64-bit DCT perceptual hash of the viewport screenshot. */
  phash: bigint;
}

export interface PageFingerprints {
  dom: DomFingerprint | null;
  favicon: FaviconFingerprint | null;
  screenshot: ScreenshotFingerprint | null;
}

export const FINGERPRINT_LIMITS = {
  /**
   * A skeleton with fewer elements is not fingerprinted: empty documents, error and placeholder pages
   * (a bare `404 Not Found`) share their few tags with countless unrelated sites.
   */
  minElements: 16,
  /** Elements read at most (the capture caps the DOM too). */
  maxElements: 50_000,
  /** Nesting deeper than this stops the parse (htmlparser2's stack costs quadratic time beyond). */
  maxDepth: 1500,
  /** Skeleton tokens per shingle. */
  shingle: 2,
  /** Favicons larger than this are not hashed (the capture keeps far smaller ones). */
  maxFaviconBytes: 1024 * 1024,
  /**
   * A screenshot whose 32×32 grey reduction varies less than this (standard deviation, 0–255) is blank
   * or a flat colour: it says nothing about the page and is not hashed.
   */
  minScreenshotContrast: 2,
} as const;

/** Attribute-name parts that frameworks generate per build (`data-v-7ba5bd90`, `_ngcontent-ng-c4211`). */
const GENERATED_NAME_PART = /[0-9a-z]*\d[0-9a-z]*/g;

function normalizeAttributeName(name: string): string {
  return name.replace(GENERATED_NAME_PART, (part) => (part.length >= 4 ? "#" : part));
}

/**
 * The DOM skeleton as tokens: `<name attr1 attr2>` when an element opens (attribute names normalized,
 * sorted, each once) and `</name>` when it closes, in document order.
 */
export function domSkeleton(html: string): { tokens: string[]; elements: number } {
  const tokens: string[] = [];
  let elements = 0;
  let depth = 0;
  let stopped = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stopped) return;
        depth++;
        elements++;
        if (elements > FINGERPRINT_LIMITS.maxElements || depth > FINGERPRINT_LIMITS.maxDepth) {
          stopped = true;
          parser.pause();
          return;
        }
        const names = [...new Set(Object.keys(attribs).map(normalizeAttributeName))].sort();
        tokens.push(names.length > 0 ? `<${name} ${names.join(" ")}>` : `<${name}>`);
      },
      onclosetag(name) {
        if (stopped) return;
        depth--;
        tokens.push(`</${name}>`);
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: false, recognizeCDATA: false },
  );
  parser.write(html);
  if (!stopped) parser.end();
  return { tokens, elements: Math.min(elements, FINGERPRINT_LIMITS.maxElements) };
}

/** The DOM structure fingerprint of a final DOM; null when it has too few elements to tell pages apart. */
export function domFingerprint(html: string): DomFingerprint | null {
  const { tokens, elements } = domSkeleton(html);
  if (elements < FINGERPRINT_LIMITS.minElements) return null;
  const sha256 = createHash("sha256").update(tokens.join("\n")).digest("hex");
  return { sha256, simhash: simhash(shingles(tokens, FINGERPRINT_LIMITS.shingle)), elements };
}

/** Runs of `k` consecutive tokens, with how often each occurs. */
function shingles(tokens: readonly string[], k: number): Map<string, number> {
  const counts = new Map<string, number>();
  const n = Math.max(1, tokens.length - k + 1);
  for (let i = 0; i < n; i++) {
    const shingle = tokens.slice(i, i + k).join(" ");
    counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  }
  return counts;
}

/**
 * 64-bit SimHash of weighted features: each feature's 64-bit hash (two MurmurHash3 seeds) votes on every
 * bit with its weight, 1 + ln(count) (so a list repeated 500 times does not outvote the rest of the page).
 */
export function simhash(features: ReadonlyMap<string, number>): bigint {
  const votes = new Float64Array(64);
  for (const [feature, count] of features) {
    const bytes = Buffer.from(feature, "utf8");
    const weight = 1 + Math.log(count);
    const high = murmurhash3(bytes, 0x9747b28c) >>> 0;
    const low = murmurhash3(bytes, 0x5bd1e995) >>> 0;
    for (let bit = 0; bit < 32; bit++) {
      votes[bit] = (votes[bit] ?? 0) + ((high >>> (31 - bit)) & 1 ? weight : -weight);
      votes[32 + bit] = (votes[32 + bit] ?? 0) + ((low >>> (31 - bit)) & 1 ? weight : -weight);
    }
  }
  let hash = 0n;
  for (const vote of votes) hash = (hash << 1n) | (vote > 0 ? 1n : 0n);
  return hash;
}

/** MurmurHash3 x86 32-bit of `bytes`, as a signed 32-bit integer (as Python's `mmh3.hash` answers). */
export function murmurhash3(bytes: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed | 0;
  const blocks = bytes.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    const o = i * 4;
    let k =
      (bytes[o] ?? 0) |
      ((bytes[o + 1] ?? 0) << 8) |
      ((bytes[o + 2] ?? 0) << 16) |
      ((bytes[o + 3] ?? 0) << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = blocks * 4;
  let k = 0;
  switch (bytes.length & 3) {
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: the reference algorithm falls through
    case 3:
      k ^= (bytes[tail + 2] ?? 0) << 16;
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: the reference algorithm falls through
    case 2:
      k ^= (bytes[tail + 1] ?? 0) << 8;
    case 1:
      k ^= bytes[tail] ?? 0;
      k = Math.imul(k, c1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, c2);
      h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Base64 as Python's `base64.encodebytes` writes it: a newline after every 76 characters and at the end. */
export function base64Lines(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString("base64");
  let out = "";
  for (let i = 0; i < text.length; i += 76) out += `${text.slice(i, i + 76)}\n`;
  return out;
}

/** The Shodan-style favicon hash of an icon's bytes. */
export function faviconHash(bytes: Uint8Array): number {
  return murmurhash3(Buffer.from(base64Lines(bytes), "ascii"));
}

/** The favicon fingerprint of the icon the capture fetched (its base64); null when there is none. */
export function faviconFingerprint(base64: string | null | undefined): FaviconFingerprint | null {
  if (!base64) return null;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0 || bytes.length > FINGERPRINT_LIMITS.maxFaviconBytes) return null;
  return { sha256: createHash("sha256").update(bytes).digest("hex"), mmh3: faviconHash(bytes) };
}

const PHASH_SIDE = 32;

/**
 * The perceptual hash of a screenshot (PNG, or any image sharp reads); null when it cannot be read or is
 * blank (a flat colour). Transparent pixels count as white.
 */
export async function screenshotFingerprint(image: Uint8Array): Promise<ScreenshotFingerprint | null> {
  let pixels: Buffer;
  try {
    pixels = await sharp(image, { failOn: "error" })
      .flatten({ background: "#ffffff" })
      .grayscale()
      .resize(PHASH_SIDE, PHASH_SIDE, { fit: "fill", kernel: "cubic" })
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
  if (pixels.length !== PHASH_SIDE * PHASH_SIDE) return null;
  const grid = new Float32Array(pixels.length);
  let sum = 0;
  for (let i = 0; i < pixels.length; i++) {
    grid[i] = pixels[i] ?? 0;
    sum += pixels[i] ?? 0;
  }
  const mean = sum / pixels.length;
  let variance = 0;
  for (const v of grid) variance += (v - mean) ** 2;
  if (Math.sqrt(variance / grid.length) < FINGERPRINT_LIMITS.minScreenshotContrast) return null;
  return { phash: perceptualHash(grid, PHASH_SIDE).p };
}

/** Bits in which two 64-bit hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x > 0n) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** A 64-bit hash as 16 hexadecimal digits. */
export function hashHex(hash: bigint): string {
  return BigInt.asUintN(64, hash).toString(16).padStart(16, "0");
}

/** 16 hexadecimal digits as a 64-bit hash; null when it is not that. */
export function parseHashHex(text: string): bigint | null {
  return /^[0-9a-f]{16}$/i.test(text) ? BigInt(`0x${text}`) : null;
}

/** Every fingerprint of a capture: its final DOM, the favicon it fetched and its viewport screenshot. */
export async function pageFingerprints(
  capture: { html: string; favicon: { base64: string | null } | null },
  viewport: Uint8Array | null,
): Promise<PageFingerprints> {
  return {
    dom: capture.html ? domFingerprint(capture.html) : null,
    favicon: faviconFingerprint(capture.favicon?.base64),
    screenshot: viewport ? await screenshotFingerprint(viewport) : null,
  };
}
