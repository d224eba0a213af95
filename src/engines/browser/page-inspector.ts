import type { CDPSession } from "playwright-core";
import { within as withinMs } from "../../util/within.js";

/** The page did not answer in time (its renderer is busy, e.g. a script that never returns). */
export class PageUnresponsiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PageUnresponsiveError";
  }
}

/**
 * Reads a page from outside its own JavaScript: expressions run in an isolated world of the main frame
 * (same DOM, separate globals), so a page that redefines `innerText`, `Array.from` or form getters for its
 * own scripts cannot change what is read.
 */
export interface PageInspector {
  /**
   * Evaluates `expression` in a fresh isolated world of the main frame's current document and returns its
   * value (JSON-serializable). Rejects with PageUnresponsiveError after `timeoutMs`, or with the
   * expression's exception.
   */
  evaluate<T>(expression: string, timeoutMs: number): Promise<T>;
  /**
   * Stops the page's own scripts so that what is read next stays as it is: a script still running after
   * a short wait (a busy loop) is terminated, then script execution is disabled for the page. Navigations
   * already scheduled by the document itself (meta refresh) are not stopped. `terminated` says whether a
   * running script had to be ended; `responsive` whether the page answered afterwards.
   */
  freeze(timeoutMs: number): Promise<{ terminated: boolean; responsive: boolean }>;
}

const WORLD_NAME = "domainlens-inspector";

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return withinMs(
    work,
    ms,
    (waited) => new PageUnresponsiveError(`${what}: no answer within ${Math.round(waited)} ms`),
  );
}

export function createPageInspector(cdp: CDPSession, mainFrameId: string): PageInspector {
  const isolatedWorld = async (ms: number): Promise<number> => {
    const world = await within(
      cdp.send("Page.createIsolatedWorld", { frameId: mainFrameId, worldName: WORLD_NAME }),
      ms,
      "creating an isolated world",
    );
    return world.executionContextId;
  };
  const answers = (ms: number): Promise<boolean> =>
    isolatedWorld(ms).then(
      () => true,
      () => false,
    );
  return {
    async evaluate<T>(expression: string, timeoutMs: number): Promise<T> {
      const started = performance.now();
      const contextId = await isolatedWorld(timeoutMs);
      const left = timeoutMs - (performance.now() - started);
      const evaluated = await within(
        cdp.send("Runtime.evaluate", { expression, contextId, returnByValue: true, silent: true }),
        left,
        "evaluating in the page",
      );
      if (evaluated.exceptionDetails) {
        const details = evaluated.exceptionDetails;
        throw new Error(details.exception?.description?.split("\n")[0] ?? details.text);
      }
      return evaluated.result.value as T;
    },
    async freeze(timeoutMs) {
      const started = performance.now();
      const left = (): number => Math.max(1, timeoutMs - (performance.now() - started));
      let terminated = false;
      let responsive = await answers(Math.min(1_000, left()));
      if (!responsive) {
        // Ends the script that keeps the renderer busy (handled off the page's main thread).
        await within(cdp.send("Runtime.terminateExecution"), Math.min(500, left()), "terminating").catch(
          () => {},
        );
        terminated = true;
      }
      await within(
        cdp.send("Emulation.setScriptExecutionDisabled", { value: true }),
        Math.min(1_000, left()),
        "disabling scripts",
      ).catch(() => {});
      if (terminated) responsive = await answers(Math.min(1_000, left()));
      return { terminated, responsive };
    },
  };
}
