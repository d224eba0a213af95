import { describe, expect, it } from "vitest";
import { toHar } from "./har.js";
import { downScan, phishingScan } from "./testing/fixtures.js";
import { harProblems } from "./testing/har-check.js";

describe("toHar", () => {
  it("writes an HTTP Archive 1.2 that the published HAR schema and the specification's conventions accept", () => {
    expect(harProblems(toHar(phishingScan()))).toEqual([]);
    expect(harProblems(toHar(downScan()))).toEqual([]);
  });

  it("has one page and an entry per request, in order, with status, address and the gate's verdict", () => {
    const { log } = toHar(phishingScan());
    expect(log.version).toBe("1.2");
    expect(log.creator.name).toBe("DomainLens");
    expect(log.pages).toEqual([
      expect.objectContaining({
        id: "page_1",
        title: "Log in to your PayPal account",
        startedDateTime: "2026-06-01T10:00:00.000Z",
        pageTimings: expect.objectContaining({ onContentLoad: -1, onLoad: -1 }),
      }),
    ]);
    expect(
      log.entries.map((e) => [
        e.request.method,
        e.request.url,
        e.response.status,
        e.serverIPAddress,
        e._outcome,
      ]),
    ).toEqual([
      ["GET", "https://bit.ly/3xPhish", 301, "67.199.248.10", "ok"],
      ["GET", "https://login.paypa1-secure.com/signin?session=abc&lang=en", 200, "203.0.113.7", "ok"],
      ["GET", "https://cdn.example-cdn.com/kit.js?v=2", 200, "198.51.100.20", "ok"],
      ["POST", "http://10.0.0.1/collect", 0, undefined, "blocked"],
    ]);
    const [redirect, page, script, blocked] = log.entries;
    expect(redirect?.response).toMatchObject({
      statusText: "Moved Permanently",
      redirectURL: "https://login.paypa1-secure.com/signin?session=abc&lang=en",
    });
    expect(page?.request.queryString).toEqual([
      { name: "session", value: "abc" },
      { name: "lang", value: "en" },
    ]);
    expect(page?.response.headers).toEqual([
      { name: "content-type", value: "text/html; charset=utf-8" },
      { name: "server", value: "nginx" },
    ]);
    expect(page?.response.content.mimeType).toBe("text/html; charset=utf-8");
    expect(script?._resourceType).toBe("script");
    expect(script?.response.headers).toEqual([]);
    expect(blocked?.response.comment).toMatch(/egress policy \(blocked_private_address\)/);
    expect(blocked?._egressReason).toBe("blocked_private_address");
    // What the capture does not record is written the way the specification says.
    for (const entry of log.entries) {
      expect(entry.request.headersSize).toBe(-1);
      expect(entry.response.bodySize).toBe(-1);
      expect(entry.timings).toMatchObject({ blocked: -1, dns: -1, connect: -1, ssl: -1 });
    }
  });

  it("adds a redirect hop the request log does not hold", () => {
    const input = phishingScan();
    input.capture.requests = input.capture.requests.slice(1);
    const { log } = toHar(input);
    expect(log.entries[0]?.request.url).toBe("https://bit.ly/3xPhish");
    expect(log.entries[0]?.response.redirectURL).toBe(
      "https://login.paypa1-secure.com/signin?session=abc&lang=en",
    );
    expect(log.entries).toHaveLength(4);
    expect(harProblems(toHar(input))).toEqual([]);
  });

  it("has a page and no entries when nothing answered", () => {
    const { log } = toHar(downScan());
    expect(log.entries).toEqual([]);
    expect(log.pages[0]?.title).toBe("https://paypa1-secure.com/login");
  });

  it("the checks catch what HAR 1.2 forbids", () => {
    const har = structuredClone(toHar(phishingScan())) as unknown as {
      log: { entries: Array<Record<string, unknown> & { timings: Record<string, number> }> };
    };
    const entry = har.log.entries[0];
    if (!entry) throw new Error("fixture");
    entry.timings.send = -1;
    entry.extra = true;
    entry.time = 5;
    expect(harProblems(har)).toEqual([
      "entries[0].extra is not a HAR field",
      "entries[0].timings.send must be a number >= 0",
      "entries[0].time 5 is not the sum of its timings (0)",
    ]);
    delete (har.log.entries[1] as Record<string, unknown>).cache;
    expect(harProblems(har)[0]).toMatch(/^schema: \/log\/entries\/1 must have required property 'cache'/);
  });
});
