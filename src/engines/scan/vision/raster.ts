/**
 * Small raster helpers of the vision agent: images as packed RGB bytes, soft masks as floats in [0, 1],
 * area resampling and colour distances. Everything here is plain arithmetic on typed arrays, no I/O.
 */

/** Packed RGB, 3 bytes a pixel, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A box in image pixels (`x`, `y` top-left, inclusive; `w`, `h` sizes). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Resamples a `sw`×`sh` float grid to `dw`×`dh` by exact area averaging (separable): every output cell is
 * the mean of the source area it covers, so it shrinks without aliasing and enlarges as a box filter.
 */
export function areaResample(
  src: Float32Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Float32Array {
  const rows = new Float32Array(dw * sh);
  resampleAxis(src, sw, sh, dw, rows, true);
  const out = new Float32Array(dw * dh);
  resampleAxis(rows, dw, sh, dh, out, false);
  return out;
}

function resampleAxis(
  src: Float32Array,
  w: number,
  h: number,
  target: number,
  out: Float32Array,
  horizontal: boolean,
): void {
  const length = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const scale = length / target;
  for (let o = 0; o < target; o++) {
    const start = o * scale;
    const end = start + scale;
    const first = Math.floor(start);
    const last = Math.min(length - 1, Math.ceil(end) - 1);
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      for (let i = first; i <= last; i++) {
        const weight = Math.min(end, i + 1) - Math.max(start, i);
        const index = horizontal ? line * w + i : i * w + line;
        sum += (src[index] ?? 0) * weight;
      }
      const outIndex = horizontal ? line * target + o : o * w + line;
      out[outIndex] = sum / scale;
    }
  }
}

/** Tight box of the cells of a `w`×`h` mask above `threshold`, or null when none is. */
export function maskBounds(mask: Float32Array, w: number, h: number, threshold: number): Box | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((mask[y * w + x] ?? 0) > threshold) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Copies a box out of a `w`-wide float grid. */
export function cropGrid(src: Float32Array, w: number, box: Box): Float32Array {
  const out = new Float32Array(box.w * box.h);
  for (let y = 0; y < box.h; y++) {
    out.set(src.subarray((box.y + y) * w + box.x, (box.y + y) * w + box.x + box.w), y * box.w);
  }
  return out;
}

/** Zero-mean, unit-norm copy of a vector (all zeros when it is flat), for correlation by dot product. */
export function normalizeVector(v: Float32Array): Float32Array {
  let mean = 0;
  for (let i = 0; i < v.length; i++) mean += v[i] ?? 0;
  mean /= v.length || 1;
  let norm = 0;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const d = (v[i] ?? 0) - mean;
    out[i] = d;
    norm += d * d;
  }
  if (norm < 1e-9) return new Float32Array(v.length);
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * inv;
  return out;
}

/** Dot product: the normalized cross-correlation of two `normalizeVector` outputs, in [-1, 1]. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** CIE L*a*b* (D65) of an sRGB colour. */
export function toLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Chroma (colourfulness) of a Lab colour: 0 for greys. */
export function chroma(lab: readonly number[]): number {
  return Math.hypot(lab[1] ?? 0, lab[2] ?? 0);
}

/** CIE76 colour difference. */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0));
}

/** Hue angle difference in degrees (0–180) of two Lab colours. */
export function hueDifference(a: readonly number[], b: readonly number[]): number {
  const ha = Math.atan2(a[2] ?? 0, a[1] ?? 0);
  const hb = Math.atan2(b[2] ?? 0, b[1] ?? 0);
  let d = Math.abs(ha - hb) * (180 / Math.PI);
  if (d > 180) d = 360 - d;
  return d;
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, "").slice(0, 6), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}
