import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { FIXTURE_SITES, fetchWorld, text } from "./support.js";

let world: World;

beforeAll(async () => {
  world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
});

afterAll(async () => {
  await world.stop();
});

/** A raw request to the shared web server with any Host header and path (no URL normalization). */
async function raw(host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: world.addresses.web.host,
        port: world.addresses.web.httpPort,
        path,
        headers: { host },
        agent: false,
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the world's virtual hosts", () => {
  it("serves files by path with their content types", async () => {
    const css = await fetchWorld(world.env, "https://valid-fixture.com/style.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(text(css)).toContain("color: #123");
    const json = await fetchWorld(world.env, "https://valid-fixture.com/data.json");
    expect(json.headers["content-type"]).toBe("application/json");
    const docs = await fetchWorld(world.env, "https://valid-fixture.com/docs/");
    expect(text(docs)).toContain("Docs index");
  });

  it("redirects a folder without its slash, and answers 404 with the site's 404 page", async () => {
    const folder = await fetchWorld(world.env, "https://valid-fixture.com/docs?x=1");
    expect(folder.status).toBe(301);
    expect(folder.headers.location).toBe("/docs/?x=1");
    const missing = await fetchWorld(world.env, "https://valid-fixture.com/nope.html");
    expect(missing.status).toBe(404);
    expect(text(missing)).toContain("Custom missing page");
    const plainMissing = await fetchWorld(world.env, "https://plain-fixture.com/nope.html");
    expect(plainMissing.status).toBe(404);
    expect(text(plainMissing)).toContain("404 Not Found");
  });

  it("never serves site.json or anything outside the site folder", async () => {
    expect((await fetchWorld(world.env, "https://valid-fixture.com/site.json")).status).toBe(404);
    expect((await raw("httpboth-fixture.com", "/../valid-fixture.com/index.html")).status).toBe(404);
    expect((await raw("httpboth-fixture.com", "/%2e%2e/valid-fixture.com/index.html")).status).toBe(404);
  });

  it("adds the site's headers to every response", async () => {
    const res = await fetchWorld(world.env, "https://valid-fixture.com/");
    expect(res.headers["x-fixture"]).toBe("valid");
    expect(res.headers["strict-transport-security"]).toBe("max-age=600");
  });

  it("answers HEAD without a body", async () => {
    const res = await fetchWorld(world.env, "https://valid-fixture.com/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
  });

  it("redirects plain HTTP to HTTPS unless the site is served over HTTP", async () => {
    const upgraded = await fetchWorld(world.env, "http://valid-fixture.com/about.html?a=b");
    expect(upgraded.status).toBe(301);
    expect(upgraded.headers.location).toBe("https://valid-fixture.com/about.html?a=b");
    const both = await fetchWorld(world.env, "http://httpboth-fixture.com/");
    expect(both.status).toBe(200);
    expect(text(both)).toContain("Both schemes");
    expect((await fetchWorld(world.env, "https://httpboth-fixture.com/")).status).toBe(200);
  });

  it("redirects every path of a redirect site, except /.well-known/", async () => {
    for (const path of ["/", "/some/deep/path?q=1"]) {
      const res = await fetchWorld(world.env, `https://redirect-fixture.com${path}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("https://valid-fixture.com/landing");
    }
    const wellKnown = await fetchWorld(world.env, "https://redirect-fixture.com/.well-known/security.txt");
    expect(wellKnown.status).toBe(200);
    expect(text(wellKnown)).toContain("Contact:");
  });

  it("redirects the missing paths of a shortener while serving its home page and files", async () => {
    const home = await fetchWorld(world.env, "https://shortlink-fixture.com/");
    expect(home.status).toBe(200);
    expect(text(home)).toContain("Paste a long link");
    const short = await fetchWorld(world.env, "https://shortlink-fixture.com/x7Kq2pZ");
    expect(short.status).toBe(301);
    expect(short.headers.location).toBe("https://valid-fixture.com/landing");
    const wellKnown = await fetchWorld(world.env, "https://shortlink-fixture.com/.well-known/nothing");
    expect(wellKnown.status).toBe(404);
  });

  it("serves the cloak file on the home page to matching user agents only", async () => {
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(text(await fetchWorld(world.env, "https://cloak-fixture.com/", { userAgent: browser }))).toContain(
      "Sign in to your bank",
    );
    expect(text(await fetchWorld(world.env, "https://cloak-fixture.com/", { userAgent: crawler }))).toContain(
      "Nothing to see here",
    );
    expect(
      text(await fetchWorld(world.env, "https://cloak-fixture.com/index.html", { userAgent: "SPIDER" })),
    ).toContain("Nothing to see here");
    expect(text(await fetchWorld(world.env, "https://cloak-fixture.com/"))).toContain("Sign in to your bank");
  });

  it("answers the home page with the status override and other pages normally", async () => {
    const home = await fetchWorld(world.env, "https://status-fixture.com/");
    expect(home.status).toBe(503);
    expect(text(home)).toContain("Down for maintenance");
    expect((await fetchWorld(world.env, "https://status-fixture.com/other.html")).status).toBe(200);
  });

  it("serves a site whose A record is the shared web address", async () => {
    const res = await fetchWorld(world.env, "https://shared-fixture.com/");
    expect(text(res)).toContain("On the shared address");
  });

  it("serves a CNAME site from its own folder through the target's address", async () => {
    const res = await fetchWorld(world.env, "https://cname-fixture.com/");
    expect(res.status).toBe(404);
    expect(text(res)).toContain("404 Not Found");
  });

  it("answers an unknown Host with a not-found page", async () => {
    const res = await raw("unknown-host.com", "/");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Site not found");
  });
});
