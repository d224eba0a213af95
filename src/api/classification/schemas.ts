import { z } from "zod";
import {
  CONFIDENCES,
  ENRICHMENT_STATUSES,
  FUNCTION_FLAGS,
  PURPOSES,
  SCRAPING_STATUSES,
  SITE_STATES,
  STABILITIES,
} from "../../engines/classify/taxonomy.js";
import { pageQueryShape, pageSchema } from "../shared-schemas.js";

const timestamp = z.iso.datetime({ offset: false }).describe("ISO 8601 UTC timestamp ending in Z");
const dateOnly = z.iso.date().describe("YYYY-MM-DD");

export const identitySchema = z.object({
  headline: z.string(),
  summary: z.string(),
  operator: z.string(),
  parent_entity: z.string().nullable(),
  topics: z.array(z.string()),
});

export const categorySchema = z.object({
  purpose: z.enum(PURPOSES),
  specialization: z.string(),
});

export const functionsSchema = z.object(
  Object.fromEntries(FUNCTION_FLAGS.map((f) => [f, z.boolean()])) as Record<
    (typeof FUNCTION_FLAGS)[number],
    z.ZodBoolean
  >,
);

/** The assessment of a root domain, common to the §2.2 result and the stored record. */
const assessmentShape = {
  domain: z.string(),
  state: z.enum(SITE_STATES),
  scraping_status: z.enum(SCRAPING_STATUSES),
  stability: z.enum(STABILITIES),
  enrichment_status: z.enum(ENRICHMENT_STATUSES),
  confidence: z.enum(CONFIDENCES),
};

const factsShape = {
  created_at: dateOnly.nullable(),
  rank: z.number().int().positive().nullable(),
  hosting_provider: z.string(),
  redirect_destination: z.string().nullable(),
};

/** The identity a site claims without owning it, as the public view and the paid read both show it. */
const impersonatesSchema = z
  .string()
  .nullable()
  .describe(
    'The well-known brand the site presents itself as although the domain does not belong to that brand ("PayPal" for a PayPal look-alike); null when the site claims no identity other than its own. See docs/classification.md, "Claimed identity".',
  )
  .meta({ examples: ["PayPal", null] });

/**
 * SPEC §2.2: the classification result returned on a cache hit and inside a completed job, plus what the
 * public view adds (`functions` and `impersonates`, the same values: docs/classification.md).
 */
export const classificationResultSchema = z
  .object({
    ...assessmentShape,
    facts: z.object(factsShape),
    identity: identitySchema,
    category: categorySchema,
    functions: functionsSchema.describe(
      "The eight capability flags, the same values as the public endpoint GET /api/v1/classify returns",
    ),
    impersonates: impersonatesSchema,
    classified_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ClassificationResult" });

/**
 * What the classification store keeps per root domain: the §2.2 result plus what only the public
 * view (§2.3) shows — the capability flags and the full registration timestamp.
 */
export const storedClassificationSchema = z.strictObject({
  ...assessmentShape,
  facts: z.strictObject({ ...factsShape, registered_date: z.iso.datetime({ offset: true }).nullable() }),
  identity: identitySchema.strict(),
  category: categorySchema.strict(),
  functions: functionsSchema.strict(),
});

export type StoredClassification = z.infer<typeof storedClassificationSchema>;
export type ClassificationResult = z.infer<typeof classificationResultSchema>;

/** SPEC §2.3: the public classification response. */
export const publicClassificationSchema = z
  .object({
    domain: z.string(),
    confidence: z.enum(CONFIDENCES),
    category: categorySchema,
    identity: identitySchema,
    functions: functionsSchema,
    impersonates: impersonatesSchema,
    facts: z.object({
      registered_date: z.string().nullable(),
      rank: z.number().int().positive().nullable(),
      hosting_provider: z.string(),
    }),
  })
  .meta({ id: "PublicClassification" });

export type PublicClassification = z.infer<typeof publicClassificationSchema>;

export const domainParamsSchema = z.object({
  domain: z
    .string()
    .max(2048)
    .describe("A domain, host name or URL; reduced to its root domain")
    .meta({ examples: ["example.com"] }),
});

export const publicQuerySchema = z.object({
  domain: z
    .string()
    .max(2048)
    .describe("A domain or subdomain; the response names its root domain")
    .meta({ examples: ["www.example.com"] }),
});

export const createClassificationBody = z
  .strictObject({
    domain: z.string().min(1).max(2048).describe("A domain, host name or URL; reduced to its root domain"),
  })
  .meta({ examples: [{ domain: "www.example.org" }] });

export const jobParamsSchema = z.object({
  id: z.string().max(64).describe("The job_id returned by POST /v2/domain-classification"),
});

/** The `error.code` values of a failed classification job (docs/classification.md). */
export const CRAWL_ERROR_CODES = [
  "domain_unresolvable",
  "blocked_by_policy",
  "crawl_timeout",
  "crawl_interrupted",
  "crawl_failed",
] as const;

export const JOB_STATUSES = ["queued", "running", "complete", "failed"] as const;

export const jobErrorSchema = z
  .object({
    code: z.enum(CRAWL_ERROR_CODES),
    message: z.string(),
    retryable: z.boolean().describe("true when a new POST for the domain may succeed"),
  })
  .meta({ id: "ClassificationJobError" });

/** SPEC §2.1: the job status object (202 of POST, and GET /v2/domain-classification/jobs/{id}). */
export const classificationJobSchema = z
  .object({
    status: z.enum(JOB_STATUSES),
    job_id: z.uuid(),
    domain: z.string().describe("The root domain being classified"),
    error: jobErrorSchema.nullable().describe("null unless status is failed"),
    status_url: z.string().describe("Path to poll, relative to the API base URL"),
    created_at: timestamp,
    finished_at: timestamp.nullable().describe("When the job became complete or failed"),
    result: classificationResultSchema.optional().describe("Present when status is complete"),
  })
  .meta({ id: "ClassificationJob" });

export type ClassificationJob = z.infer<typeof classificationJobSchema>;
export type ClassificationJobError = z.infer<typeof jobErrorSchema>;

/** GET /v2/domain-classification/jobs filters (docs/scan-search.md). */
export const listJobsQuery = z.strictObject({
  status: z.enum(JOB_STATUSES).optional(),
  domain: z
    .string()
    .min(1)
    .max(253)
    .optional()
    .describe("The root domain (a host name is read as its root domain)"),
  ...pageQueryShape,
});

export type ListJobsQuery = z.infer<typeof listJobsQuery>;

export const classificationJobSummarySchema = classificationJobSchema
  .omit({ result: true })
  .meta({ id: "ClassificationJobSummary" });

export const classificationJobListSchema = pageSchema(
  classificationJobSummarySchema,
  "ClassificationJobList",
);

export type ClassificationJobList = z.infer<typeof classificationJobListSchema>;
