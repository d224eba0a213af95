import { describe, expect, it } from "vitest";
import type { Egress } from "../../net/index.js";
import { faviconCandidates, fetchFavicon, looksLikeImage } from "./favicon.js";

const icon = (href: string, rel = "icon") => ({ href, rel, type: null, sizes: null });

describe("favicon", () => {
  it("tries the page's icons before apple-touch icons and /favicon.ico, skipping other schemes", () => {
    expect(
      faviconCandidates(
        [
          icon("https://a.test/touch.png", "apple-touch-icon"),
          icon("javascript:x"),
          icon("https://a.test/i.svg"),
        ],
        "https://a.test/login?x=1",
      ),
    ).toEqual(["https://a.test/i.svg", "https://a.test/touch.png", "https://a.test/favicon.ico"]);
  });

  it("recognises icon formats by their bytes, not by what the server claims", () => {
    expect(looksLikeImage(Buffer.from([0, 0, 1, 0, 1, 0]), "text/html")).toBe(true);
    expect(looksLikeImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), null)).toBe(true);
    expect(looksLikeImage(Buffer.from("<!doctype html><title>404</title>"), "image/png")).toBe(false);
  });

  it("decodes a data: icon without any request and refuses one over the size cap", async () => {
    const egress = {
      fetch: () => {
        throw new Error("no request expected");
      },
    } as unknown as Egress;
    const svg = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    expect(await fetchFavicon(egress, [icon(svg)], "https://a.test/", { timeoutMs: 1_000 })).toMatchObject({
      contentType: "image/svg+xml",
      reason: null,
    });
    const big = `data:image/png;base64,${Buffer.alloc(200, 1).toString("base64")}`;
    const refused = await fetchFavicon(egress, [icon(big)], "data:text/html,x", {
      timeoutMs: 1_000,
      maxBytes: 100,
    });
    expect(refused).toMatchObject({ base64: null, reason: "body_too_large" });
  });
});
