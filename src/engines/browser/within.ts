/**
 * `work`, or a rejection once `ms` have passed without an answer (the work itself is not stopped: the
 * caller closes what it ran in). `late` makes the rejection's error (default: "no answer within N ms").
 */
export function within<T>(
  work: Promise<T>,
  ms: number,
  late: (ms: number) => Error = (waited) => new Error(`no answer within ${Math.round(waited)} ms`),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late(ms)), Math.max(1, ms));
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
