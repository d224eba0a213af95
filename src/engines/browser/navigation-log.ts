import type { CDPSession, Frame, Page, Request, Response } from "playwright-core";
import { REASON_HEADER } from "../egress/index.js";

/** How a hop sent the browser on to the next one (the last hop of a chain is `http`). */
export type NavigationKind = "http" | "meta_refresh" | "script" | "navigation";

/** One main-frame document request, in the order the browser made them. */
export interface NavigationHop {
  url: string;
  /** HTTP status; null when no answer came (refused, failed, still running). */
  status: number | null;
  /** Where this hop sent the browser next; null at the end. */
  location: string | null;
  kind: NavigationKind;
  /** The egress gate's reason when its proxy answered in the site's place. */
  refusal: string | null;
  /** Chromium's error text (`net::ERR_…`) when the request failed. */
  failure: string | null;
  /** The document was shown (committed in the main frame). */
  committed: boolean;
}

/** The document the main frame shows. */
export interface NavigationDocument {
  url: string;
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  refusal: string | null;
  response: Response;
}

export interface NavigationState {
  /** The last document committed in the main frame; null when none was. */
  document: NavigationDocument | null;
  /** The latest navigation after that document when it did not show a page: failed, or still running. */
  unfinished: { url: string; failure: string | null; pending: boolean } | null;
  /** The main frame shows Chromium's own error page, not a site's document. */
  errorPage: boolean;
}

/**
 * A synchronous record of a page's main-frame navigations, built from events only: it stays readable
 * after the context closed (a task cut off at its deadline still knows how far it got).
 */
export interface NavigationLog {
  /** The main frame's CDP frame id. */
  readonly mainFrameId: string;
  hops(): NavigationHop[];
  state(): NavigationState;
  /** A meta refresh (or Refresh header) the current document has scheduled: its target and when it fires. */
  scheduledRefresh(): { url: string; at: number } | null;
  /** How many navigations the main frame started so far (HTTP redirects not counted). */
  starts(): number;
  /**
   * Resolves true as soon as the main frame has started a navigation beyond the first `since` (default:
   * the count now), false after `ms` without one.
   */
  navigationWithin(ms: number, since?: number): Promise<boolean>;
  /** Resolves true once no main-frame navigation is in flight, false if one still is after `ms`. */
  settled(ms: number): Promise<boolean>;
  dispose(): void;
}

interface Entry {
  url: string;
  previous: Entry | null;
  next: Entry | null;
  status: number | null;
  headers: Record<string, string>;
  refusal: string | null;
  failure: string | null;
  committed: boolean;
  response: Response | null;
}

const MAX_ENTRIES = 100;
const ABORTED = "net::ERR_ABORTED";

function withoutFragment(url: string): string {
  const at = url.indexOf("#");
  return at < 0 ? url : url.slice(0, at);
}

function kindFor(reason: string | undefined): NavigationKind {
  if (reason === "metaTagRefresh" || reason === "httpHeaderRefresh") return "meta_refresh";
  if (reason === "scriptInitiated") return "script";
  return "navigation";
}

/**
 * Starts recording the main-frame navigations of `page`. `cdp` is a CDP session of that page; the log
 * enables its Page domain and reads Chromium's reason for each client-side navigation (meta refresh,
 * script, form, link) and scheduled refreshes from it.
 */
export async function recordNavigations(page: Page, cdp: CDPSession): Promise<NavigationLog> {
  await cdp.send("Page.enable");
  const mainFrameId = (await cdp.send("Page.getFrameTree")).frameTree.frame.id;
  const entries: Entry[] = [];
  const byRequest = new Map<Request, Entry>();
  /** Chromium's reasons for client-side navigations, in order: matched to new navigations by URL. */
  const reasons: Array<{ key: string; reason: string }> = [];
  let scheduled: { url: string; at: number } | null = null;
  let errorPage = false;
  /** Navigations started (not counting redirects). */
  let starts = 0;
  const changeListeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...changeListeners]) listener();
  };

  const isMain = (request: Request): boolean =>
    request.isNavigationRequest() && request.frame() === page.mainFrame();

  const onRequest = (request: Request): void => {
    if (!isMain(request) || entries.length >= MAX_ENTRIES) return;
    const from = request.redirectedFrom();
    const previous = from ? (byRequest.get(from) ?? null) : null;
    const entry: Entry = {
      url: request.url(),
      previous,
      next: null,
      status: null,
      headers: {},
      refusal: null,
      failure: null,
      committed: false,
      response: null,
    };
    if (previous) previous.next = entry;
    entries.push(entry);
    byRequest.set(request, entry);
    if (!previous) starts += 1;
    changed();
  };
  const onResponse = (response: Response): void => {
    const entry = byRequest.get(response.request());
    if (!entry) return;
    entry.status = response.status();
    entry.headers = response.headers();
    entry.refusal = entry.headers[REASON_HEADER] ?? null;
    entry.response = response;
    changed();
  };
  const onFailed = (request: Request): void => {
    const entry = byRequest.get(request);
    if (!entry) return;
    entry.failure = request.failure()?.errorText ?? "net::ERR_FAILED";
    changed();
  };
  const onCommitted = (frame: Frame): void => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    errorPage = url.startsWith("chrome-error:");
    const key = withoutFragment(url);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i];
      if (!entry || entry.committed) break;
      if (entry.next === null && entry.status !== null && withoutFragment(entry.url) === key) {
        entry.committed = true;
        scheduled = null;
        break;
      }
    }
    changed();
  };
  const onRequested = (event: { frameId: string; reason: string; url: string }): void => {
    if (event.frameId !== mainFrameId) return;
    scheduled = null;
    if (reasons.length < MAX_ENTRIES) reasons.push({ key: withoutFragment(event.url), reason: event.reason });
  };
  const onScheduled = (event: { frameId: string; delay: number; url: string }): void => {
    if (event.frameId !== mainFrameId) return;
    scheduled = { url: event.url, at: performance.now() + Math.max(0, event.delay) * 1000 };
  };
  const onCleared = (event: { frameId: string }): void => {
    if (event.frameId === mainFrameId) scheduled = null;
  };

  page.on("request", onRequest);
  page.on("response", onResponse);
  page.on("requestfailed", onFailed);
  page.on("framenavigated", onCommitted);
  cdp.on("Page.frameRequestedNavigation", onRequested);
  cdp.on("Page.frameScheduledNavigation", onScheduled);
  cdp.on("Page.frameClearedScheduledNavigation", onCleared);

  const inFlight = (): boolean => {
    const last = entries.at(-1);
    return last !== undefined && !last.committed && last.failure === null;
  };

  /** Waits until `done()` holds (checked on every change), false after `ms`. */
  const waitFor = (done: () => boolean, ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      if (done()) return resolve(true);
      const check = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        changeListeners.delete(check);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          changeListeners.delete(check);
          resolve(done());
        },
        Math.max(0, ms),
      );
      changeListeners.add(check);
    });

  return {
    mainFrameId,
    hops() {
      let cursor = 0;
      const reasonOf = (entry: Entry): string | undefined => {
        const key = withoutFragment(entry.url);
        for (let i = cursor; i < reasons.length; i += 1)
          if (reasons[i]?.key === key) {
            cursor = i + 1;
            return reasons[i]?.reason;
          }
        return undefined;
      };
      const startKinds = new Map<Entry, NavigationKind>();
      for (const entry of entries) if (!entry.previous) startKinds.set(entry, kindFor(reasonOf(entry)));
      return entries.map((entry, index) => {
        let location: string | null = null;
        let kind: NavigationKind = "http";
        if (entry.next) location = entry.next.url;
        else {
          const following = entries.slice(index + 1).find((later) => later.previous === null);
          if (following) {
            location = following.url;
            kind = startKinds.get(following) ?? "navigation";
          }
        }
        return {
          url: entry.url,
          status: entry.status,
          location,
          kind,
          refusal: entry.refusal,
          failure: entry.failure,
          committed: entry.committed,
        };
      });
    },
    state() {
      let shown: Entry | null = null;
      let shownAt = -1;
      for (let i = entries.length - 1; i >= 0; i -= 1)
        if (entries[i]?.committed) {
          shown = entries[i] ?? null;
          shownAt = i;
          break;
        }
      const document =
        shown?.response && shown.status !== null
          ? {
              url: shown.url,
              status: shown.status,
              headers: shown.headers,
              refusal: shown.refusal,
              response: shown.response,
            }
          : null;
      let unfinished: NavigationState["unfinished"] = null;
      const lastAt = entries.length - 1;
      const last = entries[lastAt];
      if (last && lastAt > shownAt && !last.committed) {
        if (last.failure === null) unfinished = { url: last.url, failure: null, pending: true };
        // An aborted navigation (a download, one the page itself stopped) leaves the shown page as it was.
        else if (last.failure !== ABORTED || document === null)
          unfinished = { url: last.url, failure: last.failure, pending: false };
      }
      return { document, unfinished, errorPage };
    },
    scheduledRefresh: () => scheduled,
    starts: () => starts,
    navigationWithin(ms, since = starts) {
      return waitFor(() => starts > since, ms);
    },
    settled: (ms) => waitFor(() => !inFlight(), ms),
    dispose() {
      page.off("request", onRequest);
      page.off("response", onResponse);
      page.off("requestfailed", onFailed);
      page.off("framenavigated", onCommitted);
      cdp.off("Page.frameRequestedNavigation", onRequested);
      cdp.off("Page.frameScheduledNavigation", onScheduled);
      cdp.off("Page.frameClearedScheduledNavigation", onCleared);
      changeListeners.clear();
    },
  };
}
