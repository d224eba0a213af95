import { mkdtempSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_TOKEN,
  createTestApp,
  fakeClassifier,
  fakeScanner,
  type TestApp,
  TINY_PNG,
} from "../support/app.js";
import { tmpRoot } from "../support/paths.js";
import { runCli } from "../support/process.js";

/*
 * The command line as a client (scan, classify, scans list) and as an admin tool (org list, key create)
 * against a server listening on loopback, with a fake scanner and classifier behind it.
 */

const scanner = fakeScanner();
let t: TestApp;
let url: string;
let org: { orgId: string; apiKey: string };

beforeAll(async () => {
  t = await createTestApp({ scan: scanner.scan, classify: fakeClassifier().classify });
  t.startWorker({ scanJob: { maxAttempts: 1 }, crawl: { maxAttempts: 1 } });
  url = await t.app.listen({ host: "127.0.0.1", port: 0 });
  org = await t.createOrg(5, "cli-client");
});
afterAll(async () => {
  await t?.close();
});

const client = () => ({ DOMAINLENS_URL: url, DOMAINLENS_API_KEY: org.apiKey });

describe("domainlens scan, classify and scans list", () => {
  it("scans a URL, waits for the report and saves its screenshot", async () => {
    const dir = mkdtempSync(path.join(tmpRoot, "cli-scan-"));
    const shot = path.join(dir, "shot.png");
    const run = await runCli(
      ["scan", "https://phish-paypal.example.com/login", "--wait", "--screenshot", shot, "--json"],
      client(),
    );
    expect(run.code).toBe(0);
    const scan = JSON.parse(run.output) as {
      scan_id: string;
      status: string;
      report: { final_assessment: string };
    };
    expect(scan.status).toBe("completed");
    expect(scan.report.final_assessment).toBe("Malicious");
    expect(readFileSync(shot).equals(TINY_PNG)).toBe(true);

    const human = await runCli(["scan", "--id", scan.scan_id, "--human"], client());
    expect(human.code).toBe(0);
    expect(human.output).toContain(`Scan ${scan.scan_id}  completed  https://phish-paypal.example.com/login`);
    expect(human.output).toMatch(/Malicious {2}\d+\/100/);
    expect(human.output).toContain("Findings (");
    // The signed link of the scan's result page, which opens without a key.
    const page = /Result page \(open in a browser until [^)]+\): (http\S+)/.exec(human.output)?.[1] ?? "";
    expect(page).toMatch(new RegExp(`^${url}/scans/${scan.scan_id}/view\\?`));
    const opened = await fetch(page);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toContain("text/html");
  }, 120_000);

  it("prints a scan that is still running without --wait, and gives up after --timeout with exit code 4", async () => {
    const release = scanner.hold("held.example.com");
    try {
      const created = await runCli(["scan", "https://held.example.com/", "--json"], client());
      expect(created.code).toBe(0);
      const scan = JSON.parse(created.output) as { scan_id: string; status: string };
      expect(scan.status).toBe("pending");
      const waited = await runCli(["scan", "--id", scan.scan_id, "--wait", "--timeout", "1"], client());
      expect(waited.code).toBe(4);
      expect(waited.output).toContain("gave up waiting after 1 s");
    } finally {
      release();
    }
  }, 120_000);

  it("exits with 1 for a scan that failed", async () => {
    const run = await runCli(["scan", "https://broken-site.example.com/", "--wait", "--json"], client());
    expect(run.code).toBe(1);
    expect(JSON.parse(run.output.slice(0, run.output.lastIndexOf("}") + 1))).toMatchObject({
      status: "failed",
    });
  }, 120_000);

  it("lists the organization's scans, filtered and paged", async () => {
    const all = await runCli(["scans", "list", "--json"], client());
    expect(all.code).toBe(0);
    const page = JSON.parse(all.output) as { data: Array<{ url: string; status: string }> };
    expect(page.data.map((s) => s.url)).toContain("https://phish-paypal.example.com/login");
    const completed = await runCli(
      ["scans", "list", "--status", "completed", "--limit", "1", "--json"],
      client(),
    );
    const one = JSON.parse(completed.output) as {
      data: Array<{ status: string }>;
      next_cursor: string | null;
    };
    expect(one.data).toHaveLength(1);
    expect(one.data[0]?.status).toBe("completed");
    const table = await runCli(["scans", "list", "--human"], client());
    expect(table.output).toMatch(/^SCAN +STATUS +VERDICT +CREATED \(UTC\) +URL/);
    expect(table.output).toMatch(/completed +Malicious \d+ .*https:\/\/phish-paypal\.example\.com\/login/);
    const bad = await runCli(["scans", "list", "--status", "done"], client());
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--status must be one of pending, processing, completed, failed");
  }, 120_000);

  it("classifies a domain with --wait, and prints who operates it", async () => {
    const run = await runCli(["classify", "www.codewharf.dev", "--wait", "--json"], client());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.output)).toMatchObject({ domain: "codewharf.dev" });
    // Now fresh: answered at once, for people.
    const human = await runCli(["classify", "codewharf.dev", "--human"], client());
    expect(human.code).toBe(0);
    expect(human.output).toMatch(/^codewharf\.dev\n {2}Headline/);
    expect(human.output).toContain("  Operator ");
    const failed = await runCli(["classify", "nx-gone.com", "--wait"], client());
    expect(failed.code).toBe(1);
  }, 120_000);

  it("needs DOMAINLENS_API_KEY, and says when the server cannot be reached (exit code 3)", async () => {
    const noKey = await runCli(["scan", "https://example.com/"], { DOMAINLENS_URL: url });
    expect(noKey.code).toBe(2);
    expect(noKey.output).toContain("DOMAINLENS_API_KEY is not set");
    const down = await runCli(["scans", "list"], {
      DOMAINLENS_URL: "http://127.0.0.1:9",
      DOMAINLENS_API_KEY: org.apiKey,
    });
    expect(down.code).toBe(3);
    expect(down.output).toContain("cannot reach DomainLens at http://127.0.0.1:9");
    const wrongKey = await runCli(["scans", "list"], {
      DOMAINLENS_URL: url,
      DOMAINLENS_API_KEY: "dl_live_nope",
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toContain("the server answered 401");
    expect(wrongKey.output).toContain("check DOMAINLENS_API_KEY");
  }, 120_000);
});

describe("domainlens org list", () => {
  it("finds an organization by name and issues it a new key (a lost key replaced)", async () => {
    const admin = { DOMAINLENS_URL: url, ADMIN_TOKEN };
    const listed = await runCli(["org", "list", "--name", "cli-client", "--json"], admin);
    expect(listed.code).toBe(0);
    const page = JSON.parse(listed.output) as { data: Array<{ org_id: string; balance_usd: number }> };
    expect(page.data).toEqual([
      expect.objectContaining({ org_id: org.orgId, name: "cli-client", balance_usd: expect.any(Number) }),
    ]);

    const table = await runCli(["org", "list", "--human"], admin);
    expect(table.output).toMatch(/^ORG +NAME +BALANCE +CREATED \(UTC\)/);
    expect(table.output).toMatch(new RegExp(`${org.orgId} +cli-client +\\$\\d+\\.\\d\\d`));

    const key = await runCli(["key", "create", "--org", org.orgId, "--json"], admin);
    expect(key.code).toBe(0);
    const created = JSON.parse(key.output) as { api_key: string; key_id: string };
    expect((await t.get("/v1/account", created.api_key)).json()).toMatchObject({ name: "cli-client" });

    // The lost key: found in the key list by its first characters, then revoked.
    const keys = await runCli(["key", "list", "--org", org.orgId, "--human"], admin);
    expect(keys.code).toBe(0);
    expect(keys.output).toMatch(/^KEY ID +KEY BEGINS +ISSUED \(UTC\) +STATE/);
    const lostLine = keys.output.split("\n").find((line) => line.includes(org.apiKey.slice(0, 14)));
    expect(lostLine).toMatch(/ active$/);
    const lostId = lostLine?.split(/ +/)[0] ?? "";
    expect(lostId).not.toBe(created.key_id);
    expect((await runCli(["key", "revoke", "--key", lostId, "--json"], admin)).code).toBe(0);
    expect((await t.get("/v1/account", org.apiKey)).statusCode).toBe(401);
    expect((await t.get("/v1/account", created.api_key)).statusCode).toBe(200);
    const after = await runCli(["key", "list", "--org", org.orgId, "--human"], admin);
    expect(after.output).toMatch(new RegExp(`${lostId} .* revoked \\d{4}-`));
    org = { ...org, apiKey: created.api_key };
  }, 120_000);
});
