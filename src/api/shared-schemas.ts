import { z } from "zod";
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
