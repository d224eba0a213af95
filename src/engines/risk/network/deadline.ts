import type { Settled } from "../../../util/within.js";

/**
 * The analysis deadline: one timer, one signal every check listens to (a time limit shared by many
 * checks; a limit on one promise is `settleWithin`/`within` of src/util/within.ts).
 */
export interface Deadline {
  /** Aborted when the deadline passes or the analysis ends early. */
  readonly signal: AbortSignal;
  /** Resolves when the deadline passes (never when it is cancelled). */
  readonly reached: Promise<void>;
  expired(): boolean;
  /** Ends the analysis: stops the timer and aborts the checks still running. */
  cancel(): void;
}

export function startDeadline(ms: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<void>((resolve) => {
    timer = setTimeout(
      () => {
        expired = true;
        resolve();
        controller.abort();
      },
      Math.max(0, ms),
    );
  });
  return {
    signal: controller.signal,
    reached,
    expired: () => expired,
    cancel() {
      clearTimeout(timer);
      controller.abort();
    },
  };
}

/** A signal aborted by `parent` or after `ms`, whichever comes first; `dispose` clears its timer. */
export function childSignal(parent: AbortSignal, ms: number): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  const timer = setTimeout(onAbort, Math.max(0, ms));
  if (parent.aborted) controller.abort();
  else parent.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      parent.removeEventListener("abort", onAbort);
    },
  };
}

/** The work's result if it arrives before the deadline, else `{ done: false }` at the deadline. */
export function beforeDeadline<T>(work: Promise<T>, deadline: Deadline): Promise<Settled<T>> {
  const late = deadline.reached.then((): Settled<T> => ({ done: false }));
  const inTime = work.then(
    (value): Settled<T> => (deadline.expired() ? { done: false } : { done: true, value }),
  );
  return Promise.race([inTime, late]);
}
