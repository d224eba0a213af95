import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILTIN_SITES_DIR, startWorld, WorldSiteError } from "../../src/world/index.js";
import { resolveWorldDate } from "../../src/world/site-schema.js";
import { FIXTURE_SITES, handshake, worldResolver } from "./support.js";

const scratch = mkdtempSync(path.join(tmpdir(), "world-corpus-test-"));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Writes a one-off corpus: folder name → files (name → content). */
function corpus(name: string, sites: Record<string, Record<string, string>>): string {
  const root = path.join(scratch, name);
  for (const [folder, files] of Object.entries(sites)) {
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(root, folder, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
  return root;
}

async function startError(sitesDir: string): Promise<WorldSiteError> {
  const error = await startWorld({ sitesDir, includeBuiltin: false }).then(
    async (world) => {
      await world.stop();
      throw new Error("the world started");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorldSiteError);
  return error as WorldSiteError;
}

describe("the site corpus", () => {
  it("resolves absolute and relative dates against the world's now", () => {
    const now = new Date("2026-05-20T10:00:00Z");
    expect(resolveWorldDate("2025-11-02", now).toISOString()).toBe("2025-11-02T00:00:00.000Z");
    expect(resolveWorldDate("-3d", now).toISOString()).toBe("2026-05-17T10:00:00.000Z");
    expect(resolveWorldDate("+30d", now).toISOString()).toBe("2026-06-19T10:00:00.000Z");
    expect(resolveWorldDate("2025-01-01T08:30:00Z", now).toISOString()).toBe("2025-01-01T08:30:00.000Z");
  });

  it.each([
    ["an unknown cert kind", { "bad-cert.com": { "site.json": '{"cert": "sorta"}' } }, /site\.json: cert:/],
    ["broken JSON", { "bad-json.com": { "site.json": '{"cert": "valid",' } }, /not valid JSON/],
    ["an unknown key", { "bad-key.com": { "site.json": '{"certificate": "valid"}' } }, /certificate/],
    ["a bad date", { "bad-date.com": { "site.json": '{"created": "last tuesday"}' } }, /created/],
    [
      "CNAME beside A",
      { "bad-dns.com": { "site.json": '{"dns": {"CNAME": "x.com", "A": ["127.77.0.10"]}}' } },
      /CNAME/,
    ],
    [
      "a missing cloak file",
      { "bad-cloak.com": { "site.json": '{"user_agent_cloak": {"pattern": "bot", "file": "x.html"}}' } },
      /x\.html/,
    ],
    ["a folder that is no hostname", { not_a_host: { "index.html": "<p>x</p>" } }, /hostname/],
    ["a reserved name", { "huge-body.org": { "index.html": "<p>x</p>" } }, /world's own/],
    [
      "a name served twice",
      {
        "dup.com": { "site.json": '{"aliases": ["www.dup.com"]}' },
        "www.dup.com": { "index.html": "<p>x</p>" },
      },
      /already served/,
    ],
  ])("refuses to start on %s, naming the folder", async (name, sites, message) => {
    const root = corpus(name.replace(/\W+/g, "-"), sites);
    const error = await startError(root);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(root);
  });

  it("refuses a sitesDir that does not exist", async () => {
    const error = await startError(path.join(scratch, "missing"));
    expect(error.message).toContain("does not exist");
  });

  it("loads the builtin corpus by default, and every site answers DNS and TLS as declared", async () => {
    const world = await startWorld({ sitesDir: FIXTURE_SITES });
    try {
      const folders = (() => {
        try {
          return readdirSync(BUILTIN_SITES_DIR, { withFileTypes: true }).filter(
            (e) => e.isDirectory() && !e.name.startsWith(".") && !e.name.startsWith("_"),
          ).length;
        } catch {
          return 0;
        }
      })();
      const fixtures = readdirSync(FIXTURE_SITES).length;
      expect(world.sites).toHaveLength(folders + fixtures);
      const dns = worldResolver(world.env);
      for (const site of world.sites.filter((s) => !s.nxdomain && s.a.length > 0)) {
        expect(await dns.resolve4(site.hostname)).toEqual(site.a);
        if (site.cert === "valid" && !site.unreachable) {
          expect((await handshake(world.env, site.hostname)).authorized, site.hostname).toBe(true);
        }
      }
    } finally {
      await world.stop();
    }
  });
});
