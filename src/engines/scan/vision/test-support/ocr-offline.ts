import { analyzeVision, closeVision } from "../index.js";
import { textImage } from "./images.js";
import { captureFor } from "./pages.js";

// Run by offline.test.ts in a child process with no-network.cjs preloaded: a cold OCR worker reads a
// small image; prints what it read.
const png = await textImage(["Sign in to PayPal"], { width: 420, height: 90, fontSize: 30 });
const capture = captureFor("https://offline-check.example/", {
  html: "<p></p>",
  text: "",
  title: "",
  forms: [],
});
const result = await analyzeVision(
  { capture, artifacts: { viewport: png, fullPage: null } },
  { deadlineMs: 60_000 },
);
await closeVision();
process.stdout.write(`${JSON.stringify({ ocrText: result.ocrText })}\n`);
