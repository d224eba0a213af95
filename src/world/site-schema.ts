import { isIPv4, isIPv6 } from "node:net";
import { z } from "zod";

/**
 * A hostname in ASCII (punycode allowed), at least two labels, no trailing dot. Labels other than the last
 * may hold underscores (`kucoinlogin_io.netlify.app`), as DNS, hosting platforms and browsers allow; the
 * top-level label is letters, digits and hyphens.
 */
const HOSTNAME_RE =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export function isHostname(value: string): boolean {
  return HOSTNAME_RE.test(value) && !/^[0-9.]+$/.test(value);
}

/** A certificate name: a hostname, or a wildcard `*.` followed by one. */
const certName = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => isHostname(v.startsWith("*.") ? v.slice(2) : v), "must be a hostname or *.hostname");

const hostname = z
  .string()
  .transform((v) => v.trim().toLowerCase().replace(/\.$/, ""))
  .refine(isHostname, "must be a hostname like www.example.com");

/** "YYYY-MM-DD", a full ISO 8601 timestamp, or "-Nd" / "+Nd" (N days before / after the world's now). */
const worldDate = z
  .string()
  .regex(
    /^(?:[+-]\d{1,5}d|\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)$/,
    'must be "YYYY-MM-DD", an ISO timestamp, or a relative "-Nd" / "+Nd"',
  )
  .refine((v) => /^[+-]/.test(v) || !Number.isNaN(Date.parse(v)), "is not a real date");

const mxRecord = z.union([
  z
    .string()
    .regex(/^(?:\d{1,5}\s+)?\S+$/, 'must be "exchange" or "priority exchange"')
    .transform((v) => {
      const parts = v.trim().split(/\s+/);
      const exchange = parts.length === 2 ? (parts[1] ?? "") : (parts[0] ?? "");
      const priority = parts.length === 2 ? Number(parts[0]) : 10;
      return { priority, exchange: exchange.toLowerCase().replace(/\.$/, "") };
    }),
  z.strictObject({ priority: z.number().int().min(0).max(65535), exchange: hostname }),
]);

const dnsSchema = z
  .strictObject({
    A: z.array(z.string().refine((v) => isIPv4(v), "must be an IPv4 address")).optional(),
    AAAA: z.array(z.string().refine((v) => isIPv6(v), "must be an IPv6 address")).optional(),
    MX: z.array(mxRecord).optional(),
    NS: z.array(hostname).optional(),
    TXT: z.array(z.string()).optional(),
    CNAME: hostname.optional(),
  })
  .refine(
    (d) => d.CNAME === undefined || (d.A ?? d.AAAA ?? d.MX ?? d.TXT) === undefined,
    "CNAME cannot be combined with A, AAAA, MX or TXT (a CNAME owns its name)",
  );

export const CERT_KINDS = ["valid", "expired", "self-signed", "wrong-host", "none"] as const;
export type CertKind = (typeof CERT_KINDS)[number];

export const siteFileSchema = z
  .strictObject({
    created: worldDate.optional(),
    expires: worldDate.optional(),
    updated: worldDate.optional(),
    registrar: z.string().min(1).optional(),
    registrant: z.string().min(1).optional(),
    rdap: z.boolean().optional(),
    rdap_status: z.array(z.string().min(1)).optional(),
    cert: z.enum(CERT_KINDS).optional(),
    cert_names: z.array(certName).min(1).optional(),
    http: z.boolean().optional(),
    redirect: z.url({ protocol: /^https?$/ }).optional(),
    redirect_status: z
      .union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)])
      .optional(),
    status: z.number().int().min(100).max(599).optional(),
    /** Paths with no file answer this redirect instead of 404 (a URL shortener's short links). */
    missing_path_redirect: z
      .strictObject({
        url: z.url({ protocol: /^https?$/ }),
        status: z
          .union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)])
          .optional(),
      })
      .optional(),
    dns: dnsSchema.optional(),
    nxdomain: z.boolean().optional(),
    unreachable: z.boolean().optional(),
    headers: z
      .record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "bad header name"), z.string())
      .optional(),
    user_agent_cloak: z
      .strictObject({
        pattern: z.string().refine((p) => {
          try {
            new RegExp(p, "i");
            return true;
          } catch {
            return false;
          }
        }, "must be a valid regular expression"),
        file: z.string().min(1),
      })
      .optional(),
    aliases: z.array(hostname).optional(),
    notes: z.unknown().optional(),
    expect: z.unknown().optional(),
  })
  .refine((s) => !(s.cert === "none" && s.http === false), {
    message: 'cert "none" with http false leaves no web server; use "unreachable": true instead',
  })
  .refine((s) => !(s.nxdomain === true && s.unreachable === true), {
    message: "nxdomain and unreachable are exclusive",
  });

export type SiteFile = z.infer<typeof siteFileSchema>;
export type MxRecord = { priority: number; exchange: string };

const DAY_MS = 86_400_000;

/** Resolves a site.json date against the world's now. */
export function resolveWorldDate(value: string, now: Date): Date {
  const relative = /^([+-])(\d+)d$/.exec(value);
  if (relative) {
    const days = Number(relative[2]) * (relative[1] === "-" ? -1 : 1);
    return new Date(now.getTime() + days * DAY_MS);
  }
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Same day and time `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  if (d.getUTCDate() !== date.getUTCDate()) d.setUTCDate(0);
  return d;
}
