import { describe, expect, it } from "vitest";
import type { FindingCode } from "../findings/catalog.js";
import type { Finding } from "../findings/types.js";
import { fixtureHosts, fixtureScan, savedCapture } from "./agents/testing/fixture-scan.js";
import { type AnalyzeScanOptions, analyzeScan, type VisionAgent } from "./analyze.js";
import type { ScanCapture, ScanReport, VisionResult } from "./types.js";

const NO_SHOTS = { viewport: null, fullPage: null };
const OFFLINE: AnalyzeScanOptions = { vision: null };

function scan(capture: ScanCapture, options: AnalyzeScanOptions = OFFLINE): Promise<ScanReport> {
  return analyzeScan({ capture, artifacts: NO_SHOTS }, options);
}

const codes = (report: ScanReport): string[] => report.evidence_findings.map((f) => f.finding_id);

/**
 * Credential drop points whose scanned page is an empty document: nothing on it names the brand whose
 * victims post there (the brand is in their `expect` for classification). Found Suspicious, brand null.
 */
const BRAND_UNKNOWABLE = new Set(["mso-relay.xyz", "rcv-panel.top"]);

describe("world fixtures, browser captures", () => {
  const hosts = fixtureHosts();

  it.each(hosts)("%s gets the expected verdict", async (host) => {
    const { capture, expect: want } = fixtureScan(host);
    const report = await scan(capture);
    if (want.kind === "phishing" || want.kind === "scam") {
      expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
      if (want.assessment === "Malicious" && !BRAND_UNKNOWABLE.has(host))
        expect(report.final_assessment).toBe("Malicious");
    } else {
      expect(report.final_assessment).toBe(want.assessment ?? "Benign");
    }
    if (want.brand && !BRAND_UNKNOWABLE.has(host))
      expect(report.site_context?.detected_brand).toBe(want.brand);
    if (want.language && report.site_context)
      expect(report.site_context.primary_language).toBe(want.language);
    expect(report.confidence_score).toBeGreaterThanOrEqual(0);
    expect(report.confidence_score).toBeLessThanOrEqual(95);
    expect(report.executive_summary.length).toBeGreaterThan(20);
    for (const f of report.evidence_findings) expect(f.finding_id).toMatch(/^(?:NET|VIS|CON|SYS)-\d{3}$/);
  });

  it("names the brand, the destination of the credentials and the age in the summary", async () => {
    const report = await scan(fixtureScan("chase-secure-login.netlify.app").capture);
    expect(report.threat_type).toBe("Phishing / Credential Theft");
    expect(report.executive_summary).toContain("Chase");
    expect(report.executive_summary).toContain("rcv-panel.top");
    expect(codes(report)).toEqual(expect.arrayContaining(["NET-030", "CON-021", "CON-020", "CON-003"]));
    const paypal = await scan(fixtureScan("paypa1.com").capture);
    expect(paypal.executive_summary).toMatch(/registered only 5 days ago/);
    expect(paypal.site_context).toMatchObject({
      apparent_purpose: "PayPal sign-in page",
      primary_language: "en",
    });
  });

  it("a kit that keeps only the brand's sign-in description on a throwaway host is Brand Impersonation", async () => {
    const html =
      '<!DOCTYPE html><html><head><title>Sample Background</title><meta name="description" content="Login to access your IONOS e-mail account and read your e-mail online with IONOS Webmail."></head><body><script src="https://collect.example/app.js"></script></body></html>';
    const report = await scan(savedCapture("https://admin-ad.web.app/", html));
    expect(report.final_assessment).toBe("Suspicious");
    expect(report.threat_type).toBe("Brand Impersonation");
    expect(report.site_context?.detected_brand).toBe("IONOS");
  });

  it("follows redirect chains to the page they land on", async () => {
    const report = await scan(fixtureScan("winter-deals-alert.top").capture);
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Scam / Fraudulent E-commerce");
    expect(codes(report)).toEqual(expect.arrayContaining(["NET-001", "NET-008", "CON-055"]));
    const lure = await scan(fixtureScan("docs-invoice-viewer.top").capture);
    expect(codes(lure)).toEqual(expect.arrayContaining(["NET-004", "NET-006"]));
    const benign = await scan(fixtureScan("lnkf.to").capture);
    expect(benign.final_assessment).toBe("Benign");
  });

  it("labels a wallet drainer and its obfuscated code", async () => {
    const report = await scan(fixtureScan("orbit-airdrop-claim.xyz").capture);
    expect(report.threat_type).toBe("Crypto Drainer / Wallet Phishing");
    expect(codes(report)).toEqual(expect.arrayContaining(["CON-060", "CON-030", "NET-110"]));
    expect(report.site_context?.detected_brand).toBeNull();
  });

  it("halts on DNS failure and unreachable hosts: Unknown, confidence 0, no site context", async () => {
    for (const host of ["quietbrook-studio.com", "tallowmere-games.com"]) {
      const report = await scan(fixtureScan(host).capture);
      expect(report).toMatchObject({ final_assessment: "Unknown", confidence_score: 0, site_context: null });
      expect(codes(report).some((c) => c.startsWith("SYS-00"))).toBe(true);
    }
  });

  it("with a strict browser, bad certificates halt the scan; the certificate itself is the evidence", async () => {
    const expired = await scan(fixtureScan("oldmill-hardware.com", { strictTls: true }).capture);
    expect(expired).toMatchObject({ final_assessment: "Unknown", confidence_score: 0, site_context: null });
    expect(codes(expired)).toEqual(expect.arrayContaining(["SYS-003", "NET-120"]));
    const selfSigned = await scan(fixtureScan("pinecrest-homelab.net", { strictTls: true }).capture);
    expect(selfSigned).toMatchObject({
      final_assessment: "Suspicious",
      confidence_score: 0,
      site_context: null,
    });
  });
});

describe("halted and blocked captures", () => {
  it("a redirect to a private address is suspicious in itself", async () => {
    const capture = savedCapture("https://promo-link.example/", "");
    Object.assign(capture, {
      source: "browser",
      outcome: "blocked",
      reason: "blocked_private_address",
      message: "10.0.0.5 is in private network space",
      finalUrl: null,
      chain: [
        {
          url: "https://promo-link.example/",
          status: 302,
          location: "http://10.0.0.5/admin",
          kind: "http",
          address: "203.0.113.9",
        },
      ],
    });
    const report = await scan(capture);
    expect(report).toMatchObject({ final_assessment: "Suspicious", confidence_score: 0, site_context: null });
    expect(codes(report)).toContain("SYS-005");
  });
});

const LOGIN = `<!DOCTYPE html><html lang="en"><head><title>Sign in</title></head><body>
<form action="/session" method="post"><input name="email" type="email" placeholder="Email">
<input name="password" type="password" placeholder="Password"><button>Sign in</button></form>
<p>Welcome back. Enter your details to continue to your dashboard and your saved projects.</p></body></html>`;

function vision(result: Partial<VisionResult>): VisionAgent {
  return async () => ({ findings: [], brands: [], ocrText: "", durationMs: 1, ...result });
}

describe("the vision agent's evidence", () => {
  const capture = (): ScanCapture => {
    const c = savedCapture("https://secure-portal-access.example/login", LOGIN);
    c.screenshots.viewport = true;
    return c;
  };

  it("a sign-in form under a logo only the screenshot shows is a brand sign-in page", async () => {
    const report = await scan(capture(), {
      vision: vision({ brands: [{ brand: "Microsoft", source: "logo", score: 0.9 }] }),
    });
    expect(report.final_assessment).toBe("Malicious");
    expect(report.site_context?.detected_brand).toBe("Microsoft");
    expect(codes(report)).toContain("CON-021");
    expect(report.executive_summary).toContain("the logo in its screenshot");
  });

  it("decides without the vision agent when it fails or is too slow", async () => {
    const failing = await scan(capture(), { vision: async () => Promise.reject(new Error("model missing")) });
    expect(codes(failing)).toContain("SYS-011");
    expect(failing.final_assessment).toBe("Benign");
    const slow = await scan(capture(), {
      vision: () => new Promise(() => undefined),
      visionTimeoutMs: 50,
    });
    expect(codes(slow)).toContain("SYS-011");
  });

  it("a brand's mark on a page that asks for nothing stays informational", async () => {
    const page = savedCapture(
      "https://www.hollowgrain-shop.de/",
      "<html><head><title>Hollowgrain</title></head><body><h1>Oak boards</h1><p>Handmade boards, €49.00. We accept PayPal.</p></body></html>",
    );
    page.screenshots.viewport = true;
    const report = await scan(page, {
      vision: vision({
        brands: [{ brand: "PayPal", source: "logo", score: 0.9 }],
        findings: [
          {
            finding_id: "VIS-001",
            severity: "Medium",
            source_agent: "Vision Agent",
            description: "PayPal logo",
            details: "x",
          },
        ],
      }),
    });
    expect(report.final_assessment).toBe("Benign");
  });
});

describe("brand impersonation the screenshot shows", () => {
  /** A login clone whose markup is a script stub: the form and the brand are only in the screenshot. */
  const stub = (): ScanCapture => {
    const c = savedCapture(
      "https://listing-item-4471.freehost.example/",
      '<html><body><script>document.cookie="t=1";location.href="/?i=1";</script>This site requires Javascript.</body></html>',
    );
    c.screenshots.viewport = true;
    return c;
  };
  const visionFinding = (code: FindingCode, severity: Finding["severity"], description: string): Finding => ({
    finding_id: code,
    severity,
    source_agent: "Vision Agent",
    description,
    details: "x",
  });

  it("a password prompt and a brand name read only by OCR make a brand phishing page", async () => {
    const report = await scan(stub(), {
      vision: vision({
        brands: [{ brand: "Facebook", source: "ocr", score: 0.9 }],
        findings: [
          visionFinding("VIS-003", "High", "Facebook named only in an image"),
          visionFinding("VIS-010", "Informational", "Screenshot looks like a sign-in or verification page"),
        ],
      }),
    });
    expect(report.final_assessment).not.toBe("Benign");
    expect(report.threat_type).toBe("Phishing / Credential Theft");
    expect(report.site_context?.detected_brand).toBe("Facebook");
    expect(report.executive_summary).toContain("the text of its screenshot");
  });

  it("without a sign-in prompt, a brand name in the screenshot decides nothing", async () => {
    const report = await scan(stub(), {
      vision: vision({
        brands: [{ brand: "Facebook", source: "ocr", score: 0.9 }],
        findings: [visionFinding("VIS-003", "Medium", "Facebook named only in an image")],
      }),
    });
    expect(report.final_assessment).toBe("Benign");
  });

  it("a page naming a product and its company is the product's", async () => {
    const page = savedCapture(
      "https://page-review-center.example/",
      `<html><head><title>Facebook</title></head><body><div class="brand">Meta Business Support</div>
      <p>Your page will be permanently disabled. Verify your account now.</p>
      <form action="/go"><input name="email" placeholder="Email"><input type="password" name="pass" placeholder="Password"><button>Continue</button></form>
      <footer>© 2026 Meta</footer></body></html>`,
    );
    page.screenshots.viewport = true;
    const report = await scan(page, {
      vision: vision({ brands: [{ brand: "Meta", source: "logo", score: 0.9 }] }),
    });
    expect(report.final_assessment).toBe("Malicious");
    expect(report.site_context?.detected_brand).toBe("Facebook");
  });
});

describe("saved pages", () => {
  it("says the analysis was offline and keeps a lower confidence", async () => {
    const report = await scan(savedCapture("https://www.tidewell-animal-rescue.org/", LOGIN));
    expect(report.final_assessment).toBe("Benign");
    expect(report.confidence_score).toBeLessThanOrEqual(60);
    expect(codes(report)).toContain("SYS-010");
    expect(report.executive_summary).toContain("saved page");
  });

  it("never throws on hostile or broken markup", async () => {
    const nasty = `<html><title>${"<".repeat(5000)}</title>${"<div>".repeat(3000)}<script>eval(atob("${"A".repeat(9000)}"))</script>`;
    const report = await scan(savedCapture("https://x.example/", nasty));
    expect(["Benign", "Suspicious", "Malicious", "Unknown"]).toContain(report.final_assessment);
  });
});

describe("a proxy decoy mirroring a news site's home page", () => {
  it("is Suspicious, with the cloned site named in the finding and the summary", async () => {
    const links = Array.from(
      { length: 8 },
      (_, i) => `<a href="https://www.theguardian.com/world/2026/nov/27/story-${i}">Story ${i}</a>`,
    ).join("");
    const html = `<!DOCTYPE html><html lang="en"><head><title>News, sport and opinion from the Guardian's global edition</title>
      <link rel="canonical" href="https://www.theguardian.com/international"></head>
      <body><h1>Headlines</h1><p>The latest world news, politics, business and culture.</p>${links}</body></html>`;
    const report = await scan(savedCapture("https://quiet-river-7f3a.workers.dev/", html));
    expect(report.final_assessment).toBe("Suspicious");
    const finding = report.evidence_findings.find((f) => f.finding_id === "CON-025");
    expect(finding?.details).toContain("Content of theguardian.com served from quiet-river-7f3a.workers.dev");
    expect(report.threat_type).toBe("Cloned Site");
    expect(report.executive_summary).toContain(
      "The page reproduces theguardian.com's content from quiet-river-7f3a.workers.dev",
    );
  });
});
