import { createHash } from "node:crypto";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { FUNCTION_FLAGS, PURPOSES } from "../../engines/classify/taxonomy.js";
import type { PublicClassification } from "../classification/schemas.js";
import { domainRiskDeprecationPage } from "./deprecation.js";
import { homePage } from "./home.js";
import { hasPurposeLabel, purposeLabel } from "./labels.js";
import { STYLE_HASH } from "./style.js";
import { domainPage, errorPage, invalidInputPage, landingPage, notFoundPage } from "./views.js";

const XSS = {
  img: "<img src=x onerror=alert(1)>",
  script: '"><script>alert(2)</script>',
  js: "javascript:alert(3)",
  svg: "<svg/onload=alert(4)>",
  attr: "' onmouseover='alert(5)",
};

function view(overrides: Partial<PublicClassification> = {}): PublicClassification {
  return {
    domain: "example.com",
    confidence: "high",
    category: { purpose: "developer_platform", specialization: "Source code hosting" },
    identity: {
      headline: "Hosts source code",
      summary: "A platform for developers.",
      operator: "Example Corp",
      parent_entity: "Example Holdings",
      topics: ["git", "code review"],
    },
    functions: {
      is_ugc_platform: true,
      is_file_host: false,
      is_url_shortener: false,
      is_public_idp: true,
      is_crypto_platform: false,
      allows_user_subdomains: true,
      is_form_builder: false,
      is_document_host: false,
    },
    impersonates: null,
    facts: { registered_date: "2008-02-13T18:31:40.123Z", rank: 1234, hosting_provider: "Example Hosting" },
    ...overrides,
  };
}

const hostile = view({
  category: { purpose: "other", specialization: XSS.svg },
  identity: {
    headline: XSS.img,
    summary: XSS.script,
    operator: XSS.js,
    parent_entity: XSS.attr,
    topics: [XSS.img, XSS.script, XSS.js],
  },
  facts: { registered_date: XSS.script, rank: null, hosting_provider: XSS.svg },
});

function byField(doc: Document, field: string): string | null {
  const el = DomUtils.findOne((e) => e.attribs["data-field"] === field, doc.children);
  return el ? DomUtils.textContent(el) : null;
}

type Document = ReturnType<typeof parseDocument>;

const DANGEROUS_ELEMENTS = new Set(["script", "img", "iframe", "object", "embed", "base", "link"]);

/** Elements that would run or load something: anything not written by the views themselves. */
function dangerous(doc: Document): string[] {
  const hits = DomUtils.findAll((e) => {
    if (DANGEROUS_ELEMENTS.has(e.name) && !(e.name === "link" && e.attribs.rel === "icon")) return true;
    return Object.entries(e.attribs).some(
      ([name, value]) => name.startsWith("on") || /^\s*javascript:/i.test(value),
    );
  }, doc.children);
  return hits.map((e) => e.name);
}

describe("domainPage", () => {
  it("shows the classification: identity, category label, flags, facts and times", () => {
    const body = domainPage({
      view: view(),
      classifiedAt: new Date("2024-05-01T09:05:00Z"),
      updatedAt: new Date("2024-06-02T10:00:00Z"),
    });
    const doc = parseDocument(body);
    expect(DomUtils.findOne((e) => e.name === "html", doc.children)?.attribs.lang).toBe("en");
    expect(byField(doc, "domain")).toBe("example.com");
    expect(byField(doc, "headline")).toBe("Hosts source code");
    expect(byField(doc, "operator")).toBe("Example Corp");
    expect(byField(doc, "parent_entity")).toBe("Example Holdings");
    expect(byField(doc, "purpose")).toBe("Developer platform");
    expect(byField(doc, "rank")).toBe("#1,234");
    expect(byField(doc, "registered_date")).toBe("13 February 2008");
    expect(byField(doc, "classified_at")).toBe(
      "Classified 1 May 2024 at 09:05 UTC, last updated 2 June 2024 at 10:00 UTC.",
    );
    const flags = DomUtils.findAll((e) => e.attribs["data-flag"] !== undefined, doc.children);
    expect(flags.map((f) => f.attribs["data-flag"])).toEqual([...FUNCTION_FLAGS]);
    const states = Object.fromEntries(flags.map((f) => [f.attribs["data-flag"], f.attribs["data-state"]]));
    expect(states).toMatchObject({ is_ugc_platform: "on", is_public_idp: "on", is_file_host: "off" });
    // The state is spelled out, not only coloured.
    for (const f of flags) {
      expect(DomUtils.textContent(f)).toContain(f.attribs["data-state"] === "on" ? "Yes" : "No");
    }
  });

  it("says Unranked, Unknown and None known for missing facts, and shows an IDN's Unicode form", () => {
    const body = domainPage({
      view: view({
        domain: "xn--bcher-kva.de",
        identity: { ...view().identity, parent_entity: null, topics: [] },
        facts: { registered_date: null, rank: null, hosting_provider: "" },
      }),
      classifiedAt: null,
      updatedAt: null,
    });
    const doc = parseDocument(body);
    expect(byField(doc, "rank")).toBe("Unranked");
    expect(byField(doc, "registered_date")).toBe("Unknown");
    expect(byField(doc, "parent_entity")).toBe("None known");
    expect(byField(doc, "classified_at")).toBeNull();
    expect(DomUtils.textContent(doc)).toContain("bücher.de");
    expect(DomUtils.textContent(doc)).toContain("No topics recorded.");
  });

  it("renders hostile text as text: no script, no handler, no injected element", () => {
    const body = domainPage({ view: hostile, classifiedAt: null, updatedAt: null });
    const doc = parseDocument(body);
    expect(dangerous(doc)).toEqual([]);
    expect(byField(doc, "headline")).toBe(XSS.img);
    expect(byField(doc, "summary")).toBe(XSS.script);
    expect(byField(doc, "operator")).toBe(XSS.js);
    expect(byField(doc, "parent_entity")).toBe(XSS.attr);
    expect(byField(doc, "specialization")).toBe(XSS.svg);
    expect(byField(doc, "hosting_provider")).toBe(XSS.svg);
    expect(byField(doc, "topics")).toBe(XSS.img + XSS.script + XSS.js);
    expect(byField(doc, "registered_date")).toBe("Unknown");
    const title = DomUtils.findOne((e) => e.name === "title", doc.children);
    expect(title ? DomUtils.textContent(title) : "").toBe(`example.com: ${XSS.img} · DomainLens`);
    const description = DomUtils.findOne((e) => e.attribs.name === "description", doc.children);
    expect(description?.attribs.content).toBe(XSS.img);
  });

  it("carries exactly the stylesheet the CSP hash allows, and no style attribute", () => {
    for (const body of [
      domainPage({ view: hostile, classifiedAt: null, updatedAt: null }),
      landingPage(),
      notFoundPage("example.org"),
      invalidInputPage(XSS.script, "No."),
      errorPage("Too many requests", "Wait."),
    ]) {
      const doc = parseDocument(body);
      const styles = DomUtils.findAll((e) => e.name === "style", doc.children);
      expect(styles).toHaveLength(1);
      const css = styles[0] ? DomUtils.textContent(styles[0]) : "";
      expect(`'sha256-${createHash("sha256").update(css).digest("base64")}'`).toBe(STYLE_HASH);
      expect(DomUtils.findAll((e) => e.attribs.style !== undefined, doc.children)).toHaveLength(0);
    }
  });
});

describe("a domain that claims an identity it does not own", () => {
  const lookalike = view({
    domain: "paypa1.com",
    category: { purpose: "financial_services", specialization: "Online payments" },
    identity: {
      headline: "paypa1.com — payment service page presenting itself as PayPal",
      summary:
        "paypa1.com presents itself as PayPal (payment service), but the domain does not belong to PayPal.",
      operator: "Unknown",
      parent_entity: null,
      topics: [],
    },
    impersonates: "PayPal",
  });

  it("shows a plain warning naming the brand instead of the calm category badge", () => {
    const doc = parseDocument(domainPage({ view: lookalike, classifiedAt: null, updatedAt: null }));
    const warning = byField(doc, "impersonates") ?? "";
    expect(warning).toContain("Not PayPal: a look-alike");
    expect(warning).toContain(
      "paypa1.com presents itself as PayPal, but the domain does not belong to PayPal.",
    );
    expect(byField(doc, "purpose")).toBeNull();
    // The category stays in its card, where it is read as what the page imitates.
    expect(DomUtils.textContent(doc)).toContain("Financial services");
  });

  it("shows no warning for a domain that is what it says", () => {
    const doc = parseDocument(domainPage({ view: view(), classifiedAt: null, updatedAt: null }));
    expect(byField(doc, "impersonates")).toBeNull();
    expect(byField(doc, "purpose")).toBe("Developer platform");
  });

  it("renders a hostile brand name as text", () => {
    const doc = parseDocument(
      domainPage({ view: { ...lookalike, impersonates: XSS.img }, classifiedAt: null, updatedAt: null }),
    );
    expect(dangerous(doc)).toEqual([]);
    expect(byField(doc, "impersonates")).toContain(`presents itself as ${XSS.img}`);
  });
});

describe("landing page lists", () => {
  const at = new Date("2026-05-04T08:00:00Z");
  it("lists examples and recently classified domains with links, marking look-alikes", () => {
    const doc = parseDocument(
      landingPage({
        examples: [{ view: view({ domain: "github.com" }), updatedAt: at }],
        recent: [
          { view: view({ domain: "paypa1.com", impersonates: "PayPal" }), updatedAt: at },
          {
            view: view({ domain: "tasknest.io", identity: { ...view().identity, headline: XSS.script } }),
            updatedAt: at,
          },
        ],
      }),
    );
    expect(dangerous(doc)).toEqual([]);
    const list = (id: string) =>
      DomUtils.findAll(
        (e) => e.name === "li",
        [DomUtils.findOne((e) => e.attribs["data-list"] === id, doc.children) ?? doc],
      ).map((li) => li.attribs["data-domain"]);
    expect(list("examples")).toEqual(["github.com"]);
    expect(list("recent")).toEqual(["paypa1.com", "tasknest.io"]);
    const links = DomUtils.findAll((e) => e.name === "a", doc.children).map((a) => a.attribs.href);
    expect(links).toEqual(expect.arrayContaining(["/domains/github.com", "/domains/paypa1.com"]));
    expect(byField(doc, "impersonates")).toBe("Look-alike of PayPal");
    expect(DomUtils.textContent(doc)).toContain(XSS.script);
    expect(byField(doc, "no-domains")).toBeNull();
  });

  it("says so when nothing has been classified yet", () => {
    const doc = parseDocument(landingPage());
    expect(byField(doc, "no-domains")).toContain("No domain has been classified on this server yet");
    expect(DomUtils.findOne((e) => e.attribs["data-list"] !== undefined, doc.children)).toBeNull();
  });
});

describe("home and deprecation pages", () => {
  it("the home page links the API reference, the domain pages and the status", () => {
    const doc = parseDocument(homePage());
    const links = DomUtils.findAll((e) => e.name === "a", doc.children).map((a) => a.attribs.href);
    expect(links).toEqual(
      expect.arrayContaining(["/docs", "/domains", "/healthz", "/readyz", "/openapi.json"]),
    );
    expect(DomUtils.findAll((e) => e.name === "main", doc.children)).toHaveLength(1);
  });

  it("the deprecation page gives the dates and names what to use instead", () => {
    const doc = parseDocument(
      domainRiskDeprecationPage({
        deprecatedAt: new Date("2026-06-01T00:00:00Z"),
        sunsetAt: new Date("2027-06-30T00:00:00Z"),
      }),
    );
    expect(byField(doc, "dates")).toContain("Deprecated since 1 June 2026");
    expect(byField(doc, "dates")).toContain("served until 30 June 2027");
    const instead = byField(doc, "instead") ?? "";
    expect(instead).toContain("POST /v1/scans");
    expect(instead).toContain("GET /v2/domain-classification/{domain}");
  });

  it("carry the stylesheet the CSP hash allows", () => {
    for (const body of [
      homePage(),
      domainRiskDeprecationPage({ deprecatedAt: new Date(0), sunsetAt: new Date(1) }),
    ]) {
      const styles = DomUtils.findAll((e) => e.name === "style", parseDocument(body).children);
      const css = styles[0] ? DomUtils.textContent(styles[0]) : "";
      expect(`'sha256-${createHash("sha256").update(css).digest("base64")}'`).toBe(STYLE_HASH);
    }
  });
});

describe("other pages", () => {
  it("echoes what was typed on the 400 page as text and in the search box", () => {
    const doc = parseDocument(
      invalidInputPage(XSS.script, "The domain contains characters that are not allowed."),
    );
    expect(dangerous(doc)).toEqual([]);
    expect(byField(doc, "input")).toBe(XSS.script);
    const input = DomUtils.findOne((e) => e.name === "input", doc.children);
    expect(input?.attribs.value).toBe(XSS.script);
  });

  it("labels every search box and has one main landmark", () => {
    for (const body of [landingPage(), notFoundPage("example.org"), invalidInputPage("x", "y")]) {
      const doc = parseDocument(body);
      const inputs = DomUtils.findAll((e) => e.name === "input", doc.children);
      expect(inputs).toHaveLength(1);
      const id = inputs[0]?.attribs.id;
      expect(
        DomUtils.findOne((e) => e.name === "label" && e.attribs.for === id, doc.children),
      ).not.toBeNull();
      expect(DomUtils.findAll((e) => e.name === "main", doc.children)).toHaveLength(1);
    }
  });
});

describe("purpose labels", () => {
  it.each([...PURPOSES])("has a readable label for %s", (code) => {
    expect(hasPurposeLabel(code)).toBe(true);
  });

  it("spells out an unknown code", () => {
    expect(purposeLabel("space_travel")).toBe("Space travel");
    expect(purposeLabel("__proto__")).toBe("Proto");
  });
});
