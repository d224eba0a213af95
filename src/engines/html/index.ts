export {
  type ExtractedPage,
  type ExtraPageFacts,
  emptyPage,
  extractPage,
  MAX_HTML_CHARS,
} from "./extract.js";
export { cleanText, resolveUrl, truncate } from "./text.js";
export type { PageFacts } from "./types.js";
