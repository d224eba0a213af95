import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { tmpRoot } from "./paths.js";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A folder for a browser test's screenshots: PAGE_SHOTS=<folder> keeps them there for a person to look at;
 * otherwise a temporary folder that `remove()` deletes.
 */
export function shotFolder(prefix: string): { dir: string; remove(): void } {
  const kept = process.env.PAGE_SHOTS;
  const dir = kept ?? mkdtempSync(path.join(tmpRoot, `${prefix}-`));
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => (kept ? undefined : rmSync(dir, { recursive: true, force: true })) };
}

/** Takes a screenshot of the page's top into `dir`; checks it is a PNG of `width`×`height` that is not blank. */
export async function checkScreenshot(
  page: Page,
  dir: string,
  name: string,
  width: number,
  height: number,
): Promise<void> {
  const file = path.join(dir, `${name}.png`);
  await page.evaluate("window.scrollTo(0, 0)");
  await page.screenshot({ path: file });
  const png = readFileSync(file);
  expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  const meta = await sharp(png).metadata();
  expect({ name, width: meta.width, height: meta.height }).toEqual({ name, width, height });
  const stats = await sharp(png).stats();
  // Not one flat colour: text, banners and pictures make the channels vary.
  expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(10);
}

/** The page fits its viewport's width (nothing scrolls sideways). */
export async function noHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    "({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })",
  );
  expect(scrollWidth).toBe(clientWidth);
}
