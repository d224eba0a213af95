import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, tmpRoot } from "../support/paths.js";
import { CLI } from "../support/process.js";

const SITES = path.join(repoRoot, "src", "world", "sites");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `domainlens analyze` with an environment that leaves no way out: the egress gate (if anything used
 * it) would resolve through a DNS server that does not exist and connect nowhere.
 */
function analyze(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "analyze", ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DNS_SERVERS: "127.0.0.1:9",
        HTTP_PROXY: "http://127.0.0.1:9",
        HTTPS_PROXY: "http://127.0.0.1:9",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

let dir: string;
let screenshot: string;
let notPng: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpRoot, "analyze-"));
  screenshot = path.join(dir, "shot.png");
  await sharp({ create: { width: 320, height: 200, channels: 3, background: "#ffffff" } })
    .png()
    .toFile(screenshot);
  notPng = path.join(dir, "shot.jpg");
  writeFileSync(notPng, "not an image");
  writeFileSync(path.join(dir, "empty.html"), "");
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function expectReport(report: Record<string, unknown>, url: string): void {
  expect(Object.keys(report).sort()).toEqual(
    [
      "confidence_score",
      "evidence_findings",
      "executive_summary",
      "final_assessment",
      "request_url",
      "site_context",
      "threat_type",
    ].sort(),
  );
  expect(report.request_url).toBe(url);
  const findings = report.evidence_findings as Array<{ finding_id: string }>;
  for (const f of findings) expect(f.finding_id).toMatch(/^(NET|VIS|CON|SYS)-\d{3}$/);
}

describe("domainlens analyze", () => {
  it("finds a saved PayPal phishing page Malicious or Suspicious, naming the brand", async () => {
    const run = await analyze([
      "--url",
      "https://paypa1.com/",
      "--html",
      path.join(SITES, "paypa1.com", "index.html"),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expectReport(report, "https://paypa1.com/");
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
    expect(report.confidence_score).toBeGreaterThan(0);
    expect(report.evidence_findings.length).toBeGreaterThan(0);
    expect(report.site_context).toMatchObject({ detected_brand: "PayPal", primary_language: "en" });
    expect(report.site_context.page_title).toContain("PayPal");
  });

  it("reads a screenshot too when one is given", async () => {
    const run = await analyze([
      "--url",
      "https://paypa1.com/",
      "--html",
      path.join(SITES, "paypa1.com", "index.html"),
      "--screenshot",
      screenshot,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
    expect(report.site_context.detected_brand).toBe("PayPal");
  });

  it("renders the saved page for the vision agent when no screenshot is given, and skips it on --no-render", async () => {
    const page = path.join(SITES, "paypa1.com", "index.html");
    const rendered = await analyze(["--url", "https://paypa1.com/", "--html", page]);
    expect(rendered.code, rendered.stderr).toBe(0);
    expect(rendered.stderr).not.toMatch(/could not render/);
    const plain = await analyze(["--url", "https://paypa1.com/", "--html", page, "--no-render"]);
    expect(plain.code, plain.stderr).toBe(0);
    for (const run of [rendered, plain]) {
      const report = JSON.parse(run.stdout);
      expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
      expect(report.site_context.detected_brand).toBe("PayPal");
    }
  });

  it("reads the form a kit's script builds when it renders the saved page, at the page's own address", async () => {
    // The markup holds no form: a script decodes one and writes it in, and posts to a path of its own host.
    const form = Buffer.from(
      '<form action="next.php" method="post"><input type="email" name="login_email" placeholder="Email">' +
        '<input type="password" name="login_password" placeholder="Password"><button>Log In</button></form>',
    ).toString("base64");
    const kit = path.join(dir, "kit.html");
    writeFileSync(
      kit,
      `<!DOCTYPE html><html><head><title>Log in to your PayPal account</title></head><body>
       <div id="app"></div><script>document.getElementById("app").innerHTML = atob("${form}");</script>
       </body></html>`,
    );
    const url = "https://x7kq2-resolve.duckdns.org/webapps/signin/";
    const rendered = JSON.parse((await analyze(["--url", url, "--html", kit])).stdout);
    expect(rendered.final_assessment).toBe("Malicious");
    expect(rendered.threat_type).toBe("Phishing / Credential Theft");
    expect(rendered.site_context.detected_brand).toBe("PayPal");
    expect(rendered.evidence_findings.map((f: { finding_id: string }) => f.finding_id)).toContain("CON-021");
    // Without the render the saved markup asks for nothing: the sign-in under PayPal's name is not seen.
    const plain = JSON.parse((await analyze(["--url", url, "--html", kit, "--no-render"])).stdout);
    expect(plain.evidence_findings.map((f: { finding_id: string }) => f.finding_id)).not.toContain("CON-021");
  });

  it("shows a saved page that hides from desktops to a phone, as a live scan does", async () => {
    // A kit sent by SMS: a desktop browser gets "404 Not Found", a phone the card form.
    const kit = path.join(dir, "phone-only.html");
    writeFileSync(
      kit,
      `<!DOCTYPE html><html><head><title>Loading</title></head><body><div id="app"></div><script>
       if (/Android|iPhone|Mobile/i.test(navigator.userAgent)) {
         document.getElementById("app").innerHTML = "<h1>Toll balance due</h1><p>Pay 3.45 today to avoid a fine.</p>" +
           "<form action='pay.php' method='post'><input name='cc' autocomplete='cc-number' placeholder='Card number'>" +
           "<input name='cvv' autocomplete='cc-csc' placeholder='CVV'><button>Pay</button></form>";
       } else document.getElementById("app").textContent = "404 Not Found";
       </script></body></html>`,
    );
    const url = "https://toll-balance-due.ddns.net/pay/";
    const run = await analyze(["--url", url, "--html", kit]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    const found = report.evidence_findings.map((f: { finding_id: string }) => f.finding_id);
    expect(found).toEqual(expect.arrayContaining(["CON-034", "CON-002"]));
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
    // Text only, nothing runs: the saved markup shows no form and no phone view.
    const plain = JSON.parse((await analyze(["--url", url, "--html", kit, "--no-render"])).stdout);
    expect(plain.evidence_findings.map((f: { finding_id: string }) => f.finding_id)).not.toContain("CON-034");
  });

  it("reads a sign-in drawn inside a full-window srcdoc frame, and not a hidden one's text", async () => {
    // A compromised site's page hides its own content and shows a bank sign-in written into an <iframe srcdoc>.
    const frame = (body: string) =>
      `<!DOCTYPE html><html><body>${body}</body></html>`.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    const signIn = frame(
      "<h2>Sign in to PayPal</h2><p>Your account is limited. Confirm your details to restore access.</p>" +
        "<form action='/wp-content/x/next.php' method='post'><input type='email' name='e' placeholder='Email'>" +
        "<input type='password' name='p' placeholder='Password'><button>Log In</button></form>",
    );
    const kit = path.join(dir, "srcdoc.html");
    writeFileSync(
      kit,
      `<!DOCTYPE html><html><head><title>Oak Street Dental - Welcome</title>
       <style>html,body{margin:0;height:100%}iframe{position:fixed;inset:0;width:100%;height:100%;border:0}.site{display:none}</style></head>
       <body><div class="site"><p>Family dentistry since 1998.</p></div><iframe srcdoc="${signIn}"></iframe></body></html>`,
    );
    const url = "https://www.oakstreet-dental.com/wp-content/uploads/2026/x/index.php";
    const run = await analyze(["--url", url, "--html", kit]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
    expect(report.threat_type).toBe("Phishing / Credential Theft");
    const found = report.evidence_findings.map((f: { finding_id: string }) => f.finding_id);
    expect(found).toEqual(expect.arrayContaining(["CON-001", "CON-040"]));
    // A 1-pixel srcdoc frame is shown to nobody: its text is not the page's.
    const hidden = path.join(dir, "srcdoc-hidden.html");
    writeFileSync(
      hidden,
      `<!DOCTYPE html><html><head><title>Oak Street Dental - Welcome</title></head>
       <body><h1>Oak Street Dental</h1><p>Family dentistry since 1998. Call us to book a check-up.</p>
       <iframe style="width:1px;height:1px;border:0" srcdoc="${signIn}"></iframe></body></html>`,
    );
    const quiet = JSON.parse(
      (await analyze(["--url", "https://www.oakstreet-dental.com/", "--html", hidden])).stdout,
    );
    expect(quiet.final_assessment).toBe("Benign");
    expect(quiet.evidence_findings.map((f: { finding_id: string }) => f.finding_id)).not.toContain("CON-001");
  });

  it("finds a legitimate developer platform's page Benign", async () => {
    const run = await analyze([
      "--url",
      "https://codewharf.dev/",
      "--html",
      path.join(SITES, "codewharf.dev", "index.html"),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expectReport(report, "https://codewharf.dev/");
    expect(report.final_assessment).toBe("Benign");
    expect(report.site_context).not.toBeNull();
  });

  it.each([
    [["--html", "x.html"], /--url/],
    [["--url", "ftp://paypa1.com/", "--html", "x.html"], /--url/],
    [
      ["--url", "https://paypa1.com/", "--html", "/nonexistent/page.html"],
      /cannot read --html .*no such file/,
    ],
    [["--url", "https://paypa1.com/", "--html", SITES], /is a directory/],
    [["--url", "https://paypa1.com/", "--html", "EMPTY"], /is empty/],
    [["--url", "https://paypa1.com/", "--html", "PAGE", "--screenshot", "NOTPNG"], /not a PNG/],
    [["--url", "https://paypa1.com/", "--html", "PAGE", "--bogus"], /bogus/],
  ])("refuses %j with exit code 2 and a clear message", async (args, message) => {
    const resolved = args.map((a) =>
      a === "EMPTY"
        ? path.join(dir, "empty.html")
        : a === "PAGE"
          ? path.join(SITES, "paypa1.com", "index.html")
          : a === "NOTPNG"
            ? notPng
            : a,
    );
    const run = await analyze(resolved);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
  });
});
