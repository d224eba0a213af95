import createFetchClient, { type Client } from "openapi-fetch";
import { type FetchLike, type RetryOptions, retryingFetch, sleep } from "./retry.js";
import type { components, paths } from "./schema.js";

export { isRetryable, type RetryOptions, retryAfterMs } from "./retry.js";
export type { components, operations, paths } from "./schema.js";
export {
  type VerifyOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from "./webhooks.js";

type Schemas = components["schemas"];
export type Scan = Schemas["Scan"];
export type ScanSummary = Schemas["ScanSummary"];
export type ScanBatch = Schemas["ScanBatch"];
export type ScanReport = Schemas["ScanReport"];
export type ClassificationJob = Schemas["ClassificationJob"];
export type Webhook = Schemas["Webhook"];
export type WebhookWithSecret = Schemas["WebhookWithSecret"];
export type Problem = Schemas["Problem"];
export type RateLimitExceeded = Schemas["RateLimitExceeded"];
export type ScanListQuery = NonNullable<paths["/v1/scans"]["get"]["parameters"]["query"]>;

export const DEFAULT_BASE_URL = "http://127.0.0.1:8080";

export interface ClientOptions {
  /** The API's address (default http://127.0.0.1:8080). */
  baseUrl?: string;
  /** An organization API key (`dl_live_…`), sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Retries of 429 and other "come back later" answers (default 3, honouring Retry-After); false: none. */
  retry?: RetryOptions | false;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch to send requests with (default globalThis.fetch). */
  fetch?: FetchLike;
}

export interface WaitOptions {
  /** Time between two reads of the scan, in milliseconds (default 3,000). */
  intervalMs?: number;
  /** Give up after this many milliseconds (default 15 minutes; the API fails a scan after 10). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The typed client: `GET`, `POST`, `PATCH`, … of openapi-fetch on every route, and a few helpers. */
export interface DomainLensClient extends Client<paths> {
  /** Polls `GET /v1/scans/{scan_id}` until the scan is `completed` or `failed`, and returns its record. */
  waitForScan(scanId: string, options?: WaitOptions): Promise<Scan>;
  /** Every scan matching `query`, newest first, walking the cursor pages of `GET /v1/scans`. */
  eachScan(query?: Omit<ScanListQuery, "cursor">): AsyncGenerator<ScanSummary>;
}

/** An answer the API refused: its status and the `error` code and `message` of its body. */
export class DomainLensError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The parsed body (a problem document, or the 429 body). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = "DomainLensError";
  }

  static from(response: Response, body: unknown): DomainLensError {
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof fields.error === "string" ? fields.error : `http_${response.status}`;
    const message =
      typeof fields.message === "string"
        ? fields.message
        : `${response.status} ${response.statusText}`.trim();
    return new DomainLensError(response.status, code, message, body);
  }
}

/**
 * The data of a successful openapi-fetch result; throws a DomainLensError for an error answer.
 *
 *   const scan = unwrap(await client.GET("/v1/scans/{scan_id}", { params: { path: { scan_id } } }));
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw DomainLensError.from(result.response, result.error);
  return result.data as T;
}

/** A client of the DomainLens API at `options.baseUrl`. */
export function createClient(options: ClientOptions = {}): DomainLensClient {
  const baseFetch: FetchLike = options.fetch ?? ((request) => fetch(request));
  const send = options.retry === false ? baseFetch : retryingFetch(baseFetch, options.retry);
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const client = createFetchClient<paths>({
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    headers,
    fetch: send,
  });
  async function waitForScan(scanId: string, wait: WaitOptions = {}): Promise<Scan> {
    const intervalMs = wait.intervalMs ?? 3_000;
    const deadline = Date.now() + (wait.timeoutMs ?? 15 * 60_000);
    for (;;) {
      const scan = unwrap(
        await client.GET("/v1/scans/{scan_id}", {
          params: { path: { scan_id: scanId } },
          ...(wait.signal ? { signal: wait.signal } : {}),
        }),
      );
      if (scan.status === "completed" || scan.status === "failed") return scan;
      if (Date.now() + intervalMs > deadline) {
        throw new Error(`Scan ${scanId} is still ${scan.status} after ${wait.timeoutMs ?? 900_000} ms.`);
      }
      await sleep(intervalMs, wait.signal);
    }
  }

  async function* eachScan(query: Omit<ScanListQuery, "cursor"> = {}): AsyncGenerator<ScanSummary> {
    let cursor: string | undefined;
    do {
      const page = unwrap(
        await client.GET("/v1/scans", { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } }),
      );
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  return Object.assign(client, { waitForScan, eachScan });
}
