import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRIP_INTERVAL_MS, HUGE_BODY_BYTES, startWorld, type World } from "../../src/world/index.js";
import { FIXTURE_SITES, fetchWorld, route, text } from "./support.js";

let world: World;

beforeAll(async () => {
  world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
});

afterAll(async () => {
  await world.stop();
});

interface Capture {
  bytes: Array<{ at: number; size: number }>;
  text: string;
  ended: boolean;
  error: string | undefined;
}

/** Sends `head` over plain TCP to where hostname:80 lands and records what comes back for `forMs`. */
async function capture(hostname: string, head: string, forMs: number): Promise<Capture> {
  const to = await route(world.env, hostname, 80);
  const started = Date.now();
  const result: Capture = { bytes: [], text: "", ended: false, error: undefined };
  return new Promise((resolve) => {
    const socket = connect(to, () => socket.write(head));
    socket.on("data", (chunk: Buffer) => {
      result.bytes.push({ at: Date.now() - started, size: chunk.length });
      result.text += chunk.toString("latin1");
    });
    socket.on("end", () => {
      result.ended = true;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      result.error = error.code ?? error.message;
    });
    setTimeout(() => {
      socket.destroy();
      resolve(result);
    }, forMs);
  });
}

/** One HTTP(S) request routed into the world; resolves on the response head with the response itself. */
async function open(url: string): Promise<IncomingMessage> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const to = await route(world.env, target.hostname, secure ? 443 : 80);
  const options = {
    host: to.host,
    port: to.port,
    path: target.pathname,
    headers: { host: target.hostname },
    agent: false as const,
    servername: target.hostname,
    ca: world.caPem,
  };
  return new Promise((resolve, reject) => {
    const req = secure ? httpsRequest(options, resolve) : httpRequest(options, resolve);
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end();
  });
}

async function errorOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

async function drain(res: IncomingMessage): Promise<{ size: number; error: string | undefined }> {
  let size = 0;
  return new Promise((resolve) => {
    res.on("data", (c: Buffer) => {
      size += c.length;
    });
    res.on("end", () => resolve({ size, error: undefined }));
    res.on("error", (e: NodeJS.ErrnoException) => resolve({ size, error: e.code ?? e.message }));
  });
}

describe("the world's misbehaving endpoints", () => {
  it("slowloris-endpoint.com sends headers at once, then a byte every few seconds", async () => {
    const window = 2 * DRIP_INTERVAL_MS + 600;
    const [body, headers] = await Promise.all([
      capture("slowloris-endpoint.com", "GET / HTTP/1.1\r\nHost: slowloris-endpoint.com\r\n\r\n", window),
      capture(
        "slowloris-endpoint.com",
        "GET /slow-headers HTTP/1.1\r\nHost: slowloris-endpoint.com\r\n\r\n",
        window,
      ),
    ]);
    expect(body.text.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
    expect(body.bytes[0]?.at).toBeLessThan(500);
    const afterHead = body.text.slice(body.text.indexOf("\r\n\r\n") + 4);
    expect(afterHead.length).toBeGreaterThanOrEqual(1);
    expect(afterHead.length).toBeLessThanOrEqual(3);
    expect(body.ended).toBe(false);
    expect(headers.text.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
    expect(headers.text).not.toContain("\r\n\r\n");
  });

  it("endless-redirect.net redirects each path to the next one, over HTTP and HTTPS", async () => {
    let url = "https://endless-redirect.net/";
    for (let hop = 1; hop <= 25; hop++) {
      const res = await fetchWorld(world.env, url);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/next/${hop}`);
      url = new URL(res.headers.location ?? "", url).toString();
    }
    expect((await fetchWorld(world.env, "http://endless-redirect.net/next/41")).headers.location).toBe(
      "/next/42",
    );
  });

  it("huge-body.org streams 50 MiB with a Content-Length, and without one on /chunked", async () => {
    const res = await open("http://huge-body.org/");
    expect(Number(res.headers["content-length"])).toBe(HUGE_BODY_BYTES);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(await drain(res)).toEqual({ size: HUGE_BODY_BYTES, error: undefined });
    const chunked = await open("https://huge-body.org/chunked");
    expect(chunked.headers["content-length"]).toBeUndefined();
    expect(chunked.headers["transfer-encoding"]).toBe("chunked");
    chunked.destroy();
  });

  it("connection-reset.net resets the connection before any HTTP or TLS", async () => {
    expect(await errorOf(open("http://connection-reset.net/"))).toBe("ECONNRESET");
    expect(await errorOf(open("https://connection-reset.net/"))).toBe("ECONNRESET");
  });

  it("truncated-response.net resets the connection in the middle of the body", async () => {
    for (const url of ["http://truncated-response.net/", "https://truncated-response.net/"]) {
      const res = await open(url);
      expect(res.statusCode).toBe(200);
      const result = await drain(res);
      expect(result.size).toBeLessThan(1024 * 1024);
      expect(result.error).toBeDefined();
    }
  });

  it("wrong-content-type.com mislabels its bodies", async () => {
    const binary = await fetchWorld(world.env, "https://wrong-content-type.com/");
    expect(binary.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(binary.body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const json = await fetchWorld(world.env, "http://wrong-content-type.com/json");
    expect(json.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(JSON.parse(text(json))).toMatchObject({ this_is: "json" });
    const image = await fetchWorld(world.env, "https://wrong-content-type.com/html-as-image");
    expect(image.headers["content-type"]).toBe("image/png");
    expect(text(image)).toContain("<html>");
    const none = await fetchWorld(world.env, "https://wrong-content-type.com/no-content-type");
    expect(none.headers["content-type"]).toBeUndefined();
  });

  it("no-response.net accepts connections and never answers", async () => {
    const plain = await capture("no-response.net", "GET / HTTP/1.1\r\nHost: no-response.net\r\n\r\n", 800);
    expect(plain).toMatchObject({ text: "", ended: false, error: undefined });
    const to = await route(world.env, "no-response.net", 443);
    const tls = await new Promise<string>((resolve) => {
      const socket = tlsConnect({ ...to, servername: "no-response.net", ca: world.caPem });
      socket.setTimeout(800, () => {
        socket.destroy();
        resolve("timeout");
      });
      socket.once("secureConnect", () => resolve("handshake"));
      socket.once("error", () => resolve("error"));
    });
    expect(tls).toBe("timeout");
  });

  it("lists every endpoint with its own address", () => {
    const addresses = world.addresses.misbehaving.map((m) => m.address);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(world.addresses.misbehaving.map((m) => m.hostname)).toEqual(
      expect.arrayContaining(["slowloris-endpoint.com", "huge-body.org", "connection-reset.net"]),
    );
  });
});
