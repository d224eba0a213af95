import { type CommandSpec, need, usageError, type Values, wholeNumber } from "./args.js";
import { readInputFile } from "./commands-local.js";
import type { CliContext } from "./context.js";
import { adminServer, call } from "./http.js";

/*
 * The administration commands: the admin API of a running server (DOMAINLENS_URL, ADMIN_TOKEN). The command
 * line never opens the database itself.
 */

const SECTION = "Administration (a running server: DOMAINLENS_URL, ADMIN_TOKEN)";

function usd(values: Values, name: string, command: string): number {
  const text = need(values, name, command);
  const n = Number(text);
  if (!Number.isFinite(n)) throw usageError(`--${name} must be a number of dollars`, command);
  return n;
}

const ORG = {
  type: "string",
  value: "ID",
  description: "the organization's id (see 'domainlens org list')",
} as const;

async function userSitePolicy(values: Values, command: string) {
  const { isUserSitePolicy, USER_SITE_POLICIES } = await import("../../engines/risk/policy.js");
  const text = values["user-site-policy"];
  if (text === undefined) throw usageError("org set needs a setting: --user-site-policy", command);
  const policy = String(text).trim();
  if (!isUserSitePolicy(policy)) {
    throw usageError(`--user-site-policy must be ${USER_SITE_POLICIES.join(" or ")}`, command);
  }
  return policy;
}

export function adminCommands(ctx: CliContext): CommandSpec[] {
  const org = (values: Values, command: string) => encodeURIComponent(need(values, "org", command));
  return [
    {
      name: "org list",
      section: SECTION,
      summary: "list organizations, newest first",
      description:
        "Each organization's id, name, balance and creation time (GET /admin/v1/orgs), a page at a time. Finds the id of the 'default' organization when its first API key is lost: then 'domainlens key create --org ID' issues a new one.",
      options: {
        name: { type: "string", value: "NAME", description: "only organizations with exactly this name" },
        limit: { type: "string", value: "N", description: "organizations per page, 1-100", default: "25" },
        cursor: {
          type: "string",
          value: "CURSOR",
          description: "the next page, as the previous one named it",
        },
      },
      output: true,
      examples: [
        "domainlens org list",
        "domainlens org list --name default",
        "domainlens key create --org $(domainlens org list --name default --json | jq -r '.data[0].org_id')",
      ],
      async run({ values, command }) {
        const query = new URLSearchParams({ limit: String(wholeNumber(values, "limit", 1, 100, command)) });
        if (typeof values.name === "string") query.set("name", values.name);
        if (typeof values.cursor === "string") query.set("cursor", values.cursor);
        const page = await call(await adminServer(command), "GET", `/admin/v1/orgs?${query}`);
        return ctx.show(values, page, "orgs");
      },
    },
    {
      name: "org create",
      section: SECTION,
      summary: "create an organization and its first API key",
      options: {
        name: { type: "string", value: "NAME", description: "its name (required)" },
        credits: {
          type: "string",
          value: "USD",
          description: "its starting credits in dollars",
          default: "0",
        },
      },
      output: true,
      examples: ["domainlens org create --name acme --credits 25"],
      async run({ values, command }) {
        const name = need(values, "name", command);
        const credits = usd(values, "credits", command);
        const created = await call(await adminServer(command), "POST", "/admin/v1/orgs", {
          name,
          ...(credits === 0 ? {} : { credits_usd: credits }),
        });
        return ctx.show(values, created, "fields");
      },
    },
    {
      name: "org show",
      section: SECTION,
      summary: "balance, limits, settings and usage of an organization",
      options: { org: ORG },
      output: true,
      examples: ["domainlens org show --org 6f1c…"],
      async run({ values, command }) {
        const shown = await call(await adminServer(command), "GET", `/admin/v1/orgs/${org(values, command)}`);
        return ctx.show(values, shown, "fields");
      },
    },
    {
      name: "org set",
      section: SECTION,
      summary: "change an organization's domain-risk user-site policy",
      options: {
        org: ORG,
        "user-site-policy": {
          type: "string",
          value: "evidence|strict",
          description: "how users' sites on hosting platforms are judged (docs/risk.md)",
        },
      },
      output: true,
      examples: ["domainlens org set --org 6f1c… --user-site-policy strict"],
      async run({ values, command }) {
        const path = `/admin/v1/orgs/${org(values, command)}`;
        const policy = await userSitePolicy(values, command);
        const updated = await call(await adminServer(command), "PATCH", path, { user_site_policy: policy });
        return ctx.show(values, updated, "fields");
      },
    },
    {
      name: "key list",
      section: SECTION,
      summary: "list an organization's API keys (ids, first characters, issue and revocation times)",
      description:
        "The keys themselves are never stored, only their first characters: a lost key is recognized by how it begins or when it was issued, and revoked by its id with 'domainlens key revoke'.",
      options: { org: ORG },
      output: true,
      examples: ["domainlens key list --org 6f1c…"],
      async run({ values, command }) {
        const path = `/admin/v1/orgs/${org(values, command)}/keys`;
        return ctx.show(values, await call(await adminServer(command), "GET", path), "keys");
      },
    },
    {
      name: "key create",
      section: SECTION,
      summary: "issue another API key for an organization (shown once)",
      description:
        "Also the way back in when an organization's key is lost: find the organization with 'domainlens org list', issue a new key, then find the lost one with 'domainlens key list' and revoke it if it may have leaked.",
      options: { org: ORG },
      output: true,
      examples: ["domainlens key create --org 6f1c…"],
      async run({ values, command }) {
        const path = `/admin/v1/orgs/${org(values, command)}/keys`;
        return ctx.show(values, await call(await adminServer(command), "POST", path), "fields");
      },
    },
    {
      name: "key revoke",
      section: SECTION,
      summary: "revoke an API key",
      options: {
        key: { type: "string", value: "ID", description: "the key's id (key_id, not the key itself)" },
      },
      output: true,
      examples: ["domainlens key revoke --key 2b9d…"],
      async run({ values, command }) {
        const path = `/admin/v1/keys/${encodeURIComponent(need(values, "key", command))}`;
        return ctx.show(values, await call(await adminServer(command), "DELETE", path), "fields");
      },
    },
    {
      name: "credits add",
      section: SECTION,
      summary: "add credits to an organization",
      options: {
        org: ORG,
        amount: { type: "string", value: "USD", description: "dollars to add (required)" },
      },
      output: true,
      examples: ["domainlens credits add --org 6f1c… --amount 10"],
      async run({ values, command }) {
        const path = `/admin/v1/orgs/${org(values, command)}/credits`;
        const body = { amount_usd: usd(values, "amount", command) };
        return ctx.show(values, await call(await adminServer(command), "POST", path, body), "fields");
      },
    },
    {
      name: "limits set",
      section: SECTION,
      summary: "override one rate limit of an organization",
      options: {
        org: ORG,
        operation: {
          type: "string",
          value: "OP",
          description: "the operation, e.g. classification.get (required)",
        },
        "per-minute": { type: "string", value: "N", description: "calls per minute (required)" },
      },
      output: true,
      examples: ["domainlens limits set --org 6f1c… --operation classification.get --per-minute 600"],
      async run({ values, command }) {
        const path = `/admin/v1/orgs/${org(values, command)}/limits`;
        need(values, "per-minute", command);
        const body = {
          [need(values, "operation", command)]: wholeNumber(values, "per-minute", 0, 1_000_000, command),
        };
        return ctx.show(values, await call(await adminServer(command), "PUT", path, body), "fields");
      },
    },
    {
      name: "classification put",
      section: SECTION,
      summary: "store classifications (a JSON object or an array of them)",
      options: { file: { type: "string", value: "FILE", description: "the JSON file (required)" } },
      output: true,
      examples: ["domainlens classification put --file records.json"],
      async run({ values, command }) {
        const file = need(values, "file", command);
        let data: unknown;
        try {
          data = JSON.parse(readInputFile(file, command));
        } catch (err) {
          if (err instanceof SyntaxError) throw usageError(`${file} is not JSON: ${err.message}`, command);
          throw err;
        }
        const records = Array.isArray(data) ? data : [data];
        const server = await adminServer(command);
        const stored: unknown[] = [];
        for (const record of records) {
          const domain = (record as { domain?: unknown } | null)?.domain;
          if (typeof domain !== "string") throw usageError("every record needs a string 'domain'", command);
          stored.push(
            await call(server, "PUT", `/admin/v1/classifications/${encodeURIComponent(domain)}`, record),
          );
        }
        return ctx.show(values, stored, "fields");
      },
    },
  ];
}
