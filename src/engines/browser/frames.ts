import type { Frame, Page } from "playwright-core";
import { within } from "../../util/within.js";

/**
 * A page's child frames, read after the page has settled. A frame loaded from a network address is
 * another document (a payment provider's card field, an embedded form): what it asks is recorded, marked
 * with its address. A frame whose document the page wrote itself — `<iframe srcdoc>`, an `about:blank`
 * frame filled by script, a `data:` URL — is the page's own content in a box: a kit that draws its whole
 * sign-in inside a full-window `srcdoc` frame shows the visitor that sign-in, so such a frame's text is
 * read as well, when the frame is big enough to be seen (docs/scan-analysis.md, "Frames").
 */

export interface FrameReading {
  /** The frame's address (`about:srcdoc` for a srcdoc frame). */
  url: string;
  /** The page wrote the frame's document (srcdoc, about:blank, data:). */
  inline: boolean;
  /** The value of the expression evaluated in the frame. */
  value: unknown;
}

export interface FrameExpressions {
  /** Evaluated in a frame loaded from a network address. */
  network: string;
  /** Evaluated in a frame the page wrote itself. */
  inline: string;
}

/** At most this many child frames are read. */
export const MAX_FRAMES = 10;
/** An inline frame smaller than this (CSS pixels) is not read: nobody is shown it. */
const MIN_INLINE_FRAME = { width: 120, height: 60 };

export function isInlineFrameUrl(url: string): boolean {
  return url === "about:srcdoc" || url.startsWith("about:blank") || url.startsWith("data:");
}

async function shown(frame: Frame, left: () => number): Promise<boolean> {
  const element = await within(frame.frameElement(), left()).catch(() => null);
  if (!element) return false;
  const box = await within(element.boundingBox(), left()).catch(() => null);
  return box !== null && box.width >= MIN_INLINE_FRAME.width && box.height >= MIN_INLINE_FRAME.height;
}

/** Reads the page's child frames (at most `MAX_FRAMES`) within `ms`; a frame that fails is left out. */
export async function readChildFrames(
  page: Page,
  expressions: FrameExpressions,
  ms: number,
): Promise<FrameReading[]> {
  const end = Date.now() + ms;
  const left = () => Math.max(1, end - Date.now());
  const frames = page
    .frames()
    .filter((frame) => frame !== page.mainFrame() && !frame.isDetached())
    .map((frame) => ({ frame, url: frame.url() }))
    .filter(({ url }) => /^https?:/.test(url) || isInlineFrameUrl(url))
    .slice(0, MAX_FRAMES);
  const read = await Promise.all(
    frames.map(async ({ frame, url }): Promise<FrameReading | null> => {
      const inline = isInlineFrameUrl(url);
      if (inline && !(await shown(frame, left))) return null;
      const value = await within(
        frame.evaluate(inline ? expressions.inline : expressions.network),
        left(),
      ).catch(() => null);
      return value === null
        ? null
        : { url: url.startsWith("data:") ? url.slice(0, 64) : url.slice(0, 4096), inline, value };
    }),
  );
  return read.filter((reading): reading is FrameReading => reading !== null);
}
