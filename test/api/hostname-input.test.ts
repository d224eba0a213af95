import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { createTestApp, fakeScanner, type TestApp } from "../support/app.js";

/**
 * Host names as callers send them: an underscore in a label is accepted where browsers accept it, and an
 * invalid host is refused with a message that names the label and the character or rule at fault.
 */
const HOST = "kucoinlogin_io.netlify.app";
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>KuCoin - Log In</title></head>
<body><h1>KuCoin</h1><form method="post" action="https://rcv-panel.top/kc/next.php">
<label>Email<input name="email"></label><label>Password<input name="pass" type="password"></label>
<button>Log In</button></form></body></html>`;

let corpus: string;
let world: World;
let t: TestApp;
let org: { orgId: string; apiKey: string };

beforeAll(async () => {
  corpus = mkdtempSync(path.join(tmpdir(), "domainlens-hostname-sites-"));
  mkdirSync(path.join(corpus, HOST));
  writeFileSync(path.join(corpus, HOST, "index.html"), PAGE);
  // The registrable domain is the platform's (netlify.app): its registration facts, as in the builtin corpus.
  writeFileSync(
    path.join(corpus, HOST, "site.json"),
    JSON.stringify({ created: "2018-05-10", registrar: "MarkMonitor Inc.", registrant: "Netlify, Inc." }),
  );
  world = await startWorld({ sitesDir: corpus });
  t = await createTestApp({ env: { ...world.env }, scan: fakeScanner().scan });
  org = await t.createOrg(5);
});

afterAll(async () => {
  await t?.close();
  await world?.stop();
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

const INVALID_HOSTS = [
  ["https://pay pal.com/login", 'The label "pay pal" contains a space, which is not allowed in a host name.'],
  ["https://-paypal.com/", 'The label "-paypal" starts with a hyphen.'],
  ["https://secure..paypal.com/", "The host name has an empty label (two dots in a row)."],
  [
    `https://${"a".repeat(64)}.com/`,
    'The label "aaaaaaaaaaaaaaaaaaaa…" is 64 characters long; a label may have at most 63.',
  ],
  [
    "https://pay!pal.com/",
    'The label "pay!pal" contains the character "!", which is not allowed in a host name.',
  ],
] as const;

describe("POST /v1/domain-risks with host names as sent", () => {
  it.each([`https://${HOST}/`, HOST])(
    "accepts %s (an underscore below the registrable domain) and answers a verdict",
    async (url) => {
      const res = await t.post("/v1/domain-risks", { url }, org.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe("completed");
      const record = await t.get(`/v1/domain-risks/${res.json().risk_id}`, org.apiKey);
      expect(record.statusCode).toBe(200);
      const body = record.json();
      expect(body.url).toBe(url);
      expect(["Malicious", "Suspicious"]).toContain(body.report.final_assessment);
      expect(body.report.executive_summary).toContain("KuCoin");
    },
  );

  it.each(INVALID_HOSTS)(
    "refuses %s with 400 invalid_url naming the problem, charging nothing",
    async (url, message) => {
      const before = await t.balances(org.orgId);
      const res = await t.post("/v1/domain-risks", { url }, org.apiKey);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "invalid_url", message, detail: message });
      expect((await t.balances(org.orgId)).balance).toBe(before.balance);
    },
  );
});

describe("POST /v1/scans with host names as sent", () => {
  it("accepts an underscore host", async () => {
    const res = await t.post("/v1/scans", { url: `https://${HOST}/login` }, org.apiKey);
    expect(res.statusCode).toBe(201);
    const scan = await t.get(`/v1/scans/${res.json().scan_id}`, org.apiKey);
    expect(scan.json().url).toBe(`https://${HOST}/login`);
  });

  it.each(INVALID_HOSTS)("refuses %s with 400 invalid_url naming the problem", async (url, message) => {
    const res = await t.post("/v1/scans", { url }, org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "invalid_url", message });
  });
});

describe("POST /v2/domain-classification with host names as sent", () => {
  it("reduces an underscore host to its root domain", async () => {
    const res = await t.post("/v2/domain-classification", { domain: HOST }, org.apiKey);
    expect(res.statusCode).toBe(202);
    const job = await t.get(`/v2/domain-classification/jobs/${res.json().job_id}`, org.apiKey);
    expect(job.json().domain).toBe("netlify.app");
  });

  it("refuses an underscore in the registrable label of the root domain, naming it", async () => {
    const res = await t.post("/v2/domain-classification", { domain: "www.pay_pal.com" }, org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("invalid_domain");
    expect(res.json().message).toMatch(
      /^The label "pay_pal" of the registrable domain pay_pal\.com contains an underscore/,
    );
  });
});
