import { z } from "zod";
import { SCAN_STATUSES, scanErrorSchema, scanReportSchema } from "./schemas.js";

const timestamp = z.iso.datetime({ offset: false }).describe("ISO 8601 UTC timestamp ending in Z");

export const shareParams = z.object({
  token: z
    .string()
    .max(128)
    .describe("The token of a share link (`share_url` of an unlisted scan)")
    .meta({ examples: ["q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c"] }),
});

const sharedHopSchema = z.object({
  url: z.string().describe("Masked"),
  status: z.number().int().nullable(),
  location: z.string().nullable().describe("Masked"),
  kind: z.enum(["http", "meta_refresh", "script", "navigation"]),
  address: z.string().nullable().describe("The server address the browser connected to"),
});

const sharedRequestSchema = z.object({
  url: z.string().describe("Masked"),
  method: z.string(),
  resource_type: z.string(),
  status: z.number().int().nullable(),
  address: z.string().nullable(),
  outcome: z.enum(["ok", "blocked", "failed"]),
});

const sharedFormSchema = z.object({
  action: z.string().nullable().describe("Masked"),
  method: z.string(),
  inputs: z.array(z.object({ type: z.string(), name: z.string().nullable() })),
  visible: z.boolean(),
});

const sharedTlsSchema = z.object({
  protocol: z.string().nullable(),
  subject: z.string().nullable().describe("Masked"),
  issuer: z.string().nullable().describe("Masked"),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
});

const sharedNetworkSchema = z.object({
  domain: z.string().nullable().describe("The registrable domain looked up in RDAP"),
  registered_at: z.string().nullable().describe("Its registration date (RDAP); null when unknown"),
  age_days: z.number().int().nullable().describe("Whole days since registration; null when unknown"),
  registrar: z.string().nullable(),
  address: z.string().nullable().describe("The host's first address"),
  asn: z.number().int().nullable().describe("The autonomous system of that address"),
  as_org: z.string().nullable().describe("The organization of that autonomous system"),
});

/** What a share link shows of a scan (docs/sharing.md): the record and the page, masked. */
export const sharedScanSchema = z
  .object({
    url: z.string().describe("The submitted URL, masked"),
    status: z.enum(SCAN_STATUSES),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    report: scanReportSchema
      .nullable()
      .describe("The report (URLs and e-mail addresses in it masked); null until completed"),
    error: scanErrorSchema.nullable(),
    page: z
      .object({
        final_url: z.string().nullable().describe("Masked"),
        status: z.number().int().nullable().describe("HTTP status of the final document"),
        title: z.string().nullable().describe("Masked"),
        redirect_chain: z.array(sharedHopSchema),
        requests: z.array(sharedRequestSchema),
        forms: z.array(sharedFormSchema),
        tls: sharedTlsSchema
          .nullable()
          .describe("The certificate of the final document as the browser negotiated it; null without one"),
        network: sharedNetworkSchema
          .nullable()
          .describe(
            "Registration and hosting of the final host (the scan's network checks); null without them",
          ),
      })
      .nullable()
      .describe("What the browser saw, masked; null until completed, for failed scans and once expired"),
    screenshot_url: z
      .string()
      .nullable()
      .describe("The viewport screenshot (`/s/{token}/screenshot`); null when there is none"),
    full_screenshot_url: z
      .string()
      .nullable()
      .describe("The full-page screenshot (`/s/{token}/screenshot?full=1`); null when there is none"),
    artifacts_expired: z
      .boolean()
      .describe("true when the organization's retention deleted the screenshot and the page's capture"),
  })
  .meta({ id: "SharedScan" });

export type SharedScan = z.infer<typeof sharedScanSchema>;
