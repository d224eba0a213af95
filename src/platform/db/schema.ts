import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** JSON columns: always written as JSON text (pg turns JS arrays into SQL arrays), read back parsed. */
export type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  balance_micros: Generated<number>;
  /** Credit reserved by charge journals (credit_holds); other debits spend balance − held. */
  held_micros: Generated<number>;
  limits: ColumnType<Record<string, number>, string | undefined, string>;
  /** Domain risk's user-site policy (migration 0006; docs/risk.md). */
  user_site_policy: Generated<"evidence" | "strict">;
  /** Days scan screenshots and captures are kept; null keeps them (migration 0011; docs/sharing.md). */
  artifact_retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  key_hash: string;
  display_prefix: string;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export type LedgerKind = "debit" | "refund" | "topup";

export interface LedgerTable {
  id: Generated<number>;
  org_id: string;
  kind: LedgerKind;
  operation: string;
  amount_micros: number;
  resource_id: string | null;
  created_at: CreatedAt;
}

export interface InstallationTable {
  id: string;
  created_at: CreatedAt;
  /** HMAC key of signed scan view links (migration 0012); set by the first process that needs it. */
  link_secret: Uint8Array | null;
}

export interface CreditHoldsTable {
  node_id: string;
  org_id: string;
  amount_micros: number;
}

export interface ChargeJournalsTable {
  node_id: string;
  applied_seq: Generated<number>;
  created_at: CreatedAt;
  applied_at: Date | null;
}

export interface UsageCountersTable {
  org_id: string;
  operation: string;
  period: ColumnType<Date, string, string>;
  calls: number;
}

export interface LedgerTotalsTable {
  org_id: string;
  operation: string;
  period: ColumnType<Date, string, string>;
  charged_micros: Generated<number>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: Json<unknown> | null;
  created_at: CreatedAt;
}

export interface ClassificationsTable {
  domain: string;
  result: Json<Record<string, unknown>>;
  /** Why the analysis said what it said; internal only, null for imported records. */
  evidence: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  classified_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export type JobStatus = "queued" | "running" | "complete" | "failed";

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** A batch item's place in the queue (migration 0008); null: its run_at. */
  fair_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  last_error: Json<Record<string, unknown>> | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  finished_at: Date | null;
}

export interface ClassificationJobsTable {
  id: string;
  org_id: string;
  domain: string;
  /** The crawl this caller waits for (classification_crawls.id, which is its jobs.id). */
  job_id: string | null;
  /** `queued` until the crawl ends, then `complete` or `failed` (`running` is read from the crawl's job). */
  status: Generated<JobStatus>;
  error: Json<Record<string, unknown>> | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  finished_at: Date | null;
}

export interface ClassificationCrawlsTable {
  /** The crawl's row in `jobs`. */
  id: string;
  domain: string;
  origin: "api" | "public";
  created_at: CreatedAt;
  /** Null while the crawl is in flight; at most one in-flight crawl per domain. */
  finished_at: Date | null;
}

export interface DomainRisksTable {
  id: string;
  org_id: string;
  url: string;
  report: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface ScansTable {
  id: string;
  org_id: string;
  url: string;
  status: Generated<"pending" | "processing" | "completed" | "failed">;
  job_id: string | null;
  report: Json<Record<string, unknown>> | null;
  error: Json<Record<string, unknown>> | null;
  created_at: CreatedAt;
  /** When the scan finished (completed or failed). */
  completed_at: Date | null;
  /** The browser's capture (src/engines/scan/types.ts ScanCapture), once completed. */
  capture: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The URL the browser ended on, once completed (migration 0007). */
  final_url: string | null;
  /** Labels the organization put on the scan (migration 0007). */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** SHA-256 (hex) of the normalized URL, for reuse (migration 0011). */
  url_key: string | null;
  /** `unlisted` scans can be read by anyone holding their share token (migration 0011; docs/sharing.md). */
  visibility: Generated<ScanVisibility>;
  /** The share link's token while the scan is unlisted; null otherwise. */
  share_token: string | null;
  /** When the retention purge deleted the scan's screenshots and capture (migration 0011). */
  artifacts_purged_at: Date | null;
}

export type ScanVisibility = "private" | "unlisted";

/**
 * What a scan can be found by (migration 0007; src/api/scans/terms.ts), and its page fingerprints
 * (migration 0010; src/api/scans/similar-terms.ts).
 */
export type ScanTermKind =
  | "host"
  | "domain"
  | "ip"
  | "asn"
  | "assessment"
  | "threat"
  | "brand"
  | "tag"
  | "dom"
  | "dom_simhash"
  | "dom_band"
  | "favicon"
  | "favicon_mmh3"
  | "screenshot"
  | "screenshot_band";

export interface ScanTermsTable {
  scan_id: string;
  org_id: string;
  kind: ScanTermKind;
  value: string;
  /** The scan's created_at, so that a term's rows are walked newest first. */
  created_at: Date;
}

export type ScanArtifactKind = "viewport" | "full_page";

export interface ScanArtifactsTable {
  scan_id: string;
  kind: ScanArtifactKind;
  content_type: string;
  /** PNG bytes (pg returns a Buffer, PGlite a Uint8Array). */
  data: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: CreatedAt;
}

/** A webhook endpoint of an organization (migration 0009; src/api/webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  org_id: string;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  description: string | null;
  /** Base64 of the signing key (shown to the owner as `whsec_<secret>`). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  status: Generated<"enabled" | "disabled">;
  disabled_reason: string | null;
  disabled_at: Date | null;
  last_success_at: Date | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Date | null;
}

/** One attempt of a webhook delivery, as its log shows it. */
export interface WebhookAttempt {
  attempt: number;
  at: string;
  /** The endpoint's HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status_code: number | null;
  /** Why the attempt failed; null when it succeeded. */
  error: string | null;
  duration_ms: number;
}

/** One message to one endpoint (migration 0009). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  org_id: string;
  event: string;
  resource_id: string | null;
  /** The JSON body, fixed when the event happened: every attempt sends these bytes. */
  body: string;
  status: Generated<"pending" | "delivered" | "failed">;
  attempts: Generated<number>;
  attempt_log: ColumnType<WebhookAttempt[], string | undefined, string>;
  /** The job of the current round of attempts. */
  job_id: string | null;
  delivered_at: Date | null;
  created_at: CreatedAt;
}

export interface DB {
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  ledger: LedgerTable;
  installation: InstallationTable;
  credit_holds: CreditHoldsTable;
  charge_journals: ChargeJournalsTable;
  usage_counters: UsageCountersTable;
  ledger_totals: LedgerTotalsTable;
  idempotency_keys: IdempotencyKeysTable;
  classifications: ClassificationsTable;
  jobs: JobsTable;
  classification_jobs: ClassificationJobsTable;
  classification_crawls: ClassificationCrawlsTable;
  domain_risks: DomainRisksTable;
  scans: ScansTable;
  scan_artifacts: ScanArtifactsTable;
  scan_terms: ScanTermsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
