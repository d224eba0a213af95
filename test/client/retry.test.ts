import { describe, expect, it } from "vitest";
import { createClient, retryAfterMs } from "../../clients/typescript/src/index.js";

/** The client's retries, against a scripted server: what it sends, how often and after how long. */

interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: string;
  at: number;
}

function scripted(answers: Array<() => Response>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get("authorization"),
      body: await request.text(),
      at: Date.now(),
    });
    const next = answers.shift();
    if (!next) throw new Error("no answer left");
    return next();
  };
  return { fetch, sent };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
const limited = (retryAfter?: string) =>
  json(
    429,
    {
      error: "rate_limit_exceeded",
      message: "Rate limit exceeded.",
      limit: 10,
      retry_after: Number(retryAfter ?? 1),
    },
    retryAfter === undefined ? {} : { "retry-after": retryAfter },
  );
const created = json(201, {
  scan_id: "5c0e0b6e-3f7a-4d43-9d43-0c1f3a1b2c3d",
  status: "pending",
  created_at: "2026-06-01T10:00:00Z",
});

describe("client retries", () => {
  it("sends a 429'd request again after Retry-After, body and key included", async () => {
    const server = scripted([limited("1"), created]);
    const client = createClient({
      baseUrl: "https://api.example/",
      apiKey: "dl_live_k",
      fetch: server.fetch,
    });
    const result = await client.POST("/v1/scans", { body: { url: "https://a.example/" } });
    expect(result.response.status).toBe(201);
    expect(result.data?.status).toBe("pending");
    expect(server.sent).toHaveLength(2);
    for (const sent of server.sent) {
      expect(sent).toMatchObject({
        method: "POST",
        url: "https://api.example/v1/scans",
        authorization: "Bearer dl_live_k",
        body: JSON.stringify({ url: "https://a.example/" }),
      });
    }
    const waited = (server.sent[1]?.at ?? 0) - (server.sent[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it("gives up after maxRetries and hands back the last 429 with its body", async () => {
    const server = scripted([limited("0"), limited("0"), limited("0")]);
    const client = createClient({
      baseUrl: "https://api.example",
      fetch: server.fetch,
      retry: { maxRetries: 2 },
    });
    const result = await client.GET("/v1/account");
    expect(server.sent).toHaveLength(3);
    expect(result.response.status).toBe(429);
    expect(result.error).toMatchObject({ error: "rate_limit_exceeded", limit: 10 });
  });

  it("does not wait longer than maxDelayMs: a longer Retry-After is handed back at once", async () => {
    const server = scripted([limited("3600")]);
    const client = createClient({ baseUrl: "https://api.example", fetch: server.fetch });
    const result = await client.GET("/v1/account");
    expect(server.sent).toHaveLength(1);
    expect(result.response.headers.get("retry-after")).toBe("3600");
  });

  it("retries 503 and 409 only when they say when to come back, and never other errors", async () => {
    const problem = (status: number, error: string, headers: Record<string, string> = {}) =>
      json(
        status,
        { type: "about:blank", title: error, status, detail: error, error, message: error },
        headers,
      );
    const server = scripted([
      problem(503, "service_unavailable", { "retry-after": "0" }),
      problem(409, "idempotency_key_in_progress", { "retry-after": "0" }),
      created,
      problem(503, "service_unavailable"),
      problem(402, "insufficient_balance"),
    ]);
    const client = createClient({ baseUrl: "https://api.example", fetch: server.fetch });
    expect((await client.POST("/v1/scans", { body: { url: "a.example" } })).response.status).toBe(201);
    expect(server.sent).toHaveLength(3);
    expect((await client.POST("/v1/scans", { body: { url: "a.example" } })).response.status).toBe(503);
    expect((await client.POST("/v1/scans", { body: { url: "a.example" } })).error?.error).toBe(
      "insufficient_balance",
    );
    expect(server.sent).toHaveLength(5);
  });

  it("backs off exponentially when a 429 has no Retry-After, and can be turned off", async () => {
    const server = scripted([limited(), limited(), created]);
    const client = createClient({
      baseUrl: "https://api.example",
      fetch: server.fetch,
      retry: { baseDelayMs: 50 },
    });
    expect((await client.POST("/v1/scans", { body: { url: "a.example" } })).response.status).toBe(201);
    const [first, second, third] = server.sent.map((s) => s.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(45);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(95);

    const once = scripted([limited("0")]);
    const noRetry = createClient({ baseUrl: "https://api.example", fetch: once.fetch, retry: false });
    expect((await noRetry.GET("/v1/account")).response.status).toBe(429);
    expect(once.sent).toHaveLength(1);
  });

  it("stops waiting when the request's signal aborts", async () => {
    const server = scripted([limited("30")]);
    const client = createClient({ baseUrl: "https://api.example", fetch: server.fetch });
    const controller = new AbortController();
    const pending = client.GET("/v1/account", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("cancelled by the caller")), 50);
    await expect(pending).rejects.toThrow("cancelled by the caller");
    expect(server.sent).toHaveLength(1);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-06-01T10:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("Mon, 01 Jun 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Mon, 01 Jun 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
