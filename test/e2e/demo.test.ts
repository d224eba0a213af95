import { mkdtempSync, readFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";
import { openTestDatabase, type TestDatabase } from "../support/db.js";
import { tmpRoot } from "../support/paths.js";
import { runCli, type Spawned, spawnCli } from "../support/process.js";

/** The world's configuration as the demo wrote it, from the file whose path it printed. */
function worldEnv(out: string): Map<string, string> {
  const file = /The test internet's configuration .*: (\S+)/.exec(out)?.[1] ?? "";
  const lines = readFileSync(file, "utf8").trim().split("\n");
  return new Map(
    lines.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).replace(/^'(.*)'$/s, "$1")]),
  );
}

function refused(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(":");
  return new Promise((resolve) => {
    const socket = connect({ host: host ?? "", port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/**
 * Holds 127.0.0.1:8080, the demo's default port, so that the demo meets it taken as on a developer's
 * machine. Resolves null when something else already holds it (taken all the same).
 */
function hold8080(): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(null) : reject(error),
    );
    server.listen(8080, "127.0.0.1", () => resolve(server));
  });
}

let database: TestDatabase;
let demo: Spawned;
let held: Server | null = null;

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.kind === "pglite") await database.close();
  held = await hold8080();
  // No PORT: the default port is taken, so the demo takes a free one and says so.
  demo = spawnCli(["demo"], {
    DATA_DIR: database.dataDir ?? path.join(tmpRoot, "demo-unused"),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  await demo.waitFor(/Ctrl-C stops/, 90_000);
});

afterAll(async () => {
  await demo?.stop();
  held?.close();
  if (database.kind === "postgres") await database.close();
});

describe("domainlens demo", () => {
  it("prints a working key and example calls against a server wired to the world", async () => {
    const out = demo.output();
    const key = /export KEY=(dl_live_\S+)/.exec(out)?.[1];
    const url = /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(key).toBeDefined();
    expect(url).toBeDefined();
    expect(out.match(/curl /g)).toHaveLength(8);
    const account = await fetch(`${url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ name: "demo", balance_usd: 10 });
    expect(out).toMatch(/EGRESS_ALLOW_CIDRS=127\.77\.0\.0\/16/);
  });

  it("takes a free port when 8080 is taken and no port was asked for, and says so", () => {
    const out = demo.output();
    expect(out).toContain("Port 8080 is in use, so the demo took a free port");
    const port = Number(/the API on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(8080);
  });

  it("writes the long configuration to a file, prints its path, and suggests commands that work on Linux", () => {
    const out = demo.output();
    const env = worldEnv(out);
    expect(env.get("CONNECT_TO")?.length).toBeGreaterThan(500);
    expect(env.get("EGRESS_ALLOW_CIDRS")).toBe("127.77.0.0/16");
    expect(Math.max(...out.split("\n").map((l) => l.length))).toBeLessThan(300);
    expect(out).not.toContain("CONNECT_TO=");
    expect(out).not.toMatch(/^\s+open /m);
    expect(out).toMatch(/DOMAINLENS_API_KEY=\$KEY npx domainlens scan https:\/\/paypa1\.com\/ --wait/);
  });

  it("scans a URL from the command line with --wait, as the demo suggests", async () => {
    const out = demo.output();
    const key = /export KEY=(dl_live_\S+)/.exec(out)?.[1] ?? "";
    const url = /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "";
    const shot = path.join(mkdtempSync(path.join(tmpRoot, "demo-cli-")), "paypa1.png");
    const run = await runCli(["scan", "https://paypa1.com/", "--wait", "--screenshot", shot, "--json"], {
      DOMAINLENS_URL: url,
      DOMAINLENS_API_KEY: key,
    });
    expect(run.code).toBe(0);
    const scan = JSON.parse(run.output) as { status: string; report: { final_assessment: string } };
    expect(scan.status).toBe("completed");
    expect(scan.report.final_assessment).toBe("Malicious");
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
  }, 180_000);

  it("a new user reads --help, scans with --wait and opens the printed result page in a browser", async () => {
    const help = await runCli(["--help"], {});
    expect(help.code).toBe(0);
    expect(help.output).toMatch(/^ {2}scan +scan a URL in a real browser/m);
    const out = demo.output();
    const env = {
      DOMAINLENS_URL: /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "",
      DOMAINLENS_API_KEY: /export KEY=(dl_live_\S+)/.exec(out)?.[1] ?? "",
    };
    const run = await runCli(["scan", "https://paypa1.com/login", "--wait", "--human"], env);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Malicious/);
    const link = /Result page \(open in a browser until [^)]+\): (http\S+)/.exec(run.output)?.[1];
    expect(link).toBeDefined();

    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      expect((await page.goto(link ?? ""))?.status()).toBe(200);
      expect(await page.locator('[data-field="verdict"]').innerText()).toBe("Malicious");
      expect(await page.locator('[data-field="brand"]').innerText()).toBe("PayPal");
      expect(await page.locator('[data-field="url"]').innerText()).toBe("https://paypa1.com/login");
      // The screenshot the scan's browser took, served through the same signed link.
      const width = await page.evaluate<number>(
        `(() => { const img = document.querySelector('[data-field="screenshot"]'); return img && img.complete ? img.naturalWidth : 0; })()`,
      );
      expect(width).toBeGreaterThan(0);
      expect(await page.locator('[data-field="finding"]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-field="requests"] tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  }, 180_000);

  it("classifies a fixture domain through a crawl job, as the printed calls do", async () => {
    const out = demo.output();
    const key = /export KEY=(dl_live_\S+)/.exec(out)?.[1] ?? "";
    const url = /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "";
    const auth = { authorization: `Bearer ${key}` };
    const created = await fetch(`${url}/v2/domain-classification`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ domain: "www.codewharf.dev" }),
    });
    expect(created.status).toBe(202);
    const job = (await created.json()) as { job_id: string; status_url: string };
    let body: { status: string; result?: { domain: string; identity: { operator: string } } } = {
      status: "queued",
    };
    const deadline = Date.now() + 30_000;
    while (body.status !== "complete" && body.status !== "failed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const polled = await fetch(`${url}/v2/domain-classification/jobs/${job.job_id}`, { headers: auth });
      body = (await polled.json()) as typeof body;
    }
    expect(body.status).toBe("complete");
    expect(body.result).toMatchObject({ domain: "codewharf.dev", identity: { operator: "Codewharf Ltd." } });
    const page = await fetch(`${url}/domains/codewharf.dev`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Codewharf Ltd.");
  });

  it("warns on the command line that a look-alike presents itself as a brand it is not", async () => {
    const out = demo.output();
    const key = /export KEY=(dl_live_\S+)/.exec(out)?.[1] ?? "";
    const url = /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "";
    const run = await runCli(["classify", "paypa1.com", "--wait", "--human"], {
      DOMAINLENS_URL: url,
      DOMAINLENS_API_KEY: key,
    });
    expect(run.code).toBe(0);
    expect(run.output).toContain(
      "Warning: presents itself as PayPal, but the domain does not belong to PayPal.",
    );
    expect(run.output).toMatch(/Operator +Unknown/);
  }, 90_000);

  it("scans a phishing clone and a legitimate fixture to completed reports with screenshots", async () => {
    const out = demo.output();
    const key = /export KEY=(dl_live_\S+)/.exec(out)?.[1] ?? "";
    const url = /the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "";
    const auth = { authorization: `Bearer ${key}` };
    // Polling shares the per-minute limit of scan reads (SPEC §8: 60): a client waits as Retry-After says.
    const read = async (path: string): Promise<Response> => {
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${url}${path}`, { headers: auth });
        if (res.status !== 429 || tries >= 5) return res;
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, (Number(res.headers.get("retry-after")) || 1) * 1000));
      }
    };
    const scan = async (target: string) => {
      const created = await fetch(`${url}/v1/scans`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ url: target }),
      });
      expect(created.status).toBe(201);
      const { scan_id: id } = (await created.json()) as { scan_id: string };
      type Scan = { status: string; report: { final_assessment: string; site_context: unknown } | null };
      let body: Scan = { status: "pending", report: null };
      const deadline = Date.now() + 90_000;
      while (body.status !== "completed" && body.status !== "failed" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1000));
        body = (await (await read(`/v1/scans/${id}`)).json()) as Scan;
      }
      const shot = await read(`/v1/scans/${id}/screenshot`);
      const png = Buffer.from(await shot.arrayBuffer());
      return { body, shot: shot.status, png };
    };
    // The phishing URL the demo suggests trying.
    const suggested = /\/v1\/scans .*"url": "([^"]+)"/.exec(out)?.[1] ?? "";
    expect(suggested).toMatch(/^https:\/\/paypa1\.com\//);
    const [phish, legit] = await Promise.all([scan(suggested), scan("codewharf.dev")]);
    expect(phish.body.status).toBe("completed");
    expect(phish.body.report?.final_assessment).toBe("Malicious");
    // The suggested page is the clone itself: the report reads its password form, not an error page.
    expect(phish.body.report?.site_context).toMatchObject({
      detected_brand: "PayPal",
      apparent_purpose: "PayPal sign-in page",
    });
    expect(legit.body.status).toBe("completed");
    expect(legit.body.report?.final_assessment).toBe("Benign");
    for (const { shot, png } of [phish, legit]) {
      expect(shot).toBe(200);
      expect(png.subarray(1, 4).toString()).toBe("PNG");
    }
  }, 180_000);

  it("stops cleanly on Ctrl-C, leaving no port open", async () => {
    const out = demo.output();
    const url = new URL(/the API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? "");
    const env = worldEnv(out);
    const dns = env.get("DNS_SERVERS") ?? "";
    const rdap = new URL(env.get("RDAP_BOOTSTRAP_URL") ?? "");
    demo.child.kill("SIGINT");
    expect(await demo.exited()).toBe(0);
    expect(await refused(`${url.hostname}:${url.port}`)).toBe(true);
    expect(await refused(dns)).toBe(true);
    expect(await refused(`${rdap.hostname}:${rdap.port}`)).toBe(true);
  });
});
