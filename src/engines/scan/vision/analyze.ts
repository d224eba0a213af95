import sharp from "sharp";
import { raceAbort } from "../../../util/abort.js";
import type { ScanArtifacts, ScanCapture, VisionResult } from "../types.js";
import { judgeClaims, type MarkClaim } from "./claims.js";
import { type FaviconMatch, matchFavicon } from "./favicon.js";
import { visionFindings } from "./findings.js";
import { matchRegions } from "./logos.js";
import { closeOcr, type OcrOutcome, recognize, warmOcr } from "./ocr.js";
import { pageIdentity } from "./page.js";
import type { RgbImage } from "./raster.js";
import { findRegions } from "./regions.js";
import { templateSet } from "./templates.js";
import {
  type BrandMention,
  brandMentions,
  isStrongPrompt,
  type LoginPrompts,
  loginPrompts,
  pageNamesBrand,
  pageWords,
  promptsMissingFromPage,
} from "./text.js";

export interface VisionOptions {
  /** Run OCR (default true). */
  ocr?: boolean;
  /** Cancels the analysis: it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Time budget (ms, default 5000); OCR still running then is abandoned and reported as VIS-090. */
  deadlineMs?: number;
}

export const DEFAULT_DEADLINE_MS = 5000;
/** Screenshots are analysed at most this wide (larger ones are scaled down) and this tall (cropped). */
export const MAX_WIDTH = 1280;
export const MAX_HEIGHT = 1280;
const OCR_TEXT_CAP = 10_000;
/** The top share of the screenshot where a page's own name (header, wordmark) sits. */
const TOP_SHARE = 0.3;
const MAX_INPUT_PIXELS = 1920 * 16_384;

interface PreparedShot {
  image: RgbImage;
  /** Grey PNG of the same pixels, for OCR. */
  grey: Buffer;
}

async function prepare(png: Buffer): Promise<PreparedShot | null> {
  try {
    const meta = await sharp(png, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < 16 || height < 16) return null;
    const scale = Math.min(1, MAX_WIDTH / width);
    const w = Math.max(1, Math.round(width * scale));
    // Crop the top first (a full-page screenshot can be very tall), then scale.
    const sourceHeight = Math.min(height, Math.ceil(MAX_HEIGHT / scale));
    const h = Math.max(1, Math.min(MAX_HEIGHT, Math.round(sourceHeight * scale)));
    const base = sharp(png, { limitInputPixels: MAX_INPUT_PIXELS })
      .extract({ left: 0, top: 0, width, height: sourceHeight })
      .flatten({ background: "#ffffff" })
      .resize({ width: w, height: h, fit: "fill" });
    const rgb = await base.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const grey = await base.clone().grayscale().png({ compressionLevel: 1 }).toBuffer();
    return {
      image: { width: rgb.info.width, height: rgb.info.height, data: new Uint8Array(rgb.data) },
      grey,
    };
  } catch {
    return null;
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The vision analysis was aborted", "AbortError");
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

function empty(started: number): VisionResult {
  return { findings: [], brands: [], ocrText: "", durationMs: Math.round(performance.now() - started) };
}

function hasPasswordField(capture: ScanCapture): boolean {
  return capture.forms.some((f) => f.visible && f.inputs.some((i) => i.type.toLowerCase() === "password"));
}

const TYPED_INPUTS = new Set(["text", "email", "tel", "password", "number", ""]);

function hasInputForm(capture: ScanCapture): boolean {
  return capture.forms.some((f) => f.visible && f.inputs.some((i) => TYPED_INPUTS.has(i.type.toLowerCase())));
}

/**
 * The vision agent of a URL scan: brand marks in the screenshot and favicon, text in the screenshot (OCR),
 * and the findings they justify. Never throws for a hostile or broken image (that is VIS-090); rejects only
 * when `signal` aborts.
 */
export async function analyzeVision(
  input: { capture: ScanCapture; artifacts: ScanArtifacts },
  options: VisionOptions = {},
): Promise<VisionResult> {
  const started = performance.now();
  const deadline = started + (options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const { capture, artifacts } = input;
  const { signal } = options;
  checkAbort(signal);
  const screenshot = artifacts.viewport ?? artifacts.fullPage;
  const faviconData = capture.favicon?.base64 ?? null;
  // A saved page analysed without a screenshot: nothing to look at.
  if (!screenshot && (capture.source === "saved" || !faviconData)) return empty(started);

  const incomplete: string[] = [];
  const shot = screenshot ? await raceAbort(prepare(screenshot), signal, abortError) : null;
  if (screenshot && !shot) incomplete.push("the screenshot could not be decoded");
  const ocrWanted = options.ocr !== false && shot !== null;
  // OCR runs in its own thread while the marks are matched here.
  const ocrJob: Promise<OcrOutcome> | null = ocrWanted && shot ? recognize(shot.grey, deadline) : null;

  const templates = await raceAbort(templateSet(), signal, abortError);
  checkAbort(signal);
  const inTime = performance.now() < deadline;
  if (shot && !inTime) incomplete.push("marks were not matched before the deadline");
  const matches = shot && inTime ? matchRegions(findRegions(shot.image), templates) : [];
  const faviconOutcome = await raceAbort(matchFavicon(faviconData, templates), signal, abortError);
  const favicon: FaviconMatch | null = faviconOutcome.status === "read" ? faviconOutcome.match : null;

  const ocr = ocrJob ? await raceAbort(ocrJob, signal, abortError) : null;
  if (ocr && ocr.status !== "ok") {
    incomplete.push(ocr.status === "timeout" ? "OCR did not finish before the deadline" : "OCR failed");
  }
  const ocrResult = ocr?.status === "ok" ? ocr.result : null;
  const lines = ocrResult?.lines ?? [];
  const claims: MarkClaim[] = judgeClaims(matches, lines, shot?.image ?? null);

  const page = pageIdentity(capture);
  const words = pageWords(capture.html, capture.text, capture.title, capture.htmlTruncated);
  const prompts: LoginPrompts | null = ocrResult ? loginPrompts(ocrResult.text) : null;
  const passwordField = hasPasswordField(capture);
  const mentions: BrandMention[] = ocrResult ? besideWidgets(brandMentions(ocrResult), claims) : [];
  const loginContext = prompts?.loginLooking === true || passwordField;
  const hiddenMentions =
    words.complete && loginContext
      ? mentions.filter(
          (m) => m.distinctive && !m.widget && m.brand !== page.owner && !pageNamesBrand(words, m.brand),
        )
      : [];
  const missing =
    prompts && words.complete && passwordField ? promptsMissingFromPage(words, prompts.seen) : [];
  const hiddenPrompts = missing.length >= 2 || missing.some(isStrongPrompt) ? missing : [];

  const findings = visionFindings({
    page,
    claims,
    favicon,
    hiddenMentions,
    prompts,
    hiddenPrompts,
    passwordField,
    inputForm: hasInputForm(capture),
    incomplete,
  });

  const brands = new Map<string, { brand: string; source: "logo" | "favicon" | "ocr"; score: number }>();
  const add = (brand: string, source: "logo" | "favicon" | "ocr", score: number): void => {
    const key = `${brand}\u0000${source}`;
    const previous = brands.get(key);
    if (!previous || score > previous.score) brands.set(key, { brand, source, score: round(score) });
  };
  for (const claim of claims)
    if (claim.claim) add(claim.match.template.source.brand.name, "logo", claim.match.score);
  if (favicon) add(favicon.template.source.brand.name, "favicon", favicon.score);
  // Names the page shows as its own — headings, a wordmark near the top — or hides from its HTML. Other
  // mentions ("authorised by the Prudential Regulation Authority", a payment option) are left to the
  // content agent, which reads the page's text.
  // A name that is also an ordinary word ("Apple Picking Tours", "Discover") needs the brand's mark too.
  const top = (shot?.image.height ?? 0) * TOP_SHARE;
  const marked = new Set([...brands.values()].map((b) => b.brand));
  for (const mention of mentions) {
    if (mention.widget) continue;
    const identity =
      (mention.headline || (mention.standalone && mention.box.y < top)) &&
      (mention.distinctive || marked.has(mention.brand.name));
    if (identity || hiddenMentions.includes(mention)) add(mention.brand.name, "ocr", mention.score);
  }

  return {
    findings,
    brands: [...brands.values()].sort((a, b) => b.score - a.score),
    ocrText: (ocrResult?.text ?? "").slice(0, OCR_TEXT_CAP),
    durationMs: Math.round(performance.now() - started),
  };
}

/** A name written beside a third-party mark ("[G] Google" on a sign-in button) is third-party too. */
function besideWidgets(mentions: BrandMention[], claims: readonly MarkClaim[]): BrandMention[] {
  for (const mention of mentions) {
    for (const { match, claim } of claims) {
      if (claim) continue;
      const b = match.box;
      const sameLine = Math.min(b.y + b.h, mention.box.y + mention.box.h) - Math.max(b.y, mention.box.y) > 0;
      const gap = mention.box.x - (b.x + b.w);
      if (sameLine && gap >= -2 && gap <= Math.max(b.h, 12) * 3) mention.widget = true;
    }
  }
  return mentions;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Builds the mark templates and starts the OCR worker ahead of the first scan (optional). */
export async function warmVision(options: { ocr?: boolean } = {}): Promise<void> {
  await templateSet();
  if (options.ocr !== false) await warmOcr();
}

/** Ends the OCR worker (call on shutdown; a later analysis starts a new one). */
export async function closeVision(): Promise<void> {
  await closeOcr();
}
