import sharp from "sharp";
import { iconPath } from "./pages.js";

/** Small test images composed with sharp (no committed binaries). */

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Lines of text drawn as a PNG (what a phishing kit puts in a background image). */
export async function textImage(
  lines: readonly string[],
  options: {
    width: number;
    height: number;
    fontSize: number;
    colour?: string;
    background?: string;
    top?: number;
  },
): Promise<Buffer> {
  const { width, height, fontSize } = options;
  const top = options.top ?? fontSize * 1.3;
  const texts = lines
    .map(
      (line, i) =>
        `<text x="20" y="${top + i * fontSize * 1.6}" font-family="Liberation Sans" font-size="${fontSize}" fill="${options.colour ?? "#222"}">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${options.background ?? "#fff"}"/>${texts}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A simple-icons mark as a PNG with a transparent background. */
export async function markPng(slug: string, fill: string, size: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24"><path fill="${fill}" d="${iconPath(slug)}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A glyph on a coloured tile, as a PNG (the favicon of many small sites). */
export async function letterPng(
  letter: string,
  fill: string,
  background: string,
  size: number,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" rx="${size / 5}" fill="${background}"/><text x="50%" y="${size * 0.74}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${size * 0.7}" fill="${fill}">${escapeXml(letter)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Wraps a PNG in a `.ico` container, either as is or as a 32-bit BMP bitmap with its AND mask. */
export async function icoOf(png: Buffer, kind: "png" | "bmp"): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let image: Buffer;
  if (kind === "png") {
    image = png;
  } else {
    const header = Buffer.alloc(40);
    header.writeUInt32LE(40, 0);
    header.writeInt32LE(width, 4);
    header.writeInt32LE(height * 2, 8);
    header.writeUInt16LE(1, 12);
    header.writeUInt16LE(32, 14);
    const pixels = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const s = (y * width + x) * 4;
        const d = ((height - 1 - y) * width + x) * 4;
        pixels[d] = data[s + 2] ?? 0;
        pixels[d + 1] = data[s + 1] ?? 0;
        pixels[d + 2] = data[s] ?? 0;
        pixels[d + 3] = data[s + 3] ?? 0;
      }
    }
    const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
    image = Buffer.concat([header, pixels, mask]);
  }
  const dir = Buffer.alloc(22);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(1, 4);
  dir.writeUInt8(width >= 256 ? 0 : width, 6);
  dir.writeUInt8(height >= 256 ? 0 : height, 7);
  dir.writeUInt16LE(1, 10);
  dir.writeUInt16LE(32, 12);
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(22, 18);
  return Buffer.concat([dir, image]);
}
