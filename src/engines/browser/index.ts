// Headless Chromium through playwright-core, every request through the egress gate's proxy.
export { abortError, BrowserTaskError, type BrowserTaskFailure } from "./errors.js";
export {
  BrowserUnavailableError,
  CHROMIUM_CANDIDATES,
  type FindChromiumOptions,
  findChromium,
} from "./executable.js";
export { type ChromiumArgsOptions, chromiumArgs, spkiHashes } from "./launch.js";
export {
  type BrowserPool,
  type BrowserPoolOptions,
  type BrowserPoolStats,
  createBrowserPool,
  type RunOptions,
} from "./pool.js";
export {
  type BrowserHop,
  type PageRenderer,
  type RenderError,
  type RenderErrorReason,
  type RenderOptions,
  type RenderResult,
  renderPage,
} from "./render.js";
export type { BrowserSession, TlsRefusal } from "./session.js";
export { createOriginVerifier, type OriginVerdict, type OriginVerifier } from "./tls-verify.js";
