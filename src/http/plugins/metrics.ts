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
  // The labelled series of each route, method and status, looked up once: prom-client would otherwise
  // hash the label set on every observation. Recorded as the response is sent (onSend, a callback hook,
  // no promise per request); the duration is from the request's arrival to its response being handed
  // to the socket.
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof duration.labels> }
  >();
  app.addHook("onSend", (request, reply, payload, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let s = series.get(key);
    if (s === undefined) {
      const status = String(reply.statusCode);
      s = {
        count: requests.labels({ route, method: request.method, status }),
        time: duration.labels({ route, method: request.method }),
      };
      series.set(key, s);
    }
    s.count.inc();
    s.time.observe(reply.elapsedTime / 1000);
    done(null, payload);
  });
  return registry;
}
