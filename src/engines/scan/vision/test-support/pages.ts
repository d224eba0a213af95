import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ScanCapture } from "../../types.js";

/**
 * Small self-contained HTML pages for the vision agent's tests and measurements: brand marks from the
 * shipped simple-icons package drawn inline (no network), third-party uses of marks that legitimate sites
 * show, and imitation pages. The four-squares mark is drawn from plain geometry (data/vision/marks.json).
 */
const require = createRequire(import.meta.url);

export function iconPath(slug: string): string {
  const svg = readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), "utf8");
  const match = /<path d="([^"]+)"/.exec(svg);
  if (!match?.[1]) throw new Error(`no path in ${slug}`);
  return match[1];
}

/** A simple-icons mark as inline SVG, `size` px square, in `fill`. */
export function mark(slug: string, fill: string, size: number, style = ""): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" style="vertical-align:middle;${style}"><path fill="${fill}" d="${iconPath(slug)}"/></svg>`;
}

export function fourSquares(size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" style="vertical-align:middle"><path fill="#F25022" d="M0 0h11.4v11.4H0z"/><path fill="#7FBA00" d="M12.6 0H24v11.4H12.6z"/><path fill="#00A4EF" d="M0 12.6h11.4V24H0z"/><path fill="#FFB900" d="M12.6 12.6H24V24H12.6z"/></svg>`;
}

const BODY = "margin:0;font-family:'Liberation Sans',Arial,sans-serif;color:#222";

function loginCard(title: string, header: string, button = "Sign in"): string {
  return `<div style="width:380px;margin:60px auto;padding:32px;border:1px solid #ddd;border-radius:8px;text-align:center">
${header}<h2 style="font-weight:normal;margin:18px 0">${title}</h2>
<form action="/session" method="post"><input name="email" placeholder="Email or mobile number" style="display:block;width:300px;margin:10px auto;padding:10px">
<input name="password" type="password" placeholder="Password" style="display:block;width:300px;margin:10px auto;padding:10px">
<button style="width:322px;padding:12px;background:#0b57d0;color:#fff;border:0;border-radius:20px">${button}</button></form>
<p style="font-size:13px;color:#555">Forgot password? · Create an account</p></div>`;
}

export interface PageCase {
  name: string;
  url: string;
  html: string;
  /** PNG bytes of a favicon, base64. */
  favicon?: string;
  expect: "benign" | "threat";
  /** For threats: the brand the page imitates. */
  brand?: string;
}

/** Pages a legitimate site shows: marks as buttons, rows, badges and walls, or none at all. */
export function benignPages(): PageCase[] {
  const social = (fill: (hex: string) => string, size: number) =>
    [
      ["facebook", "#0866FF"],
      ["instagram", "#FF0069"],
      ["x", "#000000"],
      ["youtube", "#FF0000"],
      ["tiktok", "#000000"],
      ["pinterest", "#BD081C"],
    ]
      .map(([slug, hex]) => mark(slug ?? "", fill(hex ?? "#000"), size, "margin:0 10px"))
      .join("");
  const payments = ["visa", "mastercard", "paypal", "applepay", "americanexpress", "klarna"];
  const paymentHex: Record<string, string> = {
    visa: "#1A1F71",
    mastercard: "#EB001B",
    paypal: "#002991",
    applepay: "#000000",
    americanexpress: "#2E77BC",
    klarna: "#FFB3C7",
  };
  const sso = (size: number, words: string) =>
    [
      [mark("google", "#4285F4", size), "Google"],
      [mark("apple", "#000", size), "Apple"],
      [mark("facebook", "#0866FF", size), "Facebook"],
      [fourSquares(size), "Microsoft"],
    ]
      .map(
        ([icon, name]) =>
          `<button style="display:block;width:320px;margin:10px auto;padding:10px;background:#fff;border:1px solid #ccc;border-radius:6px;font-size:16px">${icon} ${words} ${name}</button>`,
      )
      .join("");
  const pages: PageCase[] = [
    {
      name: "sso-continue-with",
      url: "https://app.lumenboard.io/login",
      html: `<body style="${BODY}">${loginCard("Sign in to Lumenboard", "<b style='font-size:26px'>Lumenboard</b>")}<div style="text-align:center">${sso(20, "Continue with")}</div></body>`,
      expect: "benign",
    },
    {
      name: "sso-brand-names",
      url: "https://accounts.pebbleandpine.shop/",
      html: `<body style="${BODY}"><div style="text-align:center;margin-top:40px"><h1>Pebble &amp; Pine</h1><p>Log in with</p>${sso(24, "")}</div></body>`,
      expect: "benign",
    },
    {
      name: "shop-payment-row",
      url: "https://velvetorchard.com/checkout",
      html: `<body style="${BODY}"><header style="padding:16px 32px;border-bottom:1px solid #eee"><b style="font-size:24px">Velvet Orchard</b></header>
<main style="padding:32px"><h1>Checkout</h1><form><input placeholder="Card number" style="padding:10px;width:300px"> <input placeholder="MM/YY" style="padding:10px;width:80px"> <input placeholder="CVC" style="padding:10px;width:60px"><p><button style="padding:12px 24px">Pay $42.00</button></p></form>
<p>We accept</p><div>${payments.map((p) => mark(p, paymentHex[p] ?? "#000", 40, "margin-right:16px")).join("")}</div></main></body>`,
      expect: "benign",
    },
    {
      name: "social-footer-colour",
      url: "https://brightkettle-coffee.com/",
      html: `<body style="${BODY}"><main style="padding:40px;height:560px"><h1 style="font-size:48px">Fresh roasted coffee, delivered</h1><p>Small farms, roasted every Monday, shipped on Tuesday.</p></main>
<footer style="padding:24px;text-align:center;background:#f6f3ee">Follow us ${social((h) => h, 28)}</footer></body>`,
      expect: "benign",
    },
    {
      name: "social-footer-white",
      url: "https://northgatecourier.com/",
      html: `<body style="${BODY}"><main style="padding:40px;height:520px"><h1>Track a parcel</h1><form><input placeholder="Tracking number" style="padding:12px;width:360px"><button style="padding:12px">Track</button></form></main>
<footer style="padding:32px;background:#14213d;color:#fff;text-align:center">${social(() => "#ffffff", 32)}<p>© Northgate Courier</p></footer></body>`,
      expect: "benign",
    },
    {
      name: "app-badges",
      url: "https://tallowmere-games.com/",
      html: `<body style="${BODY}"><div style="padding:60px;text-align:center"><h1 style="font-size:44px">Tallowmere: the dungeon game</h1><p>Get the app</p>
<span style="display:inline-block;background:#000;color:#fff;padding:10px 18px;border-radius:10px;margin:8px">${mark("apple", "#fff", 30)} Download on the App Store</span>
<span style="display:inline-block;background:#000;color:#fff;padding:10px 18px;border-radius:10px;margin:8px">${mark("googleplay", "#fff", 30)} Get it on Google Play</span></div></body>`,
      expect: "benign",
    },
    {
      name: "partner-wall",
      url: "https://vantor-analytics.io/",
      html: `<body style="${BODY}"><div style="padding:60px;text-align:center"><h1>Analytics your whole team trusts</h1><p>Trusted by teams at</p>
<div>${["stripe", "shopify", "airbnb", "uber", "spotify", "dropbox"].map((s) => mark(s, "#777", 56, "margin:0 22px")).join("")}</div></div></body>`,
      expect: "benign",
    },
    {
      name: "crypto-token-list",
      url: "https://coinquarry.com/markets",
      html: `<body style="${BODY}"><div style="padding:40px"><h1>Markets</h1><table style="font-size:18px;border-spacing:0 14px">${[
        ["bitcoin", "#F7931A", "Bitcoin BTC", "$64,210"],
        ["ethereum", "#3C3C3D", "Ethereum ETH", "$3,120"],
        ["binance", "#F0B90B", "BNB BNB", "$580"],
        ["tether", "#50AF95", "Tether USDT", "$1.00"],
        ["solana", "#9945FF", "Solana SOL", "$142"],
      ]
        .map(
          ([slug, hex, name, price]) =>
            `<tr><td>${mark(slug ?? "", hex ?? "#000", 32)}</td><td style="padding:0 24px">${name}</td><td>${price}</td></tr>`,
        )
        .join("")}</table></div></body>`,
      expect: "benign",
    },
    {
      name: "plain-login",
      url: "https://login.keystile.com/",
      html: `<body style="${BODY}">${loginCard("Sign in to Keystile", "<b style='font-size:28px;color:#2a9d8f'>Keystile</b>")}</body>`,
      expect: "benign",
    },
    {
      name: "icons-and-letters",
      url: "https://quillsuite.com/",
      html: `<body style="${BODY}"><header style="background:#1d3557;color:#fff;padding:14px 24px;font-size:20px">☰ Quillsuite <span style="float:right">🔍 ⚙ ✉</span></header>
<main style="padding:40px"><h1 style="font-size:72px;margin:0">G O Q e f P t</h1><p style="font-size:40px">● ■ ▲ ♥ ★ ✓ ✕ ◆ ⬤ @ &amp;</p>
<div style="display:flex;gap:20px">${[1, 2, 3].map((i) => `<div style="width:220px;height:140px;border-radius:12px;background:linear-gradient(${i * 60}deg,#e9c46a,#f4a261,#e76f51)"></div>`).join("")}</div></main></body>`,
      expect: "benign",
    },
    {
      name: "brand-own-domain",
      url: "https://www.paypal.com/signin",
      html: `<body style="${BODY}">${loginCard("Log in to your account", mark("paypal", "#002991", 48))}</body>`,
      expect: "benign",
    },
    {
      name: "brand-article",
      url: "https://inkwell-quarterly.com/accepting-payments",
      html: `<body style="${BODY}"><article style="max-width:760px;margin:40px auto"><div>${mark("paypal", "#002991", 72)}</div><h1>How small shops accept online payments in 2026</h1>
<p>Card processors, wallets and bank transfers each have trade-offs. We compared fees, payout times and dispute handling for a shop selling handmade ceramics.</p></article></body>`,
      expect: "benign",
    },
  ];
  return pages;
}

/** Imitation pages: a brand's look on a domain that is not the brand's. */
export function threatPages(options: { faviconPayPal?: string } = {}): PageCase[] {
  return [
    {
      name: "paypal-login-40",
      url: "https://paypal-resolution-center.com/signin",
      html: `<body style="${BODY}">${loginCard("Log in to your account", mark("paypal", "#002991", 40))}</body>`,
      expect: "threat",
      brand: "PayPal",
    },
    {
      name: "paypal-login-96",
      url: "https://secure-account-review.top/",
      html: `<body style="${BODY}">${loginCard("Confirm your identity", mark("paypal", "#002991", 96))}</body>`,
      expect: "threat",
      brand: "PayPal",
    },
    {
      name: "microsoft-lockup-24",
      url: "https://office365-mailbox-verify.top/",
      html: `<body style="${BODY};background:#f2f2f2"><div style="width:440px;margin:80px auto;background:#fff;padding:44px;text-align:left">
<div>${fourSquares(24)} <span style="font-size:22px;color:#737373;font-weight:600;vertical-align:middle">Microsoft</span></div><h2 style="font-weight:600">Sign in</h2>
<form><input name="loginfmt" placeholder="Email, phone, or Skype" style="width:100%;padding:8px;border:0;border-bottom:1px solid #666"><p><button style="background:#0067b8;color:#fff;border:0;padding:8px 30px;float:right">Next</button></p></form></div></body>`,
      expect: "threat",
      brand: "Microsoft",
    },
    {
      name: "apple-dark-64",
      url: "https://appleid-support-unlock.com/",
      html: `<body style="${BODY};background:#000;color:#f5f5f7"><div style="text-align:center;padding-top:60px">${mark("apple", "#f5f5f7", 64)}<h1 style="font-weight:500">Sign in with your Apple&nbsp;ID</h1>
<form><input placeholder="Email or Phone Number" style="width:320px;padding:12px;border-radius:10px"><br><br><input type="password" placeholder="Password" style="width:320px;padding:12px;border-radius:10px"></form></div></body>`,
      expect: "threat",
      brand: "Apple",
    },
    {
      name: "facebook-appeal-120",
      url: "https://meta-business-appeal.vercel.app/",
      html: `<body style="${BODY};background:#f0f2f5"><div style="text-align:center;padding-top:40px">${mark("facebook", "#0866FF", 120)}<h1>Your page has been restricted</h1><p>Submit an appeal within 24 hours to keep your page.</p>
<form><input placeholder="Full name" style="width:320px;padding:12px"><br><br><input placeholder="Business email" style="width:320px;padding:12px"><br><br><button style="padding:12px 40px;background:#0866FF;color:#fff;border:0;border-radius:6px">Submit appeal</button></form></div></body>`,
      expect: "threat",
      brand: "Facebook",
    },
    {
      name: "paypal-favicon",
      url: "https://account-limited-notice.com/",
      html: `<body style="${BODY}">${loginCard("Your account is limited", "<b style='font-size:26px'>Account Center</b>")}</body>`,
      favicon: options.faviconPayPal,
      expect: "threat",
      brand: "PayPal",
    },
  ];
}

/** A browser capture around a page, as the scan capture records it. */
export function captureFor(
  url: string,
  page: { html: string; text: string; title: string; forms: ScanCapture["forms"] },
  favicon: string | null = null,
): ScanCapture {
  return {
    version: 1,
    requestUrl: url,
    startedAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    source: "browser",
    outcome: "ok",
    reason: null,
    message: null,
    chain: [],
    finalUrl: url,
    status: 200,
    headers: {},
    title: page.title,
    html: page.html,
    htmlTruncated: false,
    text: page.text,
    favicon: favicon
      ? { url: new URL("/favicon.ico", url).toString(), contentType: "image/png", base64: favicon }
      : null,
    requests: [],
    forms: page.forms,
    cookies: [],
    tls: null,
    console: [],
    downloads: [],
    dialogs: [],
    network: null,
    screenshots: { viewport: true, fullPage: false },
    durationMs: 0,
  };
}
