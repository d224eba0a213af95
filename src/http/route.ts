import type { FastifyContextConfig, FastifySchema } from "fastify";
import type { AuthMode, OperationDef } from "../platform/operations.js";

/** OpenAPI `security` of each auth mode (the schemes are declared in src/http/app.ts). */
const SECURITY: Record<AuthMode, Array<Record<string, string[]>>> = {
  key: [{ apiKey: [] }],
  admin: [{ adminToken: [] }],
  public: [],
  none: [],
};

/** The options a route states itself: its schema and whatever else, but never its method, path or auth. */
interface OwnOptions {
  schema?: FastifySchema;
  config?: Omit<FastifyContextConfig, "auth" | "operation">;
  method?: never;
  url?: never;
}

/**
 * A route's options from its operation (src/platform/operations.ts): method, path, `config.auth` and
 * `config.operation` (auth, rate limit, usage counter), and the OpenAPI `operationId` and `security`.
 * Use as `app.route({ ...route(OPS.scansCreate, { schema }), handler })`: the route cannot state another
 * auth mode than its operation's.
 */
export function route<T extends OwnOptions>(op: OperationDef, options: T) {
  const { schema, config, ...rest } = options;
  return {
    ...rest,
    method: op.method,
    url: op.url,
    config: { ...config, auth: op.auth, operation: op },
    schema: {
      ...(schema as T["schema"]),
      operationId: op.operationId,
      security: SECURITY[op.auth],
    } as (T["schema"] extends FastifySchema ? T["schema"] : object) & {
      operationId: string;
      security: Array<Record<string, string[]>>;
    },
  };
}
