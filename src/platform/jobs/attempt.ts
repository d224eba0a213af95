import type { JobRow } from "../db/schema.js";
import { toJobError } from "./errors.js";
import type { AnyJobHandler, JobContext, JobError } from "./types.js";

/** setTimeout's largest delay; longer budgets are cut to it. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Runs one attempt of `job`. Resolves with undefined on success, or with the JobError that ended it:
 * the handler's rejection or synchronous throw, "timeout" when the budget runs out, or "aborted" when
 * the controller aborts (shutdown, lost lease). Never rejects, and does not wait for a handler that
 * ignores its signal.
 */
export function runAttempt(
  handler: AnyJobHandler,
  job: JobRow,
  controller: AbortController,
): Promise<JobError | undefined> {
  return new Promise((resolve) => {
    const { signal } = controller;
    let settled = false;
    const onAbort = (): void => {
      finish({ code: "aborted", message: describeReason(signal.reason) });
    };
    const timer = setTimeout(
      () => {
        const message = `the job did not finish within ${handler.timeoutMs} ms`;
        finish({ code: "timeout", message });
        controller.abort(new DOMException(message, "TimeoutError"));
      },
      Math.min(handler.timeoutMs, MAX_TIMER_MS),
    );
    function finish(outcome: JobError | undefined): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(outcome);
    }
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });

    const ctx: JobContext = { signal, attempt: job.attempts, jobId: job.id };
    let pending: Promise<void>;
    try {
      // The runtime cannot know each handler's payload type; handlers validate what they receive.
      pending = Promise.resolve(handler.run(job.payload as never, ctx));
    } catch (thrown) {
      finish(toJobError(thrown));
      return;
    }
    pending.then(
      () => finish(undefined),
      (thrown: unknown) => finish(toJobError(thrown)),
    );
  });
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error && reason.message !== "") return reason.message;
  return "the attempt was aborted";
}
