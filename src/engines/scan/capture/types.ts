import type { UrlTricks } from "../../domain/index.js";
import type { NetworkChecks } from "../../risk/network/types.js";
import type { ScanArtifacts, ScanCapture, ScanForm, ScanHop } from "../types.js";

/**
 * What a browser capture records beyond the committed contract (`ScanCapture`, src/engines/scan/types.ts).
 * A `BrowserCapture` is a `ScanCapture`: consumers of the contract read it unchanged; these fields add
 * evidence and diagnostics. See docs/scan-capture.md.
 */
export interface CapturedHop extends ScanHop {
  /** Why this hop gave no document: an egress reason, a `tls_*` origin-check reason, `aborted`… */
  reason: string | null;
}

export interface CapturedInput {
  type: string;
  name: string | null;
  autocomplete: string | null;
  placeholder: string | null;
  visible: boolean;
}

export interface CapturedForm extends ScanForm {
  inputs: CapturedInput[];
  /** The frame's URL for a form inside an iframe; null in the main document. */
  frameUrl: string | null;
  /** The pseudo-form gathering credential-like inputs outside any `<form>` (sent by script); `action` is null. */
  formless: boolean;
}

export interface CapturedCookie {
  name: string;
  domain: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
  path: string;
  /** Unix seconds; null for a session cookie. */
  expires: number | null;
}

export interface CaptureTimings {
  /** Waiting for a browser slot in the pool. */
  queueMs: number;
  /** Until the first document had its DOM. */
  navigationMs: number;
  /** Waiting for late redirects and content. */
  settleMs: number;
  /** Reading the DOM, forms, frames, cookies. */
  extractMs: number;
  screenshotMs: number;
  /** The whole browser task (context creation to close). */
  browserMs: number;
}

export interface BrowserCapture extends ScanCapture {
  chain: CapturedHop[];
  forms: CapturedForm[];
  cookies: CapturedCookie[];
  tls:
    | (NonNullable<ScanCapture["tls"]> & {
        /** `browser`: the connection Chromium used; `probe`: the risk engine's TLS check of the host. */
        source: "browser" | "probe";
      })
    | null;
  favicon:
    | (NonNullable<ScanCapture["favicon"]> & {
        /** Why there are no bytes (`not_an_image`, an egress reason…); null when there are. */
        reason: string | null;
      })
    | null;
  screenshots: ScanCapture["screenshots"] & {
    /** Full height of the page in CSS pixels (the full-page shot is cut at 4000). */
    pageHeight: number | null;
    fullPageTruncated: boolean;
  };
  /** What the caller submitted (trimmed, at most 2048 characters). */
  submittedUrl: string;
  /** What the submitted URL does to disguise where it leads (credentials before `@`, numeric IP, …). */
  urlTricks: UrlTricks;
  /** `https://` was added to a scheme-less input. */
  schemeAdded: boolean;
  /** The final document's `<html lang>`. */
  language: string | null;
  /** Length of the whole serialized DOM and visible text before the caps. */
  htmlLength: number;
  textLength: number;
  textTruncated: boolean;
  /** Pop-up windows the page opened (closed at once). */
  popups: string[];
  /** Requests not listed because the log was full (1,000). */
  requestsDropped: number;
  /** The risk engine's checks of the submitted host when the final host differs; null otherwise. */
  requestNetwork: NetworkChecks | null;
  /** A page script kept the renderer busy and was terminated before the page could be read. */
  scriptTerminated: boolean;
  timings: CaptureTimings;
  /**
   * The main document's certificate was refused (`tlsError`), and the page was then read in a fresh context
   * that accepted that one origin's certificate: the content is the site's, the certificate problem stands.
   */
  tlsBypassed: boolean;
  /**
   * The main document's refused certificate (the hop, reason, message), also when the page could not be
   * read after all; null when none was refused.
   */
  tlsError: { url: string; reason: string; message: string | null } | null;
}

export interface CaptureResult {
  capture: BrowserCapture;
  artifacts: ScanArtifacts;
}
