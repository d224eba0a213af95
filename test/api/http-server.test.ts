import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../support/app.js";

/** One HTTP/1.1 response read off a raw socket. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what a server wrote on one connection into its responses (Content-Length framed). */
function parseResponses(raw: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) throw new Error(`incomplete response head: ${JSON.stringify(rest)}`);
    const [statusLine = "", ...lines] = rest.slice(0, end).split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    const bodyStart = end + 4;
    const body = Buffer.from(rest.slice(bodyStart), "latin1").subarray(0, length).toString("utf8");
    out.push({ status, headers, body });
    rest = rest.slice(bodyStart + Buffer.byteLength(body, "utf8"));
  }
  return out;
}

/** A raw connection: everything the server writes until it closes the socket. */
function open(port: number): { socket: Socket; received: Promise<string> } {
  const socket = connect({ port, host: "127.0.0.1" });
  const received = new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
  return { socket, received };
}

function expectProblem(res: RawResponse | undefined, status: number, error: string): Record<string, unknown> {
  expect(res?.status).toBe(status);
  expect(res?.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res?.body ?? "") as Record<string, unknown>;
  expect(body).toMatchObject({ status, error, type: `/errors/${error}` });
  expect(typeof body.title).toBe("string");
  expect(body.message).toBe(body.detail);
  return body;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(): Promise<{ app: TestApp; port: number }> {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { app: t, port: (t.app.server.address() as AddressInfo).port };
}

describe("the listening HTTP server", () => {
  it("answers a CONNECT request with 405 method_not_allowed as problem+json, then closes", async () => {
    const { port } = await listening();
    const { socket, received } = open(port);
    socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    const responses = parseResponses(await received);
    expect(responses).toHaveLength(1);
    const body = expectProblem(responses[0], 405, "method_not_allowed");
    expect(String(body.message)).toContain("CONNECT");
    expect(responses[0]?.headers["x-request-id"]).toMatch(/\S/);
    expect(responses[0]?.headers.allow).toContain("GET");
    expect(responses[0]?.headers.allow).not.toContain("CONNECT");
    // The server is still serving.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });

  it("answers a request the HTTP parser rejects with 400 invalid_request as problem+json, then closes", async () => {
    const { port } = await listening();
    for (const raw of ["GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n"]) {
      const { socket, received } = open(port);
      socket.write(raw);
      const responses = parseResponses(await received);
      expect(responses).toHaveLength(1);
      expectProblem(responses[0], 400, "invalid_request");
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });

  it("answers requests that arrive on a kept-alive connection during shutdown with a 503 problem and Retry-After", async () => {
    const { app, port } = await listening();
    const { socket, received } = open(port);
    const routed = once(app.app.server, "request");
    // A request whose body is still arriving keeps the connection busy, so closing does not drop it.
    const body = JSON.stringify({ name: "late", credits_usd: 1 });
    socket.write(
      `POST /admin/v1/orgs HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
        `Authorization: Bearer ${ADMIN_TOKEN}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await routed;
    const closing = app.app.close();
    while (app.app.server.listening) await nextTurn();
    // The rest of the first request, then a second one on the same connection.
    socket.write(
      `${body.slice(5)}GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`,
    );
    const responses = parseResponses(await received);
    await closing;
    expect(responses).toHaveLength(2);
    expect(responses[0]?.status).toBe(201);
    const second = responses[1];
    const problem = expectProblem(second, 503, "service_unavailable");
    expect(String(problem.message)).toMatch(/shutting down/);
    expect(Number(second?.headers["retry-after"])).toBeGreaterThan(0);
    expect(second?.headers.connection).toBe("close");
    expect(second?.headers["x-request-id"]).toMatch(/\S/);
  });
});
