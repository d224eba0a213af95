import type { Page, Response } from "playwright-core";
import { within } from "../../../util/within.js";
import { readChildFrames } from "../../browser/frames.js";
import {
  type BrowserSession,
  createPageInspector,
  egressIndex,
  type NavigationLog,
  type RequestLog,
  recordNavigations,
  recordRequests,
} from "../../browser/index.js";
import { awaitLateContent, LATE_CONTENT_MS } from "../../browser/late-content.js";
import { type NavigationRun, navigate } from "./navigate.js";
import { outcomeForReason, showsPage } from "./outcome.js";
import {
  type DomSnapshot,
  frameExpressions,
  readSnapshot,
  snapshotExpression,
  withFrames,
} from "./snapshot.js";
import type { BrowserCapture, CapturedCookie } from "./types.js";

/** Everything the browser task has recorded so far; read after the task, also when it was cut off. */
export interface PageState {
  session: BrowserSession | null;
  navigation: NavigationLog | null;
  requests: RequestLog | null;
  run: NavigationRun | null;
  snapshot: DomSnapshot | null;
  viewport: Buffer | null;
  fullPage: Buffer | null;
  cookies: CapturedCookie[];
  console: Array<{ type: string; text: string }>;
  downloads: Array<{ url: string; suggestedFilename: string | null }>;
  tls: BrowserCapture["tls"];
  pageCrashed: boolean;
  scriptTerminated: boolean;
  startedAt: number | null;
  endedAt: number | null;
  extractMs: number;
  screenshotMs: number;
}

export function emptyPageState(): PageState {
  return {
    session: null,
    navigation: null,
    requests: null,
    run: null,
    snapshot: null,
    viewport: null,
    fullPage: null,
    cookies: [],
    console: [],
    downloads: [],
    tls: null,
    pageCrashed: false,
    scriptTerminated: false,
    startedAt: null,
    endedAt: null,
    extractMs: 0,
    screenshotMs: 0,
  };
}

export interface PagePlan {
  url: string;
  /** Tried when `url` could not connect (TLS failure, unreachable) and nothing was shown. */
  fallbackUrl: string | null;
  navigationMs: number;
  settleMs: number;
  quietMs: number;
  maxRefreshWaitMs: number;
  /** Time kept after navigating for reading the page and taking screenshots. */
  reserveMs: number;
  /** Time left unused before the pool's deadline. */
  graceMs: number;
  maxFullPageHeight: number;
  /** Called once navigation is over, with the URL whose host the page ended on. */
  onNavigated?: (url: string) => void;
  /** Called when the DOM was read. */
  onSnapshot?: (snapshot: DomSnapshot) => void;
}

const MAX_CONSOLE = 100;
const MAX_CONSOLE_TEXT = 1_000;
const MAX_DOWNLOADS = 20;
const MAX_COOKIES = 200;

function listen(page: Page, state: PageState): void {
  const note = (type: string, text: string): void => {
    if (state.console.length < MAX_CONSOLE)
      state.console.push({ type, text: text.slice(0, MAX_CONSOLE_TEXT) });
  };
  page.on("console", (message) => {
    if (message.type() === "error") note("error", message.text());
  });
  page.on("pageerror", (error) => note("pageerror", error.message));
  page.on("download", (download) => {
    if (state.downloads.length < MAX_DOWNLOADS)
      state.downloads.push({
        url: download.url().slice(0, 4096),
        suggestedFilename: download.suggestedFilename() || null,
      });
  });
  page.on("crash", () => {
    state.pageCrashed = true;
  });
}

/** Whether to try plain HTTP: nothing was shown and HTTPS failed in a way plain HTTP may not. */
function httpsFailed(session: BrowserSession, log: NavigationLog): boolean {
  const state = log.state();
  if (state.document || !state.unfinished || state.unfinished.pending) return false;
  const failure = egressIndex(session.proxyEvents, session.tlsRefusals).failure(
    state.unfinished.url,
    state.unfinished.failure,
  );
  const outcome = outcomeForReason(failure.reason);
  return outcome === "tls_failure" || outcome === "unreachable";
}

async function browserTls(response: Response, ms: number): Promise<BrowserCapture["tls"]> {
  const details = await within(response.securityDetails(), ms).catch(() => null);
  if (!details) return null;
  const date = (seconds: number | undefined): string | null =>
    typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
  return {
    protocol: details.protocol ?? null,
    subject: details.subjectName ?? null,
    issuer: details.issuer ?? null,
    validFrom: date(details.validFrom),
    validTo: date(details.validTo),
    source: "browser",
  };
}

/**
 * The browser task of a scan: records navigations, requests, console errors, downloads and dialogs;
 * navigates and settles; then freezes the page's scripts and reads it (DOM, text, forms, frames, TLS),
 * takes the screenshots and reads the cookies. Writes into `state` as it goes.
 */
export async function capturePage(session: BrowserSession, state: PageState, plan: PagePlan): Promise<void> {
  const started = performance.now();
  state.session = session;
  state.startedAt = started;
  const end = started + session.remainingMs() - plan.graceMs;
  const left = (cap: number): number => Math.max(1, Math.min(cap, end - performance.now()));
  const { page, context } = session;
  listen(page, state);
  const cdp = await context.newCDPSession(page);
  const log = await recordNavigations(page, cdp);
  state.navigation = log;
  state.requests = recordRequests(session);

  const reserve = Math.min(plan.reserveMs, (end - started) * 0.4);
  const navigationPlan = (from: number) => {
    const deadline = Math.min(from + plan.navigationMs, end - reserve);
    return {
      deadline,
      hardDeadline: Math.min(deadline + plan.settleMs, end - reserve),
      quietMs: plan.quietMs,
      maxRefreshWaitMs: plan.maxRefreshWaitMs,
    };
  };
  state.run = await navigate(page, log, plan.url, navigationPlan(started));
  if (
    plan.fallbackUrl &&
    !state.pageCrashed &&
    httpsFailed(session, log) &&
    end - reserve - performance.now() > 1_000
  ) {
    const first = state.run;
    const second = await navigate(page, log, plan.fallbackUrl, navigationPlan(performance.now()));
    state.run = {
      ...second,
      navigationMs: first.navigationMs + first.settleMs + second.navigationMs,
    };
  }
  const navigation = log.state();
  const hops = log.hops();
  plan.onNavigated?.(navigation.document?.url ?? hops.at(-1)?.url ?? plan.url);
  if (state.run.timedOut) await within(cdp.send("Page.stopLoading"), left(1_000)).catch(() => {});

  if (showsPage(navigation) && !state.pageCrashed && !state.run.timedOut)
    await awaitLateContent(page, Math.min(LATE_CONTENT_MS, end - reserve - performance.now()));
  const extractStarted = performance.now();
  if (showsPage(navigation) && !state.pageCrashed) {
    const inspector = createPageInspector(cdp, log.mainFrameId);
    const frozen = await inspector.freeze(left(2_500));
    state.scriptTerminated = frozen.terminated;
    if (frozen.responsive) {
      const value = await inspector.evaluate(snapshotExpression(), left(4_000)).catch(() => null);
      const snapshot = readSnapshot(value);
      state.snapshot =
        snapshot && withFrames(snapshot, await readChildFrames(page, frameExpressions(), left(1_500)));
      if (state.snapshot) plan.onSnapshot?.(state.snapshot);
    }
    if (navigation.document) state.tls = await browserTls(navigation.document.response, left(1_000));
    state.extractMs = performance.now() - extractStarted;

    const shotStarted = performance.now();
    // A document with no element yet (its bytes still on the way) never produces a frame to capture.
    const empty = state.snapshot !== null && state.snapshot.htmlLength === 0;
    const shotMs = frozen.responsive && !state.run.timedOut ? 4_000 : 2_000;
    if (!empty)
      state.viewport = await page.screenshot({ type: "png", timeout: left(shotMs) }).catch(() => null);
    const viewport = page.viewportSize();
    const height = state.snapshot?.height ?? 0;
    if (state.viewport && viewport && height > viewport.height + 1)
      state.fullPage = await page
        .screenshot({
          type: "png",
          fullPage: true,
          clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, plan.maxFullPageHeight) },
          timeout: left(shotMs),
        })
        .catch(() => null);
    else state.fullPage = state.viewport;
    state.screenshotMs = performance.now() - shotStarted;
  }
  const cookiesStarted = performance.now();
  const cookies = await within(context.cookies(), left(1_000)).catch(() => []);
  state.cookies = cookies.slice(0, MAX_COOKIES).map((cookie) => ({
    name: cookie.name.slice(0, 256),
    domain: cookie.domain.slice(0, 256),
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite ?? null,
    path: cookie.path.slice(0, 1024),
    expires: cookie.expires > 0 ? cookie.expires : null,
  }));
  state.extractMs += performance.now() - cookiesStarted;
  state.endedAt = performance.now();
  log.dispose();
  await cdp.detach().catch(() => {});
}
