import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { getDomain } from "tldts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUNCTION_FLAGS } from "../../src/engines/classify/taxonomy.js";
import { startWorld, type World } from "../../src/world/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { launchChromium } from "../support/chromium.js";

/**
 * Classification v2 end to end, as a user sees it: the real crawler and analysis behind the API, the job
 * runtime, and the test world's fixture sites. Every root-domain fixture must classify to what its
 * ground truth (site.json `expect`, what a person reading the site would say) names.
 */
interface Expectation {
  purpose?: string;
  operator?: string;
  parent_entity?: string | null;
  state?: string;
  functions?: Record<string, boolean>;
}

interface JobBody {
  status: string;
  job_id: string;
  status_url: string;
  error: { code: string; message: string } | null;
  result?: {
    domain: string;
    state: string;
    identity: { operator: string; parent_entity: string | null; headline: string; summary: string };
    category: { purpose: string };
    facts: { created_at: string | null; rank: number | null; hosting_provider: string };
  };
}

let world: World;
let t: TestApp;
let apiKey: string;
let orgId: string;

beforeAll(async () => {
  world = await startWorld();
  t = await createTestApp({ env: { ...world.env } });
  const org = await t.createOrg(100);
  apiKey = org.apiKey;
  orgId = org.orgId;
  const limits = await t.admin("PUT", `/admin/v1/orgs/${orgId}/limits`, {
    "classification.create": 1000,
    "classification.jobs.get": 100_000,
  });
  expect(limits.statusCode).toBe(200);
  // Chromium launched before the corpus, as the browser tests do: a JavaScript-shell fixture then does not pay
  // the launch out of its crawl's time budget (on a loaded machine the render could run out of it).
  await t.services.browser.warm();
  t.startWorker();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await world?.stop();
});

async function classify(domain: string): Promise<JobBody> {
  const created = await t.post("/v2/domain-classification", { domain }, apiKey);
  // Classify or retrieve: a domain classified earlier in this file answers from the cache.
  if (created.statusCode === 200)
    return { status: "complete", job_id: "", status_url: "", error: null, result: created.json() };
  expect(created.statusCode, `${domain}: ${created.body}`).toBe(202);
  const job = created.json() as JobBody;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const polled = await t.get(`/v2/domain-classification/jobs/${job.job_id}`, apiKey);
    expect(polled.statusCode).toBe(200);
    const body = polled.json() as JobBody;
    if (body.status === "complete" || body.status === "failed") return body;
    if (Date.now() > deadline) throw new Error(`${domain}: job still ${body.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Case, punctuation and spacing do not make an operator name wrong. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return norm(a) === norm(b);
}

describe("classification of the fixture corpus through the API", () => {
  it("classifies every root-domain fixture as its ground truth says", async () => {
    const roots = world.sites.filter((s) => {
      const truth = (s.expect ?? {}) as Expectation;
      return truth.purpose !== undefined && getDomain(s.hostname) === s.hostname;
    });
    expect(roots.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const site of roots) {
      const truth = site.expect as Expectation;
      const job = await classify(site.hostname);
      if (job.status !== "complete" || !job.result) {
        wrong.push(`${site.hostname}: job ${job.status} ${JSON.stringify(job.error)}`);
        continue;
      }
      const r = job.result;
      const got = (await t.get(`/api/v1/classify?domain=${site.hostname}`)).json() as {
        functions: Record<string, boolean>;
      };
      const say = (what: string) => wrong.push(`${site.hostname}: ${what}`);
      if (r.domain !== site.hostname) say(`domain ${r.domain}`);
      if (truth.state && r.state !== truth.state) say(`state ${r.state}, expected ${truth.state}`);
      if (truth.purpose && r.category.purpose !== truth.purpose)
        say(`purpose ${r.category.purpose}, expected ${truth.purpose}`);
      if (truth.operator && !sameName(r.identity.operator, truth.operator))
        say(`operator "${r.identity.operator}", expected "${truth.operator}"`);
      if (truth.operator && truth.parent_entity !== undefined) {
        const parent = r.identity.parent_entity;
        const ok =
          truth.parent_entity === null
            ? parent === null
            : parent !== null && sameName(parent, truth.parent_entity);
        if (!ok) say(`parent ${JSON.stringify(parent)}, expected ${JSON.stringify(truth.parent_entity)}`);
      }
      // Flags: a benign fixture's ground truth lists every flag that is true; the rest must be false.
      if (truth.operator) {
        for (const flag of FUNCTION_FLAGS) {
          const want = truth.functions?.[flag] === true;
          if (got.functions[flag] !== want) say(`${flag} ${got.functions[flag]}, expected ${want}`);
        }
      }
      if (r.state === "developed" && truth.operator && !r.identity.headline) say("empty headline");
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it("fails an unresolvable domain with a clear error and refunds it", async () => {
    const before = await t.balances(orgId);
    const job = await classify("quietbrook-studio.com");
    expect(job.status).toBe("failed");
    expect(job.error?.code).toBe("domain_unresolvable");
    const after = await t.balances(orgId);
    expect(after.balance).toBe(before.balance);
    expect(after.ledgerSum).toBe(after.balance);
  }, 120_000);

  it("answers a second POST for a classified domain from the cache (200, $0.001)", async () => {
    const first = await classify("codewharf.dev"); // classified above, or now
    expect(first.status).toBe("complete");
    const before = await t.balances(orgId);
    const again = await t.post("/v2/domain-classification", { domain: "www.codewharf.dev" }, apiKey);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      domain: "codewharf.dev",
      category: { purpose: "developer_platform" },
    });
    expect(before.balance - (await t.balances(orgId)).balance).toBe(1000);
  }, 120_000);
});

describe("a hostile page on the public domain page", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the markup a site put in its title and description as text, in Chromium", async () => {
    const job = await classify("inkwell-quarterly.com");
    expect(job.status).toBe("complete");
    const identity = job.result?.identity;
    expect(identity?.operator).toBe("Inkwell Quarterly Press Ltd.");
    // Markup the site put in its title and description never reaches the prose DomainLens writes...
    const prose = `${identity?.headline ?? ""} ${identity?.summary ?? ""}`;
    expect(prose).not.toMatch(/<|>|onerror|javascript:/i);
    // ...while its ordinary text, quotes and ampersand included, does, and is shown as typed below.
    expect(identity?.summary).toContain('publishes "new" short fiction & essays four times a year');

    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    browser = await launchChromium();
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const response = await page.goto(`http://127.0.0.1:${port}/domains/inkwell-quarterly.com`);
    expect(response?.status()).toBe(200);
    const text = await page.locator("main").innerText();
    expect(text).toContain("Inkwell Quarterly Press Ltd.");
    expect(text).toContain('publishes "new" short fiction & essays four times a year');
    expect(await page.locator("main img, main script, main i, main svg[onload]").count()).toBe(0);
    expect(dialogs).toEqual([]);
  }, 120_000);
});
