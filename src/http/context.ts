import type { Operation } from "../platform/operations.js";

export type AuthMode = "key" | "admin" | "public" | "none";

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
    auth?: AuthMode;
    operation?: Operation;
    deprecation?: Deprecation;
  }
  interface FastifyRequest {
    principal: Principal | null;
    isAdmin: boolean;
    rateLimitApplied: boolean;
    idempotency: { scope: string; key: string } | null;
  }
}
