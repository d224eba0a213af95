/** Response headers as the capture keeps them: lower-case names, multiple values joined with ", ". */
export function flattenHeaders(headers: Record<string, string | string[]>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name.toLowerCase()] = (Array.isArray(value) ? value.join(", ") : value).slice(0, 4_096);
  }
  return flat;
}

const TEXT_TYPE =
  /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|javascript|ecmascript|rdap\+json|rss\+xml|atom\+xml|manifest\+json)|[a-z]+\/[\w.-]+\+(json|xml))/i;

function charsetOf(contentType: string | null, body: Buffer): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  if (declared) return declared;
  const head = body.subarray(0, 2_048).toString("latin1");
  const meta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1];
  return meta ?? "utf-8";
}

/** No NUL or other C0 control bytes (besides tab, CR, LF, FF, ESC) in the first 1 KiB. */
function looksLikeText(body: Buffer): boolean {
  const head = body.subarray(0, 1_024);
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b)
      return false;
  }
  return true;
}

/**
 * The body as text: decoded with the declared charset (header, then <meta charset>, else UTF-8), or empty
 * for binary content — declared as such, or bytes that are not text whatever the declared type says.
 * Undeclared or application/octet-stream content is kept when it looks like text, as JSON documents
 * served as application/octet-stream do.
 */
export function decodeBody(body: Buffer, contentType: string | null, maxChars: number): string {
  if (body.length === 0) return "";
  const type = (contentType ?? "").split(";")[0]?.trim() ?? "";
  const declaredText = TEXT_TYPE.test(type);
  const unknown = type === "" || type === "application/octet-stream" || type === "binary/octet-stream";
  if (!looksLikeText(body) || (!declaredText && !unknown)) return "";
  let text: string;
  try {
    text = new TextDecoder(charsetOf(contentType, body), { fatal: false }).decode(body);
  } catch {
    // A charset label TextDecoder does not know: read it as UTF-8.
    text = new TextDecoder("utf-8", { fatal: false }).decode(body);
  }
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}

/** Whether a content type (or a body without one) is HTML. */
export function isHtml(contentType: string | null, text: string): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "text/html" || type === "application/xhtml+xml") return true;
  if (type !== "" && type !== "application/octet-stream" && type !== "text/plain") return false;
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(text.slice(0, 512));
}
