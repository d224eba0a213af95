import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaptureWorld, startCaptureWorld } from "./testing/capture-world.js";

/**
 * A kit that draws its sign-in inside a full-window `<iframe srcdoc>` on a compromised site: the live scan
 * reads the frame's text and form as the page's; a frame too small to be seen adds nothing.
 */
let lab: CaptureWorld;

const frame = (body: string) =>
  `<!DOCTYPE html><html><body>${body}</body></html>`.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const SIGN_IN = frame(
  "<h2>Verify your mailbox</h2><p>Your mailbox will be suspended within 24 hours. Sign in to keep your messages.</p>" +
    "<form method='post' action='/wp-content/plugins/x/post.php'><input type='email' name='u' placeholder='Email address'>" +
    "<input type='password' name='p' placeholder='Password'><button>Continue</button></form>",
);
const page = (iframeStyle: string) => `<!DOCTYPE html><html lang="en"><head><title>Riverside Bakery</title>
<style>html,body{margin:0;height:100%}.site{display:none}</style></head><body>
<div class="site"><h1>Riverside Bakery</h1><p>Fresh bread every morning.</p></div>
<iframe style="${iframeStyle}" srcdoc="${SIGN_IN}"></iframe></body></html>`;

beforeAll(async () => {
  lab = await startCaptureWorld({
    "riverside-bakery.com": {
      files: {
        "index.html": page("position:fixed;inset:0;width:100%;height:100%;border:0"),
        "tiny.html": page("width:1px;height:1px;border:0"),
      },
      settings: { created: "2019-03-01" },
    },
  });
});

afterAll(async () => {
  await lab?.stop();
});

describe("a page drawn inside a srcdoc frame", { timeout: 90_000 }, () => {
  it("is read as the page: the frame's text and form, and a credential verdict", async () => {
    const { capture, report } = await lab.scan("https://riverside-bakery.com/");
    expect(capture.text).toContain("Your mailbox will be suspended");
    const framed = capture.forms.find((f) => f.frameUrl === "about:srcdoc");
    expect(framed?.inputs.map((i) => i.type)).toEqual(expect.arrayContaining(["email", "password"]));
    expect(framed?.action).toBe("https://riverside-bakery.com/wp-content/plugins/x/post.php");
    expect(report.evidence_findings.map((f) => f.finding_id)).toContain("CON-001");
    expect(["Malicious", "Suspicious"]).toContain(report.final_assessment);
  });

  it("adds nothing from a frame too small to be seen", async () => {
    const { capture, report } = await lab.scan("https://riverside-bakery.com/tiny.html");
    expect(capture.text).not.toContain("Your mailbox will be suspended");
    expect(report.evidence_findings.map((f) => f.finding_id)).not.toContain("CON-001");
  });
});
