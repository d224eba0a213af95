import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import "../context.js";
import { registerDeprecation } from "./deprecation.js";

describe("deprecation headers", () => {
  it("marks deprecated routes with Deprecation, Sunset and Link, and leaves others alone", async () => {
    const app = Fastify();
    registerDeprecation(app);
    const deprecatedAt = new Date("2026-01-01T00:00:00Z");
    const sunsetAt = new Date("2027-06-30T00:00:00Z");
    app.get(
      "/old",
      { config: { deprecation: { deprecatedAt, sunsetAt, link: "https://docs.example/deprecations/old" } } },
      async () => ({ ok: true }),
    );
    app.get("/new", async () => ({ ok: true }));
    const old = await app.inject({ method: "GET", url: "/old" });
    expect(old.headers.deprecation).toBe(`@${deprecatedAt.getTime() / 1000}`);
    expect(old.headers.sunset).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    expect(old.headers.link).toBe(
      '<https://docs.example/deprecations/old>; rel="deprecation"; type="text/html"',
    );
    const fresh = await app.inject({ method: "GET", url: "/new" });
    expect(fresh.headers.deprecation).toBeUndefined();
    expect(fresh.headers.sunset).toBeUndefined();
    await app.close();
  });
});
