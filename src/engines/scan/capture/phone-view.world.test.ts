import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_PROFILES } from "../../browser/devices.js";
import { type CaptureWorld, startCaptureWorld } from "./testing/capture-world.js";

/**
 * An SMS kit that shows a desktop browser "404 Not Found" and a phone its sign-in is taken again as a phone,
 * and the scan describes what the phone was shown; a page that shows both the same is read once.
 */
let lab: CaptureWorld;

const KIT = `<!doctype html><html lang="en"><head><title>Loading</title></head><body><div id="app"></div><script>
if (/Android|iPhone|Mobile/i.test(navigator.userAgent) || window.innerWidth < 600) {
  document.title = "Parcel delivery - pay the redelivery fee";
  document.getElementById("app").innerHTML = "<h1>Your parcel is on hold</h1><p>Pay the redelivery fee of 1.99 within 24 hours or the parcel is returned.</p>" +
    "<form method='post' action='/pay.php'><input name='cc' autocomplete='cc-number' placeholder='Card number'>" +
    "<input name='exp' placeholder='MM/YY'><input name='cvv' autocomplete='cc-csc' placeholder='CVV'><button>Pay</button></form>";
} else {
  document.getElementById("app").textContent = "404 Not Found";
}
</script></body></html>`;

const SAME_FOR_ALL = `<!doctype html><html lang="en"><head><title>Coming soon</title></head><body><p id="n">Coming soon.</p><script>
document.getElementById("n").dataset.touch = String(navigator.maxTouchPoints > 0);
</script></body></html>`;

beforeAll(async () => {
  lab = await startCaptureWorld({
    "parcel-redelivery-fee.com": { files: { "index.html": KIT }, settings: { created: "2026-11-01" } },
    "quiet-orchard-studio.com": {
      files: { "index.html": SAME_FOR_ALL },
      settings: { created: "2026-11-01" },
    },
  });
});

afterAll(async () => {
  await lab?.stop();
});

describe("a page shown only to phones", { timeout: 90_000 }, () => {
  it("is taken again as a phone, and the report describes the phone's view", async () => {
    const { capture, artifacts, report } = await lab.scan("https://parcel-redelivery-fee.com/");
    expect(capture.shownTo).toBe("phone");
    expect(capture.text).toContain("redelivery fee");
    expect(capture.forms.some((f) => f.inputs.some((i) => i.autocomplete === "cc-csc"))).toBe(true);
    expect(artifacts.viewport).not.toBeNull();
    const { width } = await sharp(artifacts.viewport as Buffer).metadata();
    expect(width).toBe(DEVICE_PROFILES.phone.viewport.width);
    const phoneOnly = report.evidence_findings.find((f) => f.finding_id === "CON-034");
    expect(phoneOnly?.severity).toBe("Medium");
    expect(report.final_assessment).not.toBe("Benign");
    expect(report.final_assessment).not.toBe("Unknown");
  });

  it("reads a page that shows a phone what it shows a desktop once, as a desktop", async () => {
    const { capture, artifacts, report } = await lab.scan("https://quiet-orchard-studio.com/");
    expect(capture.shownTo).toBeUndefined();
    expect(capture.text).toContain("Coming soon");
    const { width } = await sharp(artifacts.viewport as Buffer).metadata();
    expect(width).toBe(DEVICE_PROFILES.desktop.viewport.width);
    expect(report.evidence_findings.map((f) => f.finding_id)).not.toContain("CON-034");
  });
});
