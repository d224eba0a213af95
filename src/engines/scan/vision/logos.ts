import type { Box } from "./raster.js";
import { dot } from "./raster.js";
import type { Region } from "./regions.js";
import {
  aspectCompatible,
  type ColourClass,
  classifyColour,
  colourAgreement,
  type ShapeDescriptor,
  variantIndex,
} from "./shape.js";
import type { MarkTemplate, ReferenceShape, TemplateSet } from "./templates.js";

/**
 * Matching regions (of a screenshot or a favicon) against the brand mark templates: normalized
 * cross-correlation of aligned GRID×GRID masks at the region's scale, then three guards against false
 * matches — the colours must be the mark's own (or a plain grey/white/black or multi-colour rendering of a
 * distinctive mark), the region must look more like the mark than like any letter or plain shape, and
 * generic marks (a circle, four squares) count only in their own colours.
 */
export interface MarkMatch {
  template: MarkTemplate;
  box: Box;
  /** Shape correlation with the mark, 0–1. */
  shape: number;
  /** Best correlation with a reference shape (letters, circles, …). */
  reference: number;
  referenceName: string;
  colour: ColourClass;
  /** Decision score, 0–1: shape, lowered for weaker colour evidence. */
  score: number;
}

export const THRESHOLDS = {
  /** Shape correlation needed when the colours are the mark's own. */
  brandColour: 0.8,
  /** In its own colours a mark must match this much better than it resembles the closest plain shape. */
  aboveGeneric: 0.1,
  /** Shape correlation needed for a grey, white, black or multi-colour rendering. */
  plainColour: 0.88,
  /** A mark at least this close to a letter or plain shape counts only in its own colours. */
  genericMark: 0.8,
  /** The region must correlate with the mark this much better than with any reference shape. */
  referenceMargin: 0.06,
  /** The smaller margin a generic one-colour mark needs when its colour matches. */
  genericMargin: 0.03,
  /** Shape correlation below which a template is not considered further. */
  prefilter: 0.7,
  /** A several-colour mark: least share of its colour cells matched in place. */
  colourfulCells: 0.9,
  /** A several-colour mark: least coverage of its box, and least shape correlation when not solid. */
  colourfulFill: 0.7,
  colourfulShape: 0.6,
  /** Regions filled more than this are solid blocks (buttons, bars). */
  solidFill: 0.96,
  /** Allowed ratio between the region's and the mark's aspect ratio. */
  aspect: 1.3,
} as const;

function bestReference(
  shape: ShapeDescriptor,
  variant: number,
  references: readonly ReferenceShape[],
): { score: number; name: string } {
  const vector = shape.variants[0];
  let best = { score: -1, name: "" };
  if (!vector) return best;
  for (const ref of references) {
    if (!aspectCompatible(shape.aspect, ref.shape.aspect, THRESHOLDS.aspect)) continue;
    const score = dot(vector, ref.shape.variants[variant] ?? vector);
    if (score > best.score) best = { score, name: ref.name };
  }
  return best;
}

/** Judges one region against one template whose shape already passed the prefilter. */
function judge(
  region: Region,
  template: MarkTemplate,
  shapeScore: number,
  reference: { score: number; name: string },
): MarkMatch | null {
  const colour = classifyColour(region.shape.colours, template.shape.colours);
  const generic = template.genericity >= THRESHOLDS.genericMark;
  let score: number;
  let margin: number = THRESHOLDS.referenceMargin;
  if (colour === "brand" || (colour === "mono" && template.grey)) {
    // The plainer the mark, the closer the match must be.
    const needed = Math.max(
      THRESHOLDS.brandColour,
      Math.min(0.92, template.genericity + THRESHOLDS.aboveGeneric),
    );
    if (shapeScore < needed) return null;
    score = shapeScore;
    // A plain shape in one brand colour proves little; several brand colours in place prove a lot.
    if (generic) margin = template.colourful ? 0 : THRESHOLDS.genericMargin;
  } else if ((colour === "mono" || colour === "multi") && !generic) {
    if (shapeScore < THRESHOLDS.plainColour) return null;
    score = shapeScore - 0.05;
  } else {
    return null;
  }
  if (shapeScore - reference.score < margin) return null;
  return {
    template,
    box: region.box,
    shape: shapeScore,
    reference: reference.score,
    referenceName: reference.name,
    colour,
    score: Math.max(0, Math.min(1, score)),
  };
}

/**
 * A mark made of several brand colours in a plain layout (four coloured squares) is recognized by its
 * colours in place, cell by cell, on a compact region; its outline matters less (at small sizes the gaps
 * between the parts blur away).
 */
function judgeColourful(region: Region, template: MarkTemplate, shapeScore: number): MarkMatch | null {
  if (region.shape.fill < THRESHOLDS.colourfulFill) return null;
  if (shapeScore < THRESHOLDS.colourfulShape && region.shape.fill < 0.97) return null;
  if (colourAgreement(region.shape.colours, template.shape.colours) < THRESHOLDS.colourfulCells) return null;
  const score = Math.min(1, 0.85 + 0.15 * Math.max(0, shapeScore));
  return {
    template,
    box: region.box,
    shape: shapeScore,
    reference: 0,
    referenceName: "",
    colour: "brand",
    score,
  };
}

/** The best mark match of a region, or null. */
export function bestMatch(region: Region, templates: TemplateSet): MarkMatch | null {
  const vector = region.shape.variants[0];
  if (!vector) return null;
  const variant = variantIndex(Math.max(region.box.w, region.box.h));
  // A solid block has no outline to compare; only several-colour marks can match it.
  const solid = region.shape.fill > THRESHOLDS.solidFill;
  let best: MarkMatch | null = null;
  let reference: { score: number; name: string } | null = null;
  for (const template of templates.marks) {
    if (!aspectCompatible(region.shape.aspect, template.shape.aspect, THRESHOLDS.aspect)) continue;
    const markVector = template.shape.variants[variant];
    if (!markVector) continue;
    const shapeScore = dot(vector, markVector);
    if (template.colourful) {
      const match = judgeColourful(region, template, shapeScore);
      if (match && (!best || match.score > best.score)) best = match;
      continue;
    }
    if (solid) continue;
    if (shapeScore < THRESHOLDS.prefilter || (best && shapeScore <= best.score)) continue;
    reference ??= bestReference(region.shape, variant, templates.references);
    const match = judge(region, template, shapeScore, reference);
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}

/** The best mark match of every region that has one, one match per spot. */
export function matchRegions(regions: readonly Region[], templates: TemplateSet): MarkMatch[] {
  const matches: MarkMatch[] = [];
  for (const region of regions) {
    const match = bestMatch(region, templates);
    if (match) matches.push(match);
  }
  return suppressOverlaps(matches);
}

function overlap(a: Box, b: Box): number {
  const x = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const y = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = x * y;
  return inter / Math.min(a.w * a.h, b.w * b.h);
}

/** Keeps the best of matches that cover the same spot (a group and its own parts). */
function suppressOverlaps(matches: MarkMatch[]): MarkMatch[] {
  const sorted = [...matches].sort((a, b) => b.score - a.score);
  const kept: MarkMatch[] = [];
  for (const match of sorted) {
    if (kept.some((k) => overlap(k.box, match.box) > 0.5)) continue;
    kept.push(match);
  }
  return kept;
}
