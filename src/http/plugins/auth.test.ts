import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { defineOperation, OPS } from "../../platform/operations.js";
import "../context.js";
import { route } from "../route.js";
import type { Services } from "../services.js";
import { declareScopeAuth, registerAuth } from "./auth.js";

/** Authentication hooks need services only while answering; these tests only register routes. */
const services = {} as unknown as Services;

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

function appWith(routes: (instance: FastifyInstance) => void): FastifyInstance {
  app = Fastify();
  registerAuth(app, services);
  void app.register(async (instance) => routes(instance));
  return app;
}

const ok = async () => ({ ok: true });

describe("routes are secure by construction", () => {
  it("refuses to start with a route that declares no auth mode", async () => {
    const built = appWith((i) => {
      i.get("/v1/forgotten", ok);
    });
    await expect(built.ready()).rejects.toThrow(/GET \/v1\/forgotten declares no auth mode/);
  });

  it("refuses a route stating an auth mode without an operation, other than none", async () => {
    const built = appWith((i) => {
      i.get("/v1/unlisted", { config: { auth: "key" } }, ok);
    });
    await expect(built.ready()).rejects.toThrow(/states auth "key" without an operation/);
  });

  it("refuses a route registered under another operation's method or path", async () => {
    const built = appWith((i) => {
      i.route({ ...route(OPS.scansGet, {}), url: "/v1/scans", handler: ok });
    });
    await expect(built.ready()).rejects.toThrow(/registered with operation scans\.get/);
  });

  it("refuses a route on an operation's path that does not carry the operation", async () => {
    const built = appWith((i) => {
      i.get("/v1/account", { config: { auth: "none" } }, ok);
    });
    await expect(built.ready()).rejects.toThrow(/is operation account\.get of the operation table/);
  });

  it("refuses a route stating another auth mode than its operation's", async () => {
    const built = appWith((i) => {
      i.get("/v1/account", { config: { auth: "none", operation: OPS.accountGet } }, ok);
    });
    await expect(built.ready()).rejects.toThrow(/states auth "none" but its operation account\.get is "key"/);
  });

  it("takes the mode from the operation, config auth none, or a scope declared open", async () => {
    const open = defineOperation({ name: "test.open", method: "GET", path: "/open", auth: "none" });
    const built = appWith((i) => {
      i.route({ ...route(open, {}), handler: ok });
      i.get("/plain", { config: { auth: "none" } }, ok);
      void i.register(async (scope) => {
        declareScopeAuth(scope, "none");
        scope.get("/third-party", ok);
      });
    });
    await built.ready();
    for (const url of ["/open", "/plain", "/third-party"]) {
      expect((await built.inject({ url })).statusCode).toBe(200);
    }
  });
});
