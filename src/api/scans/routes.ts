import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemResponses, problemSchema } from "../shared-schemas.js";
import {
  captureQuery,
  createScanBatchBody,
  createScanBody,
  createScanResponse,
  listScansQuery,
  reusedScanSchema,
  scanBatchSchema,
  scanCaptureSchema,
  scanListSchema,
  scanParams,
  scanRecordSchema,
  screenshotQuery,
  updateScanBody,
} from "./schemas.js";

const yes = (value: string | undefined) => value === "1" || value === "true";

/** A PNG body, documented as such (the bytes are sent as they are, never serialized). */
const pngResponse = z.unknown().meta({
  description: "PNG image",
  content: { "image/png": { schema: { type: "string", format: "binary" } } },
});

export function scanRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...route(OPS.scansCreate, {
        schema: {
          summary: "Scan a URL in a real browser, asynchronously",
          description:
            "201 with a pending scan to poll at GET /v1/scans/{scan_id}. Charged $0.05 when created; a scan that fails on our side is refunded. An invalid URL is 400 `invalid_url`, not charged. With `max_age_seconds`, the organization's completed scan of the same URL created within that age is answered instead (200, the scan record with `reused: true`, not charged). `visibility: unlisted` creates the scan with a share link. See docs/scans.md and docs/sharing.md.",
          tags: ["scans"],
          body: createScanBody,
          response: { 200: reusedScanSchema, 201: createScanResponse, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const result = await services.scans.create(request.principal?.orgId ?? "", request.body.url, {
          tags: request.body.tags,
          visibility: request.body.visibility,
          maxAgeSeconds: request.body.max_age_seconds,
        });
        const status = "reused" in result ? 200 : 201;
        return reply.code(status).header("location", `/v1/scans/${result.scan_id}`).send(result);
      },
    });

    app.route({
      ...route(OPS.scansGet, {
        schema: {
          summary: "Get a scan: its status and, once completed, its report",
          description:
            "The scan record: `pending`, `processing`, `completed` (with `report`) or `failed` (with `error`, refunded). Poll every 3-5 seconds. Never charged. An id that is unknown, malformed or another organization's answers 404.",
          tags: ["scans"],
          params: scanParams,
          response: { 200: scanRecordSchema, ...problemResponses },
        },
      }),
      handler: async (request) => services.scans.get(request.principal?.orgId ?? "", request.params.scan_id),
    });

    app.route({
      ...route(OPS.scansBatch, {
        schema: {
          summary: "Scan up to 100 URLs in one call",
          description:
            "Each URL is checked on its own: a valid one becomes a pending scan (charged $0.05, refunded if it fails), an invalid one gets its own error in `items` and is not charged. The valid ones are charged and queued in one transaction: without the credit for all of them the answer is 402 and nothing is created. Counts one per URL against the `scans.batch` limit (100 URLs a minute). Scans of a batch share the queue fairly with other organizations' scans. See docs/scan-search.md#batches.",
          tags: ["scans"],
          body: createScanBatchBody,
          response: { 200: scanBatchSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.scans.createBatch(request.principal?.orgId ?? "", request.body.urls, {
          tags: request.body.tags,
          visibility: request.body.visibility,
          maxAgeSeconds: request.body.max_age_seconds,
        }),
    });

    app.route({
      ...route(OPS.scansList, {
        schema: {
          summary: "List and search the organization's scans",
          description:
            "Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page. Filters combine with AND: status, verdict, threat type, detected brand, the submitted or final host or registrable domain, an IP address or autonomous system the browser connected to, a tag, a creation time range. Only this organization's scans. Never charged. See docs/scan-search.md.",
          tags: ["scans"],
          querystring: listScansQuery,
          response: { 200: scanListSchema, ...problemResponses },
        },
      }),
      handler: async (request) => services.scans.list(request.principal?.orgId ?? "", request.query),
    });

    app.route({
      ...route(OPS.scansUpdate, {
        schema: {
          summary: "Change a scan's tags or visibility",
          description:
            "Replaces the scan's tags (at any status) and/or sets its visibility: `unlisted` gives it a share link (`share_url`), `private` revokes the link for good. Answers the scan record. Never charged. An id that is unknown, malformed or another organization's answers 404. See docs/sharing.md.",
          tags: ["scans"],
          params: scanParams,
          body: updateScanBody,
          response: { 200: scanRecordSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.scans.update(request.principal?.orgId ?? "", request.params.scan_id, request.body),
    });

    app.route({
      ...route(OPS.scansScreenshotGet, {
        schema: {
          summary: "A completed scan's screenshot (PNG)",
          description:
            "The viewport (1280×800) screenshot, or the full page with `?full=1`. 404 until the scan is completed, and when it has none; 410 `artifact_expired` once the organization's artifact retention deleted it. Never charged; counts against the `scans.get` limit.",
          tags: ["scans"],
          params: scanParams,
          querystring: screenshotQuery,
          response: { 200: pngResponse, 410: problemSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const full = yes(request.query.full);
        const png = await services.scans.screenshot(
          request.principal?.orgId ?? "",
          request.params.scan_id,
          full ? "full_page" : "viewport",
        );
        return reply
          .type("image/png")
          .header("cache-control", "private, max-age=3600")
          .header("x-content-type-options", "nosniff")
          .header(
            "content-disposition",
            `inline; filename="scan-${request.params.scan_id.toLowerCase()}${full ? "-full" : ""}.png"`,
          )
          .send(png);
      },
    });

    app.route({
      ...route(OPS.scansCaptureGet, {
        schema: {
          summary: "What the browser recorded for a completed scan",
          description:
            "Redirect chain, every request with its address and the egress gate's verdict, final DOM size, TLS, forms, cookies, console messages, downloads and dialogs. `?html=1` adds the final DOM as a string. 404 until the scan is completed; 410 `artifact_expired` once the organization's artifact retention deleted it. Never charged; counts against the `scans.get` limit.",
          tags: ["scans"],
          params: scanParams,
          querystring: captureQuery,
          response: { 200: scanCaptureSchema, 410: problemSchema, ...problemResponses },
        },
      }),
      handler: async (request) =>
        services.scans.capture(request.principal?.orgId ?? "", request.params.scan_id, {
          html: yes(request.query.html),
        }),
    });
  };
}
