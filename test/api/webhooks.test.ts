import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/jobs/support.js";
import { createTestApp, fakeClassifier, fakeScanner, type TestApp } from "../support/app.js";

/*
 * Webhooks end to end (docs/webhooks.md): endpoints per organization, signed deliveries of scan and
 * classification events to a receiver on loopback (allowed by EGRESS_ALLOW_CIDRS, through the egress gate),
 * retries, the delivery log, persistent failure, secret rotation, test events. Signatures are checked with
 * the Standard Webhooks reference library, as a receiver would.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1 that records every request and answers as `answer` says for its path. */
class Receiver {
  readonly received: Received[] = [];
  answer: (path: string, count: number) => { status: number; headers?: Record<string, string> } = () => ({
    status: 204,
  });
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    const server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "/";
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        this.received.push({ path, headers, body: Buffer.concat(chunks).toString("utf8") });
        const count = this.received.filter((r) => r.path === path).length;
        const { status, headers: out } = this.answer(path, count);
        res.writeHead(status, out);
        res.end("ok");
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let t: TestApp;
const receiver = new Receiver();
const scanner = fakeScanner();
const classifier = fakeClassifier();

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({
    scan: scanner.scan,
    classify: classifier.classify,
    env: { EGRESS_ALLOW_CIDRS: "127.0.0.1/32", WEBHOOK_ALLOW_HTTP: "true" },
  });
  t.startWorker({ webhook: { backoffMs: () => 0, disableAfterMs: 0 } });
});
afterAll(async () => {
  await t?.close();
  await receiver.close();
});

function call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, apiKey: string, body?: unknown) {
  return t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function endpoint(apiKey: string, path: string, events: string[]) {
  const res = await call("POST", "/v1/webhooks", apiKey, { url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ webhook_id: string; secret: string }>();
}

function verified(secret: string, message: Received): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(message.body, message.headers) as {
    type: string;
    data: Record<string, unknown>;
  };
}

describe("webhook endpoints", () => {
  it("creates an endpoint with a whsec_ secret shown once, lists, reads, changes and deletes it", async () => {
    const org = await t.createOrg(1, "hooks-crud");
    const res = await call("POST", "/v1/webhooks", org.apiKey, {
      url: receiver.url("/crud"),
      events: ["scan.completed", "scan.completed", "classification.failed"],
      description: "SOAR",
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      url: receiver.url("/crud"),
      events: ["scan.completed", "classification.failed"],
      description: "SOAR",
      status: "enabled",
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.headers.location).toBe(`/v1/webhooks/${created.webhook_id}`);

    const list = await call("GET", "/v1/webhooks", org.apiKey);
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(created.secret.slice(6));
    const one = await call("GET", `/v1/webhooks/${created.webhook_id}`, org.apiKey);
    expect(one.json()).not.toHaveProperty("secret");

    const changed = await call("PATCH", `/v1/webhooks/${created.webhook_id}`, org.apiKey, {
      events: ["scan.failed"],
      status: "disabled",
    });
    expect(changed.json()).toMatchObject({
      events: ["scan.failed"],
      status: "disabled",
      disabled_reason: "Disabled by the organization.",
    });
    const enabled = await call("PATCH", `/v1/webhooks/${created.webhook_id}`, org.apiKey, {
      status: "enabled",
    });
    expect(enabled.json()).toMatchObject({ status: "enabled", disabled_reason: null });

    const other = await t.createOrg(1, "hooks-crud-other");
    expect((await call("GET", `/v1/webhooks/${created.webhook_id}`, other.apiKey)).statusCode).toBe(404);
    expect((await call("GET", "/v1/webhooks", other.apiKey)).json().data).toEqual([]);

    expect((await call("DELETE", `/v1/webhooks/${created.webhook_id}`, org.apiKey)).statusCode).toBe(204);
    expect((await call("GET", `/v1/webhooks/${created.webhook_id}`, org.apiKey)).statusCode).toBe(404);
    expect((await call("DELETE", `/v1/webhooks/${created.webhook_id}`, org.apiKey)).statusCode).toBe(404);
    // Nothing about endpoints is charged.
    expect(await t.ledger(org.orgId)).toEqual([]);
  });

  it.each([
    ["not a URL", "hooks.example.com/x"],
    ["a scheme other than http(s)", "ftp://hooks.example.com/"],
    ["credentials in the URL", "https://user:pass@hooks.example.com/"],
    ["a private address", "https://10.0.0.7/hook"],
    ["the metadata address", "http://169.254.169.254/latest"],
    ["a loopback address outside the allowlist", "http://127.0.0.2:8080/"],
  ])("refuses %s with 400 invalid_webhook_url", async (_label, url) => {
    const org = await t.createOrg(1, "hooks-invalid");
    const res = await call("POST", "/v1/webhooks", org.apiKey, { url, events: ["scan.completed"] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "invalid_webhook_url", parameter: "url" });
  });

  it("refuses an unknown event and a 21st endpoint", async () => {
    const org = await t.createOrg(1, "hooks-many");
    const bad = await call("POST", "/v1/webhooks", org.apiKey, {
      url: receiver.url("/x"),
      events: ["scan.started"],
    });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 20; i++) await endpoint(org.apiKey, `/many-${i}`, ["scan.failed"]);
    const over = await call("POST", "/v1/webhooks", org.apiKey, {
      url: receiver.url("/x"),
      events: ["scan.failed"],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe("too_many_webhooks");
  });
});

describe("deliveries", () => {
  it("delivers one signed scan.completed per scan of a batch, whose data is the record GET answers", async () => {
    const org = await t.createOrg(10, "hooks-batch");
    const hook = await endpoint(org.apiKey, "/batch", ["scan.completed", "scan.failed"]);
    const batch = await t.post(
      "/v1/scans/batch",
      {
        urls: [
          "https://hook-one.example.com/",
          "https://hook-two.example.com/",
          "https://broken.example.com/",
        ],
      },
      org.apiKey,
    );
    expect(batch.statusCode, batch.body).toBe(200);
    const ids = batch.json().items.map((i: { scan_id: string }) => i.scan_id);
    await waitFor(() => receiver.at("/batch").length >= 3, "the deliveries", 15_000);

    const messages = receiver.at("/batch").map((m) => ({ m, event: verified(hook.secret, m) }));
    const byScan = new Map(messages.map((x) => [x.event.data.scan_id as string, x]));
    expect([...byScan.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const x = byScan.get(id);
      if (!x) throw new Error("unreachable");
      const record = (await t.get(`/v1/scans/${id}`, org.apiKey)).json();
      expect(x.event.data).toEqual(record);
      expect(x.event.type).toBe(record.status === "failed" ? "scan.failed" : "scan.completed");
      expect(x.m.headers["content-type"]).toBe("application/json");
      expect(x.m.headers["user-agent"]).toMatch(/^DomainLens-Webhooks\//);
    }
    expect(messages.filter((x) => x.event.type === "scan.failed")).toHaveLength(1);
    // A tampered body or another secret does not verify.
    const first = receiver.at("/batch")[0] as Received;
    expect(() => new Webhook(hook.secret).verify(`${first.body} `, first.headers)).toThrow();
    const other = await endpoint(org.apiKey, "/unused", ["classification.failed"]);
    expect(() => new Webhook(other.secret).verify(first.body, first.headers)).toThrow();

    const log = await call("GET", `/v1/webhooks/${hook.webhook_id}/deliveries`, org.apiKey);
    expect(log.json().data).toHaveLength(3);
    for (const d of log.json().data) {
      expect(d).toMatchObject({ status: "delivered", next_attempt_at: null });
      expect(d.attempts).toEqual([
        {
          attempt: 1,
          at: expect.any(String),
          status_code: 204,
          error: null,
          duration_ms: expect.any(Number),
        },
      ]);
    }
    expect(
      (await call("GET", `/v1/webhooks/${hook.webhook_id}`, org.apiKey)).json().last_success_at,
    ).not.toBeNull();
  });

  it("sends nothing to an endpoint not subscribed to the event, or of another organization", async () => {
    const org = await t.createOrg(10, "hooks-quiet");
    await endpoint(org.apiKey, "/quiet", ["classification.completed"]);
    const stranger = await t.createOrg(10, "hooks-stranger");
    await endpoint(stranger.apiKey, "/stranger", ["scan.completed"]);
    const scan = await t.post("/v1/scans", { url: "https://quiet.example.com/" }, org.apiKey);
    await waitFor(
      async () => (await t.get(`/v1/scans/${scan.json().scan_id}`, org.apiKey)).json().status === "completed",
      "the scan to complete",
    );
    const probe = await endpoint(org.apiKey, "/quiet-probe", ["scan.completed"]);
    const after = await t.post("/v1/scans", { url: "https://quiet-two.example.com/" }, org.apiKey);
    await waitFor(() => receiver.at("/quiet-probe").length === 1, "the deliveries", 15_000);
    expect(verified(probe.secret, receiver.at("/quiet-probe")[0] as Received).data.scan_id).toBe(
      after.json().scan_id,
    );
    expect(receiver.at("/quiet")).toEqual([]);
    expect(receiver.at("/stranger")).toEqual([]);
  });

  it("delivers classification.completed with the job and its result, and classification.failed", async () => {
    const org = await t.createOrg(10, "hooks-classify");
    const hook = await endpoint(org.apiKey, "/classify", [
      "classification.completed",
      "classification.failed",
    ]);
    const ok = await t.post("/v2/domain-classification", { domain: "hooked-shop.com" }, org.apiKey);
    const bad = await t.post("/v2/domain-classification", { domain: "nx-hooked.com" }, org.apiKey);
    expect([ok.statusCode, bad.statusCode]).toEqual([202, 202]);
    await waitFor(() => receiver.at("/classify").length >= 2, "the deliveries", 15_000);
    const events = receiver.at("/classify").map((m) => verified(hook.secret, m));
    const completed = events.find((e) => e.type === "classification.completed");
    const failed = events.find((e) => e.type === "classification.failed");
    const okJob = (await t.get(`/v2/domain-classification/jobs/${ok.json().job_id}`, org.apiKey)).json();
    expect(completed?.data).toEqual(okJob);
    expect(okJob.result).toBeTruthy();
    expect(failed?.data).toMatchObject({ job_id: bad.json().job_id, status: "failed" });
  });

  it("retries a failing endpoint with the same webhook-id and body, logging every attempt", async () => {
    const org = await t.createOrg(10, "hooks-retry");
    const hook = await endpoint(org.apiKey, "/flaky", ["scan.completed"]);
    receiver.answer = (path, count) => ({ status: path === "/flaky" && count <= 2 ? 503 : 204 });
    try {
      await t.post("/v1/scans", { url: "https://retry.example.com/" }, org.apiKey);
      await waitFor(() => receiver.at("/flaky").length === 3, "the deliveries", 15_000);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
    const attempts = receiver.at("/flaky");
    expect(new Set(attempts.map((a) => a.headers["webhook-id"])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const a of attempts) verified(hook.secret, a);
    await waitFor(async () => {
      const log = (await call("GET", `/v1/webhooks/${hook.webhook_id}/deliveries`, org.apiKey)).json();
      return log.data[0]?.status === "delivered";
    }, "the delivery status");
    const [delivery] = (await call("GET", `/v1/webhooks/${hook.webhook_id}/deliveries`, org.apiKey)).json()
      .data;
    expect(delivery.delivery_id).toBe(attempts[0]?.headers["webhook-id"]);
    expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 204]);
    expect(delivery.attempts[0].error).toBe("the endpoint answered HTTP 503");
  });

  it("does not follow a redirect, and disables an endpoint after persistent failure, saying why", async () => {
    const org = await t.createOrg(10, "hooks-dead");
    const hook = await endpoint(org.apiKey, "/moved", ["scan.completed"]);
    receiver.answer = (path) =>
      path === "/moved"
        ? { status: 302, headers: { location: receiver.url("/elsewhere") } }
        : { status: 204 };
    try {
      await t.post("/v1/scans", { url: "https://dead.example.com/" }, org.apiKey);
      await waitFor(
        async () =>
          (await call("GET", `/v1/webhooks/${hook.webhook_id}`, org.apiKey)).json().status === "disabled",
        "the deliveries",
        20_000,
      );
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
    expect(receiver.at("/moved")).toHaveLength(8);
    expect(receiver.at("/elsewhere")).toEqual([]);
    const endpointNow = (await call("GET", `/v1/webhooks/${hook.webhook_id}`, org.apiKey)).json();
    expect(endpointNow.disabled_reason).toContain("redirects are not followed");
    expect(endpointNow.disabled_reason).toContain('{"status": "enabled"}');
    const [failed] = (
      await call("GET", `/v1/webhooks/${hook.webhook_id}/deliveries?status=failed`, org.apiKey)
    ).json().data;
    expect(failed.attempts).toHaveLength(8);
    expect(failed.attempts[0].status_code).toBe(302);

    // While disabled, no delivery is queued for new events; a retry is refused until it is enabled.
    const quiet = await t.post("/v1/scans", { url: "https://dead-two.example.com/" }, org.apiKey);
    await waitFor(
      async () =>
        (await t.get(`/v1/scans/${quiet.json().scan_id}`, org.apiKey)).json().status === "completed",
      "the scan to complete",
    );
    const retryPath = `/v1/webhooks/${hook.webhook_id}/deliveries/${failed.delivery_id}/retry`;
    expect((await call("POST", retryPath, org.apiKey)).statusCode).toBe(400);
    // Fixed and enabled: the failed delivery is sent again, same webhook-id.
    await call("PATCH", `/v1/webhooks/${hook.webhook_id}`, org.apiKey, {
      url: receiver.url("/fixed"),
      status: "enabled",
    });
    const retried = await call("POST", retryPath, org.apiKey);
    expect(retried.statusCode, retried.body).toBe(202);
    await waitFor(() => receiver.at("/fixed").length === 1, "the deliveries", 15_000);
    expect(receiver.at("/fixed")[0]?.headers["webhook-id"]).toBe(failed.delivery_id);
    const all = (await call("GET", `/v1/webhooks/${hook.webhook_id}/deliveries`, org.apiKey)).json().data;
    expect(all).toHaveLength(1);
  });

  it("sends a test event on request, and signs with both secrets for a day after a rotation", async () => {
    const org = await t.createOrg(1, "hooks-rotate");
    const hook = await endpoint(org.apiKey, "/rotate", ["scan.completed"]);
    const rotated = await call("POST", `/v1/webhooks/${hook.webhook_id}/rotate-secret`, org.apiKey);
    expect(rotated.statusCode).toBe(200);
    const { secret, previous_secret_expires_at } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    expect(Date.parse(previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const test = await call("POST", `/v1/webhooks/${hook.webhook_id}/test`, org.apiKey);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ event: "webhook.test", status: "pending", resource_id: null });
    await waitFor(() => receiver.at("/rotate").length === 1, "the deliveries", 15_000);
    const message = receiver.at("/rotate")[0] as Received;
    expect(message.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(verified(secret, message).type).toBe("webhook.test");
    expect(verified(hook.secret, message).type).toBe("webhook.test");
    const one = await call(
      "GET",
      `/v1/webhooks/${hook.webhook_id}/deliveries/${test.json().delivery_id}`,
      org.apiKey,
    );
    await waitFor(
      async () =>
        (
          await call(
            "GET",
            `/v1/webhooks/${hook.webhook_id}/deliveries/${test.json().delivery_id}`,
            org.apiKey,
          )
        ).json().status === "delivered",
      "the test delivery to be delivered",
    );
    expect(one.statusCode).toBe(200);
  });
});
