import sharp from "sharp";
import { escapeMarkup } from "../../../util/markup.js";
import { type MarkSource, markSources } from "./marks.js";
import { dot } from "./raster.js";
import { aspectCompatible, describeMask, isGreyMark, type ShapeDescriptor, VARIANT_SIZES } from "./shape.js";

/**
 * Brand mark templates and the reference bank of shapes that prove nothing (letters, digits, circles,
 * squares, rings, grids). Both are rendered with sharp (librsvg) once per process, as two sprite sheets,
 * and described at every VARIANT_SIZES scale.
 */
export interface MarkTemplate {
  source: MarkSource;
  shape: ShapeDescriptor;
  /** The mark's own colour is grey, black or white. */
  grey: boolean;
  /** Highest correlation with a reference shape: a mark that looks like a letter or a circle proves little. */
  genericity: number;
  /** Drawn in several distinct colours (its colours alone are evidence). */
  colourful: boolean;
}

export interface ReferenceShape {
  name: string;
  shape: ShapeDescriptor;
}

export interface TemplateSet {
  marks: MarkTemplate[];
  references: ReferenceShape[];
  /** Time it took to build (ms). */
  buildMs: number;
}

const CELL = 96;
/** One-colour marks this close to a plain shape or a letter are not matched at all. */
const EXCLUDED_GENERICITY = 0.93;
/** Marks this solid (area over convex hull area) count as plain shapes. */
const PLAIN_SOLIDITY = 0.9;
const DRAWN = 88;
const COLUMNS = 24;

/** Renders cells of an SVG sprite sheet and returns each cell's RGBA pixels. */
async function renderSprite(cells: readonly string[]): Promise<Array<{ rgba: Uint8Array }>> {
  const rows = Math.max(1, Math.ceil(cells.length / COLUMNS));
  const width = COLUMNS * CELL;
  const height = rows * CELL;
  const body = cells
    .map(
      (cell, i) =>
        `<g transform="translate(${(i % COLUMNS) * CELL},${Math.floor(i / COLUMNS) * CELL})">${cell}</g>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  const { data } = await sharp(Buffer.from(svg), { limitInputPixels: false })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out: Array<{ rgba: Uint8Array }> = [];
  for (let i = 0; i < cells.length; i++) {
    const ox = (i % COLUMNS) * CELL;
    const oy = Math.floor(i / COLUMNS) * CELL;
    const rgba = new Uint8Array(CELL * CELL * 4);
    for (let y = 0; y < CELL; y++) {
      const start = ((oy + y) * width + ox) * 4;
      rgba.set(data.subarray(start, start + CELL * 4), y * CELL * 4);
    }
    out.push({ rgba });
  }
  return out;
}

/**
 * Area of a mask over the area of its convex hull: near 1 for a plain blob (a disc, a rounded triangle),
 * lower for marks with holes, notches and separate parts — which are what make a shape distinctive.
 */
function solidity(rgba: Uint8Array): number {
  const points: Array<[number, number]> = [];
  let area = 0;
  for (let y = 0; y < CELL; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < CELL; x++) {
      if ((rgba[(y * CELL + x) * 4 + 3] ?? 0) >= 128) {
        area++;
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first >= 0) points.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
  }
  if (points.length < 3 || area === 0) return 0;
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const hull: Array<[number, number]> = [];
  for (const pass of [points, [...points].reverse()]) {
    const start = hull.length;
    for (const p of pass) {
      while (hull.length >= start + 2) {
        const a = hull[hull.length - 2];
        const b = hull[hull.length - 1];
        if (a && b && cross(a, b, p) <= 0) hull.pop();
        else break;
      }
      hull.push(p);
    }
    hull.pop();
  }
  let twice = 0;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    if (a && b) twice += a[0] * b[1] - b[0] * a[1];
  }
  return twice === 0 ? 0 : area / (Math.abs(twice) / 2);
}

function describeCell(rgba: Uint8Array): ShapeDescriptor | null {
  const mask = new Float32Array(CELL * CELL);
  const rgb = new Uint8Array(CELL * CELL * 3);
  for (let i = 0; i < CELL * CELL; i++) {
    mask[i] = (rgba[i * 4 + 3] ?? 0) / 255;
    rgb[i * 3] = rgba[i * 4] ?? 0;
    rgb[i * 3 + 1] = rgba[i * 4 + 1] ?? 0;
    rgb[i * 3 + 2] = rgba[i * 4 + 2] ?? 0;
  }
  return describeMask(mask, CELL, CELL, rgb, { variants: true });
}

function markCell(source: MarkSource): string {
  const pad = (CELL - DRAWN) / 2;
  const paths = source.paths.map((p) => `<path fill="${p.fill}" d="${escapeMarkup(p.d)}"/>`).join("");
  return `<g transform="translate(${pad},${pad}) scale(${DRAWN / 24})">${paths}</g>`;
}

const GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@&?";
const FONTS = [
  { family: "DejaVu Sans", weight: "bold" },
  { family: "Liberation Sans", weight: "normal" },
  { family: "Liberation Serif", weight: "bold" },
];

/** Shapes that prove nothing: glyphs in common fonts and plain geometry. */
function referenceCells(): Array<{ name: string; svg: string }> {
  const cells: Array<{ name: string; svg: string }> = [];
  for (const font of FONTS) {
    for (const glyph of GLYPHS) {
      cells.push({
        name: `glyph ${glyph}`,
        svg: `<text x="48" y="74" font-family="${font.family}" font-weight="${font.weight}" font-size="72" text-anchor="middle">${escapeMarkup(glyph)}</text>`,
      });
    }
  }
  const c = CELL / 2;
  const shapes: Record<string, string> = {
    circle: `<circle cx="${c}" cy="${c}" r="40"/>`,
    ring: `<circle cx="${c}" cy="${c}" r="36" fill="none" stroke="#000" stroke-width="8"/>`,
    "thin ring": `<circle cx="${c}" cy="${c}" r="38" fill="none" stroke="#000" stroke-width="3"/>`,
    square: `<rect x="8" y="8" width="80" height="80"/>`,
    "rounded square": `<rect x="8" y="8" width="80" height="80" rx="18"/>`,
    "round tile": `<rect x="8" y="8" width="80" height="80" rx="30"/>`,
    "square outline": `<rect x="12" y="12" width="72" height="72" fill="none" stroke="#000" stroke-width="8"/>`,
    triangle: `<path d="M48 8 88 88H8z"/>`,
    "down triangle": `<path d="M8 8h80L48 88z"/>`,
    diamond: `<path d="M48 4 92 48 48 92 4 48z"/>`,
    "wide bar": `<rect x="4" y="28" width="88" height="40" rx="6"/>`,
    "tall bar": `<rect x="28" y="4" width="40" height="88" rx="6"/>`,
    pill: `<rect x="4" y="30" width="88" height="36" rx="18"/>`,
    "grid 2x2": `<path d="M8 8h38v38H8zM50 8h38v38H50zM8 50h38v38H8zM50 50h38v38H50z"/>`,
    "grid 3x3": `<path d="M8 8h22v22H8zM37 8h22v22H37zM66 8h22v22H66zM8 37h22v22H8zM37 37h22v22H37zM66 37h22v22H66zM8 66h22v22H8zM37 66h22v22H37zM66 66h22v22H66z"/>`,
    dots: `<circle cx="20" cy="48" r="10"/><circle cx="48" cy="48" r="10"/><circle cx="76" cy="48" r="10"/>`,
    "hamburger menu": `<path d="M8 14h80v12H8zM8 42h80v12H8zM8 70h80v12H8z"/>`,
    "speech bubble": `<path d="M10 14h76v52H40L22 84V66H10z"/>`,
    heart: `<path d="M48 86 12 50C-2 34 8 10 28 10c10 0 16 6 20 12 4-6 10-12 20-12 20 0 30 24 16 40z"/>`,
    star: `<path d="m48 6 12 30h32L66 56l10 32-28-20-28 20 10-32L4 36h32z"/>`,
    "check mark": `<path d="m8 50 12-12 18 18L76 18l12 12-50 50z"/>`,
    "cross mark": `<path d="m18 8 30 30 30-30 10 10-30 30 30 30-10 10-30-30-30 30-10-10 30-30L8 18z"/>`,
    "plus sign": `<path d="M40 8h16v32h32v16H56v32H40V56H8V40h32z"/>`,
    "user silhouette": `<circle cx="48" cy="28" r="20"/><path d="M10 90c0-24 16-38 38-38s38 14 38 38z"/>`,
    lock: `<path d="M28 40V28a20 20 0 0 1 40 0v12h8v48H20V40zm10 0h20V28a10 10 0 0 0-20 0z"/>`,
    envelope: `<path d="M6 18h84v60H6zm8 8 34 26 34-26z"/>`,
    magnifier: `<circle cx="40" cy="40" r="26" fill="none" stroke="#000" stroke-width="10"/><path d="m58 58 28 28-8 8-28-28z"/>`,
    arrow: `<path d="M8 40h50V20l30 28-30 28V56H8z"/>`,
    "play button": `<rect x="4" y="16" width="88" height="64" rx="16"/><path d="M40 32v32l26-16z" fill="#fff"/>`,
    shield: `<path d="M48 6 86 20v26c0 24-16 40-38 46C26 86 10 70 10 46V20z"/>`,
    cart: `<path d="M4 12h16l12 48h48l10-36H28" fill="none" stroke="#000" stroke-width="8"/><circle cx="38" cy="78" r="7"/><circle cx="74" cy="78" r="7"/>`,
    bullseye: `<circle cx="48" cy="48" r="36" fill="none" stroke="#000" stroke-width="14"/><circle cx="48" cy="48" r="12"/>`,
    "alert circle": `<circle cx="48" cy="48" r="36" fill="none" stroke="#000" stroke-width="9"/><path d="M43 24h10v30H43zM43 62h10v10H43z"/>`,
    "info circle": `<circle cx="48" cy="48" r="40"/><path fill="#fff" d="M43 42h10v30H43zM43 24h10v10H43z"/>`,
    "check circle": `<circle cx="48" cy="48" r="40"/><path fill="#fff" d="m28 50 8-8 8 8 18-18 8 8-26 26z"/>`,
    ellipse: `<ellipse cx="48" cy="48" rx="44" ry="30"/>`,
    "tall ellipse": `<ellipse cx="48" cy="48" rx="30" ry="44"/>`,
    "rounded triangle": `<path d="M20 10C8 4 4 12 4 20v56c0 8 4 16 16 10l60-30c10-5 10-11 0-16z"/>`,
    pie: `<path d="M48 48V8a40 40 0 1 1-40 40z"/>`,
    "half circle": `<path d="M8 60a40 40 0 0 1 80 0z"/>`,
    leaf: `<path d="M10 86C10 40 40 10 86 10 86 56 56 86 10 86z"/>`,
    drop: `<path d="M48 6C30 34 18 50 18 64a30 30 0 0 0 60 0c0-14-12-30-30-58z"/>`,
    blob: `<path d="M30 14c18-10 46-6 56 14s6 44-12 54-48 8-60-10S12 24 30 14z"/>`,
    cloud: `<path d="M24 74a18 18 0 0 1 0-36 26 26 0 0 1 50-4 20 20 0 0 1 2 40z"/>`,
    gear: `<path d="M42 6h12l2 12 10 5 10-7 8 8-7 10 5 10 12 2v12l-12 2-5 10 7 10-8 8-10-7-10 5-2 12H42l-2-12-10-5-10 7-8-8 7-10-5-10-12-2V42l12-2 5-10-7-10 8-8 10 7 10-5zm6 26a16 16 0 1 0 0 32 16 16 0 0 0 0-32z"/>`,
    bell: `<path d="M48 8c16 0 26 12 26 28v22l10 14H12l10-14V36C22 20 32 8 48 8zm-10 70h20a10 10 0 0 1-20 0z"/>`,
    home: `<path d="M48 8 90 44H78v44H58V62H38v26H18V44H6z"/>`,
    calendar: `<path d="M10 18h76v70H10zm8 20v42h60V38z"/>`,
    camera: `<path d="M8 28h20l8-12h24l8 12h20v56H8zm40 12a16 16 0 1 0 0 32 16 16 0 0 0 0-32z"/>`,
    "chat bubbles": `<path d="M6 10h56v36H30L16 58V46H6zM40 52h50v34H78v10L64 86H40z"/>`,
    "location pin": `<path d="M48 4a30 30 0 0 1 30 30c0 22-30 58-30 58S18 56 18 34A30 30 0 0 1 48 4zm0 18a12 12 0 1 0 0 24 12 12 0 0 0 0-24z"/>`,
    "phone handset": `<path d="M26 6 40 22 32 34c6 12 16 22 28 28l12-8 16 14-10 16C50 84 12 46 10 16z"/>`,
    "download arrow": `<path d="M40 8h16v40h18L48 76 22 48h18zM10 80h76v10H10z"/>`,
    lightning: `<path d="M56 4 18 54h26l-8 38 42-54H52z"/>`,
    sun: `<circle cx="48" cy="48" r="20"/><path d="M44 2h8v16h-8zM44 78h8v16h-8zM2 44h16v8H2zM78 44h16v8H78z"/>`,
    moon: `<path d="M60 8a40 40 0 1 0 28 56A34 34 0 0 1 60 8z"/>`,
    flag: `<path d="M14 6h8v84h-8zM22 10h60L70 30l12 20H22z"/>`,
    crown: `<path d="M8 28 28 48 48 14 68 48 88 28 80 80H16z"/>`,
    infinity: `<path d="M28 30c10 0 16 8 20 14 4-6 10-14 20-14a18 18 0 0 1 0 36c-10 0-16-8-20-14-4 6-10 14-20 14a18 18 0 0 1 0-36zm0 10a8 8 0 0 0 0 16c6 0 10-4 14-8-4-4-8-8-14-8zm40 0c-6 0-10 4-14 8 4 4 8 8 14 8a8 8 0 0 0 0-16z"/>`,
    globe: `<circle cx="48" cy="48" r="38" fill="none" stroke="#000" stroke-width="6"/><ellipse cx="48" cy="48" rx="16" ry="38" fill="none" stroke="#000" stroke-width="6"/><path d="M10 48h76" stroke="#000" stroke-width="6"/>`,
  };
  for (const [name, svg] of Object.entries(shapes)) cells.push({ name, svg });
  return cells;
}

let building: Promise<TemplateSet> | undefined;

/** The templates of the process (built once, shared by every scan). */
export function templateSet(): Promise<TemplateSet> {
  building ??= buildTemplates().catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

async function buildTemplates(): Promise<TemplateSet> {
  const started = performance.now();
  const sources = markSources();
  const referenceList = referenceCells();
  const [markPixels, referencePixels] = await Promise.all([
    renderSprite(sources.map(markCell)),
    renderSprite(referenceList.map((r) => r.svg)),
  ]);
  const references: ReferenceShape[] = [];
  referenceList.forEach((ref, i) => {
    const shape = describeCell(referencePixels[i]?.rgba ?? new Uint8Array(0));
    if (shape) references.push({ name: ref.name, shape });
  });
  const marks: MarkTemplate[] = [];
  const probe = VARIANT_SIZES.indexOf(50);
  sources.forEach((source, i) => {
    const shape = describeCell(markPixels[i]?.rgba ?? new Uint8Array(0));
    if (!shape) return;
    const markVector = shape.variants[probe] ?? new Float32Array(0);
    let genericity = 0;
    for (const ref of references) {
      if (!aspectCompatible(shape.aspect, ref.shape.aspect, 1.25)) continue;
      genericity = Math.max(genericity, dot(markVector, ref.shape.variants[probe] ?? new Float32Array(0)));
    }
    // A plain blob is as generic as the plainest reference shape, whatever the references hold.
    if (solidity(markPixels[i]?.rgba ?? new Uint8Array(0)) >= PLAIN_SOLIDITY)
      genericity = Math.max(genericity, 0.85);
    const colourful = new Set(source.paths.map((p) => p.fill.toLowerCase())).size >= 3;
    // A one-colour plain shape (a star, a ring) is no evidence of any brand.
    if (genericity >= EXCLUDED_GENERICITY && !colourful) return;
    marks.push({ source, shape, grey: isGreyMark(shape.colours), genericity, colourful });
  });
  return { marks, references, buildMs: performance.now() - started };
}
