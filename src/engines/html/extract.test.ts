import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractPage, type HtmlListener, MAX_HTML_CHARS } from "./extract.js";

const SITES = new URL("../../world/sites/", import.meta.url);
const fixture = (path: string) => readFileSync(new URL(path, SITES), "utf8");

describe("extractPage", () => {
  it("reads title, meta, links, headings, JSON-LD and the copyright line of a real page", () => {
    const page = extractPage(fixture("codewharf.dev/index.html"), "https://codewharf.dev/");
    expect(page.title).toBe("Codewharf — Where teams ship code");
    expect(page.lang).toBe("en");
    expect(page.meta["og:site_name"]).toBe("Codewharf");
    expect(page.meta.description).toMatch(/git repositories/);
    expect(page.canonical).toBe("https://codewharf.dev/");
    expect(page.links).toContainEqual({ href: "https://codewharf.dev/about.html", text: "About", rel: null });
    expect(page.headings[0]).toEqual({ level: 1, text: "Dock your code. Ship from the wharf." });
    expect(page.jsonLd[0]).toMatchObject({ "@type": "Organization", name: "Codewharf Ltd." });
    expect(page.copyright).toEqual(["© 2013–2026 Codewharf Ltd."]);
    expect(page.jsShell).toBe(false);
  });

  it("keeps the lines of an imprint apart as blocks", () => {
    const page = extractPage(
      "<p>Angaben gemäß § 5 DDG</p><p>Tischlerei Lindenhof GmbH<br>Lindenhofweg 7</p><dl><dt>Company</dt><dd>Example Ltd.</dd></dl>",
      "https://a.test/",
    );
    expect(page.blocks).toEqual([
      "Angaben gemäß § 5 DDG",
      "Tischlerei Lindenhof GmbH",
      "Lindenhofweg 7",
      "Company",
      "Example Ltd.",
    ]);
  });

  it("decodes entities, collapses whitespace and keeps markup in a title as text", () => {
    const page = extractPage(
      "<title>A &amp; B\n\t <script>alert(1)</script> &lt;img src=x onerror=alert(1)&gt;</title><p>x</p>",
      "https://a.test/",
    );
    expect(page.title).toBe("A & B <script>alert(1)</script> <img src=x onerror=alert(1)>");
    expect(page.scripts).toEqual([]);
  });

  it("leaves scripts, styles, hidden elements and noscript out of the visible text", () => {
    const page = extractPage(
      `<body><p>Visible</p><script>var secret = 1</script><style>p{}</style><div hidden>gone</div>
       <span style="display: none">nope</span><noscript>enable js</noscript><p aria-hidden="true">x</p>
       <p>Also <b>bold</b>text</p></body>`,
      "https://a.test/",
    );
    expect(page.text).toBe("Visible Also boldtext");
  });

  it("reads a copyright notice, not the word copyright in a sentence", () => {
    const copyright = (html: string) => extractPage(html, "https://a.test/").copyright;
    expect(
      copyright(`<p>Photographs remain the copyright of the members who post them.</p>
        <footer>© 2026 Frame Club CIC</footer>`),
    ).toEqual(["© 2026 Frame Club CIC"]);
    expect(copyright("<p>Designers keep their copyright and 95% of every sale.</p>")).toEqual([]);
    expect(copyright("<footer><a>Copyright policy</a> · Copyright 2026 Example Ltd.</footer>")).toEqual([
      "Copyright 2026 Example Ltd.",
    ]);
  });

  it("keeps links and buttons that the markup runs together apart as words", () => {
    const page = extractPage(
      `<footer><a href="/terms">Terms</a><a href="/privacy">Privacy</a><a href="/report">Report a form</a>
       <button>Sign</button>in · made by <a href="/u/ann">Ann</a>.</footer>`,
      "https://a.test/",
    );
    expect(page.text).toBe("Terms Privacy Report a form Sign in · made by Ann.");
    expect(page.blocks[0]).toBe("Terms Privacy Report a form");
  });

  it("resolves URLs against <base href> and drops javascript: links", () => {
    const page = extractPage(
      `<head><base href="https://cdn.test/app/"></head><a href="x.html">X</a><a href="javascript:alert(1)">J</a>
       <a href="http://[bad">B</a><form action="post.php" method="POST"><input type="file" name="f"></form>`,
      "https://a.test/",
    );
    expect(page.baseUrl).toBe("https://cdn.test/app/");
    expect(page.links).toEqual([{ href: "https://cdn.test/app/x.html", text: "X", rel: null }]);
    expect(page.forms).toEqual([
      {
        action: "https://cdn.test/app/post.php",
        method: "post",
        inputs: [{ type: "file", name: "f", autocomplete: null }],
      },
    ]);
  });

  it("finds meta refresh and script redirects", () => {
    const refresh = extractPage(fixture("fennmoor.org/index.html"), "https://fennmoor.org/");
    expect(refresh.metaRefresh).toEqual({ url: "https://fennmoorcounty.gov/", delaySeconds: 0 });

    const literal = extractPage(
      `<script>setTimeout(function(){ window.location.href = "/next?a=1"; }, 10)</script>`,
      "https://a.test/start",
    );
    expect(literal.scriptRedirect).toBe("https://a.test/next?a=1");

    const replace = extractPage(`<script>location.replace('https://b.test/')</script>`, "https://a.test/");
    expect(replace.scriptRedirect).toBe("https://b.test/");

    const computed = extractPage(fixture("account-notice-center.com/index.html"), "https://x.test/");
    expect(computed.scriptRedirect).toBeNull();
    expect(computed.scriptRedirectDynamic).toBe(true);
    expect(computed.links.map((l) => l.href)).toContain("https://paypa1.com/?case=PP-L-88302917");
  });

  it("flattens @graph and arrays and skips broken JSON-LD blocks", () => {
    const page = extractPage(
      `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"S"},{"@type":"Organization","name":"O"}]}</script>
       <script type="application/ld+json">{broken</script>
       <script type="application/ld+json">[{"@type":"Product","name":"P"}, 3, "x"]</script>`,
      "https://a.test/",
    );
    expect(page.jsonLd.map((o) => o["@type"])).toEqual(["WebSite", "Organization", "Product"]);
  });

  it("detects an empty single-page-app shell", () => {
    const shell = extractPage(
      `<!doctype html><html><head><title>App</title><script src="/main.js"></script></head><body><div id="root"></div></body></html>`,
      "https://a.test/",
    );
    expect(shell.jsShell).toBe(true);
    expect(shell.scripts).toEqual([{ src: "https://a.test/main.js", inlineLength: 0 }]);
    const page = extractPage(fixture("paypal.com/index.html"), "https://paypal.com/");
    expect(page.jsShell).toBe(false);
  });

  it("marks tiny and invisible iframes as hidden", () => {
    const page = extractPage(
      `<iframe src="https://t.test/a" width="1" height="1"></iframe><iframe src="/b" style="display:none"></iframe><iframe src="/c" width="600"></iframe>`,
      "https://a.test/",
    );
    expect(page.iframes).toEqual([
      { src: "https://t.test/a", hidden: true },
      { src: "https://a.test/b", hidden: true },
      { src: "https://a.test/c", hidden: false },
    ]);
  });

  it("strips control and bidi characters from strings", () => {
    const page = extractPage("<title>Pay\u202epal\u0007 \u200bsafe</title>", "https://a.test/");
    expect(page.title).toBe("Paypal safe");
  });

  it("never throws and stays bounded on huge or garbage input", () => {
    const many = `<a href="/x">link</a>`.repeat(50_000);
    const huge = extractPage(`<title>t</title>${many}${"<p>word </p>".repeat(200_000)}`, "https://a.test/");
    expect(huge.links.length).toBeLessThanOrEqual(1000);
    expect(huge.text.length).toBeLessThanOrEqual(100_000);

    // Pathological nesting stops the parse early instead of costing quadratic time.
    const deep = extractPage(`<p>before</p>${"<div>".repeat(400_000)}deep`, "https://a.test/");
    expect(deep.text).toBe("before");
    expect(deep.counts.elements).toBeLessThan(2000);
    const nested = extractPage(`${"<div>".repeat(500)}fine`, "https://a.test/");
    expect(nested.text).toBe("fine");

    const cut = extractPage(`<p>${"a".repeat(MAX_HTML_CHARS + 10)}</p>`, "https://a.test/");
    expect(cut.counts.textChars).toBeLessThanOrEqual(100_000);

    for (const garbage of [
      "",
      "<<<>>>",
      "\u0000\uffff<\u0001",
      "<script>",
      "<title>",
      "<a href='",
      "%PDF-1.4\n\u00ff",
    ]) {
      expect(() => extractPage(garbage, "not a url")).not.toThrow();
    }
    expect(() => extractPage(undefined as unknown as string, "https://a.test/")).not.toThrow();
  });

  it("lets a listener hear the same parse, once, without changing the facts", () => {
    const html = fixture("codewharf.dev/index.html");
    const events: string[] = [];
    const listener: HtmlListener = {
      onopentag: (name) => events.push(`<${name}>`),
      ontext: () => {},
      onclosetag: (name) => events.push(`</${name}>`),
    };
    const heard = extractPage(html, "https://codewharf.dev/", listener);
    expect(heard).toEqual(extractPage(html, "https://codewharf.dev/"));
    const opened = events.filter((e) => !e.startsWith("</"));
    expect(opened.length).toBe(heard.counts.elements);
    expect(events.filter((e) => e === "<title>")).toHaveLength(1);
  });
});
