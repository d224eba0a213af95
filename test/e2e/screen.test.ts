import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startWorld } from "../../src/world/index.js";
import { repoRoot } from "../support/paths.js";
import { CLI } from "../support/process.js";

function screen(
  args: string[],
  input: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
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
    // Each code once (two lure words are two DR-DOM-010 findings in the report), the most severe first.
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes[0]).toBe("DR-DOM-003");
    expect(lines[1]).toMatchObject({ final_assessment: "Benign", brand: null });
    expect(lines[2]).toMatchObject({ error: "invalid_url" });
    expect(lines[3]).toMatchObject({ brand: "PayPal" });
  });

  it("refuses a bad --concurrency with a usage error", async () => {
    const { code } = await screen(["screen", "--offline", "--concurrency", "0"], "");
    expect(code).toBe(2);
  });
});

/** Verdicts by input, and each line's finding codes. */
function byInput(stdout: string): Map<string, { final_assessment?: string; findings?: string[] }> {
  const lines = stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { input: string; final_assessment?: string; findings?: string[] });
  return new Map(lines.map((l) => [l.input, l]));
}

describe("domainlens screen --user-site-policy", () => {
  const input = [
    "juniper-quilts.netlify.app",
    "harbor-notes.github.io",
    "netflix.github.io",
    "paypal.com",
  ].join("\n");

  it("strict flags unknown user sites on abused platforms as Suspicious with DR-DOM-028 (offline)", async () => {
    const strict = await screen(["screen", "--offline", "--user-site-policy", "strict"], input);
    expect(strict.code).toBe(0);
    const flagged = byInput(strict.stdout);
    for (const site of ["juniper-quilts.netlify.app", "harbor-notes.github.io"]) {
      expect(flagged.get(site)?.final_assessment).toBe("Suspicious");
      expect(flagged.get(site)?.findings).toContain("DR-DOM-028");
    }
    // A brand's own user site and a brand's domain are not unknown user sites.
    for (const site of ["netflix.github.io", "paypal.com"]) {
      expect(flagged.get(site)?.final_assessment).toBe("Benign");
      expect(flagged.get(site)?.findings).not.toContain("DR-DOM-028");
    }

    for (const args of [
      ["screen", "--offline"],
      ["screen", "--offline", "--user-site-policy", "evidence"],
    ]) {
      const judged = byInput((await screen(args, input)).stdout);
      for (const site of ["juniper-quilts.netlify.app", "harbor-notes.github.io"]) {
        expect(judged.get(site)?.final_assessment).toBe("Benign");
        expect(judged.get(site)?.findings).not.toContain("DR-DOM-028");
      }
    }
  });

  it("strict applies with the network checks too (online, against the test internet)", async () => {
    const world = await startWorld({ sitesDir: path.join(repoRoot, "test", "fixtures", "user-sites") });
    try {
      const env = { ...world.env };
      const site = "https://juniper-quilts.netlify.app/";
      const strict = byInput((await screen(["screen", "--user-site-policy", "strict"], site, env)).stdout);
      expect(strict.get(site)?.final_assessment).toBe("Suspicious");
      expect(strict.get(site)?.findings).toContain("DR-DOM-028");
      const judged = byInput((await screen(["screen"], site, env)).stdout);
      expect(judged.get(site)?.final_assessment).toBe("Benign");
    } finally {
      await world.stop();
    }
  });

  it("refuses an unknown policy with a usage error", async () => {
    const { code, stdout } = await screen(["screen", "--offline", "--user-site-policy", "paranoid"], input);
    expect(code).toBe(2);
    expect(stdout).toBe("");
  });
});
