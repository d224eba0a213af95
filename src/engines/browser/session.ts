import type { BrowserContext, Page } from "playwright-core";
import type { ProxyEvent } from "../egress/index.js";

/** A request the browser was not allowed to make because its HTTPS origin failed verification. */
export interface TlsRefusal {
  url: string;
  reason: string;
  message: string;
}

/** A JavaScript dialog the page opened (alert, confirm, prompt, beforeunload); every one is dismissed. */
export interface BrowserDialog {
  type: string;
  /** The dialog's text, capped at 1,000 characters. */
  message: string;
}

/**
 * One task's browser: a fresh context (own cookies, cache, storage) with one page, its own egress proxy,
 * and what was observed so far. Handed to the task function of `BrowserPool.run`; closed when it returns.
 */
export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every request of this task as the egress proxy saw it (CONNECT tunnels and plain HTTP). */
  readonly proxyEvents: readonly ProxyEvent[];
  /** HTTPS requests refused because the origin's certificate failed DomainLens's own verification. */
  readonly tlsRefusals: readonly TlsRefusal[];
  /** Downloads the page started; every one is refused. */
  readonly downloads: readonly string[];
  /** Pop-up windows the page opened (closed at once). */
  readonly popups: readonly string[];
  /** Dialogs the page opened, in order (at most 50 kept). */
  readonly dialogs: readonly BrowserDialog[];
  /** `https://host:port` whose certificate this task accepts unverified (RunOptions.acceptCertificateOf); usually null. */
  readonly acceptedOrigin: string | null;
  /** Aborted at the task's deadline or when the caller aborts. */
  readonly signal: AbortSignal;
  /** Milliseconds left before the task's deadline. */
  remainingMs(): number;
}

/** Mutable side of a session, kept by the pool. */
export interface SessionRecord extends BrowserSession {
  readonly proxyEvents: ProxyEvent[];
  readonly tlsRefusals: TlsRefusal[];
  readonly downloads: string[];
  readonly popups: string[];
  readonly dialogs: BrowserDialog[];
}
