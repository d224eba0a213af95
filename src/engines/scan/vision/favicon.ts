import sharp from "sharp";
import { hammingDistance, perceptualHash } from "./hash.js";
import { decodeIco, isIco } from "./ico.js";
import { bestMatch, type MarkMatch } from "./logos.js";
import { describeMask, GRID, variantIndex } from "./shape.js";
import type { TemplateSet } from "./templates.js";

/**
 * The page's favicon against the brand marks. A favicon is read two ways — its opaque pixels (a mark on a
 * transparent background) and its pixels against its frame colour (a mark on a tile or on white) — and
 * each is matched like a screenshot region; a match must also agree by perceptual hash (pHash) with the
 * mark rendered at the favicon's size.
 */
export interface FaviconMatch extends MarkMatch {
  /** pHash and dHash distances (bits of 64) to the mark. */
  pHashDistance: number;
  dHashDistance: number;
  width: number;
  height: number;
}

const MAX_BYTES = 512 * 1024;
const MAX_SIDE = 128;
const MIN_SIDE = 16;
/** Most pHash bits of 64 a matching favicon may differ in. */
export const FAVICON_PHASH_LIMIT = 16;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

async function decode(base64: string): Promise<Rgba | null> {
  if (base64.length > (MAX_BYTES * 4) / 3 + 4) return null;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) return null;
  let input: Buffer = bytes;
  if (isIco(bytes)) {
    const icon = decodeIco(bytes);
    if (!icon) return null;
    if (icon.kind === "rgba") {
      if (icon.width <= MAX_SIDE && icon.height <= MAX_SIDE) return icon;
      input = await sharp(Buffer.from(icon.data), {
        raw: { width: icon.width, height: icon.height, channels: 4 },
      })
        .png()
        .toBuffer();
    } else {
      input = icon.data;
    }
  }
  const { data, info } = await sharp(input, { limitInputPixels: 4096 * 4096, animated: false })
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** The two readings of a favicon: its opaque shape, and its pixels against the colour of its frame. */
function readings(icon: Rgba): Array<{ mask: Float32Array; rgb: Uint8Array }> {
  const n = icon.width * icon.height;
  const rgb = new Uint8Array(n * 3);
  const alpha = new Float32Array(n);
  let transparent = 0;
  for (let i = 0; i < n; i++) {
    const a = (icon.data[i * 4 + 3] ?? 0) / 255;
    alpha[i] = a;
    if (a < 0.5) transparent++;
    // Over white, as a browser tab shows it.
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round((icon.data[i * 4 + c] ?? 0) * a + 255 * (1 - a));
  }
  const out: Array<{ mask: Float32Array; rgb: Uint8Array }> = [];
  if (transparent / n >= 0.05) out.push({ mask: alpha, rgb });
  const frame = frameColour(rgb, icon.width, icon.height);
  const mask = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const d = Math.max(
      Math.abs((rgb[i * 3] ?? 0) - frame[0]),
      Math.abs((rgb[i * 3 + 1] ?? 0) - frame[1]),
      Math.abs((rgb[i * 3 + 2] ?? 0) - frame[2]),
    );
    mask[i] = Math.min(1, Math.max(0, (d - 16) / 56));
  }
  out.push({ mask, rgb });
  return out;
}

function frameColour(rgb: Uint8Array, w: number, h: number): [number, number, number] {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  const visit = (x: number, y: number): void => {
    const p = (y * w + x) * 3;
    const r = rgb[p] ?? 0;
    const g = rgb[p + 1] ?? 0;
    const b = rgb[p + 2] ?? 0;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const e = counts.get(key);
    if (e) {
      e.n++;
      e.r += r;
      e.g += g;
      e.b += b;
    } else counts.set(key, { n: 1, r, g, b });
  };
  for (let x = 0; x < w; x++) {
    visit(x, 0);
    visit(x, h - 1);
  }
  for (let y = 1; y < h - 1; y++) {
    visit(0, y);
    visit(w - 1, y);
  }
  let best = { n: 0, r: 255, g: 255, b: 255 };
  for (const e of counts.values()) if (e.n > best.n) best = e;
  return best.n > 0 ? [best.r / best.n, best.g / best.n, best.b / best.n] : [255, 255, 255];
}

export type FaviconOutcome =
  | { status: "none" }
  | { status: "unreadable" }
  | { status: "read"; match: FaviconMatch | null; width: number; height: number };

export async function matchFavicon(base64: string | null, templates: TemplateSet): Promise<FaviconOutcome> {
  if (!base64) return { status: "none" };
  let icon: Rgba | null;
  try {
    icon = await decode(base64);
  } catch {
    icon = null;
  }
  if (!icon) return { status: "unreadable" };
  if (icon.width < MIN_SIDE || icon.height < MIN_SIDE) {
    return { status: "read", match: null, width: icon.width, height: icon.height };
  }
  let best: FaviconMatch | null = null;
  for (const reading of readings(icon)) {
    const shape = describeMask(reading.mask, icon.width, icon.height, reading.rgb, { variants: false });
    if (!shape || shape.fill < 0.06) continue;
    const match = bestMatch({ box: shape.bounds, shape }, templates);
    if (!match) continue;
    const variant = variantIndex(Math.max(shape.bounds.w, shape.bounds.h));
    const mark = match.template.shape.variants[variant];
    const own = shape.variants[0];
    if (!mark || !own) continue;
    const a = perceptualHash(own, GRID);
    const b = perceptualHash(mark, GRID);
    const pHashDistance = hammingDistance(a.p, b.p);
    const dHashDistance = hammingDistance(a.d, b.d);
    if (pHashDistance > FAVICON_PHASH_LIMIT) continue;
    if (!best || match.score > best.score) {
      best = { ...match, pHashDistance, dHashDistance, width: icon.width, height: icon.height };
    }
  }
  return { status: "read", match: best, width: icon.width, height: icon.height };
}
