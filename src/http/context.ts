import type { AuthMode, OperationDef } from "../platform/operations.js";

export type { AuthMode } from "../platform/operations.js";

/** RFC 9745 / RFC 8594 headers of a deprecated operation. */
export interface Deprecation {
  /** When the operation was deprecated. */
  deprecatedAt: Date;
  /** When it stops being served. */
  sunsetAt: Date;
  /** Documentation of the deprecation and the migration path. */
  link: string;
}

export interface Principal {
  orgId: string;
  keyId: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Filled from `operation` by route() (src/http/route.ts); start-up fails for a route without one. */
    auth?: AuthMode;
    /** The route's entry of the operation table (src/platform/operations.ts). */
    operation?: OperationDef;
    deprecation?: Deprecation;
  }
  interface FastifyInstance {
    /**
     * The auth mode declared for every route registered in this scope by a plugin whose routes cannot
     * carry route() config (the API reference UI): declareScopeAuth() in src/http/plugins/auth.ts.
     */
    scopeAuth?: "none";
  }
  interface FastifyRequest {
    principal: Principal | null;
    isAdmin: boolean;
    rateLimitApplied: boolean;
    idempotency: { scope: string; key: string } | null;
  }
}
