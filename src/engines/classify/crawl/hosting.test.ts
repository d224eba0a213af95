import { describe, expect, it } from "vitest";
import { decodeBody, flattenHeaders, isHtml } from "./decode.js";
import { hostingHints } from "./hosting.js";

describe("hosting fingerprints from response headers", () => {
  it.each([
    [{ "cf-ray": "8a1b2c3d4e5f-AMS", server: "cloudflare" }, ["Cloudflare"]],
    [{ "x-served-by": "cache-fra-eddf8230088-FRA", via: "1.1 varnish" }, ["Fastly"]],
    [{ "x-amz-cf-id": "abc==", via: "1.1 0123.cloudfront.net (CloudFront)" }, ["Amazon CloudFront"]],
    [{ server: "AkamaiGHost" }, ["Akamai"]],
    [{ "x-vercel-id": "fra1::abcde" }, ["Vercel"]],
    [{ server: "Netlify", "x-nf-request-id": "01J" }, ["Netlify"]],
    [{ server: "GitHub.com", "x-github-request-id": "A1B2" }, ["GitHub Pages"]],
    [{ server: "Google Frontend" }, ["Google Frontend"]],
    [{ "x-azure-ref": "0abc" }, ["Azure Front Door"]],
    [{ server: "AmazonS3", "x-amz-cf-pop": "FRA56-C1" }, ["Amazon CloudFront", "Amazon S3"]],
    [{ server: "nginx", "x-powered-by": "PHP/8.1.2" }, []],
    [{ server: "Apache/2.4.41 (Ubuntu)" }, []],
  ])("%o → %o", (headers, expected) => {
    expect(hostingHints([headers])).toEqual(expected);
  });

  it("reports each platform once across several responses", () => {
    expect(hostingHints([{ "cf-ray": "1" }, { "cf-ray": "2", "x-vercel-id": "x" }])).toEqual([
      "Cloudflare",
      "Vercel",
    ]);
  });
});

describe("response bodies", () => {
  it("joins repeated headers and lower-cases names", () => {
    expect(flattenHeaders({ "Set-Cookie": ["a=1", "b=2"], Server: "x" })).toEqual({
      "set-cookie": "a=1, b=2",
      server: "x",
    });
  });

  it("decodes with the declared charset, from the header or a meta tag", () => {
    const latin1 = Buffer.from("<p>Tischlerei Lindenhof: Möbel</p>", "latin1");
    expect(decodeBody(latin1, "text/html; charset=iso-8859-1", 1000)).toContain("Möbel");
    const meta = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><p>'),
      Buffer.from([0xe9]),
      Buffer.from("</p>"),
    ]);
    expect(decodeBody(meta, "text/html", 1000)).toContain("é");
    expect(decodeBody(Buffer.from("ok"), "text/plain; charset=no-such-charset", 1000)).toBe("ok");
  });

  it("keeps text served as octet-stream, drops binary, and caps the length", () => {
    expect(
      decodeBody(Buffer.from('{"issuer":"https://login.example.com"}'), "application/octet-stream", 1000),
    ).toContain("issuer");
    expect(
      decodeBody(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), "image/png", 1000),
    ).toBe("");
    expect(decodeBody(Buffer.from([0x00, 0x01, 0x02]), null, 1000)).toBe("");
    expect(decodeBody(Buffer.from("x".repeat(50)), "text/plain", 10)).toHaveLength(10);
  });

  it("recognises HTML by type, or by its start when the type is missing", () => {
    expect(isHtml("text/html; charset=utf-8", "")).toBe(true);
    expect(isHtml(null, "  <!DOCTYPE html><html>")).toBe(true);
    expect(isHtml("application/json", "<html>")).toBe(false);
  });
});
