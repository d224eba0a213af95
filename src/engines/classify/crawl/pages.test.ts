import { describe, expect, it } from "vitest";
import { planLinkedPages, randomShortPath, sitemapPlan } from "./pages.js";

const plan = (links: Array<[string, string]>, origin = "https://example.com", domain = "example.com") =>
  planLinkedPages(
    links.map(([href, text]) => ({ href, text })),
    origin,
    domain,
    [`${origin}/`],
  ).map((p) => `${p.role} ${p.url}${p.linked ? "" : " (guess)"}`);

describe("choosing the high-signal pages from the root's links", () => {
  it("finds about and legal pages by path or link text, imprint before terms before privacy", () => {
    expect(
      plan([
        ["/products", "Products"],
        ["/privacy", "Privacy"],
        ["/about.html", "Our story"],
        ["/legal/terms", "Terms"],
        ["/legal/imprint.html", "Company information"],
        ["/contact", "Contact us"],
        ["/careers", "Jobs"],
      ]),
    ).toEqual([
      "legal https://example.com/legal/imprint.html",
      "about https://example.com/about.html",
      "contact https://example.com/contact",
      "legal https://example.com/legal/terms",
    ]);
  });

  it("reads German and French navigation", () => {
    expect(
      plan(
        [
          ["/ueber-uns.html", "Über uns"],
          ["/impressum.html", "Impressum"],
          ["/datenschutz.html", "Datenschutz"],
          ["/kontakt", "Kontakt"],
        ],
        "https://lindenhof-moebel.de",
        "lindenhof-moebel.de",
      ),
    ).toEqual([
      "legal https://lindenhof-moebel.de/impressum.html",
      "about https://lindenhof-moebel.de/ueber-uns.html",
      "contact https://lindenhof-moebel.de/kontakt",
      "legal https://lindenhof-moebel.de/datenschutz.html",
    ]);
    expect(
      plan([
        ["/qui-sommes-nous/", "La maison"],
        ["/mentions-legales.html", "Mentions légales"],
        ["/x", "À propos"],
      ]),
    ).toEqual([
      "legal https://example.com/mentions-legales.html",
      "about https://example.com/qui-sommes-nous/",
    ]);
  });

  it("stays on the crawled domain and skips files, the root itself and fragments of it", () => {
    expect(
      plan([
        ["https://other.example.net/about", "About"],
        ["https://corporate.example.com/about-us", "About us"],
        ["/legal/terms.pdf", "Terms (PDF)"],
        ["/#about", "About"],
        ["mailto:legal@example.com", "Legal"],
        ["javascript:void(0)", "Imprint"],
      ]),
    ).toEqual(["about https://corporate.example.com/about-us", "legal https://example.com/legal (guess)"]);
  });

  it("guesses /about and /legal when the root links neither", () => {
    expect(plan([["/shop", "Shop"]])).toEqual([
      "about https://example.com/about (guess)",
      "legal https://example.com/legal (guess)",
    ]);
  });
});

describe("sitemap and probe", () => {
  it("takes the sitemap from robots.txt when it is on the domain, else /sitemap.xml", () => {
    const robots =
      "User-agent: *\nDisallow: /admin\nSitemap: https://cdn.elsewhere.net/s.xml\nsitemap: /sitemap_index.xml\n";
    expect(sitemapPlan(robots, "https://example.com", "example.com").url).toBe(
      "https://example.com/sitemap_index.xml",
    );
    expect(sitemapPlan(null, "https://example.com", "example.com").url).toBe(
      "https://example.com/sitemap.xml",
    );
  });

  it("makes a short random path like a shortener's", () => {
    const path = randomShortPath();
    expect(path).toMatch(/^\/[A-Za-z0-9]{7}$/);
    expect(randomShortPath(() => 0)).toBe("/aaaaaaa");
    expect(randomShortPath()).not.toBe(path);
  });
});
