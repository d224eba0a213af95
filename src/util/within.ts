/** What a piece of work came to by its time limit. */
export type Settled<T> = { done: true; value: T } | { done: false };

/**
 * `{ done: true, value }` when `work` fulfils within `ms`, `{ done: false }` once `ms` have passed first; a
 * rejection of `work` in time rejects. The work itself is not stopped (the caller closes what it ran in);
 * the timer is cleared as soon as the work settles. `unref`: the timer does not keep the process alive.
 */
export function settleWithin<T>(
  work: Promise<T>,
  ms: number,
  options: { unref?: boolean } = {},
): Promise<Settled<T>> {
  return new Promise<Settled<T>>((resolve, reject) => {
    const timer = setTimeout(() => resolve({ done: false }), Math.max(1, ms));
    if (options.unref) timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve({ done: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * `work`, or a rejection once `ms` have passed without an answer (the work itself is not stopped: the
 * caller closes what it ran in). `late` makes the rejection's error (default: "no answer within N ms").
 */
export function within<T>(
  work: Promise<T>,
  ms: number,
  late: (ms: number) => Error = (waited) => new Error(`no answer within ${Math.round(waited)} ms`),
): Promise<T> {
  return settleWithin(work, ms).then((settled) => {
    if (settled.done) return settled.value;
    throw late(ms);
  });
}
