import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaptureWorld, startCaptureWorld } from "./testing/capture-world.js";

/**
 * A page behind a broken certificate is read anyway (in a context that accepts that one origin's
 * certificate), and the analysis describes it while the certificate problem stays a finding.
 */
let lab: CaptureWorld;

beforeAll(async () => {
  // A PayPal sign-in imitation behind a self-signed certificate: still phishing.
  lab = await startCaptureWorld({
    "paypal-resolution-desk.com": {
      settings: { created: "2026-11-10", cert: "self-signed" },
      files: {
        "index.html": `<!doctype html><html lang="en"><head><title>PayPal: Log in to your account</title></head><body>
<h1>PayPal</h1><p>Your PayPal account has been limited. Confirm your identity within 24 hours to restore access.</p>
<form method="post" action="/signin.php"><input type="email" name="login_email" placeholder="Email or mobile number">
<input type="password" name="login_password" placeholder="Password"><button>Log In</button></form>
</body></html>`,
      },
    },
  });
});

afterAll(async () => {
  await lab?.stop();
});

const scan = (url: string) => lab.scan(url);

const codes = (report: { evidence_findings: Array<{ finding_id: string }> }): string[] =>
  report.evidence_findings.map((f) => f.finding_id);

describe("a page behind a broken certificate", () => {
  it("reads an expired-certificate shop and judges it benign, the expiry kept as a finding", async () => {
    const { capture, artifacts, report } = await scan("https://oldmill-hardware.com/");
    expect(capture).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_expired",
      tlsBypassed: true,
      finalUrl: "https://oldmill-hardware.com/",
      status: 200,
    });
    expect(capture.tlsError).toMatchObject({ url: "https://oldmill-hardware.com/", reason: "tls_expired" });
    expect(capture.text.toLowerCase()).toContain("hardware");
    expect(capture.tls?.validTo).toBeTruthy();
    expect(capture.network?.tls.flags?.expired).toBe(true);
    expect(artifacts.viewport).not.toBeNull();
    expect(codes(report)).toEqual(expect.arrayContaining(["SYS-003", "NET-120"]));
    expect(report.final_assessment).toBe("Benign");
    expect(report.confidence_score).toBeGreaterThan(0);
    expect(report.site_context).not.toBeNull();
  });

  it("reads a self-signed homelab page and judges it as its fixture expects", async () => {
    const { capture, report } = await scan("https://pinecrest-homelab.net/");
    expect(capture).toMatchObject({
      outcome: "tls_failure",
      reason: "tls_untrusted",
      tlsBypassed: true,
      finalUrl: "https://pinecrest-homelab.net/",
    });
    expect(capture.text.length).toBeGreaterThan(20);
    expect(codes(report)).toEqual(expect.arrayContaining(["SYS-003", "NET-122"]));
    expect(report.final_assessment).toBe("Suspicious");
    expect(report.confidence_score).toBeGreaterThan(0);
    expect(report.site_context).not.toBeNull();
  });

  it("still catches phishing served on a self-signed certificate", async () => {
    const { capture, report } = await scan("https://paypal-resolution-desk.com/");
    expect(capture).toMatchObject({ outcome: "tls_failure", tlsBypassed: true });
    expect(capture.forms.some((f) => f.inputs.some((i) => i.type === "password"))).toBe(true);
    expect(report.final_assessment).toBe("Malicious");
  });
});
