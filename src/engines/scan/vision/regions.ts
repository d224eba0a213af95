import type { Box, RgbImage } from "./raster.js";
import { describeMask, type ShapeDescriptor } from "./shape.js";

/**
 * Candidate regions of a screenshot that could hold a mark. Edges (a colour step between neighbours) are
 * grouped into connected components; a logo is one component, or a few close ones (a leaf beside an
 * apple, four squares), so components whose boxes nearly touch are grouped too. Each region's mask is
 * taken against the colour just outside its box, which works on white pages, coloured bars and badges.
 */
export interface Region {
  /** Tight box of the foreground in screenshot pixels. */
  box: Box;
  shape: ShapeDescriptor;
}

const EDGE_STEP = 28;
const MIN_SIDE = 14;
const MAX_SIDE = 320;
const MAX_ASPECT = 8;
/** Components this close (relative to the smaller one's longest side) form one group. */
const GROUP_GAP = 0.22;
/** Components this close (relative to the larger one's longest side) form one group too. */
const LARGE_GROUP_GAP = 0.12;
const MAX_REGIONS = 4000;

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
}

function find(parent: Int32Array, i: number): number {
  let root = i;
  while ((parent[root] ?? root) !== root) root = parent[root] ?? root;
  let node = i;
  while ((parent[node] ?? node) !== root) {
    const next = parent[node] ?? node;
    parent[node] = root;
    node = next;
  }
  return root;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}

/** Marks pixels with a colour step to their right or lower neighbour (and the neighbour). */
function edgeMap(image: RgbImage): Uint8Array {
  const { width: w, height: h, data } = image;
  const edges = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p = i * 3;
      const r = data[p] ?? 0;
      const g = data[p + 1] ?? 0;
      const b = data[p + 2] ?? 0;
      if (x + 1 < w) {
        const q = p + 3;
        const d = Math.max(
          Math.abs(r - (data[q] ?? 0)),
          Math.abs(g - (data[q + 1] ?? 0)),
          Math.abs(b - (data[q + 2] ?? 0)),
        );
        if (d > EDGE_STEP) {
          edges[i] = 1;
          edges[i + 1] = 1;
        }
      }
      if (y + 1 < h) {
        const q = p + w * 3;
        const d = Math.max(
          Math.abs(r - (data[q] ?? 0)),
          Math.abs(g - (data[q + 1] ?? 0)),
          Math.abs(b - (data[q + 2] ?? 0)),
        );
        if (d > EDGE_STEP) {
          edges[i] = 1;
          edges[i + w] = 1;
        }
      }
    }
  }
  return edges;
}

/** 8-connected components of the edge map (union–find over a label image). */
function components(edges: Uint8Array, w: number, h: number): Component[] {
  const labels = new Int32Array(w * h).fill(-1);
  const parent = new Int32Array(Math.ceil((w * h) / 2) + 1);
  let next = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!edges[i]) continue;
      let label = -1;
      const neighbours = [
        x > 0 ? i - 1 : -1,
        y > 0 && x > 0 ? i - w - 1 : -1,
        y > 0 ? i - w : -1,
        y > 0 && x + 1 < w ? i - w + 1 : -1,
      ];
      for (const n of neighbours) {
        if (n < 0) continue;
        const l = labels[n] ?? -1;
        if (l < 0) continue;
        if (label < 0) label = l;
        else if (l !== label) union(parent, label, l);
      }
      if (label < 0) {
        if (next >= parent.length) return [];
        label = next;
        parent[next] = next;
        next++;
      }
      labels[i] = label;
    }
  }
  const byRoot = new Map<number, Component>();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x] ?? -1;
      if (l < 0) continue;
      const root = find(parent, l);
      const c = byRoot.get(root);
      if (c) {
        if (x < c.x0) c.x0 = x;
        if (x > c.x1) c.x1 = x;
        if (y < c.y0) c.y0 = y;
        if (y > c.y1) c.y1 = y;
        c.pixels++;
      } else {
        byRoot.set(root, { x0: x, y0: y, x1: x, y1: y, pixels: 1 });
      }
    }
  }
  return [...byRoot.values()];
}

function longest(c: Component): number {
  return Math.max(c.x1 - c.x0 + 1, c.y1 - c.y0 + 1);
}

function gapBetween(a: Component, b: Component): number {
  const dx = Math.max(0, Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1) - 1);
  const dy = Math.max(0, Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1) - 1);
  return Math.max(dx, dy);
}

/**
 * Groups of nearly touching components (each group's box), for multi-part marks: once with gaps measured
 * against the smaller part (squares of a grid, letters) and once against the larger (a leaf beside a body).
 */
function groups(comps: readonly Component[]): Component[] {
  const parts = comps.filter((c) => longest(c) <= MAX_SIDE && longest(c) >= 3);
  parts.sort((a, b) => a.x0 - b.x0);
  return [
    ...groupBy(parts, (a, b) => GROUP_GAP * Math.min(longest(a), longest(b))),
    ...groupBy(parts, (a, b) => LARGE_GROUP_GAP * Math.max(longest(a), longest(b))),
  ];
}

function groupBy(parts: readonly Component[], limitOf: (a: Component, b: Component) => number): Component[] {
  const parent = new Int32Array(parts.length);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const maxGap = Math.ceil(MAX_SIDE * Math.max(GROUP_GAP, LARGE_GROUP_GAP));
  for (let i = 0; i < parts.length; i++) {
    const a = parts[i];
    if (!a) continue;
    for (let j = i + 1; j < parts.length; j++) {
      const b = parts[j];
      if (!b) continue;
      if (b.x0 > a.x1 + maxGap) break;
      if (gapBetween(a, b) <= Math.max(1, limitOf(a, b))) union(parent, i, j);
    }
  }
  const merged = new Map<number, { box: Component; members: number }>();
  parts.forEach((c, i) => {
    const root = find(parent, i);
    const g = merged.get(root);
    if (g) {
      g.box = {
        x0: Math.min(g.box.x0, c.x0),
        y0: Math.min(g.box.y0, c.y0),
        x1: Math.max(g.box.x1, c.x1),
        y1: Math.max(g.box.y1, c.y1),
        pixels: g.box.pixels + c.pixels,
      };
      g.members++;
    } else {
      merged.set(root, { box: { ...c }, members: 1 });
    }
  });
  return [...merged.values()].filter((g) => g.members > 1).map((g) => g.box);
}

function plausible(c: Component): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  return long >= MIN_SIDE && long <= MAX_SIDE && short >= 6 && long / short <= MAX_ASPECT;
}

/** The dominant colour just outside a box (its 2-px ring), or null when the surround is not uniform. */
function surroundColour(image: RgbImage, box: Component): [number, number, number] | null {
  const { width: w, height: h, data } = image;
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  let total = 0;
  const visit = (x: number, y: number): void => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const p = (y * w + x) * 3;
    const r = data[p] ?? 0;
    const g = data[p + 1] ?? 0;
    const b = data[p + 2] ?? 0;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const entry = counts.get(key);
    if (entry) {
      entry.n++;
      entry.r += r;
      entry.g += g;
      entry.b += b;
    } else counts.set(key, { n: 1, r, g, b });
    total++;
  };
  for (const ring of [1, 2]) {
    for (let x = box.x0 - ring; x <= box.x1 + ring; x++) {
      visit(x, box.y0 - ring);
      visit(x, box.y1 + ring);
    }
    for (let y = box.y0 - ring + 1; y <= box.y1 + ring - 1; y++) {
      visit(box.x0 - ring, y);
      visit(box.x1 + ring, y);
    }
  }
  let best: { n: number; r: number; g: number; b: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  if (!best || total === 0 || best.n / total < 0.6) return null;
  return [best.r / best.n, best.g / best.n, best.b / best.n];
}

/** Soft foreground mask of a box against a background colour, and the box's own pixels. */
function regionMask(
  image: RgbImage,
  box: Component,
  background: readonly [number, number, number],
): { mask: Float32Array; rgb: Uint8Array; w: number; h: number } {
  const w = box.x1 - box.x0 + 1;
  const h = box.y1 - box.y0 + 1;
  const mask = new Float32Array(w * h);
  const rgb = new Uint8Array(w * h * 3);
  const [br, bg, bb] = background;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = ((box.y0 + y) * image.width + box.x0 + x) * 3;
      const r = image.data[p] ?? 0;
      const g = image.data[p + 1] ?? 0;
      const b = image.data[p + 2] ?? 0;
      const i = y * w + x;
      rgb[i * 3] = r;
      rgb[i * 3 + 1] = g;
      rgb[i * 3 + 2] = b;
      const d = Math.max(Math.abs(r - br), Math.abs(g - bg), Math.abs(b - bb));
      mask[i] = Math.min(1, Math.max(0, (d - 16) / 56));
    }
  }
  return { mask, rgb, w, h };
}

/** Candidate regions of a screenshot, largest first, at most MAX_REGIONS. */
export function findRegions(image: RgbImage): Region[] {
  const comps = components(edgeMap(image), image.width, image.height);
  const boxes = [...comps.filter(plausible), ...groups(comps).filter(plausible)];
  const seen = new Set<string>();
  const unique: Component[] = [];
  for (const box of boxes) {
    const key = `${box.x0},${box.y0},${box.x1},${box.y1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(box);
  }
  unique.sort((a, b) => longest(b) - longest(a));
  const regions: Region[] = [];
  for (const box of unique.slice(0, MAX_REGIONS)) {
    const background = surroundColour(image, box);
    if (!background) continue;
    const { mask, rgb, w, h } = regionMask(image, box, background);
    const shape = describeMask(mask, w, h, rgb, { variants: false });
    if (!shape || shape.fill < 0.06) continue;
    const { bounds } = shape;
    regions.push({ box: { x: box.x0 + bounds.x, y: box.y0 + bounds.y, w: bounds.w, h: bounds.h }, shape });
  }
  return regions;
}
