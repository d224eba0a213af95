import { z } from "zod";
import { pageQueryShape } from "../shared-schemas.js";
import { scanSummarySchema } from "./schemas.js";

/** GET /v1/scans/{scan_id}/similar (docs/scan-search.md#similar-pages). */

export const MATCH_KINDS = [
  "dom_exact",
  "dom_near",
  "favicon",
  "screenshot_exact",
  "screenshot_near",
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const hash64Hex = z.string().regex(/^[0-9a-f]{16}$/);

export const similarScansQuery = z.strictObject(pageQueryShape);
export type SimilarScansQuery = z.infer<typeof similarScansQuery>;

export const scanFingerprintsSchema = z
  .object({
    dom: z
      .object({
        sha256: sha256Hex.describe("SHA-256 of the DOM skeleton (element and attribute names, nesting)"),
        simhash: hash64Hex.describe("64-bit SimHash of the skeleton, 16 hex digits"),
      })
      .nullable()
      .describe("null when the final DOM had too few elements to tell pages apart, or none"),
    favicon: z
      .object({
        sha256: sha256Hex.describe("SHA-256 of the favicon's bytes"),
        mmh3: z
          .number()
          .int()
          .describe(
            "The favicon hash internet scanners show (Shodan's http.favicon.hash): MurmurHash3 of its base64",
          ),
      })
      .nullable()
      .describe("null when the page had no favicon the capture could fetch"),
    screenshot: z
      .object({
        phash: hash64Hex.describe("64-bit perceptual hash of the viewport screenshot, 16 hex digits"),
      })
      .nullable()
      .describe("null when there was no screenshot, or a blank one"),
  })
  .meta({ id: "ScanFingerprints" });

export type ScanFingerprints = z.infer<typeof scanFingerprintsSchema>;

export const similarMatchSchema = z
  .object({
    scan: scanSummarySchema,
    by: z
      .array(z.enum(MATCH_KINDS))
      .min(1)
      .describe(
        "What the two pages share: the same DOM skeleton (dom_exact) or one at most 7 bits of SimHash away (dom_near), the same favicon, the same screenshot hash (screenshot_exact) or one at most 7 bits away (screenshot_near)",
      ),
    dom_distance: z
      .number()
      .int()
      .nullable()
      .describe("Bits in which the two DOM SimHashes differ (0-64); null when either page has none"),
    screenshot_distance: z
      .number()
      .int()
      .nullable()
      .describe("Bits in which the two screenshot hashes differ (0-64); null when either page has none"),
  })
  .meta({ id: "SimilarScan" });

export type SimilarMatch = z.infer<typeof similarMatchSchema>;

export const similarScansSchema = z
  .object({
    scan_id: z.uuid(),
    fingerprints: scanFingerprintsSchema,
    matches: z.array(similarMatchSchema).describe("The organization's other scans that match, newest first"),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
  })
  .meta({ id: "SimilarScans" });

export type SimilarScans = z.infer<typeof similarScansSchema>;
