import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, DomainLensError, unwrap } from "../../clients/typescript/src/index.js";
import { ADMIN_TOKEN, createTestApp, fakeScanner, type TestApp } from "../support/app.js";
import { repoRoot, tmpRoot } from "../support/paths.js";

/**
 * The TypeScript client (clients/typescript) against a listening server: the generated types and the live
 * API agree on what is sent and answered, and the example screens a file of URLs.
 */

let t: TestApp;
let baseUrl: string;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp({ scan: fakeScanner().scan });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.startWorker();

  // An organization and a second key for it, through the admin API with the same client.
  const admin = createClient({ baseUrl, apiKey: ADMIN_TOKEN });
  const org = unwrap(await admin.POST("/admin/v1/orgs", { body: { name: "client-e2e", credits_usd: 5 } }));
  const key = unwrap(await admin.POST("/admin/v1/orgs/{id}/keys", { params: { path: { id: org.org_id } } }));
  expect(key.api_key).toMatch(/^dl_live_/);
  apiKey = key.api_key;
});

afterAll(async () => {
  await t?.close();
});

describe("the TypeScript client", () => {
  it("submits a batch, waits for its scans, reads and lists them", async () => {
    const client = createClient({ baseUrl, apiKey });
    const batch = unwrap(
      await client.POST("/v1/scans/batch", {
        body: {
          urls: ["https://phish-paypal.example.com/login", "shop.example.com", "ftp://files.example.com/"],
          tags: ["case:client-e2e"],
        },
      }),
    );
    expect(batch).toMatchObject({ accepted: 2, rejected: 1, charged_usd: 0.1 });
    expect(batch.items[2]).toMatchObject({
      index: 2,
      scan_id: null,
      error: { error: "invalid_url", status: 400 },
    });

    const ids = batch.items.flatMap((item) => (item.scan_id ? [item.scan_id] : []));
    const scans = await Promise.all(ids.map((id) => client.waitForScan(id, { intervalMs: 100 })));
    expect(scans.map((s) => s.status)).toEqual(["completed", "completed"]);
    expect(scans[0]?.report).toMatchObject({
      final_assessment: "Malicious",
      site_context: { detected_brand: "PayPal" },
    });
    expect(scans[1]?.report?.final_assessment).toBe("Benign");
    expect(scans[1]?.url).toBe("shop.example.com");

    const read = unwrap(
      await client.GET("/v1/scans/{scan_id}", { params: { path: { scan_id: ids[0] ?? "" } } }),
    );
    expect(read).toEqual(scans[0]);

    const listed = [];
    for await (const summary of client.eachScan({ tag: "case:client-e2e", limit: 1 })) listed.push(summary);
    // One page a scan: eachScan followed the cursor.
    expect(listed.map((s) => s.scan_id).sort()).toEqual([...ids].sort());
    expect(listed.find((s) => s.detected_brand === "PayPal")?.final_assessment).toBe("Malicious");

    const account = unwrap(await client.GET("/v1/account"));
    expect(account.balance_usd).toBeCloseTo(4.9, 6);
  });

  it("answers the API's refusals as typed errors", async () => {
    const client = createClient({ baseUrl, apiKey });
    const missing = await client.GET("/v1/scans/{scan_id}", {
      params: { path: { scan_id: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toBe("not_found");
    await expect(client.waitForScan("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      name: "DomainLensError",
      status: 404,
      code: "not_found",
    });

    const anonymous = createClient({ baseUrl });
    const refused = await anonymous.GET("/v1/account");
    expect(refused.response.status).toBe(401);
    expect(() => unwrap(refused)).toThrow(DomainLensError);
    expect(refused.error?.error).toBe("missing_api_key");
  });

  it("hands back a 429 whose Retry-After is longer than it may wait, with the limit's body", async () => {
    const org = await t.createOrg(1, "limited");
    const limits = await t.admin("PUT", `/admin/v1/orgs/${org.orgId}/limits`, { "account.get": 1 });
    expect(limits.statusCode).toBe(200);
    const client = createClient({ baseUrl, apiKey: org.apiKey, retry: { maxDelayMs: 500 } });
    expect((await client.GET("/v1/account")).response.status).toBe(200);
    const limited = await client.GET("/v1/account");
    expect(limited.response.status).toBe(429);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(1);
    expect(limited.error).toMatchObject({ error: "rate_limit_exceeded", limit: 1 });
  });

  it("runs the screen-file example: one line per scan, item errors on stderr", async () => {
    const dir = mkdtempSync(path.join(tmpRoot, "screen-file-"));
    const file = path.join(dir, "urls.txt");
    writeFileSync(
      file,
      [
        "# suspicious links of the week",
        "https://phish-login.example.com/",
        "",
        "mailto:someone@example.com",
        "cdn-assets.example.com",
      ].join("\n"),
    );
    const { code, stdout, stderr } = await runExample([file, "--tag", "case:screen-file"], {
      DOMAINLENS_URL: baseUrl,
      DOMAINLENS_API_KEY: apiKey,
    });
    expect(stdout.trim().split("\n").sort()).toEqual([
      "cdn-assets.example.com\tBenign\tBenign\t-",
      "https://phish-login.example.com/\tMalicious\tPhishing / Credential Theft\tPayPal",
    ]);
    expect(stderr).toMatch(/^mailto:someone@example\.com\terror invalid_url \(400\): /m);
    expect(stderr).toContain("submitted 2 of 3");
    // A URL could not be screened.
    expect(code).toBe(1);
    rmSync(dir, { recursive: true, force: true });

    const client = createClient({ baseUrl, apiKey });
    const tagged = [];
    for await (const summary of client.eachScan({ tag: "case:screen-file" })) tagged.push(summary.url);
    expect(tagged.sort()).toEqual(["cdn-assets.example.com", "https://phish-login.example.com/"]);
  });
});

function runExample(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(repoRoot, "clients/typescript/examples/screen-file.ts"), ...args],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
