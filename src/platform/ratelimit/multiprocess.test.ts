import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { LEASE_MIN_LIMIT } from "./redis.js";

const redisUrl = process.env.REDIS_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = path.join(repoRoot, "test/fixtures/ratelimit/hit-many.ts");

type Child = ChildProcessByStdio<Writable, Readable, null>;
const children: Child[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
});

/** Starts one fixture process; `lines` yields each JSON line it prints. */
function startNode(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture, ...args], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await lines.next();
    if (line.done === true) throw new Error(`fixture exited early with code ${child.exitCode}`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  return { child, next };
}

describe.skipIf(redisUrl === undefined)("redis rate limiter shared by several processes", () => {
  it("lets two processes hitting one key together get exactly `limit` requests", async () => {
    const url = redisUrl ?? "";
    const prefix = `dl:rl:test:${randomUUID()}:`;
    const limit = 25;
    const hitsEach = 200;
    const nodes = [1, 2].map(() =>
      startNode([url, "org-1:scans", String(limit), "60000", String(hitsEach), prefix]),
    );
    for (const node of nodes) expect(await node.next()).toEqual({ ready: true });
    for (const node of nodes) node.child.stdin.write("go\n");
    const results = await Promise.all(nodes.map((node) => node.next()));

    expect(results.reduce((sum, r) => sum + Number(r.allowed), 0)).toBe(limit);
    expect(results.reduce((sum, r) => sum + Number(r.rejected), 0)).toBe(2 * hitsEach - limit);

    const inspector = new Redis(url);
    try {
      expect(await inspector.zcard(`${prefix}org-1:scans`)).toBe(limit);
      await inspector.del(`${prefix}org-1:scans`);
    } finally {
      inspector.disconnect();
    }
  }, 30_000);

  it.each([
    { hitsEach: 300, what: "under" },
    { hitsEach: 700, what: "over" },
  ])(
    "keeps the limit across processes admitting from leases, and gives back every unused request ($what the limit)",
    async ({ hitsEach }) => {
      const url = redisUrl ?? "";
      const prefix = `dl:rl:test:${randomUUID()}:`;
      const limit = LEASE_MIN_LIMIT;
      const nodes = [1, 2].map(() =>
        startNode([url, "org-1:gets", String(limit), "60000", String(hitsEach), prefix, "sequential"]),
      );
      for (const node of nodes) expect(await node.next()).toEqual({ ready: true });
      for (const node of nodes) node.child.stdin.write("go\n");
      const results = await Promise.all(nodes.map((node) => node.next()));
      const allowed = results.reduce((sum, r) => sum + Number(r.allowed), 0);
      // Under the limit every request is admitted; over it, never more than the limit (a process may be
      // refused while the other holds a lease it is about to give back: what the third node checks).
      if (2 * hitsEach < limit) expect(allowed).toBe(2 * hitsEach);
      else expect(allowed).toBeLessThanOrEqual(limit);
      await Promise.all(
        nodes.map((node) => (node.child.exitCode === null ? once(node.child, "exit") : null)),
      );

      const inspector = new Redis(url);
      try {
        // Both closed: the log holds exactly the admitted requests, leases given back.
        expect(await inspector.zcard(`${prefix}org-1:gets`)).toBe(allowed);
        // So the room left is exactly what was not admitted.
        const third = startNode([
          url,
          "org-1:gets",
          String(limit),
          "60000",
          String(limit - allowed + 5),
          prefix,
        ]);
        expect(await third.next()).toEqual({ ready: true });
        third.child.stdin.write("go\n");
        expect(await third.next()).toEqual({ allowed: limit - allowed, rejected: 5 });
        await inspector.del(`${prefix}org-1:gets`);
      } finally {
        inspector.disconnect();
      }
    },
    30_000,
  );
});
