/**
 * Reads the largest image of a Windows icon (`.ico`) file, which sharp does not decode: either an
 * embedded PNG (returned as is, for sharp) or a BMP device-independent bitmap (1, 4, 8, 24 or 32 bits a
 * pixel, with its transparency mask), decoded here to RGBA. Untrusted input: every offset is checked.
 */
export type IcoImage =
  | { kind: "png"; data: Buffer }
  | { kind: "rgba"; width: number; height: number; data: Uint8Array };

export function isIco(data: Buffer): boolean {
  return (
    data.length >= 6 && data.readUInt16LE(0) === 0 && data.readUInt16LE(2) === 1 && data.readUInt16LE(4) > 0
  );
}

const MAX_SIDE = 256;

export function decodeIco(data: Buffer): IcoImage | null {
  if (!isIco(data)) return null;
  const count = Math.min(data.readUInt16LE(4), 64);
  let best: { offset: number; size: number; side: number } | null = null;
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    if (entry + 16 > data.length) break;
    const side = data.readUInt8(entry) || 256;
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (offset + size > data.length || size < 8) continue;
    if (!best || side > best.side) best = { offset, size, side };
  }
  if (!best) return null;
  const image = data.subarray(best.offset, best.offset + best.size);
  if (image.readUInt32BE(0) === 0x89504e47) return { kind: "png", data: Buffer.from(image) };
  return decodeDib(image);
}

function decodeDib(dib: Buffer): IcoImage | null {
  if (dib.length < 40) return null;
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = Math.floor(Math.abs(dib.readInt32LE(8)) / 2);
  const bits = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  const colours = dib.readUInt32LE(32);
  if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE || compression !== 0) return null;
  if (![1, 4, 8, 24, 32].includes(bits) || headerSize < 40 || headerSize > dib.length) return null;
  const paletteSize = bits <= 8 ? colours || 1 << bits : 0;
  const paletteStart = headerSize;
  const pixelStart = paletteStart + paletteSize * 4;
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  const maskRowBytes = Math.ceil(width / 32) * 4;
  const maskStart = pixelStart + rowBytes * height;
  if (maskStart > dib.length) return null;
  const hasMask = maskStart + maskRowBytes * height <= dib.length;
  const out = new Uint8Array(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelStart + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let b = 0;
      let g = 0;
      let r = 0;
      let a = 255;
      if (bits === 32 || bits === 24) {
        const p = row + x * (bits / 8);
        b = dib[p] ?? 0;
        g = dib[p + 1] ?? 0;
        r = dib[p + 2] ?? 0;
        if (bits === 32) {
          a = dib[p + 3] ?? 0;
          if (a > 0) anyAlpha = true;
        }
      } else {
        const bitOffset = x * bits;
        const byte = dib[row + (bitOffset >> 3)] ?? 0;
        const shift = 8 - bits - (bitOffset & 7);
        const entry = (byte >> shift) & ((1 << bits) - 1);
        const p = paletteStart + entry * 4;
        b = dib[p] ?? 0;
        g = dib[p + 1] ?? 0;
        r = dib[p + 2] ?? 0;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  // Without per-pixel alpha the 1-bit AND mask says which pixels are transparent.
  if (hasMask && (bits !== 32 || !anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = maskStart + (height - 1 - y) * maskRowBytes;
      for (let x = 0; x < width; x++) {
        const transparent = ((dib[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        out[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { kind: "rgba", width, height, data: out };
}
