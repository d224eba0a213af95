import type { CrawledPage, PageRole, PathProbe } from "../capture.js";
import { flattenHeaders, isHtml } from "./decode.js";
import { budgetedFetch, type CrawlContext, type Fetched } from "./fetch.js";
import { onDomain, type PagePlan, randomShortPath, sitemapPlan } from "./pages.js";

/** Bytes kept of the small conventional documents (the page cap applies to the others). */
const DOCUMENT_CAPS: Partial<Record<PageRole, number>> = {
  robots: 64 * 1024,
  sitemap: 256 * 1024,
  openid_configuration: 64 * 1024,
  security_txt: 32 * 1024,
};
/** One follow-up request's time limit (also bounded by what is left of the crawl). */
const PAGE_TIMEOUT_MS = 4_000;
const PROBE_BYTES = 16 * 1024;

export interface FollowUpInput {
  siteOrigin: string;
  domain: string;
  plans: PagePlan[];
  /** URLs already fetched (the root's chain): not fetched again. */
  known: string[];
  verifyTls: boolean;
  random: () => number;
  /** Text of the root page as fetched over HTTP: a page answering the same is a soft 404. */
  rootBody: string;
}

export interface FollowUpResult {
  /** In plan order (robots, sitemap and the well-known documents after the linked pages). */
  pages: CrawledPage[];
  probes: PathProbe[];
  headerSets: Array<Record<string, string>>;
}

type Task = () => Promise<void>;

/**
 * Whether a 2xx answer is the document the role asked for: sites that answer every path with their
 * HTML (single-page apps, catch-all routes) do not have a robots.txt just because /robots.txt is 200.
 */
function fitsRole(role: PageRole, contentType: string | null, text: string): boolean {
  switch (role) {
    case "robots":
    case "security_txt":
    case "sitemap":
      return text.length > 0 && !isHtml(contentType, text);
    case "openid_configuration":
      return /^\s*\{/.test(text);
    default:
      return true;
  }
}

/** Runs tasks with at most `limit` at once; tasks may add more while running. */
async function runQueue(queue: Task[], limit: number): Promise<void> {
  const running = new Set<Promise<void>>();
  while (queue.length > 0 || running.size > 0) {
    while (queue.length > 0 && running.size < limit) {
      const task = queue.shift();
      if (!task) break;
      const work: Promise<void> = task().finally(() => running.delete(work));
      running.add(work);
    }
    if (running.size > 0) await Promise.race(running);
  }
}

/**
 * The high-signal pages, the sitemap found through robots.txt and the random short-path probe, fetched
 * `concurrency` at a time within the crawl's budgets. Left out: pages that do not answer 2xx, answers
 * that are not the document asked for (HTML for robots.txt), binary or empty bodies, and soft 404s (the
 * root's document again). What a budget prevented shows as `budget.exhausted`.
 */
export async function fetchFollowUps(ctx: CrawlContext, input: FollowUpInput): Promise<FollowUpResult> {
  const { siteOrigin, domain, verifyTls } = input;
  const results = new Map<number, CrawledPage>();
  const headerSets: Array<Record<string, string>> = [];
  const probes: PathProbe[] = [];
  const seen = new Set(input.known.map((u) => u.replace(/#.*$/, "")));
  const order: PagePlan[] = [];
  const queue: Task[] = [];

  const keep = (index: number, plan: PagePlan, fetched: Fetched | null): void => {
    if (!fetched?.result.ok) return;
    const { result } = fetched;
    if (result.status < 200 || result.status >= 300) return;
    if (seen.has(result.url) && result.url !== plan.url) return;
    if (!fitsRole(plan.role, result.contentType, fetched.text)) return;
    // Nothing readable (binary or empty), or the root's own document again (a soft 404).
    if (fetched.text.length === 0 || fetched.text === input.rootBody) return;
    seen.add(result.url);
    if (onDomain(new URL(result.url).hostname, domain)) headerSets.push(flattenHeaders(result.headers));
    results.set(index, {
      role: plan.role,
      url: plan.url,
      finalUrl: result.url,
      status: result.status,
      contentType: result.contentType,
      body: fetched.text,
      truncated: result.truncated,
      via: "http",
    });
  };

  const pageTask = (plan: PagePlan, then?: (fetched: Fetched | null) => void): Task => {
    const index = order.push(plan) - 1;
    seen.add(plan.url);
    return async () => {
      const cap = DOCUMENT_CAPS[plan.role];
      const fetched = await budgetedFetch(ctx, plan.url, {
        timeoutMs: PAGE_TIMEOUT_MS,
        maxRedirects: 5,
        verifyTls,
        ...(cap ? { maxBytes: cap } : {}),
      });
      keep(index, plan, fetched);
      then?.(fetched);
    };
  };

  for (const plan of input.plans) {
    if (seen.has(plan.url)) continue;
    if (plan.role === "robots") {
      queue.push(
        pageTask(plan, (fetched) => {
          const robots = fetched?.result.ok && fetched.result.status < 300 ? fetched.text : null;
          const sitemap = sitemapPlan(robots, siteOrigin, domain);
          if (!seen.has(sitemap.url)) queue.push(pageTask(sitemap));
        }),
      );
    } else {
      queue.push(pageTask(plan));
    }
  }

  const probePath = randomShortPath(input.random);
  queue.splice(Math.min(queue.length, 2), 0, async () => {
    const fetched = await budgetedFetch(ctx, new URL(probePath, siteOrigin).href, {
      timeoutMs: PAGE_TIMEOUT_MS,
      maxRedirects: 0,
      verifyTls,
      maxBytes: PROBE_BYTES,
    });
    if (!fetched) return;
    const first = fetched.result.hops[0];
    let location: string | null = null;
    if (first?.location) {
      try {
        location = new URL(first.location, first.url).href;
      } catch {
        location = first.location.slice(0, 2_048);
      }
    }
    probes.push({
      path: probePath,
      purpose: "random_short_path",
      status: first?.status ?? null,
      location,
    });
  });

  await runQueue(queue, Math.max(1, ctx.budget.limits.concurrency));
  const pages = [...results.entries()].sort(([a], [b]) => a - b).map(([, page]) => page);
  return { pages, probes, headerSets };
}
