import {
  areaResample,
  type Box,
  chroma,
  cropGrid,
  deltaE,
  hueDifference,
  maskBounds,
  normalizeVector,
  toLab,
} from "./raster.js";

/**
 * Shape and colour descriptors shared by brand marks, screenshot regions and favicons: a soft foreground
 * mask is cropped to its tight box and resampled to GRID×GRID (so every comparison is scale-invariant and
 * aligned on the box), plus a COLOUR_CELLS×COLOUR_CELLS grid of mean foreground colours.
 */
export const GRID = 32;
export const COLOUR_CELLS = 4;
/** Mask level that bounds a shape. */
export const BOUND_THRESHOLD = 0.35;
/**
 * Sizes (longest side, px) at which marks are described, so a 20-px logo is compared with a mark blurred
 * like a 20-px rendering rather than with a crisp one.
 */
export const VARIANT_SIZES = [14, 18, 22, 27, 33, 40, 50, 64, 88] as const;

export interface ColourCell {
  /** Mean foreground coverage of the cell. */
  weight: number;
  /** Mean foreground colour (Lab); meaningless when weight is ~0. */
  lab: [number, number, number];
}

export interface ShapeDescriptor {
  /** Tight box of the foreground inside the described mask. */
  bounds: Box;
  /** Width / height of the tight box. */
  aspect: number;
  /** Mean coverage of the mask inside its tight box. */
  fill: number;
  /** Zero-mean unit-norm GRID×GRID masks, one per VARIANT_SIZES entry (one entry for screenshot regions). */
  variants: Float32Array[];
  colours: ColourCell[];
}

/** Index of the variant size closest (in ratio) to a region's longest side. */
export function variantIndex(longestSide: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  VARIANT_SIZES.forEach((size, i) => {
    const distance = Math.abs(Math.log(longestSide / size));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  });
  return best;
}

/**
 * Describes a soft mask (`w`×`h`, values in [0, 1]) with its colours (packed RGB of the same size, or null
 * for a flat colour `flat`). `variants`: emulate every VARIANT_SIZES rendering (marks) or describe as is.
 */
export function describeMask(
  mask: Float32Array,
  w: number,
  h: number,
  rgb: Uint8Array | null,
  options: { variants: boolean; flat?: readonly [number, number, number] },
): ShapeDescriptor | null {
  const box = maskBounds(mask, w, h, BOUND_THRESHOLD);
  if (!box || box.w < 3 || box.h < 3) return null;
  const crop = cropGrid(mask, w, box);
  let fill = 0;
  for (let i = 0; i < crop.length; i++) fill += crop[i] ?? 0;
  fill /= crop.length;
  const variants: Float32Array[] = [];
  if (options.variants) {
    const longest = Math.max(box.w, box.h);
    for (const size of VARIANT_SIZES) {
      if (size >= longest) {
        variants.push(normalizeVector(areaResample(crop, box.w, box.h, GRID, GRID)));
        continue;
      }
      const k = size / longest;
      const sw = Math.max(1, Math.round(box.w * k));
      const sh = Math.max(1, Math.round(box.h * k));
      const small = areaResample(crop, box.w, box.h, sw, sh);
      variants.push(normalizeVector(areaResample(small, sw, sh, GRID, GRID)));
    }
  } else {
    variants.push(normalizeVector(areaResample(crop, box.w, box.h, GRID, GRID)));
  }
  return {
    bounds: box,
    aspect: box.w / box.h,
    fill,
    variants,
    colours: colourCells(mask, w, box, rgb, options.flat),
  };
}

function colourCells(
  mask: Float32Array,
  w: number,
  box: Box,
  rgb: Uint8Array | null,
  flat: readonly [number, number, number] | undefined,
): ColourCell[] {
  const n = COLOUR_CELLS;
  const sums = new Float64Array(n * n * 4);
  const area = new Float64Array(n * n);
  for (let y = 0; y < box.h; y++) {
    const cy = Math.min(n - 1, Math.floor((y * n) / box.h));
    for (let x = 0; x < box.w; x++) {
      const cx = Math.min(n - 1, Math.floor((x * n) / box.w));
      const cell = cy * n + cx;
      const index = (box.y + y) * w + box.x + x;
      const m = mask[index] ?? 0;
      area[cell] = (area[cell] ?? 0) + 1;
      if (m <= 0.5) continue;
      const o = cell * 4;
      sums[o] = (sums[o] ?? 0) + m;
      sums[o + 1] = (sums[o + 1] ?? 0) + m * (rgb ? (rgb[index * 3] ?? 0) : (flat?.[0] ?? 0));
      sums[o + 2] = (sums[o + 2] ?? 0) + m * (rgb ? (rgb[index * 3 + 1] ?? 0) : (flat?.[1] ?? 0));
      sums[o + 3] = (sums[o + 3] ?? 0) + m * (rgb ? (rgb[index * 3 + 2] ?? 0) : (flat?.[2] ?? 0));
    }
  }
  const cells: ColourCell[] = [];
  for (let c = 0; c < n * n; c++) {
    const weightSum = sums[c * 4] ?? 0;
    const a = area[c] || 1;
    const lab =
      weightSum > 0
        ? toLab(
            (sums[c * 4 + 1] ?? 0) / weightSum,
            (sums[c * 4 + 2] ?? 0) / weightSum,
            (sums[c * 4 + 3] ?? 0) / weightSum,
          )
        : ([0, 0, 0] as [number, number, number]);
    cells.push({ weight: weightSum / a, lab });
  }
  return cells;
}

/**
 * How a region's colours relate to a mark's: `brand` (the mark's own colours, cell by cell), `mono` (the
 * region is grey, black or white: a one-colour variant of the mark), `multi` (several strong hues: a
 * multi-colour rendering of a mark simple-icons draws in one colour), `other` (a different colour).
 */
export type ColourClass = "brand" | "mono" | "multi" | "other";

const GREY_CHROMA = 12;
const BRAND_DELTA_E = 32;
const BRAND_HUE = 18;

/** Share of a mark's inked colour cells that the region has in (nearly) the same colour, 0–1. */
export function colourAgreement(region: readonly ColourCell[], mark: readonly ColourCell[]): number {
  let compared = 0;
  let matched = 0;
  mark.forEach((markCell, i) => {
    if (markCell.weight < 0.2) return;
    compared++;
    const cell = region[i];
    if (cell && cell.weight >= 0.2 && deltaE(cell.lab, markCell.lab) < BRAND_DELTA_E) matched++;
  });
  return compared > 0 ? matched / compared : 0;
}

export function classifyColour(region: readonly ColourCell[], mark: readonly ColourCell[]): ColourClass {
  let compared = 0;
  let matched = 0;
  let grey = 0;
  let inked = 0;
  const hues: number[] = [];
  region.forEach((cell, i) => {
    if (cell.weight < 0.2) return;
    inked++;
    const c = chroma(cell.lab);
    if (c < GREY_CHROMA) grey++;
    else if (c > 25) hues.push(Math.atan2(cell.lab[2], cell.lab[1]));
    const markCell = mark[i];
    if (!markCell || markCell.weight < 0.2) return;
    compared++;
    const markChroma = chroma(markCell.lab);
    const close =
      deltaE(cell.lab, markCell.lab) < BRAND_DELTA_E ||
      (c > 20 && markChroma > 20 && hueDifference(cell.lab, markCell.lab) < BRAND_HUE);
    if (close) matched++;
  });
  if (compared > 0 && matched / compared >= 0.7) return "brand";
  if (inked > 0 && grey / inked >= 0.85) return "mono";
  if (hueSpread(hues) >= 100 && hues.length >= 3) return "multi";
  return "other";
}

/** Widest angular gap complement: how far apart the strongest hues are (degrees). */
function hueSpread(hues: readonly number[]): number {
  if (hues.length < 2) return 0;
  const degrees = hues.map((h) => ((h * 180) / Math.PI + 360) % 360).sort((a, b) => a - b);
  let widestGap = 0;
  for (let i = 0; i < degrees.length; i++) {
    const next = i + 1 < degrees.length ? (degrees[i + 1] ?? 0) : (degrees[0] ?? 0) + 360;
    widestGap = Math.max(widestGap, next - (degrees[i] ?? 0));
  }
  return 360 - widestGap;
}

/** True when every inked cell of a mark is grey (a black, white or grey brand colour). */
export function isGreyMark(cells: readonly ColourCell[]): boolean {
  return cells.every((cell) => cell.weight < 0.2 || chroma(cell.lab) < GREY_CHROMA);
}

export function aspectCompatible(a: number, b: number, tolerance = 1.3): boolean {
  const ratio = a > b ? a / b : b / a;
  return ratio <= tolerance;
}
