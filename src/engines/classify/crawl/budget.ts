import type { CrawlBudgetUse } from "../capture.js";

/** Limits of one crawl. */
export interface CrawlLimits {
  /** Bytes of response bodies kept over the whole crawl (decoded). Default 1.5 MiB. */
  maxBytes: number;
  /** Bytes kept of one page. Default 512 KiB. */
  maxPageBytes: number;
  /** Wall-clock time of the whole crawl, network checks included. Default 8 s. */
  maxMs: number;
  /** Pages fetched at once after the root. Default 3. */
  concurrency: number;
  /** Time the browser gets for a JavaScript shell (also bounded by what is left). Default 5 s. */
  browserMs: number;
  /** Deadline of the DNS/RDAP/TLS/ASN checks. Default 4.5 s. */
  networkMs: number;
}

export const DEFAULT_LIMITS: Readonly<CrawlLimits> = Object.freeze({
  maxBytes: 1_536 * 1024,
  maxPageBytes: 512 * 1024,
  maxMs: 8_000,
  concurrency: 3,
  browserMs: 5_000,
  networkMs: 4_500,
});

/** Below this, a request is not started: it could not finish. */
const MIN_REQUEST_MS = 250;

/**
 * Byte and time accounting. A fetch reserves its page cap (or what is left) before it starts and gives
 * back what it did not use, so concurrent fetches can never overshoot the total.
 */
export class CrawlBudget {
  private used = 0;
  private reserved = 0;
  private readonly started = performance.now();
  exhausted = false;

  constructor(readonly limits: CrawlLimits) {}

  elapsedMs(): number {
    return Math.round(performance.now() - this.started);
  }

  remainingMs(): number {
    return Math.max(0, this.limits.maxMs - (performance.now() - this.started));
  }

  /** Bytes this fetch may keep, or null (and `exhausted`) when no time or bytes are left for it. */
  reserve(minimumMs = MIN_REQUEST_MS): number | null {
    const left = this.limits.maxBytes - this.used - this.reserved;
    if (left <= 0 || this.remainingMs() < minimumMs) {
      this.exhausted = true;
      return null;
    }
    const grant = Math.min(this.limits.maxPageBytes, left);
    this.reserved += grant;
    return grant;
  }

  /** Settles a reservation with the bytes actually kept. */
  settle(grant: number, bytes: number): void {
    this.reserved -= grant;
    this.used += Math.min(bytes, grant);
  }

  /** Counts bytes that were not reserved (the browser's DOM), capped at what is left. */
  add(bytes: number): number {
    const kept = Math.max(0, Math.min(bytes, this.limits.maxBytes - this.used - this.reserved));
    this.used += kept;
    return kept;
  }

  use(): CrawlBudgetUse {
    return {
      bytes: this.used,
      maxBytes: this.limits.maxBytes,
      elapsedMs: this.elapsedMs(),
      maxMs: this.limits.maxMs,
      exhausted: this.exhausted,
    };
  }
}
