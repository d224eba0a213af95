export {
  type ExtractedPage,
  type ExtraPageFacts,
  emptyPage,
  extractPage,
  type HtmlListener,
  MAX_HTML_CHARS,
} from "./extract.js";
export { cleanText, resolveUrl, truncate } from "./text.js";
export type { PageFacts } from "./types.js";
