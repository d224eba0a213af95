/** Why a browser task ended without its result (besides the caller's own abort). */
export type BrowserTaskFailure =
  /** The task's time limit ran out. */
  | "timeout"
  /** Chromium exited or lost its connection during the task (the pool relaunches it). */
  | "crashed"
  /** The pool was closed. */
  | "closed"
  /** Chromium could not be started (missing executable, launch error). */
  | "browser_unavailable";

export class BrowserTaskError extends Error {
  constructor(
    readonly reason: BrowserTaskFailure,
    message: string,
  ) {
    super(message);
    this.name = "BrowserTaskError";
  }
}
