import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** Prometheus metrics of one app instance, served at GET /metrics. */
export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "domainlens_" });
  const requests = new Counter({
    name: "domainlens_http_requests_total",
    help: "HTTP requests by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "domainlens_http_request_duration_seconds",
    help: "HTTP request duration by route",
    labelNames: ["route", "method"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    duration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
  return registry;
}
