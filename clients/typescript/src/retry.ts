/** How the client retries answers that say the request was not carried out and when to come back. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 turns retrying off. */
  maxRetries?: number;
  /**
   * The longest wait before one retry, in milliseconds (default 60,000). An answer asking for a longer wait
   * is handed back as it is rather than waited for.
   */
  maxDelayMs?: number;
  /** Wait before the first retry when the answer has no `Retry-After` (default 1,000 ms, doubling). */
  baseDelayMs?: number;
}

export type FetchLike = (input: Request) => Promise<Response>;

/**
 * Whether an answer means "nothing was done, come back later": 429 (rate limit), 503 with `Retry-After`
 * (the node is shutting down, or the rate limiter cannot be reached) and 409 with `Retry-After` (a request
 * with the same `Idempotency-Key` is still running). Retrying these is safe for every method.
 */
export function isRetryable(response: Response): boolean {
  if (response.status === 429) return true;
  if (response.status === 503 || response.status === 409) return response.headers.has("retry-after");
  return false;
}

/**
 * Milliseconds a `Retry-After` header asks to wait: delay-seconds or an HTTP date; null when absent or
 * unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A fetch that sends a request again, after the wait its answer asks for (`Retry-After`, else an
 * exponential backoff), while the answer is retryable (see isRetryable). The last answer is returned as it
 * is, so the caller sees the 429 when retries run out.
 */
export function retryingFetch(inner: FetchLike, options: RetryOptions = {}): FetchLike {
  const maxRetries = options.maxRetries ?? 3;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A request body can be read once: each attempt but the last sends a copy.
      const last = attempt >= maxRetries;
      const response = await inner(last ? request : request.clone());
      if (last || !isRetryable(response)) return response;
      const delay = retryAfterMs(response.headers.get("retry-after")) ?? baseDelayMs * 2 ** attempt;
      if (delay > maxDelayMs) return response;
      // The answer is not read: release its body before waiting.
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}
