import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVision, closeVision, warmVision } from "./analyze.js";
import { modelDirectory } from "./ocr.js";
import { textImage } from "./test-support/images.js";
import { captureFor } from "./test-support/pages.js";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("OCR without a network", () => {
  it("reads the local English model and never tries the network, in any thread", async () => {
    expect(modelDirectory()).toMatch(/@tesseract\.js-data[/\\]eng[/\\]4\.0\.0(_best_int)?$/);
    const dir = mkdtempSync(path.join(tmpdir(), "vision-offline-"));
    const log = path.join(dir, "network.log");
    try {
      // A child process whose threads (the OCR worker included) refuse and log every connection attempt.
      const child = spawn(
        process.execPath,
        [
          "--require",
          path.join(here, "test-support/no-network.cjs"),
          "--import",
          "tsx",
          path.join(here, "test-support/ocr-offline.ts"),
        ],
        {
          env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NET_LOG: log },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let out = "";
      let err = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        err += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, err).toBe(0);
      const result = JSON.parse(out.trim().split("\n").pop() ?? "{}") as { ocrText: string };
      expect(result.ocrText).toContain("Sign in to PayPal");
      let attempts = "";
      try {
        attempts = readFileSync(log, "utf8");
      } catch {
        attempts = "";
      }
      expect(attempts).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("deadline", () => {
  let busy: Buffer;
  const capture = captureFor("https://deadline-check.example/", {
    html: "<p></p>",
    text: "",
    title: "",
    forms: [],
  });

  beforeAll(async () => {
    await warmVision();
    const lines = Array.from(
      { length: 24 },
      (_, i) => `Line ${i + 1}: the quick brown fox jumps over the lazy dog, then signs in with a password.`,
    );
    busy = await textImage(lines, { width: 1280, height: 800, fontSize: 18, top: 24 });
  });

  afterAll(async () => {
    await closeVision();
  });

  it("gives up on OCR at the deadline, says so, and the next scan still reads text", async () => {
    const started = performance.now();
    const late = await analyzeVision(
      { capture, artifacts: { viewport: busy, fullPage: null } },
      { deadlineMs: 150 },
    );
    const elapsed = performance.now() - started;
    expect(late.ocrText).toBe("");
    expect(late.findings.map((f) => f.finding_id)).toEqual(["VIS-090"]);
    expect(late.findings[0]?.severity).toBe("Informational");
    // It answered without waiting for the recognition: reading the same image in full takes longer.
    const fullStarted = performance.now();
    const full = await analyzeVision(
      { capture, artifacts: { viewport: busy, fullPage: null } },
      { deadlineMs: 60_000 },
    );
    expect(full.ocrText.toLowerCase()).toContain("quick brown fox");
    expect(elapsed).toBeLessThan(performance.now() - fullStarted);

    const small = await textImage(["Sign in with your password"], { width: 600, height: 80, fontSize: 30 });
    const next = await analyzeVision(
      { capture, artifacts: { viewport: small, fullPage: null } },
      { deadlineMs: 20_000 },
    );
    expect(next.ocrText.toLowerCase()).toContain("password");
  });

  it("skips OCR entirely when the deadline has already passed", async () => {
    const result = await analyzeVision(
      { capture, artifacts: { viewport: busy, fullPage: null } },
      { deadlineMs: 0 },
    );
    expect(result.ocrText).toBe("");
    expect(result.findings.map((f) => f.finding_id)).toEqual(["VIS-090"]);
  });

  it("rejects when the caller aborts", async () => {
    const controller = new AbortController();
    controller.abort(new Error("scan cancelled"));
    await expect(
      analyzeVision(
        { capture, artifacts: { viewport: busy, fullPage: null } },
        { signal: controller.signal },
      ),
    ).rejects.toThrow("scan cancelled");
  });
});
