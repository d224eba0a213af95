import type { AccountService } from "../api/account/service.js";
import type { OrgService } from "../api/admin/service.js";
import type { ClassificationService } from "../api/classification/service.js";
import type { RiskService } from "../api/risk/service.js";
import type { ScanExportService } from "../api/scans/export-service.js";
import type { ArtifactRetention } from "../api/scans/retention.js";
import type { ScanService } from "../api/scans/service.js";
import type { ScanShareService } from "../api/scans/share-service.js";
import type { ScanViewService } from "../api/scans/view-service.js";
import type { WebhookService } from "../api/webhooks/service.js";
import type { Config } from "../config.js";
import type { BrowserPool } from "../engines/browser/index.js";
import type { Egress } from "../engines/net/index.js";
import type { ChargeRecorder } from "../platform/billing/recorder.js";
import type { Database } from "../platform/db/database.js";
import type { IdempotencyStore } from "../platform/idempotency.js";
import type { KeyStore } from "../platform/keys/store.js";
import type { LimitsCache } from "../platform/limits.js";
import type { RateLimiter } from "../platform/ratelimit/index.js";
import type { UsageRecorder } from "../platform/usage.js";

/** Everything the HTTP layer calls. Built by the composition root (src/main/compose.ts). */
export interface Services {
  config: Config;
  database: Database;
  limiter: RateLimiter;
  /** The only way out to the internet, for every engine. */
  egress: Egress;
  /** Headless Chromium behind the egress proxy; launched on first use (crawl fallback, scans). */
  browser: BrowserPool;
  keys: KeyStore;
  limits: LimitsCache;
  idempotency: IdempotencyStore;
  usage: UsageRecorder;
  /** Records cache-hit charges: the charge journal, or direct debits in a worker-only process. */
  charges: ChargeRecorder;
  orgs: OrgService;
  account: AccountService;
  classification: ClassificationService;
  risk: RiskService;
  scans: ScanService;
  /** What share links of unlisted scans open (docs/sharing.md). */
  shares: ScanShareService;
  /** The scan result page: shared and signed owner views (docs/pages.md#scan-result-page). */
  scanViews: ScanViewService;
  /** The purge of scan artifacts past each organization's retention (docs/sharing.md). */
  retention: ArtifactRetention;
  /** STIX, MISP, HAR and DOM exports of completed scans (docs/export.md). */
  scanExports: ScanExportService;
  webhooks: WebhookService;
}
