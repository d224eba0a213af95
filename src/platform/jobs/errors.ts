import type { JobError } from "./types.js";

const MAX_MESSAGE_LENGTH = 1000;
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/;

/**
 * An error a handler throws to choose the recorded code, and to stop retries with
 * `retryable: false` (e.g. a payload that can never succeed).
 */
export class JobFailure extends Error implements JobError {
  readonly code: string;
  readonly retryable: boolean | undefined;

  constructor(code: string, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "JobFailure";
    this.code = code;
    this.retryable = options.retryable;
  }
}

/**
 * Turns anything a handler threw (an Error, a string, null, a hostile object whose getters throw)
 * into a JobError. Never throws.
 */
export function toJobError(thrown: unknown, fallbackCode = "handler_error"): JobError {
  try {
    if (typeof thrown === "string") return { code: fallbackCode, message: clip(thrown) };
    if (typeof thrown !== "object" || thrown === null) {
      return { code: fallbackCode, message: clip(`non-error value thrown: ${String(thrown)}`) };
    }
    const code = readProperty(thrown, "code");
    const message = readProperty(thrown, "message");
    const retryable = readProperty(thrown, "retryable");
    const error: JobError = {
      code: typeof code === "string" && CODE_PATTERN.test(code) ? code : fallbackCode,
      message:
        typeof message === "string" && message !== "" ? clip(message) : "the job failed without a message",
    };
    if (typeof retryable === "boolean") error.retryable = retryable;
    return error;
  } catch {
    return { code: fallbackCode, message: "the job failed with an unreadable error" };
  }
}

/** A plain copy of a JobError, safe to store as JSON. */
export function plainJobError(error: JobError): JobError {
  const plain: JobError = { code: error.code, message: error.message };
  if (error.retryable !== undefined) plain.retryable = error.retryable;
  return plain;
}

function readProperty(value: object, key: string): unknown {
  try {
    return Reflect.get(value, key);
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 5 * 60_000;
const MAX_DELAY_MS = 24 * 60 * 60_000;

/** Exponential backoff from 1 s, capped at 5 min, with equal jitter (between half and all of the step). */
export function defaultBackoffMs(attempt: number): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(step / 2 + (Math.random() * step) / 2);
}

/** The delay from a custom backoff, falling back to the default when it throws or returns nonsense. */
export function safeBackoffMs(backoff: (attempt: number) => number, attempt: number): number {
  let delay: number;
  try {
    delay = backoff(attempt);
  } catch {
    delay = Number.NaN;
  }
  if (typeof delay !== "number" || !Number.isFinite(delay) || delay < 0) delay = defaultBackoffMs(attempt);
  return Math.min(Math.round(delay), MAX_DELAY_MS);
}
