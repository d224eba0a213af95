import type { Egress } from "../../net/index.js";
import type { DomSnapshot } from "./snapshot.js";
import type { BrowserCapture } from "./types.js";

export type Favicon = NonNullable<BrowserCapture["favicon"]>;

export interface FaviconOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Default 100 KiB; a larger icon is not kept. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 100 * 1024;
const MAX_TRIES = 2;

/** The icons a page names, best first (`icon` before `apple-touch-icon`), then `/favicon.ico` of its origin. */
export function faviconCandidates(icons: DomSnapshot["icons"], pageUrl: string): string[] {
  const usable = (href: string): boolean => /^(https?:|data:)/i.test(href);
  const ranked = [
    ...icons.filter((icon) => !icon.rel.includes("apple-touch-icon")),
    ...icons.filter((icon) => icon.rel.includes("apple-touch-icon")),
  ]
    .map((icon) => icon.href)
    .filter(usable);
  try {
    const origin = new URL(pageUrl);
    if (origin.protocol === "http:" || origin.protocol === "https:")
      ranked.push(`${origin.origin}/favicon.ico`);
  } catch {
    // No origin to ask.
  }
  return [...new Set(ranked)];
}

/** Whether the bytes are an image format browsers use for icons (the declared type is often wrong). */
export function looksLikeImage(bytes: Buffer, contentType: string | null): boolean {
  if (bytes.length === 0) return false;
  const head = bytes.subarray(0, 16);
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (head.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))) return true; // ICO
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return true; // JPEG
  const ascii = head.toString("latin1");
  if (ascii.startsWith("GIF8") || ascii.startsWith("BM")) return true;
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return true;
  const start = bytes.subarray(0, 512).toString("utf8").trimStart().toLowerCase();
  if (start.startsWith("<svg") || (start.startsWith("<?xml") && start.includes("<svg"))) return true;
  return (
    contentType !== null &&
    /^image\/(png|x-icon|vnd\.microsoft\.icon|gif|jpeg|webp|svg\+xml|avif)/i.test(contentType) &&
    !start.startsWith("<")
  );
}

function fromDataUrl(url: string, maxBytes: number): Favicon {
  const match = /^data:([^,]*?),(.*)$/is.exec(url);
  const shown = url.slice(0, 200);
  if (!match) return { url: shown, contentType: null, base64: null, reason: "invalid_data_url" };
  const params = (match[1] ?? "").split(";");
  const contentType = params[0]?.trim() || "text/plain";
  const isBase64 = params.slice(1).some((p) => p.trim().toLowerCase() === "base64");
  let bytes: Buffer;
  try {
    bytes = isBase64
      ? Buffer.from(match[2] ?? "", "base64")
      : Buffer.from(decodeURIComponent(match[2] ?? ""), "utf8");
  } catch {
    return { url: shown, contentType, base64: null, reason: "invalid_data_url" };
  }
  if (bytes.length > maxBytes) return { url: shown, contentType, base64: null, reason: "body_too_large" };
  if (!looksLikeImage(bytes, contentType))
    return { url: shown, contentType, base64: null, reason: "not_an_image" };
  return { url: shown, contentType, base64: bytes.toString("base64"), reason: null };
}

async function fetchOne(
  egress: Egress,
  url: string,
  pageUrl: string,
  options: FaviconOptions,
): Promise<Favicon> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (/^data:/i.test(url)) return fromDataUrl(url, maxBytes);
  const result = await egress.fetch(url, {
    headers: {
      accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
      referer: pageUrl,
    },
    maxBodyBytes: maxBytes,
    onBodyTooLarge: "fail",
    totalTimeoutMs: Math.max(1, options.timeoutMs),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result.ok) return { url, contentType: null, base64: null, reason: result.reason };
  const contentType = result.contentType;
  if (result.status >= 400) return { url, contentType, base64: null, reason: "http_status" };
  if (!looksLikeImage(result.body, contentType))
    return { url, contentType, base64: null, reason: "not_an_image" };
  return { url: result.url, contentType, base64: result.body.toString("base64"), reason: null };
}

/**
 * Fetches the icon the page uses through the egress gate (same resolver and address policy as the
 * browser), at most 100 KiB; a `data:` icon is decoded without any request. Tries the best two candidates
 * and reports the first one that gave an image, else why the first one did not. Never throws.
 */
export async function fetchFavicon(
  egress: Egress,
  icons: DomSnapshot["icons"],
  pageUrl: string,
  options: FaviconOptions,
): Promise<Favicon | null> {
  const deadline = performance.now() + options.timeoutMs;
  let first: Favicon | null = null;
  for (const candidate of faviconCandidates(icons, pageUrl).slice(0, MAX_TRIES)) {
    const left = deadline - performance.now();
    if (left < 100 || options.signal?.aborted) break;
    const favicon = await fetchOne(egress, candidate, pageUrl, { ...options, timeoutMs: left }).catch(
      (error: unknown): Favicon => ({
        url: candidate,
        contentType: null,
        base64: null,
        reason: error instanceof Error ? error.name : "failed",
      }),
    );
    if (favicon.base64 !== null) return favicon;
    first ??= favicon;
  }
  return first;
}
