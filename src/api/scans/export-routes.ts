import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import { problemResponses, problemSchema } from "../shared-schemas.js";
import { exportQuery, harSchema, htmlResponse, scanExportSchema } from "./export-schemas.js";
import { scanParams } from "./schemas.js";

/** The media type of STIX 2.1 content (STIX 2.1 §1.4, TAXII 2.1). */
const STIX_TYPE = "application/stix+json;version=2.1";

export function scanExportRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    /** The absolute URL of a scan record on this API, as the request reached it. */
    const recordUrl = (request: { protocol: string; host: string }) => (id: string) =>
      `${request.protocol}://${request.host}/v1/scans/${id}`;
    const attachment = (id: string, suffix: string) =>
      `attachment; filename="scan-${id.toLowerCase()}${suffix}"`;

    app.route({
      ...route(OPS.scansExportGet, {
        schema: {
          summary: "Export a completed scan as a STIX 2.1 bundle or a MISP event",
          description:
            "`format=stix`: a STIX 2.1 bundle (indicator with a pattern on the URL and host, observed data with its url, domain-name and ip address observables, the imitated brand as an identity, relationships), served as `application/stix+json;version=2.1`. `format=misp`: a MISP event (MISP core format) with url, hostname, domain, ip-dst, text and link attributes and taxonomy tags (tlp, circl, phishing). 404 until the scan is completed. Never charged; counts against the `scans.get` limit. See docs/export.md.",
          tags: ["scans"],
          params: scanParams,
          querystring: exportQuery,
          response: { 200: scanExportSchema, 410: problemSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const { format } = request.query;
        const body = await services.scanExports.export(
          request.principal?.orgId ?? "",
          request.params.scan_id,
          format,
          recordUrl(request),
        );
        return reply
          .type(format === "stix" ? STIX_TYPE : "application/json; charset=utf-8")
          .header("cache-control", "private, max-age=3600")
          .header("content-disposition", attachment(request.params.scan_id, `.${format}.json`))
          .send(body);
      },
    });

    app.route({
      ...route(OPS.scansHarGet, {
        schema: {
          summary: "A completed scan's network log as an HTTP Archive (HAR 1.2)",
          description:
            "Every navigation and request of the capture as a HAR 1.2 entry, with its status, the address connected to and the egress gate's verdict (`_outcome`, `_egressReason`). What the capture does not record (timings, sizes, bodies, request headers) follows the HAR conventions for missing data. 404 until the scan is completed. Never charged; counts against the `scans.get` limit. See docs/export.md.",
          tags: ["scans"],
          params: scanParams,
          response: { 200: harSchema, 410: problemSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const har = await services.scanExports.har(
          request.principal?.orgId ?? "",
          request.params.scan_id,
          recordUrl(request),
        );
        return reply
          .header("cache-control", "private, max-age=3600")
          .header("content-disposition", attachment(request.params.scan_id, ".har"))
          .send(har);
      },
    });

    app.route({
      ...route(OPS.scansDomGet, {
        schema: {
          summary: "A completed scan's final DOM (HTML, as an attachment)",
          description:
            "The final DOM the browser held, as `text/html` with `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`: it is the scanned site's markup and never runs in the API's origin. Capped as the capture caps it (`dom.truncated` of the capture). 404 until the scan is completed, and when no page was loaded. Never charged; counts against the `scans.get` limit.",
          tags: ["scans"],
          params: scanParams,
          response: { 200: htmlResponse, 410: problemSchema, ...problemResponses },
        },
      }),
      handler: async (request, reply) => {
        const html = await services.scanExports.dom(request.principal?.orgId ?? "", request.params.scan_id);
        return reply
          .type("text/html; charset=utf-8")
          .header("content-disposition", attachment(request.params.scan_id, ".html"))
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "sandbox")
          .header("cache-control", "private, max-age=3600")
          .send(html);
      },
    });
  };
}
