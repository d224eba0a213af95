import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { abortError, raceAbort } from "../../util/abort.js";
import { DEFAULT_USER_AGENT, type EgressProxy, type ProxyEvent } from "../egress/index.js";
import type { Egress } from "../net/index.js";
import { DEVICE_PROFILES, type Device } from "./devices.js";
import { BrowserTaskError } from "./errors.js";
import { BrowserUnavailableError, findChromium } from "./executable.js";
import { TIMER_WATCH } from "./late-content.js";
import { chromiumArgs, spkiHashes } from "./launch.js";
import { type RenderOptions, type RenderResult, renderFailure, renderPage } from "./render.js";
import type { BrowserSession, SessionRecord } from "./session.js";
import { createOriginVerifier } from "./tls-verify.js";

export interface BrowserPoolOptions {
  /** Every request of the browser goes through this gate's proxy. */
  egress: Egress;
  /** CHROMIUM_PATH; unset: auto-detected (see findChromium). */
  executablePath?: string | undefined;
  /** Tasks run at once in the one browser (BROWSER_POOL_SIZE), default 1; others wait their turn. */
  size?: number;
  /** The extra CA (EXTRA_CA_FILE) the browser must trust like the gate does. */
  extraCaPem?: string | undefined;
  /** Default: the gate's desktop Chrome user agent. */
  userAgent?: string;
  viewport?: { width: number; height: number };
  /** Default 20 s. */
  launchTimeoutMs?: number;
  /** A task's time limit when the caller gives none. Default 15 s. */
  taskTimeoutMs?: number;
}

export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * One HTTPS origin whose certificate this task accepts although it fails verification (a scan reading a
   * page behind an expired or self-signed certificate). Only this task's context is affected: Chromium
   * stops checking certificates (`ignoreHTTPSErrors`), so every other HTTPS origin of the task must pass
   * DomainLens's own origin check first, and every request still goes through the egress proxy and its
   * address policy.
   */
  acceptCertificateOf?: AcceptedOrigin;
  /**
   * The browser the page is shown to (default: the pool's desktop). `phone`: a phone's user agent, screen,
   * touch and mobile viewport (`DEVICE_PROFILES.phone`), for a page that shows a desktop nothing.
   */
  device?: Device;
}

/** An HTTPS origin (`host` as in a URL's hostname, lower-case; `port` 443 by default). */
export interface AcceptedOrigin {
  host: string;
  port: number;
}

export interface BrowserPoolStats {
  launches: number;
  /** Times Chromium went away while the pool was open. */
  crashes: number;
  running: number;
  waiting: number;
  connected: boolean;
}

/**
 * A small warm pool: one Chromium shared by all tasks, a fresh context per task, at most `size` tasks at
 * once, relaunched on the next task after a crash, closed by `close()`.
 */
export interface BrowserPool {
  /**
   * Runs `task` with a fresh session (context + page + its own egress proxy), closed afterwards. Rejects
   * with BrowserTaskError (timeout, crashed, closed, browser_unavailable), with the caller's abort reason
   * when `signal` aborts, or with what the task threw.
   */
  run<T>(task: (session: BrowserSession) => Promise<T>, options?: RunOptions): Promise<T>;
  /** Loads a URL and returns its DOM; never rejects except for the caller's abort. */
  render(url: string, options?: RenderOptions): Promise<RenderResult>;
  /** Starts Chromium now (a worker's start-up check): throws BrowserUnavailableError when missing. */
  warm(): Promise<void>;
  stats(): BrowserPoolStats;
  close(): Promise<void>;
}

const MAX_PROXY_EVENTS = 5_000;
const MAX_DIALOGS = 50;
const MAX_DIALOG_TEXT = 1_000;

/** Removes WebRTC before any page script runs (UDP would bypass the proxy; the switch limits it too). */
const NO_WEBRTC = `(() => {
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCRtpSender", "RTCRtpReceiver"]) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
})();`;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const { egress } = options;
  const size = Math.max(1, Math.floor(options.size ?? 1));
  const trustedSpki = spkiHashes(options.extraCaPem);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const viewport = options.viewport ?? { width: 1280, height: 800 };
  const launchTimeoutMs = options.launchTimeoutMs ?? 20_000;
  const taskTimeoutMs = options.taskTimeoutMs ?? 15_000;

  let browser: Browser | null = null;
  let launching: Promise<Browser> | null = null;
  let browserProxy: EgressProxy | null = null;
  let closed = false;
  let running = 0;
  const waiting: Waiter[] = [];
  const stats = { launches: 0, crashes: 0 };

  async function launch(): Promise<Browser> {
    const executablePath = findChromium({ override: options.executablePath });
    // Chromium's own traffic outside any task context (update checks and the like) goes through the gate too.
    browserProxy ??= await egress.startProxy();
    let launched: Browser;
    try {
      launched = await chromium.launch({
        executablePath,
        headless: true,
        args: chromiumArgs({ proxyUrl: browserProxy.url, trustedSpki }),
        timeout: launchTimeoutMs,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new BrowserUnavailableError(`Chromium at ${executablePath} did not start: ${detail}`, [
        executablePath,
      ]);
    }
    stats.launches += 1;
    launched.on("disconnected", () => {
      if (browser === launched) browser = null;
      if (!closed) stats.crashes += 1;
    });
    if (closed) {
      await launched.close().catch(() => {});
      throw new BrowserTaskError("closed", "the browser pool was closed");
    }
    browser = launched;
    return launched;
  }

  function ensureBrowser(): Promise<Browser> {
    if (browser?.isConnected()) return Promise.resolve(browser);
    launching ??= launch().finally(() => {
      launching = null;
    });
    return launching;
  }

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    if (running < size) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        reject,
      };
      const onAbort = (): void => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        if (signal) reject(abortError(signal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next.resolve();
    else running -= 1;
  }

  async function openSession(
    current: Browser,
    signal: AbortSignal,
    deadline: number,
    accepted: AcceptedOrigin | null,
    device: Device,
  ): Promise<{ session: SessionRecord; proxy: EgressProxy; context: BrowserContext }> {
    const proxyEvents: ProxyEvent[] = [];
    const proxy = await egress.startProxy({
      onEvent: (event) => {
        if (proxyEvents.length < MAX_PROXY_EVENTS) proxyEvents.push(event);
      },
    });
    let context: BrowserContext;
    try {
      context = await current.newContext({
        proxy: { server: proxy.url },
        serviceWorkers: "block",
        acceptDownloads: false,
        // Only for a task that accepts one origin's certificate; the route below verifies every other one.
        ignoreHTTPSErrors: accepted !== null,
        javaScriptEnabled: true,
        locale: "en-US",
        ...(device === "phone"
          ? DEVICE_PROFILES.phone
          : { userAgent, viewport, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }),
      });
    } catch (error) {
      await proxy.close().catch(() => {});
      throw error;
    }
    const tlsRefusals: SessionRecord["tlsRefusals"] = [];
    const downloads: string[] = [];
    const popups: string[] = [];
    const dialogs: SessionRecord["dialogs"] = [];
    await context.addInitScript({ content: NO_WEBRTC });
    await context.addInitScript({ content: TIMER_WATCH });
    // Chromium does not check certificates itself when it trusts the extra CA by SPKI (for chains holding
    // it) or when the task accepts an origin (for every chain): then each HTTPS origin must pass
    // DomainLens's own check, except the one accepted origin.
    if (trustedSpki.length > 0 || accepted !== null) {
      const verifier = createOriginVerifier(egress);
      const isAccepted = (host: string, port: number): boolean =>
        accepted !== null && accepted.host === host && accepted.port === port;
      await context.route(
        (url) => url.protocol === "https:",
        async (route) => {
          const url = route.request().url();
          try {
            const parsed = new URL(url);
            const port = Number(parsed.port) || 443;
            if (isAccepted(parsed.hostname, port)) {
              await route.fallback();
              return;
            }
            const verdict = await verifier.check(parsed.hostname, port, signal);
            if (verdict.ok) await route.fallback();
            else {
              tlsRefusals.push({
                url,
                reason: verdict.reason ?? "tls_error",
                message: verdict.message ?? "",
              });
              await route.abort("failed");
            }
          } catch {
            // The context closed while the check ran.
          }
        },
      );
    }
    const page = await context.newPage();
    page.on("dialog", (dialog) => {
      if (dialogs.length < MAX_DIALOGS)
        dialogs.push({ type: dialog.type(), message: dialog.message().slice(0, MAX_DIALOG_TEXT) });
      dialog.dismiss().catch(() => {});
    });
    page.on("download", (download) => {
      downloads.push(download.url());
      download.cancel().catch(() => {});
    });
    context.on("page", (other) => {
      if (other === page) return;
      popups.push(other.url());
      other.close().catch(() => {});
    });
    const session: SessionRecord = {
      context,
      page,
      proxyEvents,
      tlsRefusals,
      downloads,
      popups,
      dialogs,
      signal,
      acceptedOrigin: accepted ? `https://${accepted.host}:${accepted.port}` : null,
      remainingMs: () => Math.max(0, Math.round(deadline - performance.now())),
    };
    return { session, proxy, context };
  }

  async function run<T>(
    task: (session: BrowserSession) => Promise<T>,
    runOptions: RunOptions = {},
  ): Promise<T> {
    const outer = runOptions.signal;
    if (outer?.aborted) throw abortError(outer);
    if (closed) throw new BrowserTaskError("closed", "the browser pool is closed");
    await acquire(outer);
    const timeoutMs = Math.max(1, runOptions.timeoutMs ?? taskTimeoutMs);
    const deadline = performance.now() + timeoutMs;
    const controller = new AbortController();
    let ended: "timeout" | "aborted" | null = null;
    const timer = setTimeout(() => {
      ended ??= "timeout";
      controller.abort(new BrowserTaskError("timeout", `the browser task took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    const onOuterAbort = (): void => {
      ended ??= "aborted";
      controller.abort(outer?.reason);
    };
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    let current: Browser | null = null;
    let opening: Promise<{ proxy: EgressProxy; context: BrowserContext }> | null = null;
    let opened: { proxy: EgressProxy; context: BrowserContext } | null = null;
    try {
      current = await raceAbort(ensureBrowser(), controller.signal);
      const accepted = runOptions.acceptCertificateOf
        ? {
            host: runOptions.acceptCertificateOf.host.toLowerCase(),
            port: runOptions.acceptCertificateOf.port,
          }
        : null;
      const sessionWork = openSession(
        current,
        controller.signal,
        deadline,
        accepted,
        runOptions.device ?? "desktop",
      );
      opening = sessionWork;
      const made = await raceAbort(sessionWork, controller.signal);
      opened = made;
      const closeContext = (): void => {
        made.context.close().catch(() => {});
      };
      controller.signal.addEventListener("abort", closeContext, { once: true });
      return await raceAbort(task(made.session), controller.signal);
    } catch (error) {
      if (ended === "aborted" && outer) throw abortError(outer);
      if (ended === "timeout")
        throw new BrowserTaskError("timeout", `the browser task took longer than ${timeoutMs} ms`);
      if (closed) throw new BrowserTaskError("closed", "the browser pool was closed during the task");
      if (error instanceof BrowserUnavailableError) throw error;
      if (current && !current.isConnected())
        throw new BrowserTaskError(
          "crashed",
          "Chromium went away during the task; it is relaunched for the next one",
        );
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
      if (opened) {
        await opened.context.close().catch(() => {});
        await opened.proxy.close().catch(() => {});
      } else if (opening) {
        // Aborted while the session was being set up: close it whenever it finishes.
        opening.then(
          (late) => {
            late.context.close().catch(() => {});
            late.proxy.close().catch(() => {});
          },
          () => {},
        );
      }
      release();
    }
  }

  return {
    run,
    async render(url, renderOptions = {}) {
      const started = performance.now();
      const timeoutMs = renderOptions.timeoutMs ?? taskTimeoutMs;
      try {
        return await run((session) => renderPage(session, url, renderOptions), {
          timeoutMs,
          ...(renderOptions.signal ? { signal: renderOptions.signal } : {}),
        });
      } catch (error) {
        if (renderOptions.signal?.aborted) throw abortError(renderOptions.signal);
        return renderFailure(url, error, Math.round(performance.now() - started));
      }
    },
    async warm() {
      if (closed) throw new BrowserTaskError("closed", "the browser pool is closed");
      await ensureBrowser();
    },
    stats: () => ({
      ...stats,
      running,
      waiting: waiting.length,
      connected: browser?.isConnected() ?? false,
    }),
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiting.splice(0))
        waiter.reject(new BrowserTaskError("closed", "the browser pool was closed"));
      const pending = launching;
      if (pending) await pending.catch(() => null);
      const current = browser;
      browser = null;
      if (current) await current.close().catch(() => {});
      if (browserProxy) await browserProxy.close().catch(() => {});
      browserProxy = null;
    },
  };
}
