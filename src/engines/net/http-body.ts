import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export interface CappedBody {
  body: Buffer;
  /** True when the body was longer than the cap and reading stopped there. */
  truncated: boolean;
  /** True when a Content-Encoding could not be decoded; `body` holds what was decoded before that. */
  decodeError: boolean;
}

function decoderFor(contentEncoding: string | undefined): Transform | null {
  const encoding = (contentEncoding ?? "").trim().toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return createGunzip();
  if (encoding === "deflate") return createInflate();
  if (encoding === "br") return createBrotliDecompress();
  return null;
}

function isDecodeError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  return code.startsWith("Z_") || code.includes("BROTLI") || code.startsWith("ERR__ERROR");
}

/**
 * Reads a response body up to `maxBytes` decoded bytes, stopping (and destroying the stream) as soon as
 * the cap is reached, so neither a huge nor a highly compressed body is ever held in full. Network errors
 * are rethrown; a broken Content-Encoding is reported with `decodeError`.
 */
export async function readCappedBody(
  stream: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<CappedBody> {
  // Destroying a body early makes it emit an abort error nobody else listens for.
  stream.on("error", () => {});
  const decoder = decoderFor(contentEncoding);
  const source: Readable = decoder ? pipeline(stream, decoder, () => {}) : stream;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  let decodeError = false;
  try {
    for await (const value of source) {
      const chunk: Buffer = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
      const room = maxBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if (!decoder || !isDecodeError(error)) throw error;
    decodeError = true;
  } finally {
    if (!stream.destroyed) stream.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated, decodeError };
}
