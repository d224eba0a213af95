import { describe, expect, it } from "vitest";
import type { Finding } from "../../findings/types.js";
import { analyzeStatic } from "./analyze.js";
import type { StaticAnalysis } from "./types.js";

type Ok = Extract<StaticAnalysis, { ok: true }>;

function analyze(input: string): Ok {
  const result = analyzeStatic(input, { rankLookup: false });
  if (!result.ok) throw new Error(`${input}: ${result.message}`);
  return result;
}

function threats(result: Ok): Finding[] {
  return result.findings.filter((f) => f.severity !== "Informational");
}

function codes(result: Ok): string[] {
  return result.findings.map((f) => f.finding_id);
}

describe("analyzeStatic: squatting techniques", () => {
  it.each([
    // input, brand, technique, finding code
    ["paypa1.com", "PayPal", "homoglyph", "DR-DOM-002"],
    ["xn--pypal-4ve.com", "PayPal", "homoglyph", "DR-DOM-002"],
    ["rnicrosoft.com", "Microsoft", "homoglyph", "DR-DOM-002"],
    ["g00gle.com", "Google", "homoglyph", "DR-DOM-002"],
    ["paypall.com", "PayPal", "repetition", "DR-DOM-001"],
    ["paypals.com", "PayPal", "plural", "DR-DOM-001"],
    ["netflixx.com", "Netflix", "repetition", "DR-DOM-001"],
    ["coinbasex.com", "Coinbase", "addition", "DR-DOM-001"],
    ["micro-soft.com", "Microsoft", "hyphenation", "DR-DOM-001"],
    ["bank-of-america.com", "Bank of America", "hyphenation", "DR-DOM-001"],
    ["micrsoft.com", "Microsoft", "omission", "DR-DOM-001"],
    ["mircosoft.com", "Microsoft", "transposition", "DR-DOM-001"],
    ["coinbose.com", "Coinbase", "vowel_swap", "DR-DOM-001"],
    ["coinbqse.com", "Coinbase", "keyboard", "DR-DOM-001"],
    ["microcoft.com", "Microsoft", "bitsquatting", "DR-DOM-001"],
    ["wellsfsrgo.com", "Wells Fargo", "keyboard", "DR-DOM-001"],
    ["instagrram.com", "Instagram", "repetition", "DR-DOM-001"],
    ["linkedln.com", "LinkedIn", "homoglyph", "DR-DOM-002"],
    ["paypal.top", "PayPal", "tld_swap", "DR-DOM-004"],
    ["coinbase.xyz", "Coinbase", "tld_swap", "DR-DOM-004"],
    ["paypal-secure-login.com", "PayPal", "combosquat", "DR-DOM-003"],
    ["netflix-billing-update.com", "Netflix", "combosquat", "DR-DOM-003"],
    ["secure-chase-verify.com", "Chase", "combosquat", "DR-DOM-003"],
    ["appleid-case-review.com", "Apple", "combosquat", "DR-DOM-003"],
    ["usps-redelivery-parcel.com", "USPS", "combosquat", "DR-DOM-003"],
    ["metamask-wallet-restore.com", "MetaMask", "combosquat", "DR-DOM-003"],
    ["paypa1-login.com", "PayPal", "combosquat", "DR-DOM-003"],
    ["paypal.com.account-verify.top", "PayPal", "brand_in_subdomain", "DR-DOM-005"],
    ["microsoft.com-signin-verify.top", "Microsoft", "brand_in_subdomain", "DR-DOM-005"],
    ["login.paypal.secure-account.net", "PayPal", "brand_in_subdomain", "DR-DOM-005"],
    ["amazon-co-jp.account-update-9k2.cn", "Amazon", "brand_in_subdomain", "DR-DOM-005"],
    ["bb-com-br.atualizacao-app.top", "Banco do Brasil", "brand_in_subdomain", "DR-DOM-005"],
    ["ipko-pl.logowanie-weryfikacja.site", "PKO Bank Polski", "brand_in_subdomain", "DR-DOM-005"],
    ["paypal-login.github.io", "PayPal", "free_hosting", "DR-DOM-006"],
    ["chase-secure-login.netlify.app", "Chase", "free_hosting", "DR-DOM-006"],
    ["microsoft-office365-verify.web.app", "Microsoft", "free_hosting", "DR-DOM-006"],
    ["coinbase-wallet.000webhostapp.com", "Coinbase", "free_hosting", "DR-DOM-006"],
  ])("%s imitates %s (%s)", (input, brand, technique, code) => {
    const result = analyze(input);
    expect(result.brand).toMatchObject({ name: brand, technique });
    const finding = result.findings.find((f) => f.finding_id === code);
    expect(finding?.severity).toMatch(/High|Critical/);
    expect(finding?.details).toContain(brand);
    expect(finding?.source_agent).toBe("Static Analysis Agent");
  });

  it("reads a brand's domain spelled with hyphens only at the start of a label", () => {
    expect(
      analyze("amazon-co-jp.account-update-9k2.cn").findings.find((f) => f.finding_id === "DR-DOM-005")
        ?.details,
    ).toMatch(/spells out amazon\.co\.jp, Amazon's domain, with hyphens/);
    expect(analyze("www.deliver-live-com.net").brand).toBeNull();
    expect(analyze("www.amazon.co.jp").brand).toBeNull();
  });

  it("names the brand, the edit and the legitimate domain", () => {
    const finding = analyze("paypa1.com").findings.find((f) => f.finding_id === "DR-DOM-002");
    expect(finding?.details).toBe(
      "paypa1.com differs from PayPal's paypal.com by one character (l→1), a homoglyph substitution.",
    );
    const idn = analyze("xn--pypal-4ve.com");
    expect(idn.findings.find((f) => f.finding_id === "DR-DOM-002")).toMatchObject({ severity: "Critical" });
    expect(idn.findings.find((f) => f.finding_id === "DR-DOM-002")?.details).toContain(
      "Cyrillic small letter a",
    );
  });

  it.each([
    // Dictionary-word brand names need more than the word itself.
    "chase-family-photos.com",
    "applebees.com",
    "deltafaucet.com",
    "targetpractice.com",
    "discovery-kids.com",
    "amazonrainforest.org",
    "visalia-news.com",
    "orangecounty.gov",
    "deltaflight.com",
    "apple.co.nz",
    "theappletree.com",
    "boxferry.com",
  ])("%s is not an impersonation", (input) => {
    const result = analyze(input);
    expect(result.brand).toBeNull();
    expect(threats(result).filter((f) => /High|Critical/.test(f.severity))).toEqual([]);
  });

  it("needs a lure word next to a dictionary-word brand name", () => {
    expect(analyze("chase-photos.com").brand).toBeNull();
    expect(analyze("chase-login-verify.com").brand).toMatchObject({ name: "Chase", technique: "combosquat" });
    expect(analyze("apple-icloud-unlock.com").brand?.name).toBe("Apple");
  });

  it("does not read a dictionary-word brand inside a longer ordinary word (line in online)", () => {
    expect(analyze("myonlinebank-secure.com").brand?.name).not.toBe("LINE");
    expect(analyze("galicia-onlinebanking.com").brand).toMatchObject({ name: "Banco Galicia" });
    expect(analyze("line-login-verify.com").brand?.name).toBe("LINE");
  });
});

describe("analyzeStatic: brand names in user sites' names", () => {
  it.each([
    // A distinctive brand name run into other letters.
    ["metamaskchromeaddon.webflow.io", "MetaMask"],
    ["trezorwalets.netlify.app", "Trezor"],
    // A misspelled brand name leading the name: a transposition, a dropped vowel.
    ["metamsakrecovery.webflow.io", "MetaMask"],
    ["trzorsuite.pages.dev", "Trezor"],
  ])("%s is a user site named after %s", (input, brand) => {
    const result = analyze(input);
    expect(result.brand).toMatchObject({ name: brand, technique: "free_hosting" });
    expect(result.findings.find((f) => f.finding_id === "DR-DOM-006")?.severity).toMatch(/Medium|High/);
  });

  it.each([
    // The letters belong to a longer ordinary word: revolut(ion), webex(tension), intuit(ive).
    "revolutionary-ideas.netlify.app",
    "webextension-demo.github.io",
    "intuitivedesign.vercel.app",
    // The platform's own operator named by its users.
    "githubstats.github.io",
    // A dropped consonant makes another name (paypal → payal), not a look-alike.
    "payal2024.github.io",
  ])("%s is not named after a brand", (input) => {
    const result = analyze(input);
    expect(result.brand).toBeNull();
    expect(threats(result)).toEqual([]);
  });

  it("reads a company's or a developer project's page on a code-hosting platform as such", () => {
    for (const input of ["paypal.github.io", "ledgerhq.github.io", "python-binance.readthedocs.io"]) {
      const result = analyze(input);
      expect(result.brand).toBeNull();
      expect(threats(result)).toEqual([]);
    }
    // The same name where anyone can take it, or next to a lure word, is still an imitation.
    expect(analyze("paypal.webflow.io").brand?.name).toBe("PayPal");
    expect(analyze("binance-verify.readthedocs.io").brand?.name).toBe("Binance");
    expect(analyze("github-login.github.io").brand?.name).toBe("GitHub");
    // A hyphen inside the brand's name is a squatting technique, not a project's name.
    expect(analyze("pay-pal.github.io").brand?.name).toBe("PayPal");
    // So is a look-alike character.
    expect(analyze("paypa1.github.io").brand).toMatchObject({ name: "PayPal", edit: "homoglyph" });
  });

  it("reads a credential word run into a user site's name as a lure, not letters of ordinary words", () => {
    const fused = analyze("zorbixlogin.webflow.io");
    expect(fused.findings.find((f) => f.finding_id === "DR-DOM-010")?.severity).toBe("Medium");
    expect(fused.signals.keywords).toContain("login");
    for (const input of ["catalogingtools.github.io", "blogindex.github.io", "safetyfirst.netlify.app"]) {
      expect(threats(analyze(input))).toEqual([]);
    }
  });

  it("reads lure words in a library's name on a code-hosting platform as what the library does", () => {
    const library = analyze("django-login-tools.readthedocs.io");
    expect(threats(library).filter((f) => f.severity !== "Low")).toEqual([]);
    // An organization's account named after the company and a product, not a brand run into junk.
    expect(threats(analyze("googlechrome.github.io"))).toEqual([]);
    // Project words count however the name's letters read (`cli`, whose `cl` also reads as `d`).
    expect(threats(analyze("googlechromecli.github.io"))).toEqual([]);
    expect(analyze("googlechromecli.webflow.io").brand?.name).toBe("Google");
    expect(analyze("metamaskzxqv.github.io").brand?.name).toBe("MetaMask");
    // Without a project word, or where anyone takes any name, the lure counts.
    for (const input of ["secure-login.github.io", "oauthkit.netlify.app"]) {
      expect(analyze(input).findings.find((f) => f.finding_id === "DR-DOM-010")?.severity).toBe("Medium");
    }
  });

  it("knows site builders missing from the shipped lists", () => {
    const result = analyze("acme-brand.weeblysite.com");
    expect(result.signals.platform).toMatchObject({ domain: "weeblysite.com", userContent: "subdomain" });
    expect(threats(result)).toEqual([]);
  });
});

describe("analyzeStatic: other evidence", () => {
  it("reads a subdomain named exactly after a self-hosted product as the organization's own install", () => {
    expect(codes(analyze("gitlab.brennwerk-energie.de"))).not.toContain("DR-DOM-005");
    // With lure words, or spelled as the vendor's domain, it is the vendor's name used as bait.
    expect(codes(analyze("gitlab-login-verify.brennwerk-energie.de"))).toContain("DR-DOM-005");
    expect(codes(analyze("gitlab.com.brennwerk-energie.de"))).toContain("DR-DOM-005");
  });

  it("lowers a bare IP on the visitor's own network to Low", () => {
    const local = analyze("http://192.168.178.1/").findings.find((f) => f.finding_id === "DR-DOM-012");
    expect(local?.severity).toBe("Low");
    expect(local?.details).toMatch(/own network/);
    const remote = analyze("http://198.51.100.7/").findings.find((f) => f.finding_id === "DR-DOM-012");
    expect(remote?.severity).toBe("Medium");
  });

  it("flags a lure word with a long reference number in someone else's subdomain", () => {
    const result = analyze("case-id-8839201744.oakridgedental.com");
    const finding = result.findings.find((f) => f.finding_id === "DR-DOM-026");
    expect(finding?.severity).toBe("Medium");
    expect(finding?.details).toContain("8839201744");
    expect(codes(analyze("verify-00412345.gardenhub.weeblysite.com"))).toContain("DR-DOM-026");
    // A lure word without a number, a short number, a number without a lure word: nothing.
    for (const input of ["case-studies.oakridgedental.com", "help-2024.example.com", "1234567.example.com"]) {
      expect(codes(analyze(input))).not.toContain("DR-DOM-026");
    }
  });

  it("tags keyword findings with their category", () => {
    const result = analyze("secure-login-verify-account.top");
    const categories = result.findings.filter((f) => f.finding_id === "DR-DOM-010").map((f) => f.category);
    expect(categories).toEqual(expect.arrayContaining(["credential", "security"]));
    expect(result.signals.keywordCategories).toEqual(expect.arrayContaining(["credential", "security"]));
    expect(result.signals.suspiciousTld).toBe(true);
  });

  it("reports keywords in a subdomain of an ordinary domain as information only", () => {
    const result = analyze("login.keystile.com");
    expect(threats(result)).toEqual([]);
    expect(result.signals.keywords).toContain("login");
  });

  it("flags an IP address host", () => {
    const result = analyze("http://203.0.113.7/paypal.com/signin");
    expect(codes(result)).toEqual(expect.arrayContaining(["DR-DOM-012", "DR-DOM-024"]));
    expect(result.signals.ipLiteral).toBe(true);
    expect(result.registrableDomain).toBeNull();
  });

  it("flags a brand's domain in the path of another site, not a tenant's own platform in its path", () => {
    expect(codes(analyze("https://files-share.top/www.paypal.com/signin"))).toContain("DR-DOM-024");
    const tenant = analyze(
      "https://larkhollow.zendesk.com/auth/v2/login/signin?return_to=https%3A%2F%2Flarkhollow.zendesk.com%2Fagent",
    );
    expect(codes(tenant)).not.toContain("DR-DOM-024");
    // The tenant's path may still name another brand's domain.
    expect(codes(analyze("https://larkhollow.zendesk.com/go/www.paypal.com/signin"))).toContain("DR-DOM-024");
  });

  it("flags a URL that hides its host behind '@'", () => {
    const result = analyze("https://www.paypal.com@evil-host.top/login");
    expect(result.hostname).toBe("evil-host.top");
    expect(result.findings.find((f) => f.finding_id === "DR-DOM-014")?.severity).toBe("High");
  });

  it("flags obfuscated IP notation and encoded paths", () => {
    expect(analyze("http://0x7f000001/").findings.find((f) => f.finding_id === "DR-DOM-015")?.severity).toBe(
      "High",
    );
    expect(codes(analyze("https://example.com/%6c%6f%67%69%6e"))).toContain("DR-DOM-016");
  });

  it("flags deep subdomains, random names and non-standard ports", () => {
    expect(codes(analyze("a.b.c.d.e.f.example.com"))).toContain("DR-DOM-013");
    expect(codes(analyze("xkqzvbtrplmw.com"))).toContain("DR-DOM-017");
    expect(codes(analyze("https://example.com:8443/"))).toContain("DR-DOM-022");
  });

  it("reports shorteners and hosting platforms as information", () => {
    const short = analyze("https://bit.ly/3abcd");
    expect(short.signals.shortener).toBe(true);
    expect(threats(short)).toEqual([]);
    const hosted = analyze("mira-docs.netlify.app");
    expect(hosted.signals.freeHosting).toBe("netlify.app");
    expect(hosted.signals.platform).toMatchObject({ domain: "netlify.app", userContent: "subdomain" });
    expect(codes(hosted)).toContain("DR-DOM-019");
  });

  it("reads a file-sharing service's own sign-in host as the service, a tenant's name as a user's", () => {
    const own = analyze("https://account.box.com/login");
    expect(own.signals.platform).toBeNull();
    expect(own.signals.isBrandDomain).toBe(true);
    expect(own.signals.brandOwner).toBe("Box");
    const tenant = analyze("https://northfield-legal.box.com/");
    expect(tenant.signals.platform).toMatchObject({ domain: "box.com", userContent: "subdomain" });
    expect(tenant.signals.isBrandDomain).toBe(false);
    // On a subdomain host anyone may have taken the name: still a user's site.
    expect(analyze("login.netlify.app").signals.platform).toMatchObject({ userContent: "subdomain" });
  });

  it("treats a brand's own domains and subdomains as official", () => {
    for (const input of [
      "https://www.paypal.com/signin",
      "login.microsoftonline.com",
      "secure.chase.com",
      "dns.google",
    ]) {
      const result = analyze(input);
      expect(threats(result)).toEqual([]);
      expect(result.signals.isBrandDomain).toBe(true);
      expect(result.brand).toBeNull();
      expect(codes(result)).toContain("DR-DOM-021");
    }
  });

  it("suppresses name-based threats for a ranked domain unless rank lookup is off", () => {
    // garant.ru (a legal information site) is one letter from the bank brand "garanti".
    const ranked = analyzeStatic("garant.ru");
    expect(ranked).toMatchObject({ ok: true, brand: null, signals: { trancoRank: expect.any(Number) } });
    if (ranked.ok) {
      expect(threats(ranked)).toEqual([]);
      expect(codes(ranked)).toContain("DR-DOM-020");
    }
    const off = analyzeStatic("garant.ru", { rankLookup: false });
    expect(off).toMatchObject({ ok: true, signals: { trancoRank: null } });
    if (off.ok) expect(threats(off).length).toBeGreaterThan(0);
  });

  it("returns a typed error for invalid input", () => {
    expect(analyzeStatic("not a url at all")).toMatchObject({ ok: false, error: "invalid_url" });
    expect(analyzeStatic("javascript:alert(1)")).toMatchObject({
      ok: false,
      error: "invalid_url",
      reason: "unsupported_scheme",
    });
  });
});
