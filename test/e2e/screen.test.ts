import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/paths.js";
import { CLI } from "../support/process.js";

function screen(args: string[], input: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.once("exit", (code) => resolve({ code, stdout }));
    child.stdin.end(input);
  });
}

describe("domainlens screen --offline", () => {
  it("writes one JSON line per input, in order, with verdicts and finding codes", async () => {
    const input = [
      "paypal-secure-login.com",
      "",
      "# a comment",
      "https://www.google.com/search?q=x",
      "not a url",
      "xn--pypal-4ve.com",
    ].join("\n");
    const { code, stdout } = await screen(["screen", "--offline", "--concurrency", "2"], input);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.input)).toEqual([
      "paypal-secure-login.com",
      "https://www.google.com/search?q=x",
      "not a url",
      "xn--pypal-4ve.com",
    ]);
    expect(lines[0]).toMatchObject({ final_assessment: "Malicious", brand: "PayPal" });
    expect(Object.keys(lines[0] ?? {}).sort()).toEqual(
      ["brand", "confidence_score", "final_assessment", "findings", "input", "threat_type"].sort(),
    );
    const codes = (lines[0]?.findings ?? []) as string[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => /^DR-DOM-\d{3}$/.test(c))).toBe(true);
    expect(lines[1]).toMatchObject({ final_assessment: "Benign", brand: null });
    expect(lines[2]).toMatchObject({ error: "invalid_url" });
    expect(lines[3]).toMatchObject({ brand: "PayPal" });
  });

  it("refuses a bad --concurrency with a usage error", async () => {
    const { code } = await screen(["screen", "--offline", "--concurrency", "0"], "");
    expect(code).toBe(2);
  });
});
