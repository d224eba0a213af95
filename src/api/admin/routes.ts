import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route.js";
import type { Services } from "../../http/services.js";
import { OPS } from "../../platform/operations.js";
import {
  classificationResultSchema,
  domainParamsSchema,
  storedClassificationSchema,
} from "../classification/schemas.js";
import { problemSchema } from "../shared-schemas.js";
import {
  createKeyResponse,
  createOrgBody,
  createOrgResponse,
  creditsBody,
  creditsResponse,
  keyListResponse,
  keyParams,
  limitsBody,
  limitsResponse,
  listOrgsQuery,
  orgListResponse,
  orgParams,
  orgResponse,
  orgSettingsBody,
  revokeKeyResponse,
} from "./schemas.js";

const errors = { 400: problemSchema, 401: problemSchema, 404: problemSchema };
const base = { tags: ["admin"] };

export function adminRoutes(services: Services): FastifyPluginAsyncZod {
  /** An organization as GET /admin/v1/orgs/{id} answers it: its summary and this month's usage. */
  const orgWithUsage = async (orgId: string) => ({
    ...(await services.orgs.summary(orgId)),
    usage: await services.orgs.usage(orgId),
  });
  return async (app) => {
    app.route({
      ...route(OPS.adminOrgsList, {
        schema: {
          ...base,
          summary: "List organizations, newest first",
          description:
            "Each organization's id, name, balance and creation time, in cursor pages like the other lists; `name` finds the organizations of one name (e.g. `default`, to issue it a new key when its first one is lost).",
          querystring: listOrgsQuery,
          response: { 200: orgListResponse, ...errors },
        },
      }),
      handler: async (request) => services.orgs.list(request.query),
    });

    app.route({
      ...route(OPS.adminOrgsCreate, {
        schema: {
          ...base,
          summary: "Create an organization and its first API key",
          body: createOrgBody,
          response: { 201: createOrgResponse, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const created = await services.orgs.createOrg(request.body.name, request.body.credits_usd ?? 0);
        return reply
          .code(201)
          .send({ org_id: created.orgId, key_id: created.keyId, api_key: created.apiKey });
      },
    });

    app.route({
      ...route(OPS.adminOrgsGet, {
        schema: {
          ...base,
          summary: "Balance, limits and usage totals of an organization",
          params: orgParams,
          response: { 200: orgResponse, ...errors },
        },
      }),
      handler: async (request) => orgWithUsage(request.params.id),
    });

    app.route({
      ...route(OPS.adminOrgsUpdate, {
        schema: {
          ...base,
          summary:
            "Change an organization's settings (domain-risk user-site policy, scan artifact retention)",
          description:
            "Sets the fields named in the body and answers the organization as GET does. Setting a value twice is harmless: PATCH needs no Idempotency-Key.",
          params: orgParams,
          body: orgSettingsBody,
          response: { 200: orgResponse, ...errors },
        },
      }),
      handler: async (request) => {
        await services.orgs.updateSettings(request.params.id, request.body);
        return orgWithUsage(request.params.id);
      },
    });

    app.route({
      ...route(OPS.adminKeysList, {
        schema: {
          ...base,
          summary: "List an organization's API keys",
          description:
            "Every key the organization has had, newest first: its id, its first characters (`prefix`), when it was issued and, if so, revoked. The keys themselves are never stored; a lost key is found by its prefix or its issue time and revoked by its `key_id`.",
          params: orgParams,
          response: { 200: keyListResponse, ...errors },
        },
      }),
      handler: async (request) => services.orgs.listKeys(request.params.id),
    });

    app.route({
      ...route(OPS.adminKeysCreate, {
        schema: {
          ...base,
          summary: "Issue another API key",
          params: orgParams,
          response: { 201: createKeyResponse, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const key = await services.orgs.createKey(request.params.id);
        return reply.code(201).send({ key_id: key.keyId, api_key: key.apiKey });
      },
    });

    app.route({
      ...route(OPS.adminKeysRevoke, {
        schema: {
          ...base,
          summary: "Revoke an API key",
          params: keyParams,
          response: { 200: revokeKeyResponse, ...errors },
        },
      }),
      handler: async (request) => services.orgs.revokeKey(request.params.key_id),
    });

    app.route({
      ...route(OPS.adminCreditsAdd, {
        schema: {
          ...base,
          summary: "Add credits",
          params: orgParams,
          body: creditsBody,
          response: { 200: creditsResponse, ...errors },
        },
      }),
      handler: async (request) => ({
        balance_usd: await services.orgs.addCredits(request.params.id, request.body.amount_usd),
      }),
    });

    app.route({
      ...route(OPS.adminLimitsSet, {
        schema: {
          ...base,
          summary: "Override per-minute limits of operations",
          params: orgParams,
          body: limitsBody,
          response: { 200: limitsResponse, ...errors },
        },
      }),
      handler: async (request) => {
        const overrides = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
        const limits = await services.orgs.setLimits(request.params.id, overrides);
        services.limits.invalidate(request.params.id);
        return { limits };
      },
    });

    app.route({
      ...route(OPS.adminClassificationsPut, {
        schema: {
          ...base,
          summary: "Store or replace the classification of a root domain (curation and imports)",
          params: domainParamsSchema,
          body: storedClassificationSchema,
          response: { 200: classificationResultSchema, ...errors },
        },
      }),
      handler: async (request) =>
        services.classification.put({ ...request.body, domain: request.params.domain }),
    });
  };
}
