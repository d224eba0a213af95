import { getDomain } from "tldts";
import { abortError, raceAbort } from "../../../util/abort.js";
import type { Device } from "../../browser/devices.js";
import {
  type AcceptedOrigin,
  type BrowserPool,
  BrowserTaskError,
  BrowserUnavailableError,
  egressIndex,
} from "../../browser/index.js";
import type { AsnLookup } from "../../net/asn.js";
import type { Egress } from "../../net/index.js";
import { analyzeNetwork, type NetworkChecks } from "../../risk/network/index.js";
import { type Favicon, fetchFavicon } from "./favicon.js";
import { decideOutcome, showsPage } from "./outcome.js";
import { capturePage, emptyPageState, type PageState } from "./page-capture.js";
import { phoneShowsMore, worthPhoneView } from "./phone.js";
import type { BrowserCapture, CapturedHop, CaptureResult } from "./types.js";
import { InvalidScanUrlError, normalizeScanUrl, plainHttp, type ScanUrl } from "./url.js";

export interface CaptureDeps {
  /** Every request of the capture goes through this pool's browsers and their egress proxy. */
  browser: BrowserPool;
  /** The same gate: favicon fetch and the risk engine's network checks. */
  egress: Egress;
  /** IP → ASN for the network checks; default: the process-wide table. */
  asn?: AsnLookup;
  /** Clock for timestamps and registration age. */
  now?: () => Date;
}

export interface CaptureOptions {
  /** Worker shutdown or job timeout: the capture rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The browser's whole time for the scan (context, navigation, settling, reading, screenshots). Default 20 s. */
  timeoutMs?: number;
  /** For the first document to have its DOM (and each client-side redirect's). Default 12 s. */
  navigationTimeoutMs?: number;
  /** After that, waiting for late redirects and content. Default 1.5 s. */
  settleMs?: number;
}

export const CAPTURE_DEFAULTS = Object.freeze({
  timeoutMs: 20_000,
  navigationTimeoutMs: 12_000,
  settleMs: 1_500,
  quietMs: 1_200,
  maxRefreshWaitMs: 5_000,
  reserveMs: 5_000,
  graceMs: 750,
  networkDeadlineMs: 4_500,
  faviconTimeoutMs: 3_000,
  maxFullPageHeight: 4_000,
});

const MAX_SUBMITTED = 2_048;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "") || null;
  } catch {
    return null;
  }
}

/** Runs the risk engine's network checks once per host, concurrently with the browser. */
function hostChecks(deps: CaptureDeps, now: Date) {
  const started = new Map<string, Promise<NetworkChecks | null>>();
  return {
    start(host: string): Promise<NetworkChecks | null> {
      let work = started.get(host);
      if (!work) {
        work = analyzeNetwork(
          deps.egress,
          { hostname: host, registrableDomain: getDomain(host) ?? host },
          { deadlineMs: CAPTURE_DEFAULTS.networkDeadlineMs, now, ...(deps.asn ? { asn: deps.asn } : {}) },
        ).then(
          (analysis) => analysis.checks,
          () => null,
        );
        started.set(host, work);
      }
      return work;
    },
  };
}

function browserFailure(error: unknown): { reason: string; message: string } {
  const message = error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error);
  if (error instanceof BrowserUnavailableError) return { reason: "browser_unavailable", message };
  if (error instanceof BrowserTaskError) return { reason: error.reason, message };
  return { reason: "capture_error", message };
}

/**
 * Loads a URL in a fresh browser context through the egress gate and records what a person would have
 * met there: redirect chain, final document, text, forms, screenshots, favicon, every request with where
 * it went, cookies, TLS, console errors, downloads and dialogs, and the risk engine's network checks of
 * the final host (run alongside the browser).
 *
 * Never throws for anything a site does: a hostile or broken site is an `outcome`. Throws
 * InvalidScanUrlError for input `normalizeScanUrl` refuses, and rejects with the signal's reason when
 * `options.signal` aborts.
 */
export async function captureUrl(
  deps: CaptureDeps,
  url: string,
  options: CaptureOptions = {},
): Promise<CaptureResult> {
  const target = normalizeScanUrl(url);
  if (!target.ok) throw new InvalidScanUrlError(target.reason, target.message);
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const clock = deps.now ?? (() => new Date());
  const startedAt = clock();
  const t0 = performance.now();
  const checks = hostChecks(deps, startedAt);
  checks.start(target.hostname);
  let favicon: Promise<Favicon | null> = Promise.resolve(null);
  const total = Math.max(2_000, options.timeoutMs ?? CAPTURE_DEFAULTS.timeoutMs);
  const browse = async (
    fallbackUrl: string | null,
    timeoutMs: number,
    accepted: AcceptedOrigin | null,
    device: Device = "desktop",
  ): Promise<{ state: PageState; failure: { reason: string; message: string } | null }> => {
    const state = emptyPageState();
    let failure: { reason: string; message: string } | null = null;
    try {
      await deps.browser.run(
        (session) =>
          capturePage(session, state, {
            url: target.url,
            fallbackUrl,
            navigationMs: options.navigationTimeoutMs ?? CAPTURE_DEFAULTS.navigationTimeoutMs,
            settleMs: options.settleMs ?? CAPTURE_DEFAULTS.settleMs,
            quietMs: CAPTURE_DEFAULTS.quietMs,
            maxRefreshWaitMs: CAPTURE_DEFAULTS.maxRefreshWaitMs,
            reserveMs: CAPTURE_DEFAULTS.reserveMs,
            graceMs: CAPTURE_DEFAULTS.graceMs,
            maxFullPageHeight: CAPTURE_DEFAULTS.maxFullPageHeight,
            onNavigated: (landed) => {
              const host = hostOf(landed);
              if (host) checks.start(host);
            },
            onSnapshot: (snapshot) => {
              favicon = fetchFavicon(deps.egress, snapshot.icons, snapshot.url, {
                timeoutMs: CAPTURE_DEFAULTS.faviconTimeoutMs,
                ...(signal ? { signal } : {}),
              });
            },
          }),
        {
          timeoutMs,
          ...(signal ? { signal } : {}),
          ...(accepted ? { acceptCertificateOf: accepted } : {}),
          device,
        },
      );
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      failure = browserFailure(error);
    }
    if (!failure && state.pageCrashed)
      failure = { reason: "page_crashed", message: "The page's renderer crashed." };
    return { state, failure };
  };
  // What is left of the scan's time once a browse has run (a second one gets the rest).
  const timeLeft = (state: PageState): number =>
    Math.round(
      total - (state.startedAt === null ? 0 : (state.endedAt ?? performance.now()) - state.startedAt),
    );
  const first = await browse(target.schemeAdded ? plainHttp(target.url) : null, total, null);
  let state = first.state;
  let capture = assemble(target, url, state, first.failure);
  const refused = certificateFailure(capture, state);
  if (refused) {
    capture.tlsError = refused.error;
    // The page behind the certificate, read in a fresh context that accepts that one origin's certificate
    // (still through the egress proxy): the content is described, the certificate problem stays a finding.
    const left = timeLeft(state);
    if (left >= MIN_BYPASS_MS) {
      const second = await browse(null, left, refused.origin);
      const bypassed = assemble(target, url, second.state, second.failure);
      if (bypassed.finalUrl !== null) {
        bypassed.tlsBypassed = true;
        bypassed.tlsError = refused.error;
        if (bypassed.outcome === "ok") {
          bypassed.outcome = "tls_failure";
          bypassed.reason = refused.error.reason;
          bypassed.message = refused.error.message;
        }
        bypassed.timings.browserMs += capture.timings.browserMs;
        second.state.startedAt = state.startedAt;
        capture = bypassed;
        state = second.state;
      }
    }
  }
  // A page that showed the desktop nothing to type into and tests for a phone is taken again as a phone
  // (SMS kits hide from desktops); the phone's view is kept when it shows more (`shownTo: phone`).
  const desktopView = state.snapshot;
  if (capture.finalUrl !== null && desktopView && worthPhoneView(desktopView)) {
    const left = timeLeft(state);
    if (left >= MIN_BYPASS_MS) {
      const accepted = capture.tlsBypassed && refused ? refused.origin : null;
      const phone = await browse(null, left, accepted, "phone");
      if (phoneShowsMore(desktopView, phone.state.snapshot)) {
        const shown = assemble(target, url, phone.state, phone.failure);
        if (shown.finalUrl !== null) {
          shown.shownTo = "phone";
          shown.tlsBypassed = capture.tlsBypassed;
          shown.tlsError = capture.tlsError;
          if (capture.tlsBypassed) {
            shown.outcome = capture.outcome;
            shown.reason = capture.reason;
            shown.message = capture.message;
          }
          shown.timings.browserMs += capture.timings.browserMs;
          phone.state.startedAt = state.startedAt;
          capture = shown;
          state = phone.state;
        }
      }
    }
  }
  const finalHost = hostOf(capture.finalUrl ?? capture.chain.at(-1)?.url ?? target.url) ?? target.hostname;
  const [network, requestNetwork, icon] = await raceAbort(
    Promise.all([checks.start(finalHost), checks.start(target.hostname), favicon]),
    signal,
  );
  capture.network = network;
  capture.requestNetwork = finalHost === target.hostname ? null : requestNetwork;
  capture.favicon = capture.finalUrl ? icon : null;
  capture.tls ??= probedTls(capture.finalUrl, finalHost, network);
  capture.startedAt = startedAt.toISOString();
  capture.finishedAt = clock().toISOString();
  capture.durationMs = Math.round(performance.now() - t0);
  capture.timings.queueMs = state.startedAt === null ? capture.durationMs : Math.round(state.startedAt - t0);
  const showing = capture.finalUrl !== null;
  return {
    capture,
    artifacts: { viewport: showing ? state.viewport : null, fullPage: showing ? state.fullPage : null },
  };
}

const CERTIFICATE_REASONS = new Set(["tls_expired", "tls_untrusted", "tls_hostname_mismatch"]);
/** Below this much time left, a page behind a broken certificate is not read again. */
const MIN_BYPASS_MS = 4_000;

/**
 * The certificate failure of the main document when that is why no page was shown (not a refused
 * connection, a timeout or the policy): the hop, and the origin a second capture may accept.
 */
function certificateFailure(
  capture: BrowserCapture,
  state: PageState,
): { error: NonNullable<BrowserCapture["tlsError"]>; origin: AcceptedOrigin } | null {
  if (capture.finalUrl !== null || capture.downloads.length > 0) return null;
  if (capture.outcome !== "tls_failure" && capture.outcome !== "unreachable") return null;
  const hops = state.navigation?.hops() ?? [];
  for (let at = Math.min(capture.chain.length, hops.length) - 1; at >= 0; at -= 1) {
    const hop = capture.chain[at];
    if (!hop?.reason || !hop.url.startsWith("https:")) continue;
    // Chromium's own refusal says tls_error for every TLS problem; only ERR_CERT_* is the certificate.
    const raw = hops[at]?.failure ?? "";
    if (!CERTIFICATE_REASONS.has(hop.reason) && !(hop.reason === "tls_error" && /ERR_CERT_/.test(raw)))
      continue;
    const parsed = new URL(hop.url);
    const refusal = state.session?.tlsRefusals.find((r) => r.url === hop.url);
    return {
      error: {
        url: hop.url,
        reason: hop.reason,
        message:
          refusal?.message ||
          (capture.reason === hop.reason ? capture.message : null) ||
          (raw ? raw.slice(0, 500) : null),
      },
      origin: { host: parsed.hostname, port: Number(parsed.port) || 443 },
    };
  }
  return null;
}

/** The TLS facts of the final origin from the network checks, when the browser gave none. */
function probedTls(
  finalUrl: string | null,
  host: string,
  network: NetworkChecks | null,
): BrowserCapture["tls"] {
  if (!finalUrl?.startsWith("https:") || !network || network.tls.status !== "ok" || network.tls.host !== host)
    return null;
  const tls = network.tls;
  return {
    protocol: tls.protocol,
    subject: tls.subject,
    issuer: tls.issuer,
    validFrom: tls.validFrom,
    validTo: tls.validTo,
    source: "probe",
  };
}

function assemble(
  target: ScanUrl,
  submitted: string,
  state: PageState,
  failure: { reason: string; message: string } | null,
): BrowserCapture {
  const session = state.session;
  const index = session ? egressIndex(session.proxyEvents, session.tlsRefusals) : null;
  const navigation = state.navigation?.state() ?? null;
  const decided = decideOutcome({
    navigation,
    egress: index,
    timedOut: state.run?.timedOut ?? false,
    gotoError: state.run?.gotoError ?? null,
    browserFailure: failure,
    downloads: state.downloads.length + (session?.downloads.length ?? 0),
  });
  const chain: CapturedHop[] = (state.navigation?.hops() ?? []).map((hop) => {
    const answered = hop.status !== null && hop.refusal === null;
    const reason =
      hop.refusal ?? (hop.failure ? (index?.failure(hop.url, hop.failure).reason ?? "failed") : null);
    return {
      url: hop.url,
      status: hop.refusal ? null : hop.status,
      location: hop.location,
      kind: hop.kind,
      address: answered && index ? index.address(hop.url) : null,
      reason: reason ?? (hop.status === null ? "unfinished" : null),
    };
  });
  if (chain.length === 0)
    chain.push({
      url: target.url,
      status: null,
      location: null,
      kind: "http",
      address: null,
      reason: decided.reason,
    });
  const document = showsPage(navigation) ? (navigation?.document ?? null) : null;
  const snapshot = document ? state.snapshot : null;
  const downloads = state.downloads.length
    ? state.downloads
    : (session?.downloads ?? []).map((url) => ({ url, suggestedFilename: null }));
  const height = snapshot?.height ?? null;
  const requests = state.requests?.list() ?? [];
  return {
    version: 1,
    requestUrl: target.url,
    startedAt: "",
    finishedAt: "",
    source: "browser",
    outcome: decided.outcome,
    reason: decided.reason,
    message: decided.message,
    chain,
    finalUrl: document ? snapshot?.url || document.url : null,
    status: document?.status ?? null,
    headers: document ? { ...document.headers } : {},
    title: snapshot?.title || null,
    html: snapshot?.html ?? "",
    htmlTruncated: snapshot ? snapshot.htmlLength > snapshot.html.length : false,
    text: snapshot?.text ?? "",
    favicon: null,
    requests,
    forms: snapshot?.forms ?? [],
    cookies: state.cookies,
    tls: document ? state.tls : null,
    console: state.console,
    downloads,
    dialogs: session ? [...session.dialogs] : [],
    network: null,
    screenshots: {
      viewport: document !== null && state.viewport !== null,
      fullPage: document !== null && state.fullPage !== null,
      pageHeight: height,
      fullPageTruncated: height !== null && height > CAPTURE_DEFAULTS.maxFullPageHeight,
    },
    durationMs: 0,
    submittedUrl: submitted.trim().slice(0, MAX_SUBMITTED),
    urlTricks: target.tricks,
    schemeAdded: target.schemeAdded,
    language: snapshot?.lang ?? null,
    htmlLength: snapshot?.htmlLength ?? 0,
    textLength: snapshot?.textLength ?? 0,
    textTruncated: snapshot ? snapshot.textLength > snapshot.text.length : false,
    popups: session ? session.popups.map((popup) => popup.slice(0, 4096)) : [],
    requestsDropped: state.requests?.dropped() ?? 0,
    requestNetwork: null,
    scriptTerminated: state.scriptTerminated,
    tlsBypassed: false,
    tlsError: null,
    timings: {
      queueMs: 0,
      navigationMs: state.run?.navigationMs ?? 0,
      settleMs: state.run?.settleMs ?? 0,
      extractMs: Math.round(state.extractMs),
      screenshotMs: Math.round(state.screenshotMs),
      browserMs:
        state.startedAt === null ? 0 : Math.round((state.endedAt ?? performance.now()) - state.startedAt),
    },
  };
}
