// Headless Chromium through playwright-core, every request through the egress gate's proxy.
export { BrowserTaskError, type BrowserTaskFailure } from "./errors.js";
export {
  BrowserUnavailableError,
  CHROMIUM_CANDIDATES,
  type FindChromiumOptions,
  findChromium,
} from "./executable.js";
export { type ChromiumArgsOptions, chromiumArgs, LOCKED_DOWN_SWITCHES, spkiHashes } from "./launch.js";
export {
  type NavigationDocument,
  type NavigationHop,
  type NavigationKind,
  type NavigationLog,
  type NavigationState,
  recordNavigations,
} from "./navigation-log.js";
export {
  type BrowserRequest,
  chromiumReason,
  type EgressIndex,
  egressIndex,
  isPolicyCode,
  originKey,
  type RequestFailure,
  type RequestLog,
  recordRequests,
} from "./network-log.js";
export { createPageInspector, type PageInspector, PageUnresponsiveError } from "./page-inspector.js";
export {
  type AcceptedOrigin,
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
export type { BrowserDialog, BrowserSession, TlsRefusal } from "./session.js";
export { createOriginVerifier, type OriginVerdict, type OriginVerifier } from "./tls-verify.js";
