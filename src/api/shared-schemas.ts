import { z } from "zod";
import { DEFAULT_PAGE, MAX_PAGE } from "./cursor.js";
import { ERROR_CODES } from "./errors.js";

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    error: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string(),
  })
  .catchall(z.unknown())
  .meta({ id: "Problem", description: "RFC 9457 problem document with a stable `error` code" });

export const rateLimitedSchema = z
  .object({
    error: z.literal("rate_limit_exceeded"),
    message: z.string(),
    limit: z.number().int(),
    retry_after: z.number().int(),
  })
  .meta({ id: "RateLimitExceeded" });

/** Error responses documented on every authenticated operation. */
export const problemResponses = {
  400: problemSchema,
  401: problemSchema,
  402: problemSchema,
  403: problemSchema,
  404: problemSchema,
  429: rateLimitedSchema,
  503: problemSchema,
} as const;

const listTimestamp = z.iso.datetime({ offset: true });

/** The query parameters every list endpoint takes (docs/scan-search.md, "Pages"). */
export const pageQueryShape = {
  created_after: listTimestamp.optional().describe("Only what was created at or after this time"),
  created_before: listTimestamp.optional().describe("Only what was created before this time"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .optional()
    .describe(`Items per page, 1-${MAX_PAGE} (default ${DEFAULT_PAGE})`),
  cursor: z.string().min(1).max(256).optional().describe("The next_cursor of the previous page"),
};

/** A page of a list: the items newest first and the cursor of the next page. */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item).describe("Newest first"),
      next_cursor: z
        .string()
        .nullable()
        .describe("Pass as `cursor` for the next page; null on the last page"),
    })
    .meta({ id });
}

/** The most items one batch takes (POST /v1/scans/batch, POST /v1/domain-risks/batch). */
export const MAX_BATCH_ITEMS = 100;

/** A batch's `urls`: 1-100 strings, each as the single call takes it. */
export function batchUrlsSchema(what: string) {
  return z.array(z.string().max(2048)).min(1).max(MAX_BATCH_ITEMS).describe(`1-${MAX_BATCH_ITEMS} ${what}`);
}

/** A batch item's own refusal: what a single call with it would have answered. */
export const batchItemErrorSchema = z
  .object({
    error: z.string().describe("The stable error code a single call with this item would answer"),
    status: z.number().int().describe("Its HTTP status"),
    message: z.string(),
  })
  .meta({ id: "BatchItemError" });

export type BatchItemError = z.infer<typeof batchItemErrorSchema>;
