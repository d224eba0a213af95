import { z } from "zod";
import { ASSESSMENTS, riskReportSchema } from "../report-schemas.js";
import { batchItemErrorSchema, batchUrlsSchema, pageQueryShape, pageSchema } from "../shared-schemas.js";
import { maxAgeSchema, visibilitySchema } from "./sharing.js";
import { MAX_TAG_LENGTH, MAX_TAGS, TAG_PATTERN } from "./terms.js";

const timestamp = z.iso.datetime({ offset: false }).describe("ISO 8601 UTC timestamp ending in Z");

const tagSchema = z
  .string()
  .min(1)
  .max(MAX_TAG_LENGTH)
  .regex(TAG_PATTERN, "a tag holds letters, digits and . _ : / -, and starts with a letter or digit")
  .describe("A label of the organization's choosing; stored in lower case");

export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS)
  .describe(`Up to ${MAX_TAGS} tags; each is kept once, in lower case`);

export const createScanBody = z
  .strictObject({
    url: z
      .string()
      .min(1)
      .max(2048)
      .describe("An http(s) URL to load in the browser (a bare domain is scanned as http://domain/)"),
    tags: tagsSchema.optional(),
    visibility: visibilitySchema.optional(),
    max_age_seconds: maxAgeSchema.optional(),
  })
  .meta({ examples: [{ url: "https://example.com/login" }] });

export const createScanBatchBody = z
  .strictObject({
    urls: batchUrlsSchema("URLs, each as POST /v1/scans takes it; each is its own scan"),
    tags: tagsSchema.optional().describe("Tags for every scan of the batch"),
    visibility: visibilitySchema.optional().describe("The visibility of every new scan of the batch"),
    max_age_seconds: maxAgeSchema.optional().describe("Reuse, for each URL as POST /v1/scans does it"),
  })
  .meta({ examples: [{ urls: ["https://example.com/login", "example.org"] }] });

export const scanBatchSchema = z
  .object({
    accepted: z.number().int().describe("Items that became scans (each charged)"),
    rejected: z.number().int().describe("Items refused on their own (not charged)"),
    charged_usd: z.number().describe("What the batch cost: the accepted items' scans"),
    items: z
      .array(
        z.object({
          index: z.number().int().describe("The item's place in `urls`"),
          url: z.string().describe("The item as submitted"),
          scan_id: z.uuid().nullable(),
          status: z
            .enum(["pending", "completed"])
            .nullable()
            .describe("`pending` for a new scan, `completed` for a reused one"),
          created_at: timestamp.nullable(),
          reused: z
            .literal(true)
            .optional()
            .describe("Present on an item answered with a recent scan (`max_age_seconds`): not charged"),
          error: batchItemErrorSchema.nullable().describe("Why the item was refused; null when accepted"),
        }),
      )
      .describe("One per URL, in order"),
  })
  .meta({ id: "ScanBatch" });

export type ScanBatch = z.infer<typeof scanBatchSchema>;

export const updateScanBody = z
  .strictObject({
    tags: tagsSchema.optional().describe("The scan's tags, replacing the ones it had"),
    visibility: visibilitySchema.optional(),
  })
  .refine((v) => v.tags !== undefined || v.visibility !== undefined, "name `tags` or `visibility`")
  .meta({ examples: [{ tags: ["campaign:parcel-2026", "reported"] }] });

export const SCAN_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const createScanResponse = z
  .object({
    scan_id: z.uuid(),
    status: z.literal("pending"),
    created_at: timestamp,
  })
  .meta({ id: "ScanCreated" });

export const scanParams = z.object({
  scan_id: z.string().max(64).describe("The scan_id returned by POST /v1/scans"),
});

export const siteContextSchema = z
  .object({
    apparent_purpose: z.string(),
    primary_language: z.string().describe('ISO 639-1 code of the visible text, "und" when it cannot be told'),
    detected_brand: z.string().nullable(),
    page_title: z.string(),
  })
  .meta({ id: "SiteContext" });

/** SPEC §2.6: the report of a scan (the risk report plus `site_context`). */
export const scanReportSchema = riskReportSchema
  .extend({
    site_context: siteContextSchema.nullable().describe("null when the analysis halted early (e.g. DNS)"),
  })
  .meta({ id: "ScanReport" });

export type ScanReportBody = z.infer<typeof scanReportSchema>;

/** The `error.code` values of a failed scan (docs/scans.md). */
export const SCAN_ERROR_CODES = ["scan_timeout", "scan_interrupted", "browser_error", "scan_failed"] as const;

export const scanErrorSchema = z
  .object({
    code: z.enum(SCAN_ERROR_CODES),
    message: z.string().describe("What happened, and that the charge was refunded"),
  })
  .meta({ id: "ScanError" });

export type ScanError = z.infer<typeof scanErrorSchema>;

/** SPEC §2.5: the scan record. */
export const scanRecordSchema = z
  .object({
    scan_id: z.uuid(),
    url: z.string().describe("The submitted URL"),
    status: z.enum(SCAN_STATUSES),
    created_at: timestamp,
    completed_at: timestamp
      .nullable()
      .describe("When the scan finished (completed or failed); null until then"),
    report: scanReportSchema.nullable().describe("Present when completed; null otherwise"),
    error: scanErrorSchema.nullable().describe("Present when failed; null otherwise"),
    tags: tagsSchema,
    visibility: visibilitySchema,
    share_url: z
      .string()
      .nullable()
      .describe(
        "The share link (`/s/{token}`, relative to the API's base URL) while unlisted; null when private",
      ),
  })
  .meta({ id: "Scan" });

export type ScanRecord = z.infer<typeof scanRecordSchema>;

/** POST /v1/scans answered with a recent scan (`max_age_seconds`): the record, marked. */
export const reusedScanSchema = scanRecordSchema
  .extend({ reused: z.literal(true).describe("An existing scan answered instead of a new one: not charged") })
  .meta({ id: "ReusedScan" });

export type ReusedScan = z.infer<typeof reusedScanSchema>;

export const screenshotQuery = z.object({
  full: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .describe("1: the full-page screenshot (default: viewport)"),
});

export const captureQuery = z.object({
  html: z.enum(["0", "1", "true", "false"]).optional().describe("1: include the final DOM as `html`"),
});

const hopSchema = z.object({
  url: z.string(),
  status: z.number().int().nullable(),
  location: z.string().nullable(),
  kind: z.enum(["http", "meta_refresh", "script", "navigation"]),
  address: z.string().nullable().describe("The address the egress gate connected to"),
});

const requestSchema = z.object({
  url: z.string(),
  method: z.string(),
  resource_type: z.string(),
  status: z.number().int().nullable(),
  address: z.string().nullable(),
  outcome: z.enum(["ok", "blocked", "failed"]),
  reason: z.string().nullable().describe("The egress reason when blocked or failed"),
});

const formSchema = z.object({
  action: z.string().nullable(),
  method: z.string(),
  inputs: z.array(
    z.object({ type: z.string(), name: z.string().nullable(), autocomplete: z.string().nullable() }),
  ),
  visible: z.boolean(),
});

/** What GET /v1/scans/{id}/capture shows of the browser's capture (docs/scans.md). */
export const scanCaptureSchema = z
  .object({
    scan_id: z.uuid(),
    request_url: z.string(),
    final_url: z.string().nullable(),
    status: z.number().int().nullable().describe("HTTP status of the final document"),
    outcome: z.enum([
      "ok",
      "dns_failure",
      "tls_failure",
      "http_error",
      "timeout",
      "unreachable",
      "blocked",
      "browser_error",
    ]),
    reason: z.string().nullable(),
    message: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string(),
    duration_ms: z.number(),
    redirect_chain: z.array(hopSchema),
    requests: z.array(requestSchema),
    title: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    dom: z.object({
      size: z.number().int().describe("Characters of the final DOM as captured"),
      truncated: z.boolean().describe("true when the DOM was larger than the capture keeps"),
    }),
    text_length: z.number().int(),
    tls: z
      .object({
        protocol: z.string().nullable(),
        subject: z.string().nullable(),
        issuer: z.string().nullable(),
        valid_from: z.string().nullable(),
        valid_to: z.string().nullable(),
      })
      .nullable(),
    forms: z.array(formSchema),
    cookies: z.array(
      z.object({
        name: z.string(),
        domain: z.string(),
        secure: z.boolean(),
        http_only: z.boolean(),
        same_site: z.string().nullable(),
      }),
    ),
    console: z.array(z.object({ type: z.string(), text: z.string() })),
    downloads: z.array(z.object({ url: z.string(), suggested_filename: z.string().nullable() })),
    dialogs: z.array(z.object({ type: z.string(), message: z.string() })),
    favicon: z.object({ url: z.string(), content_type: z.string().nullable() }).nullable(),
    screenshots: z.object({
      viewport: z.string().nullable().describe("Path of the viewport screenshot, null when there is none"),
      full_page: z.string().nullable().describe("Path of the full-page screenshot, null when there is none"),
    }),
    html: z.string().optional().describe("The final DOM, only with ?html=1"),
  })
  .meta({ id: "ScanCapture" });

export type ScanCaptureView = z.infer<typeof scanCaptureSchema>;

/** GET /v1/scans filters (docs/scan-search.md). */
export const listScansQuery = z.strictObject({
  status: z.enum(SCAN_STATUSES).optional(),
  final_assessment: z.enum(ASSESSMENTS).optional(),
  threat_type: z.string().min(1).max(200).optional().describe("The report's threat_type, any case"),
  brand: z.string().min(1).max(200).optional().describe("site_context.detected_brand, any case"),
  host: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("The submitted or the final URL's host (an IP address for an IP URL)"),
  domain: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "The submitted or final URL's registrable domain (`github.io`), or a user's site on a platform (`alice.github.io`)",
    ),
  ip: z.string().min(2).max(64).optional().describe("An address the browser connected to (IPv4 or IPv6)"),
  asn: z
    .string()
    .min(1)
    .max(12)
    .optional()
    .describe("An autonomous system the browser connected to: 13335 or AS13335"),
  tag: z.string().min(1).max(MAX_TAG_LENGTH).optional(),
  dom_hash: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "SHA-256 of a page's DOM skeleton, as GET /v1/scans/{id}/similar shows it (fingerprints.dom.sha256)",
    ),
  favicon_hash: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "A favicon: the SHA-256 of its bytes, or its MurmurHash3 favicon hash as internet scanners show it (-1234567)",
    ),
  screenshot_hash: z
    .string()
    .min(1)
    .max(16)
    .optional()
    .describe("The perceptual hash of a viewport screenshot, 16 hex digits (exact)"),
  ...pageQueryShape,
});

export type ListScansQuery = z.infer<typeof listScansQuery>;

export const scanSummarySchema = z
  .object({
    scan_id: z.uuid(),
    url: z.string().describe("The submitted URL"),
    status: z.enum(SCAN_STATUSES),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    final_url: z.string().nullable().describe("Where the browser ended; null until completed"),
    final_assessment: z.enum(ASSESSMENTS).nullable().describe("null until completed"),
    threat_type: z.string().nullable(),
    confidence_score: z.number().int().nullable(),
    detected_brand: z.string().nullable(),
    tags: tagsSchema,
  })
  .meta({ id: "ScanSummary" });

export type ScanSummary = z.infer<typeof scanSummarySchema>;

export const scanListSchema = pageSchema(scanSummarySchema, "ScanList");

export type ScanList = z.infer<typeof scanListSchema>;
