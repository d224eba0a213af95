import type { FastifyInstance } from "fastify";

/** RFC 9745 `Deprecation`, RFC 8594 `Sunset` and `Link rel="deprecation"` on deprecated routes. */
export function registerDeprecation(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const d = request.routeOptions.config.deprecation;
    if (!d) return payload;
    reply.header("deprecation", `@${Math.floor(d.deprecatedAt.getTime() / 1000)}`);
    reply.header("sunset", d.sunsetAt.toUTCString());
    reply.header("link", `<${d.link}>; rel="deprecation"; type="text/html"`);
    return payload;
  });
}
