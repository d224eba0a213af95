import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  base64Lines,
  domFingerprint,
  domSkeleton,
  faviconFingerprint,
  faviconHash,
  hammingDistance,
  hashHex,
  murmurhash3,
  pageFingerprints,
  parseHashHex,
  screenshotFingerprint,
} from "./fingerprint.js";

/** A sign-in page of a kit: the brand and texts change, the structure does not. */
function kitPage(brand: string, options: { notice?: string; links?: number; nonce?: string } = {}): string {
  const links = Array.from(
    { length: options.links ?? 3 },
    (_, i) => `<li><a href="/l${i}">${brand} link ${i}</a></li>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${brand} sign in</title>
<link rel="stylesheet" href="/a.css?v=${options.nonce ?? "1"}"><link rel="icon" href="/f.ico"><script src="/x.js"></script></head>
<body class="page"><header class="top"><div class="logo"><img src="/logo.png" alt="${brand}"></div>
<nav><ul>${links}</ul></nav></header>
<main id="content"><section class="card" data-nonce="${options.nonce ?? "a"}"><h1>Sign in to ${brand}</h1>
<form action="/post.php" method="post"><label for="u">Email</label><input id="u" name="email" type="email">
<label for="p">Password</label><input id="p" name="pass" type="password">
<div class="row"><input type="checkbox" name="r"><span>Remember me</span></div>
<button type="submit" class="btn">Next</button></form>${options.notice ?? ""}
<p class="help"><a href="/forgot">Forgot your password?</a></p></section></main>
<footer><p>&copy; ${brand}</p><ul class="links"><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li></ul></footer>
</body></html>`;
}

const blogPage = `<!doctype html><html><head><title>Notes</title><meta name="viewport" content="width=device-width"></head>
<body><div id="wrap"><div class="masthead"><h1>Notes</h1></div>
${Array.from({ length: 8 }, (_, i) => `<article class="post"><h2><a href="/p${i}">Post ${i}</a></h2><time datetime="2026-01-0${i + 1}">Jan ${i + 1}</time><p>Some text <em>here</em></p><p>More text</p></article>`).join("")}
<aside><h3>Archive</h3><ol><li>January</li><li>February</li></ol></aside></div><script>track()</script></body></html>`;

describe("DOM structure fingerprint", () => {
  it("keeps element and attribute names with their nesting, and drops text, comments and values", () => {
    const { tokens, elements } = domSkeleton(
      '<div class="a" ID="x" data-v-7ba5bd90><!-- note --><P title="t">Hello <b>world</b></P></div>',
    );
    expect(tokens).toEqual(["<div class data-v-# id>", "<p title>", "<b>", "</b>", "</p>", "</div>"]);
    expect(elements).toBe(3);
  });

  it("gives pages of one kit the same hashes whatever their brand, texts and attribute values", () => {
    const paypal = domFingerprint(kitPage("PayPal", { nonce: "f00d" }));
    const chase = domFingerprint(kitPage("Chase Bank", { nonce: "beef42" }));
    expect(paypal).not.toBeNull();
    expect(chase?.sha256).toBe(paypal?.sha256);
    expect(chase?.simhash).toBe(paypal?.simhash);
    expect(paypal?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("puts a page with one block added a few bits from the original, with another exact hash", () => {
    const page = domFingerprint(kitPage("PayPal"));
    const notice = domFingerprint(
      kitPage("PayPal", { notice: '<div class="notice"><p>Your account is <b>limited</b></p></div>' }),
    );
    const longer = domFingerprint(kitPage("PayPal", { links: 6 }));
    if (!page || !notice || !longer) throw new Error("no fingerprint");
    expect(notice.sha256).not.toBe(page.sha256);
    const added = hammingDistance(page.simhash, notice.simhash);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(7);
    expect(hammingDistance(page.simhash, longer.simhash)).toBeLessThanOrEqual(7);
  });

  it("puts an unrelated page about half the bits away", () => {
    const page = domFingerprint(kitPage("PayPal"));
    const blog = domFingerprint(blogPage);
    if (!page || !blog) throw new Error("no fingerprint");
    expect(hammingDistance(page.simhash, blog.simhash)).toBeGreaterThanOrEqual(20);
  });

  it("does not fingerprint empty documents and bare error pages", () => {
    expect(domFingerprint("")).toBeNull();
    expect(
      domFingerprint(
        "<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>",
      ),
    ).toBeNull();
  });

  it("stops reading at a nesting no page needs, in linear time", () => {
    const deep = "<div>".repeat(100_000);
    const t0 = performance.now();
    const { elements } = domSkeleton(deep);
    expect(elements).toBeLessThanOrEqual(1501);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});

describe("favicon fingerprint", () => {
  it("computes MurmurHash3 x86 32-bit as Python's mmh3.hash does (signed)", () => {
    // mmh3 5.3.0: [mmh3.hash(s) for s in ["", "a", "ab", "abc", "abcd", "abcde", "foo", "hello", …]]
    const expected = [0, 1009084850, -1681926305, -1277324294, 1139631978, -392455434, -156908512, 613153351];
    const inputs = ["", "a", "ab", "abc", "abcd", "abcde", "foo", "hello"];
    expect(inputs.map((s) => murmurhash3(Buffer.from(s)))).toEqual(expected);
    expect(murmurhash3(Buffer.from("The quick brown fox jumps over the lazy dog"))).toBe(776992547);
  });

  it("hashes the icon's base64 in 76-character lines, as internet scanners' favicon hash does", () => {
    const icon = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));
    const lines = base64Lines(icon).split("\n");
    expect(lines.slice(0, -2).every((l) => l.length === 76)).toBe(true);
    expect(lines.at(-1)).toBe("");
    // mmh3.hash(base64.encodebytes(bytes((i * 37) % 256 for i in range(300))))
    expect(faviconHash(icon)).toBe(-852112194);
    const fingerprint = faviconFingerprint(icon.toString("base64"));
    expect(fingerprint).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), mmh3: -852112194 });
  });

  it("has none without an icon", () => {
    expect(faviconFingerprint(null)).toBeNull();
    expect(faviconFingerprint("")).toBeNull();
  });
});

/** A 1280×800 sign-in screenshot drawn as SVG. */
function screenshot(o: {
  brand: string;
  color: string;
  shift?: number;
  layout?: "login" | "list";
}): Promise<Buffer> {
  const s = o.shift ?? 0;
  const body =
    o.layout === "list"
      ? `<rect width="1280" height="120" fill="#222"/>${Array.from(
          { length: 5 },
          (_, i) =>
            `<rect x="60" y="${160 + i * 120}" width="800" height="90" fill="#ddd"/><rect x="900" y="${160 + i * 120}" width="300" height="90" fill="#c33"/>`,
        ).join("")}`
      : `<rect width="1280" height="80" fill="${o.color}"/>
         <text x="${40 + s}" y="52" font-size="32" fill="#fff" font-family="sans-serif">${o.brand}</text>
         <rect x="${440 + s}" y="200" width="400" height="420" rx="12" fill="#f4f6f8" stroke="#ccd"/>
         <rect x="${480 + s}" y="300" width="320" height="44" fill="#fff" stroke="#99a"/>
         <rect x="${480 + s}" y="370" width="320" height="44" fill="#fff" stroke="#99a"/>
         <rect x="${480 + s}" y="450" width="320" height="50" rx="25" fill="${o.color}"/>
         <text x="${500 + s}" y="260" font-size="28" font-family="sans-serif" fill="#333">Sign in to ${o.brand}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#fff"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("screenshot fingerprint", () => {
  it("gives a re-rendered page the same hash, and one with a small change a near one", async () => {
    const page = await screenshotFingerprint(await screenshot({ brand: "PayPal", color: "#003087" }));
    if (!page) throw new Error("no fingerprint");
    // Re-encoded smaller and lossy, as another capture or a thumbnail would be.
    const reencoded = await sharp(await screenshot({ brand: "PayPal", color: "#003087" }))
      .resize(1000)
      .jpeg({ quality: 40 })
      .toBuffer();
    const again = await screenshotFingerprint(reencoded);
    if (!again) throw new Error("no fingerprint");
    expect(hammingDistance(page.phash, again.phash)).toBeLessThanOrEqual(2);
    const typo = await screenshotFingerprint(await screenshot({ brand: "PayPaI", color: "#003087" }));
    const moved = await screenshotFingerprint(
      await screenshot({ brand: "PayPal", color: "#003087", shift: 4 }),
    );
    if (!typo || !moved) throw new Error("no fingerprint");
    expect(hammingDistance(page.phash, typo.phash)).toBeLessThanOrEqual(7);
    const shifted = hammingDistance(page.phash, moved.phash);
    expect(shifted).toBeGreaterThan(0);
    expect(shifted).toBeLessThanOrEqual(7);
  });

  it("puts a different page far away, and does not hash a blank screenshot or bytes that are no image", async () => {
    const page = await screenshotFingerprint(await screenshot({ brand: "PayPal", color: "#003087" }));
    const list = await screenshotFingerprint(await screenshot({ brand: "", color: "", layout: "list" }));
    if (!page || !list) throw new Error("no fingerprint");
    expect(hammingDistance(page.phash, list.phash)).toBeGreaterThanOrEqual(16);
    const blank = await sharp({ create: { width: 1280, height: 800, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(await screenshotFingerprint(blank)).toBeNull();
    expect(await screenshotFingerprint(Buffer.from("not a png"))).toBeNull();
  });
});

describe("page fingerprints", () => {
  it("makes every fingerprint a capture allows, and none it does not", async () => {
    const full = await pageFingerprints(
      { html: kitPage("PayPal"), favicon: { base64: Buffer.from("icon bytes").toString("base64") } },
      await screenshot({ brand: "PayPal", color: "#003087" }),
    );
    expect(full.dom).not.toBeNull();
    expect(full.favicon).not.toBeNull();
    expect(full.screenshot).not.toBeNull();
    expect(await pageFingerprints({ html: "", favicon: null }, null)).toEqual({
      dom: null,
      favicon: null,
      screenshot: null,
    });
  });

  it("writes 64-bit hashes as 16 hex digits and reads them back", () => {
    const hash = 0xfedcba9876543210n;
    expect(hashHex(hash)).toBe("fedcba9876543210");
    expect(hashHex(1n)).toBe("0000000000000001");
    expect(parseHashHex("FEDCBA9876543210")).toBe(hash);
    expect(parseHashHex("xyz")).toBeNull();
    expect(hammingDistance(hash, hash ^ 0b1011n)).toBe(3);
  });
});
