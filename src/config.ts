import { readFileSync } from "node:fs";
import { z } from "zod";
import {
  type EgressSettings,
  EgressSettingsError,
  parseEgressSettings,
  type RawEgressSettings,
} from "./engines/egress/index.js";

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Every environment variable DomainLens reads, with its default. Documented in README.md. */
const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  CHARGE_JOURNAL_SYNC: z.enum(["always", "interval"]).default("interval"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CLASSIFICATION_FRESH_DAYS: z.coerce.number().min(0).max(3650).default(30),
  CLASSIFICATION_RECHECK_HOURS: z.coerce.number().min(0).max(87_600).default(24),
  CLASSIFICATION_CRAWL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  PUBLIC_CRAWL_BUDGET_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
  EXTRA_CA_FILE: optionalString,
  CHROMIUM_PATH: optionalString,
  BROWSER_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(1),
  WEBHOOK_ALLOW_HTTP: bool.default(false),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
});

/** The egress gate's variables (docs/egress.md), validated by the gate's own parser. */
const EGRESS_VARIABLES: (keyof RawEgressSettings)[] = [
  "DNS_SERVERS",
  "CONNECT_TO",
  "EGRESS_ALLOW_CIDRS",
  "RDAP_BOOTSTRAP_URL",
  "EGRESS_CONNECT_TIMEOUT_MS",
  "EGRESS_READ_TIMEOUT_MS",
  "EGRESS_TOTAL_TIMEOUT_MS",
  "EGRESS_MAX_BODY_BYTES",
  "EGRESS_MAX_REDIRECTS",
  "EGRESS_ALLOWED_PORTS",
  "DNS_TIMEOUT_MS",
  "DNS_TRIES",
  "EGRESS_USER_AGENT",
];

export type Config = z.infer<typeof schema> & {
  /** Settings of the egress gate, with the text of EXTRA_CA_FILE. */
  egress: EgressSettings & { extraCaPem?: string };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once. Throws ConfigError naming each invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined) relevant[key] = value;
  }
  const parsed = schema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(environment)"}: ${issue.message}`),
    );
  }
  return { ...parsed.data, egress: loadEgress(env, parsed.data.EXTRA_CA_FILE) };
}

function loadEgress(
  env: Record<string, string | undefined>,
  extraCaFile: string | undefined,
): EgressSettings & { extraCaPem?: string } {
  const raw: RawEgressSettings = {};
  for (const name of EGRESS_VARIABLES) {
    const value = env[name];
    if (value !== undefined) raw[name] = value;
  }
  let settings: EgressSettings;
  try {
    settings = parseEgressSettings(raw);
  } catch (err) {
    if (err instanceof EgressSettingsError) throw new ConfigError([err.message]);
    throw err;
  }
  if (!extraCaFile) return settings;
  let pem: string;
  try {
    pem = readFileSync(extraCaFile, "utf8");
  } catch (err) {
    throw new ConfigError([
      `EXTRA_CA_FILE: cannot read ${extraCaFile} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    ]);
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new ConfigError([`EXTRA_CA_FILE: ${extraCaFile} holds no PEM certificate`]);
  }
  return { ...settings, extraCaPem: pem };
}

/** Environment for the command-line client: where the server is and the admin token. */
export function loadClientConfig(env: Record<string, string | undefined> = process.env): {
  url: string;
  adminToken: string | undefined;
  /** An organization's API key, for the client commands (`domainlens scan`, `classify`, `scans list`). */
  apiKey: string | undefined;
} {
  const parsed = z
    .object({
      DOMAINLENS_URL: z.string().url().default("http://127.0.0.1:8080"),
      ADMIN_TOKEN: optionalString,
      DOMAINLENS_API_KEY: optionalString,
    })
    .safeParse({
      DOMAINLENS_URL: env.DOMAINLENS_URL,
      ADMIN_TOKEN: env.ADMIN_TOKEN,
      DOMAINLENS_API_KEY: env.DOMAINLENS_API_KEY,
    });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  return {
    url: parsed.data.DOMAINLENS_URL.replace(/\/+$/, ""),
    adminToken: parsed.data.ADMIN_TOKEN,
    apiKey: parsed.data.DOMAINLENS_API_KEY,
  };
}
