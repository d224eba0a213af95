import { z } from "zod";
import { USER_SITE_POLICIES } from "../../engines/risk/policy.js";
import { OPERATION_NAMES, type Operation } from "../../platform/operations.js";
import { pageQueryShape, pageSchema } from "../shared-schemas.js";

const usd = z.number().finite().multipleOf(0.000001, "at most 6 decimal places");

export const createOrgBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  credits_usd: usd.min(0).max(1_000_000).optional(),
});
export const createOrgResponse = z.object({ org_id: z.string(), key_id: z.string(), api_key: z.string() });
export const orgParams = z.object({ id: z.string() });
export const keyParams = z.object({ key_id: z.string() });
export const createKeyResponse = z.object({ key_id: z.string(), api_key: z.string() });
export const keyListResponse = z
  .object({
    data: z.array(
      z.object({
        key_id: z.string(),
        prefix: z
          .string()
          .describe("The key's first characters, as the key itself begins; the rest is never stored"),
        created_at: z.string(),
        revoked_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "ApiKeyList" });
export const revokeKeyResponse = z.object({ key_id: z.string(), revoked_at: z.string() });
export const creditsBody = z.strictObject({ amount_usd: usd.positive().max(1_000_000) });
export const creditsResponse = z.object({ balance_usd: z.number() });

const limitsShape = Object.fromEntries(
  OPERATION_NAMES.map((op) => [op, z.number().int().min(0).max(1_000_000).optional()]),
) as Record<Operation, z.ZodOptional<z.ZodNumber>>;
export const limitsBody = z
  .strictObject(limitsShape)
  .refine((v) => Object.keys(v).length > 0, "name at least one operation");
export const limitsResponse = z.object({ limits: z.record(z.string(), z.number().int()) });

/** An organization's user-site policy for domain risk (docs/risk.md, "User-site policy"). */
export const userSitePolicySchema = z
  .enum(USER_SITE_POLICIES)
  .describe(
    "How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).",
  );

/** An organization's artifact retention (docs/sharing.md, "Retention"). */
export const artifactRetentionSchema = z
  .number()
  .int()
  .min(1)
  .max(3650)
  .nullable()
  .describe(
    "Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts.",
  );

export const orgSettingsBody = z
  .strictObject({
    user_site_policy: userSitePolicySchema.optional(),
    artifact_retention_days: artifactRetentionSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "name at least one setting");

export const orgResponse = z.object({
  org_id: z.string(),
  name: z.string(),
  balance_usd: z.number(),
  limits: z.record(z.string(), z.number().int()),
  user_site_policy: userSitePolicySchema,
  artifact_retention_days: artifactRetentionSchema,
  created_at: z.string(),
  usage: z.array(z.object({ operation: z.string(), calls: z.number().int(), charged_usd: z.number() })),
});

/** GET /admin/v1/orgs: organizations newest first, in cursor pages, optionally by exact name. */
export const listOrgsQuery = z.strictObject({
  name: z.string().trim().min(1).max(200).optional().describe("Only organizations with exactly this name"),
  ...pageQueryShape,
});
export type ListOrgsQuery = z.infer<typeof listOrgsQuery>;

export const orgListItem = z.object({
  org_id: z.string(),
  name: z.string(),
  balance_usd: z.number(),
  created_at: z.string(),
});
export const orgListResponse = pageSchema(orgListItem, "OrganizationPage");
