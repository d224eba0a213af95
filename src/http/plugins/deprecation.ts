import type { FastifyInstance, onSendAsyncHookHandler } from "fastify";
import { toArray } from "./hooks.js";

/**
 * RFC 9745 `Deprecation`, RFC 8594 `Sunset` and `Link rel="deprecation"` on deprecated routes: a hook on
 * those routes only, so other routes pay nothing for it.
 */
export function registerDeprecation(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const d = route.config?.deprecation;
    if (!d) return;
    const hook: onSendAsyncHookHandler = async (_request, reply, payload) => {
      reply.header("deprecation", `@${Math.floor(d.deprecatedAt.getTime() / 1000)}`);
      reply.header("sunset", d.sunsetAt.toUTCString());
      reply.header("link", `<${d.link}>; rel="deprecation"; type="text/html"`);
      return payload;
    };
    route.onSend = [...toArray(route.onSend), hook];
  });
}
